// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class D20SpellOption extends Schema {
	@:type("string")
	public var name: String = "";

	@:type("string")
	public var pool: String = "";

	@:type("uint16")
	public var cost: Int = 0;

	@:type("boolean")
	public var affordable: Bool = false;

	@:type("boolean")
	public var castable: Bool = false;

	@:type("string")
	public var kind: String = "";

	@:type("string")
	public var band: String = "";

	@:type("uint8")
	public var range: Int = 0;

	@:type("uint8")
	public var radius: Int = 0;

	@:type("array", "string")
	public var targets: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "string")
	public var targetCover: ArraySchema<String> = new ArraySchema<String>();

	@:type("array", "uint32")
	public var tiles: ArraySchema<Int> = new ArraySchema<Int>();

}
