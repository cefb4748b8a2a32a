# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class Unit extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("kind", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("name", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("x", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("y", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("facing", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("stateCode", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("job", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("woundPoints", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("partyId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("adventurerClass", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("level", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("targetId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("faction", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("species", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("weapon", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("stance", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("orderTargetId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("carriedBy", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("harmModel", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("hp", Colyseus.Schema.INT16),
			Colyseus.Schema.Field.new("maxHp", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("statuses", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("controller", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("altitude", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("companionOf", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("riding", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("moveMode", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("space", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("size", Colyseus.Schema.STRING),
		]

	func _to_string() -> String:
		return "Unit(__ref_id: %s, id: %s, kind: %s, name: %s, x: %s, y: %s, facing: %s, stateCode: %s, job: %s, woundPoints: %s, partyId: %s, adventurerClass: %s, level: %s, targetId: %s, faction: %s, species: %s, weapon: %s, stance: %s, orderTargetId: %s, carriedBy: %s, harmModel: %s, hp: %s, maxHp: %s, statuses: %s, controller: %s, altitude: %s, companionOf: %s, riding: %s, moveMode: %s, space: %s, size: %s)" % [self.__ref_id, self.id, self.kind, self.name, self.x, self.y, self.facing, self.stateCode, self.job, self.woundPoints, self.partyId, self.adventurerClass, self.level, self.targetId, self.faction, self.species, self.weapon, self.stance, self.orderTargetId, self.carriedBy, self.harmModel, self.hp, self.maxHp, self.statuses, self.controller, self.altitude, self.companionOf, self.riding, self.moveMode, self.space, self.size]
