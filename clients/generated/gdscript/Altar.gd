# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class Altar extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("x", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("y", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("damage", Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("damageToDestroy", Colyseus.Schema.UINT16),
		]

	func _to_string() -> String:
		return "Altar(__ref_id: %s, id: %s, x: %s, y: %s, damage: %s, damageToDestroy: %s)" % [self.__ref_id, self.id, self.x, self.y, self.damage, self.damageToDestroy]
