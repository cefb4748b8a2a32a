// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class Cable : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public Cable() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "string")]
		public string networkId = "";

		[global::Colyseus.Schema.Type(2, "array", typeof(global::Colyseus.Schema.ArraySchema<ushort>), "uint16")]
		public global::Colyseus.Schema.ArraySchema<ushort> path = new global::Colyseus.Schema.ArraySchema<ushort>();

		[global::Colyseus.Schema.Type(3, "array", typeof(global::Colyseus.Schema.ArraySchema<ushort>), "uint16")]
		public global::Colyseus.Schema.ArraySchema<ushort> hops = new global::Colyseus.Schema.ArraySchema<ushort>();
	}
}
