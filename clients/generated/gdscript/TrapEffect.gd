# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class TrapEffect extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("kind", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("sourceId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("unitId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("tiles", Colyseus.Schema.ARRAY, Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("untilTick", Colyseus.Schema.UINT32),
		]

	func _to_string() -> String:
		return "TrapEffect(__ref_id: %s, id: %s, kind: %s, sourceId: %s, unitId: %s, tiles: %s, untilTick: %s)" % [self.__ref_id, self.id, self.kind, self.sourceId, self.unitId, self.tiles, self.untilTick]
