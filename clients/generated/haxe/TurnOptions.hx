// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class TurnOptions extends Schema {
	@:type("string")
	public var unitId: String = "";

	@:type("string")
	public var encounterId: String = "";

	@:type("uint16")
	public var round: Int = 0;

	@:type("uint32")
	public var deadlineTick: Int = 0;

	@:type("float32")
	public var movement: Float = 0;

	@:type("array", "string")
	public var actions: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "uint32")
	public var reachable: ArraySchema<Int> = new ArraySchema<Int>();

	@:type("array", "float32")
	public var reachableCost: ArraySchema<Float> = new ArraySchema<Float>();

	@:type("array", "string")
	public var targets: ArraySchema<String> = new ArraySchema<String>();

	@:type("float32")
	public var movementLeft: Float = 0;

	@:type("boolean")
	public var fullAction: Bool = false;

	@:type("boolean")
	public var halfAction: Bool = false;

	@:type("boolean")
	public var reaction: Bool = false;

	@:type("uint8")
	public var attacksLeft: Int = 0;

	@:type("string")
	public var moverId: String = "";

	@:type("float32")
	public var moverMovementLeft: Float = 0;

	@:type("array", "string")
	public var targetCover: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var mounts: ArraySchema<String> = new ArraySchema<String>();

	@:type("float32")
	public var mountCost: Float = 0;

	@:type("array", "uint32")
	public var dismountTiles: ArraySchema<Int> = new ArraySchema<Int>();

	@:type("uint16")
	public var tileReach: Int = 0;

	@:type("string")
	public var moveMode: String = "walk";

	@:type("array", "string")
	public var switchModes: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var reachableMode: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", D20SpellOption)
	public var d20Spells: ArraySchema<D20SpellOption> = new ArraySchema<D20SpellOption>();

	@:type("array", "string")
	public var offHandTargets: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var helpAllies: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var helpFoes: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var firstAidTargets: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var grappleTargets: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var thrownTargets: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var offHandThrownTargets: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var useObjectItems: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var useObjectTargets: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "uint32")
	public var d100GuardedReachable: ArraySchema<Int> = new ArraySchema<Int>();

	@:type("array", "uint8")
	public var d100HitChances: ArraySchema<Int> = new ArraySchema<Int>();

	@:type("string")
	public var d100Spell: String = "";

	@:type("uint8")
	public var d100SpellCharges: Int = 0;

	@:type("array", "string")
	public var d100SpellTargets: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "uint8")
	public var d100SpellHitChances: ArraySchema<Int> = new ArraySchema<Int>();

	@:type("array", "string")
	public var d100FreeActions: ArraySchema<String> = new ArraySchema<String>();

	@:type("string")
	public var d100FamiliarId: String = "";

	@:type("array", "string")
	public var d100FamiliarTargets: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "uint8")
	public var d100FamiliarHitChances: ArraySchema<Int> = new ArraySchema<Int>();

	@:type("array", "string")
	public var d100RescueTargets: ArraySchema<String> = new ArraySchema<String>();

}
