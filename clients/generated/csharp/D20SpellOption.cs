// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class D20SpellOption : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public D20SpellOption() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string name = "";

		[global::Colyseus.Schema.Type(1, "string")]
		public string pool = "";

		[global::Colyseus.Schema.Type(2, "uint16")]
		public ushort cost = 0;

		[global::Colyseus.Schema.Type(3, "boolean")]
		public bool affordable = false;

		[global::Colyseus.Schema.Type(4, "boolean")]
		public bool castable = false;

		[global::Colyseus.Schema.Type(5, "string")]
		public string kind = "";

		[global::Colyseus.Schema.Type(6, "string")]
		public string band = "";

		[global::Colyseus.Schema.Type(7, "uint8")]
		public byte range = 0;

		[global::Colyseus.Schema.Type(8, "uint8")]
		public byte radius = 0;

		[global::Colyseus.Schema.Type(9, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> targets = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(10, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> targetCover = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(11, "array", typeof(global::Colyseus.Schema.ArraySchema<uint>), "uint32")]
		public global::Colyseus.Schema.ArraySchema<uint> tiles = new global::Colyseus.Schema.ArraySchema<uint>();
	}
}
