// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class TrapEffect : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public TrapEffect() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "string")]
		public string kind = "";

		[global::Colyseus.Schema.Type(2, "string")]
		public string sourceId = "";

		[global::Colyseus.Schema.Type(3, "string")]
		public string unitId = "";

		[global::Colyseus.Schema.Type(4, "array", typeof(global::Colyseus.Schema.ArraySchema<ushort>), "uint16")]
		public global::Colyseus.Schema.ArraySchema<ushort> tiles = new global::Colyseus.Schema.ArraySchema<ushort>();

		[global::Colyseus.Schema.Type(5, "uint32")]
		public uint untilTick = 0;
	}
}
