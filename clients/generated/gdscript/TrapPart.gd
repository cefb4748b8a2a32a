# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class TrapPart extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("kindCode", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("roleCode", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("x", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("y", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("built", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("metalDelivered", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("metalNeeded", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("progress", Colyseus.Schema.UINT8),
			Colyseus.Schema.Field.new("networkId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("needsRearm", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("expired", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("rigged", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("delayMinutes", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("active", Colyseus.Schema.BOOLEAN),
			Colyseus.Schema.Field.new("qualityCode", Colyseus.Schema.UINT8),
		]

	func _to_string() -> String:
		return "TrapPart(__ref_id: %s, id: %s, kindCode: %s, roleCode: %s, x: %s, y: %s, built: %s, metalDelivered: %s, metalNeeded: %s, progress: %s, networkId: %s, needsRearm: %s, expired: %s, rigged: %s, delayMinutes: %s, active: %s, qualityCode: %s)" % [self.__ref_id, self.id, self.kindCode, self.roleCode, self.x, self.y, self.built, self.metalDelivered, self.metalNeeded, self.progress, self.networkId, self.needsRearm, self.expired, self.rigged, self.delayMinutes, self.active, self.qualityCode]
