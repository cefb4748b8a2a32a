# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

const GameClock = preload("GameClock.gd")
const Unit = preload("Unit.gd")
const TrapPart = preload("TrapPart.gd")
const Cable = preload("Cable.gd")
const TrapEffect = preload("TrapEffect.gd")
const InvasionInfo = preload("InvasionInfo.gd")
const Door = preload("Door.gd")
const Altar = preload("Altar.gd")
const Settlement = preload("Settlement.gd")
const TurnOptions = preload("TurnOptions.gd")
const PartyInfo = preload("PartyInfo.gd")
const Journal = preload("Journal.gd")
const DuelProposal = preload("DuelProposal.gd")
const DuelMercy = preload("DuelMercy.gd")
const Lair = preload("Lair.gd")

class DungeonState extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("mapName", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("ruleset", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("width", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("height", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("tileRows", Colyseus.Schema.ARRAY, Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("dark", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("clock", Colyseus.Schema.REF, GameClock),
			Colyseus.Schema.Field.new("metal", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("units", Colyseus.Schema.MAP, Unit),
			Colyseus.Schema.Field.new("parts", Colyseus.Schema.MAP, TrapPart),
			Colyseus.Schema.Field.new("cables", Colyseus.Schema.MAP, Cable),
			Colyseus.Schema.Field.new("effects", Colyseus.Schema.MAP, TrapEffect),
			Colyseus.Schema.Field.new("invasion", Colyseus.Schema.REF, InvasionInfo),
			Colyseus.Schema.Field.new("keepers", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("spectators", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("adventurers", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("doors", Colyseus.Schema.MAP, Door),
			Colyseus.Schema.Field.new("altars", Colyseus.Schema.MAP, Altar),
			Colyseus.Schema.Field.new("settlements", Colyseus.Schema.MAP, Settlement),
			Colyseus.Schema.Field.new("turnOptions", Colyseus.Schema.MAP, TurnOptions),
			Colyseus.Schema.Field.new("parties", Colyseus.Schema.MAP, PartyInfo),
			Colyseus.Schema.Field.new("journals", Colyseus.Schema.MAP, Journal),
			Colyseus.Schema.Field.new("duelProposals", Colyseus.Schema.MAP, DuelProposal),
			Colyseus.Schema.Field.new("duelMercies", Colyseus.Schema.MAP, DuelMercy),
			Colyseus.Schema.Field.new("lairs", Colyseus.Schema.MAP, Lair),
		]

	func _to_string() -> String:
		return "DungeonState(__ref_id: %s, mapName: %s, ruleset: %s, width: %s, height: %s, tileRows: %s, dark: %s, clock: %s, metal: %s, units: %s, parts: %s, cables: %s, effects: %s, invasion: %s, keepers: %s, spectators: %s, adventurers: %s, doors: %s, altars: %s, settlements: %s, turnOptions: %s, parties: %s, journals: %s, duelProposals: %s, duelMercies: %s, lairs: %s)" % [self.__ref_id, self.mapName, self.ruleset, self.width, self.height, self.tileRows, self.dark, self.clock, self.metal, self.units, self.parts, self.cables, self.effects, self.invasion, self.keepers, self.spectators, self.adventurers, self.doors, self.altars, self.settlements, self.turnOptions, self.parties, self.journals, self.duelProposals, self.duelMercies, self.lairs]
