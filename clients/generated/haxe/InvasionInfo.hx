// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class InvasionInfo extends Schema {
	@:type("string")
	public var word: String = "Calm";

	@:type("uint8")
	public var hourlyChance: Int = 0;

	@:type("uint16")
	public var count: Int = 0;

	@:type("string")
	public var partyId: String = "";

	@:type("boolean")
	public var spotted: Bool = false;

}
