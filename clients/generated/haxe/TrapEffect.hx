// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class TrapEffect extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("string")
	public var kind: String = "";

	@:type("string")
	public var sourceId: String = "";

	@:type("string")
	public var unitId: String = "";

	@:type("array", "uint16")
	public var tiles: ArraySchema<Int> = new ArraySchema<Int>();

	@:type("uint32")
	public var untilTick: Int = 0;

}
