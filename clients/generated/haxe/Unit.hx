// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class Unit extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("string")
	public var kind: String = "minion";

	@:type("string")
	public var name: String = "";

	@:type("uint16")
	public var x: Int = 0;

	@:type("uint16")
	public var y: Int = 0;

	@:type("uint8")
	public var facing: Int = 0;

	@:type("uint8")
	public var stateCode: Int = 0;

	@:type("string")
	public var job: String = "none";

	@:type("uint8")
	public var woundPoints: Int = 0;

	@:type("string")
	public var partyId: String = "";

	@:type("string")
	public var adventurerClass: String = "";

	@:type("uint8")
	public var level: Int = 0;

	@:type("string")
	public var targetId: String = "";

	@:type("string")
	public var faction: String = "";

	@:type("string")
	public var species: String = "";

	@:type("string")
	public var weapon: String = "";

	@:type("string")
	public var stance: String = "aggression";

	@:type("string")
	public var orderTargetId: String = "";

	@:type("string")
	public var carriedBy: String = "";

	@:type("string")
	public var harmModel: String = "woundPoints";

	@:type("int16")
	public var hp: Int = 0;

	@:type("uint16")
	public var maxHp: Int = 0;

	@:type("array", "string")
	public var statuses: ArraySchema<String> = new ArraySchema<String>();

	@:type("string")
	public var controller: String = "";

	@:type("string")
	public var altitude: String = "ground";

	@:type("string")
	public var companionOf: String = "";

	@:type("string")
	public var riding: String = "";

	@:type("string")
	public var moveMode: String = "walk";

	@:type("uint8")
	public var space: Int = 1;

	@:type("string")
	public var size: String = "medium";

}
