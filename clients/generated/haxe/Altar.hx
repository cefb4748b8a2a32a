// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class Altar extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("uint16")
	public var x: Int = 0;

	@:type("uint16")
	public var y: Int = 0;

	@:type("uint16")
	public var damage: Int = 0;

	@:type("uint16")
	public var damageToDestroy: Int = 0;

}
