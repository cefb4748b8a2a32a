// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class InvasionInfo : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public InvasionInfo() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string word = "Calm";

		[global::Colyseus.Schema.Type(1, "uint8")]
		public byte hourlyChance = 0;

		[global::Colyseus.Schema.Type(2, "uint16")]
		public ushort count = 0;

		[global::Colyseus.Schema.Type(3, "string")]
		public string partyId = "";

		[global::Colyseus.Schema.Type(4, "boolean")]
		public bool spotted = false;
	}
}
