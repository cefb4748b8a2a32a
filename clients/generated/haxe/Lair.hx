// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class Lair extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("uint16")
	public var x: Int = 0;

	@:type("uint16")
	public var y: Int = 0;

	@:type("uint8")
	public var width: Int = 1;

	@:type("uint8")
	public var height: Int = 1;

	@:type("string")
	public var residentId: String = "";

	@:type("string")
	public var settlerId: String = "";

	@:type("uint32")
	public var settlesAtTick: Int = 0;

}
