// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class Cable extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("string")
	public var networkId: String = "";

	@:type("array", "uint16")
	public var path: ArraySchema<Int> = new ArraySchema<Int>();

	@:type("array", "uint16")
	public var hops: ArraySchema<Int> = new ArraySchema<Int>();

}
