// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class Journal : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public Journal() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string unitId = "";

		[global::Colyseus.Schema.Type(1, "map", typeof(global::Colyseus.Schema.MapSchema<byte>), "uint8")]
		public global::Colyseus.Schema.MapSchema<byte> spotBonus = new global::Colyseus.Schema.MapSchema<byte>();

		[global::Colyseus.Schema.Type(2, "map", typeof(global::Colyseus.Schema.MapSchema<byte>), "uint8")]
		public global::Colyseus.Schema.MapSchema<byte> blockBonus = new global::Colyseus.Schema.MapSchema<byte>();

		[global::Colyseus.Schema.Type(3, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> knownParts = new global::Colyseus.Schema.ArraySchema<string>();
	}
}
