# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class Lair extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("x", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("y", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("width", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("height", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("residentId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("settlerId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("settlesAtTick", Colyseus.Schema.UINT32),
		]

	func _to_string() -> String:
		return "Lair(__ref_id: %s, id: %s, x: %s, y: %s, width: %s, height: %s, residentId: %s, settlerId: %s, settlesAtTick: %s)" % [self.__ref_id, self.id, self.x, self.y, self.width, self.height, self.residentId, self.settlerId, self.settlesAtTick]
