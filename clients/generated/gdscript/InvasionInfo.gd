# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class InvasionInfo extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("word", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("hourlyChance", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("count", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("partyId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("spotted", Colyseus.Schema.BOOLEAN),
		]

	func _to_string() -> String:
		return "InvasionInfo(__ref_id: %s, word: %s, hourlyChance: %s, count: %s, partyId: %s, spotted: %s)" % [self.__ref_id, self.word, self.hourlyChance, self.count, self.partyId, self.spotted]
