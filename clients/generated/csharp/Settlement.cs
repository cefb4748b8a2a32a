// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class Settlement : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public Settlement() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "string")]
		public string name = "";

		[global::Colyseus.Schema.Type(2, "string")]
		public string kind = "village";

		[global::Colyseus.Schema.Type(3, "boolean")]
		public bool hostile = false;

		[global::Colyseus.Schema.Type(4, "int32")]
		public int raidedTick = -1;
	}
}
