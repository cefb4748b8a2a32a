// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class DuelProposal extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("string")
	public var challengerId: String = "";

	@:type("string")
	public var opponentId: String = "";

	@:type("string")
	public var by: String = "keeper";

	@:type("boolean")
	public var toDeath: Bool = false;

	@:type("boolean")
	public var noMagic: Bool = false;

	@:type("boolean")
	public var unarmedOnly: Bool = false;

	@:type("array", "string")
	public var weapons: ArraySchema<String> = new ArraySchema<String>();

	@:type("uint32")
	public var expiresTick: Int = 0;

}
