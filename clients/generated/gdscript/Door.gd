# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class Door extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("x", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("y", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("open", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("heldOpen", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("triggered", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("hasPadlock", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("padlockBuilt", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("padlockArmed", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("locked", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("padlockMetalDelivered", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("padlockMetalNeeded", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("padlockProgress", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("brokenIn", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("triggerId", Colyseus.Schema.STRING),
		]

	func _to_string() -> String:
		return "Door(__ref_id: %s, id: %s, x: %s, y: %s, open: %s, heldOpen: %s, triggered: %s, hasPadlock: %s, padlockBuilt: %s, padlockArmed: %s, locked: %s, padlockMetalDelivered: %s, padlockMetalNeeded: %s, padlockProgress: %s, brokenIn: %s, triggerId: %s)" % [self.__ref_id, self.id, self.x, self.y, self.open, self.heldOpen, self.triggered, self.hasPadlock, self.padlockBuilt, self.padlockArmed, self.locked, self.padlockMetalDelivered, self.padlockMetalNeeded, self.padlockProgress, self.brokenIn, self.triggerId]
