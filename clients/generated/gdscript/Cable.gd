# 
# THIS FILE HAS BEEN GENERATED AUTOMATICALLY
# DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
# 
# GENERATED USING @colyseus/schema 5.0.34
# 

class Cable extends Colyseus.Schema:
	static func definition():
		return [
			Colyseus.Schema.Field.new("id", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("networkId", Colyseus.Schema.STRING),
			Colyseus.Schema.Field.new("path", Colyseus.Schema.ARRAY, Colyseus.Schema.UINT16),
			Colyseus.Schema.Field.new("hops", Colyseus.Schema.ARRAY, Colyseus.Schema.UINT16),
		]

	func _to_string() -> String:
		return "Cable(__ref_id: %s, id: %s, networkId: %s, path: %s, hops: %s)" % [self.__ref_id, self.id, self.networkId, self.path, self.hops]
