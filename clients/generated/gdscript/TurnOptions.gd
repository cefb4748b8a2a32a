# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

const D20SpellOption = preload("D20SpellOption.gd")

class TurnOptions extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("unitId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("encounterId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("round", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("deadlineTick", Colyseus.Schema.UINT32),
			Colyseus.Schema.Field.new("movement", Colyseus.Schema.FLOAT32),
			Colyseus.Schema.Field.new("actions", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("reachable", Colyseus.Schema.ARRAY, Colyseus.Schema.UINT32),
			Colyseus.Schema.Field.new("reachableCost", Colyseus.Schema.ARRAY, Colyseus.Schema.FLOAT32),
			Colyseus.Schema.Field.new("targets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("movementLeft", Colyseus.Schema.FLOAT32),
			Colyseus.Schema.Field.new("fullAction", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("halfAction", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("reaction", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("attacksLeft", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("moverId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("moverMovementLeft", Colyseus.Schema.FLOAT32),
			Colyseus.Schema.Field.new("targetCover", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("mounts", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("mountCost", Colyseus.Schema.FLOAT32),
			Colyseus.Schema.Field.new("dismountTiles", Colyseus.Schema.ARRAY, Colyseus.Schema.UINT32),
			Colyseus.Schema.Field.new("tileReach", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("moveMode", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("switchModes", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("reachableMode", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("d20Spells", Colyseus.Schema.ARRAY, D20SpellOption),
			Colyseus.Schema.Field.new("offHandTargets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("helpAllies", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("helpFoes", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("firstAidTargets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("grappleTargets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("thrownTargets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("offHandThrownTargets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("useObjectItems", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("useObjectTargets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("d100GuardedReachable", Colyseus.Schema.ARRAY, Colyseus.Schema.UINT32),
			Colyseus.Schema.Field.new("d100HitChances", Colyseus.Schema.ARRAY, Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("d100Spell", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("d100SpellCharges", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("d100SpellTargets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("d100SpellHitChances", Colyseus.Schema.ARRAY, Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("d100FreeActions", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("d100FamiliarId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("d100FamiliarTargets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("d100FamiliarHitChances", Colyseus.Schema.ARRAY, Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("d100RescueTargets", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
		]

	func _to_string() -> String:
		return "TurnOptions(__ref_id: %s, unitId: %s, encounterId: %s, round: %s, deadlineTick: %s, movement: %s, actions: %s, reachable: %s, reachableCost: %s, targets: %s, movementLeft: %s, fullAction: %s, halfAction: %s, reaction: %s, attacksLeft: %s, moverId: %s, moverMovementLeft: %s, targetCover: %s, mounts: %s, mountCost: %s, dismountTiles: %s, tileReach: %s, moveMode: %s, switchModes: %s, reachableMode: %s, d20Spells: %s, offHandTargets: %s, helpAllies: %s, helpFoes: %s, firstAidTargets: %s, grappleTargets: %s, thrownTargets: %s, offHandThrownTargets: %s, useObjectItems: %s, useObjectTargets: %s, d100GuardedReachable: %s, d100HitChances: %s, d100Spell: %s, d100SpellCharges: %s, d100SpellTargets: %s, d100SpellHitChances: %s, d100FreeActions: %s, d100FamiliarId: %s, d100FamiliarTargets: %s, d100FamiliarHitChances: %s, d100RescueTargets: %s)" % [self.__ref_id, self.unitId, self.encounterId, self.round, self.deadlineTick, self.movement, self.actions, self.reachable, self.reachableCost, self.targets, self.movementLeft, self.fullAction, self.halfAction, self.reaction, self.attacksLeft, self.moverId, self.moverMovementLeft, self.targetCover, self.mounts, self.mountCost, self.dismountTiles, self.tileReach, self.moveMode, self.switchModes, self.reachableMode, self.d20Spells, self.offHandTargets, self.helpAllies, self.helpFoes, self.firstAidTargets, self.grappleTargets, self.thrownTargets, self.offHandThrownTargets, self.useObjectItems, self.useObjectTargets, self.d100GuardedReachable, self.d100HitChances, self.d100Spell, self.d100SpellCharges, self.d100SpellTargets, self.d100SpellHitChances, self.d100FreeActions, self.d100FamiliarId, self.d100FamiliarTargets, self.d100FamiliarHitChances, self.d100RescueTargets]
