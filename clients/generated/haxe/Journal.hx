// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class Journal extends Schema {
	@:type("string")
	public var unitId: String = "";

	@:type("map", "uint8")
	public var spotBonus: MapSchema<Int> = new MapSchema<Int>();

	@:type("map", "uint8")
	public var blockBonus: MapSchema<Int> = new MapSchema<Int>();

	@:type("array", "string")
	public var knownParts: ArraySchema<String> = new ArraySchema<String>();

}
