# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class DuelMercy extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("duelId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("winnerId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("loserId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("how", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("by", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("aiSpares", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("expiresTick", Colyseus.Schema.UINT32),
		]

	func _to_string() -> String:
		return "DuelMercy(__ref_id: %s, id: %s, duelId: %s, winnerId: %s, loserId: %s, how: %s, by: %s, aiSpares: %s, expiresTick: %s)" % [self.__ref_id, self.id, self.duelId, self.winnerId, self.loserId, self.how, self.by, self.aiSpares, self.expiresTick]
