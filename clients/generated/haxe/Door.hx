// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class Door extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("uint16")
	public var x: Int = 0;

	@:type("uint16")
	public var y: Int = 0;

	@:type("boolean")
	public var open: Bool = false;

	@:type("boolean")
	public var heldOpen: Bool = false;

	@:type("boolean")
	public var triggered: Bool = false;

	@:type("boolean")
	public var hasPadlock: Bool = false;

	@:type("boolean")
	public var padlockBuilt: Bool = false;

	@:type("boolean")
	public var padlockArmed: Bool = false;

	@:type("boolean")
	public var locked: Bool = false;

	@:type("uint8")
	public var padlockMetalDelivered: Int = 0;

	@:type("uint8")
	public var padlockMetalNeeded: Int = 0;

	@:type("uint8")
	public var padlockProgress: Int = 0;

	@:type("boolean")
	public var brokenIn: Bool = false;

	@:type("string")
	public var triggerId: String = "";

}
