# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class D20SpellOption extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("name", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("pool", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("cost", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("affordable", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("castable", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("kind", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("band", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("range", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("radius", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("targets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("targetCover", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("tiles", Colyseus.Schema.ARRAY, Colyseus.Schema.UINT32),
		]

	func _to_string() -> String:
		return "D20SpellOption(__ref_id: %s, name: %s, pool: %s, cost: %s, affordable: %s, castable: %s, kind: %s, band: %s, range: %s, radius: %s, targets: %s, targetCover: %s, tiles: %s)" % [self.__ref_id, self.name, self.pool, self.cost, self.affordable, self.castable, self.kind, self.band, self.range, self.radius, self.targets, self.targetCover, self.tiles]
