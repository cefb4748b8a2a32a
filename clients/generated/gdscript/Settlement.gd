# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class Settlement extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("name", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("kind", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("hostile", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("raidedTick", Colyseus.Schema.INT32),
		]

	func _to_string() -> String:
		return "Settlement(__ref_id: %s, id: %s, name: %s, kind: %s, hostile: %s, raidedTick: %s)" % [self.__ref_id, self.id, self.name, self.kind, self.hostile, self.raidedTick]
