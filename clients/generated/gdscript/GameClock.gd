# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class GameClock extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("tick", Colyseus.Schema.UINT32),
			Colyseus.Schema.Field.new("day", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("hour", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("minute", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("timeScale", Colyseus.Schema.FLOAT32),
			Colyseus.Schema.Field.new("paused", Colyseus.Schema.BOOLEAN),
		]

	func _to_string() -> String:
		return "GameClock(__ref_id: %s, tick: %s, day: %s, hour: %s, minute: %s, timeScale: %s, paused: %s)" % [self.__ref_id, self.tick, self.day, self.hour, self.minute, self.timeScale, self.paused]
