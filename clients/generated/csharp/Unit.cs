// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class Unit : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public Unit() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "string")]
		public string kind = "minion";

		[global::Colyseus.Schema.Type(2, "string")]
		public string name = "";

		[global::Colyseus.Schema.Type(3, "uint16")]
		public ushort x = 0;

		[global::Colyseus.Schema.Type(4, "uint16")]
		public ushort y = 0;

		[global::Colyseus.Schema.Type(5, "uint8")]
		public byte facing = 0;

		[global::Colyseus.Schema.Type(6, "uint8")]
		public byte stateCode = 0;

		[global::Colyseus.Schema.Type(7, "string")]
		public string job = "none";

		[global::Colyseus.Schema.Type(8, "uint8")]
		public byte woundPoints = 0;

		[global::Colyseus.Schema.Type(9, "string")]
		public string partyId = "";

		[global::Colyseus.Schema.Type(10, "string")]
		public string adventurerClass = "";

		[global::Colyseus.Schema.Type(11, "uint8")]
		public byte level = 0;

		[global::Colyseus.Schema.Type(12, "string")]
		public string targetId = "";

		[global::Colyseus.Schema.Type(13, "string")]
		public string faction = "";

		[global::Colyseus.Schema.Type(14, "string")]
		public string species = "";

		[global::Colyseus.Schema.Type(15, "string")]
		public string weapon = "";

		[global::Colyseus.Schema.Type(16, "string")]
		public string stance = "aggression";

		[global::Colyseus.Schema.Type(17, "string")]
		public string orderTargetId = "";

		[global::Colyseus.Schema.Type(18, "string")]
		public string carriedBy = "";

		[global::Colyseus.Schema.Type(19, "string")]
		public string harmModel = "woundPoints";

		[global::Colyseus.Schema.Type(20, "int16")]
		public short hp = 0;

		[global::Colyseus.Schema.Type(21, "uint16")]
		public ushort maxHp = 0;

		[global::Colyseus.Schema.Type(22, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> statuses = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(23, "string")]
		public string controller = "";

		[global::Colyseus.Schema.Type(24, "string")]
		public string altitude = "ground";

		[global::Colyseus.Schema.Type(25, "string")]
		public string companionOf = "";

		[global::Colyseus.Schema.Type(26, "string")]
		public string riding = "";

		[global::Colyseus.Schema.Type(27, "string")]
		public string moveMode = "walk";

		[global::Colyseus.Schema.Type(28, "uint8")]
		public byte space = 1;

		[global::Colyseus.Schema.Type(29, "string")]
		public string size = "medium";
	}
}
