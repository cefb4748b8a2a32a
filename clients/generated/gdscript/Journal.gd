# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class Journal extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("unitId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("spotBonus", Colyseus.Schema.MAP, Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("blockBonus", Colyseus.Schema.MAP, Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("knownParts", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
		]

	func _to_string() -> String:
		return "Journal(__ref_id: %s, unitId: %s, spotBonus: %s, blockBonus: %s, knownParts: %s)" % [self.__ref_id, self.unitId, self.spotBonus, self.blockBonus, self.knownParts]
