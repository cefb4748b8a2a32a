# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class DuelProposal extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("challengerId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("opponentId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("by", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("toDeath", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("noMagic", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("unarmedOnly", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("weapons", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("expiresTick", Colyseus.Schema.UINT32),
		]

	func _to_string() -> String:
		return "DuelProposal(__ref_id: %s, id: %s, challengerId: %s, opponentId: %s, by: %s, toDeath: %s, noMagic: %s, unarmedOnly: %s, weapons: %s, expiresTick: %s)" % [self.__ref_id, self.id, self.challengerId, self.opponentId, self.by, self.toDeath, self.noMagic, self.unarmedOnly, self.weapons, self.expiresTick]
