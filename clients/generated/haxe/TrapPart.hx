// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class TrapPart extends Schema {
	@:type("string")
	public var id: String = "";

	@:type("uint8")
	public var kindCode: Int = 0;

	@:type("uint8")
	public var roleCode: Int = 0;

	@:type("uint16")
	public var x: Int = 0;

	@:type("uint16")
	public var y: Int = 0;

	@:type("boolean")
	public var built: Bool = false;

	@:type("uint8")
	public var metalDelivered: Int = 0;

	@:type("uint8")
	public var metalNeeded: Int = 0;

	@:type("uint8")
	public var progress: Int = 0;

	@:type("string")
	public var networkId: String = "";

	@:type("boolean")
	public var needsRearm: Bool = false;

	@:type("boolean")
	public var expired: Bool = false;

	@:type("boolean")
	public var rigged: Bool = false;

	@:type("uint16")
	public var delayMinutes: Int = 0;

	@:type("boolean")
	public var active: Bool = false;

	@:type("uint8")
	public var qualityCode: Int = 0;

}
