// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

package malignus.schema;
import io.colyseus.serializer.schema.Schema;
import io.colyseus.serializer.schema.types.*;

class GameClock extends Schema {
	@:type("uint32")
	public var tick: Int = 0;

	@:type("uint16")
	public var day: Int = 1;

	@:type("uint8")
	public var hour: Int = 0;

	@:type("uint8")
	public var minute: Int = 0;

	@:type("float32")
	public var timeScale: Float = 1;

	@:type("boolean")
	public var paused: Bool = false;

}
