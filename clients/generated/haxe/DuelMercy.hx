// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class DuelMercy extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("string")
	public var duelId: String = "";

	@:type("string")
	public var winnerId: String = "";

	@:type("string")
	public var loserId: String = "";

	@:type("string")
	public var how: String = "down";

	@:type("string")
	public var by: String = "keeper";

	@:type("boolean")
	public var aiSpares: Bool = false;

	@:type("uint32")
	public var expiresTick: Int = 0;

}
