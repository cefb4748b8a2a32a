// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class DungeonState extends Schema {
	@:type("string")
	public var mapName: String = "";

	@:type("string")
	public var ruleset: String = "malignus";

	@:type("uint16")
	public var width: Int = 0;

	@:type("uint16")
	public var height: Int = 0;

	@:type("array", "string")
	public var tileRows: ArraySchema<String> = new ArraySchema<String>();

	@:type("string")
	public var dark: String = "";

	@:type("ref", GameClock)
	public var clock: GameClock = new GameClock();

	@:type("uint16")
	public var metal: Int = 0;

	@:type("map", Unit)
	public var units: MapSchema<Unit> = new MapSchema<Unit>();

	@:type("map", TrapPart)
	public var parts: MapSchema<TrapPart> = new MapSchema<TrapPart>();

	@:type("map", Cable)
	public var cables: MapSchema<Cable> = new MapSchema<Cable>();

	@:type("map", TrapEffect)
	public var effects: MapSchema<TrapEffect> = new MapSchema<TrapEffect>();

	@:type("ref", InvasionInfo)
	public var invasion: InvasionInfo = new InvasionInfo();

	@:type("uint8")
	public var keepers: Int = 0;

	@:type("uint16")
	public var spectators: Int = 0;

	@:type("uint8")
	public var adventurers: Int = 0;

	@:type("map", Door)
	public var doors: MapSchema<Door> = new MapSchema<Door>();

	@:type("map", Altar)
	public var altars: MapSchema<Altar> = new MapSchema<Altar>();

	@:type("map", Settlement)
	public var settlements: MapSchema<Settlement> = new MapSchema<Settlement>();

	@:type("map", TurnOptions)
	public var turnOptions: MapSchema<TurnOptions> = new MapSchema<TurnOptions>();

	@:type("map", PartyInfo)
	public var parties: MapSchema<PartyInfo> = new MapSchema<PartyInfo>();

	@:type("map", Journal)
	public var journals: MapSchema<Journal> = new MapSchema<Journal>();

	@:type("map", DuelProposal)
	public var duelProposals: MapSchema<DuelProposal> = new MapSchema<DuelProposal>();

	@:type("map", DuelMercy)
	public var duelMercies: MapSchema<DuelMercy> = new MapSchema<DuelMercy>();

	@:type("map", Lair)
	public var lairs: MapSchema<Lair> = new MapSchema<Lair>();

}
