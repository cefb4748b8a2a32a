# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class PartyInfo extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("goal", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("kind", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("invasionNumber", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("memberIds", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("caution", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("loot", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("homeSettlement", Colyseus.Schema.STRING),
		]

	func _to_string() -> String:
		return "PartyInfo(__ref_id: %s, id: %s, goal: %s, kind: %s, invasionNumber: %s, memberIds: %s, caution: %s, loot: %s, homeSettlement: %s)" % [self.__ref_id, self.id, self.goal, self.kind, self.invasionNumber, self.memberIds, self.caution, self.loot, self.homeSettlement]
