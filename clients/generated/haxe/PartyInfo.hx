// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class PartyInfo extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("string")
	public var goal: String = "killMaster";

	@:type("string")
	public var kind: String = "normal";

	@:type("uint16")
	public var invasionNumber: Int = 0;

	@:type("array", "string")
	public var memberIds: ArraySchema<String> = new ArraySchema<String>();

	@:type("uint8")
	public var caution: Int = 0;

	@:type("uint16")
	public var loot: Int = 0;

	@:type("string")
	public var homeSettlement: String = "";

}
