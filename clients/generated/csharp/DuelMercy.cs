// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class DuelMercy : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public DuelMercy() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "string")]
		public string duelId = "";

		[global::Colyseus.Schema.Type(2, "string")]
		public string winnerId = "";

		[global::Colyseus.Schema.Type(3, "string")]
		public string loserId = "";

		[global::Colyseus.Schema.Type(4, "string")]
		public string how = "down";

		[global::Colyseus.Schema.Type(5, "string")]
		public string by = "keeper";

		[global::Colyseus.Schema.Type(6, "boolean")]
		public bool aiSpares = false;

		[global::Colyseus.Schema.Type(7, "uint32")]
		public uint expiresTick = 0;
	}
}
