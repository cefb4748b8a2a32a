// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class DuelProposal : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public DuelProposal() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "string")]
		public string challengerId = "";

		[global::Colyseus.Schema.Type(2, "string")]
		public string opponentId = "";

		[global::Colyseus.Schema.Type(3, "string")]
		public string by = "keeper";

		[global::Colyseus.Schema.Type(4, "boolean")]
		public bool toDeath = false;

		[global::Colyseus.Schema.Type(5, "boolean")]
		public bool noMagic = false;

		[global::Colyseus.Schema.Type(6, "boolean")]
		public bool unarmedOnly = false;

		[global::Colyseus.Schema.Type(7, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> weapons = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(8, "uint32")]
		public uint expiresTick = 0;
	}
}
