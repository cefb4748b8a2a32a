// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class PartyInfo : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public PartyInfo() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "string")]
		public string goal = "killMaster";

		[global::Colyseus.Schema.Type(2, "string")]
		public string kind = "normal";

		[global::Colyseus.Schema.Type(3, "uint16")]
		public ushort invasionNumber = 0;

		[global::Colyseus.Schema.Type(4, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> memberIds = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(5, "uint8")]
		public byte caution = 0;

		[global::Colyseus.Schema.Type(6, "uint16")]
		public ushort loot = 0;

		[global::Colyseus.Schema.Type(7, "string")]
		public string homeSettlement = "";
	}
}
