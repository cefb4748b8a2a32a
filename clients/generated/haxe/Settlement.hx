// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class Settlement extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("string")
	public var name: String = "";

	@:type("string")
	public var kind: String = "village";

	@:type("boolean")
	public var hostile: Bool = false;

	@:type("int32")
	public var raidedTick: Int = -1;

}
