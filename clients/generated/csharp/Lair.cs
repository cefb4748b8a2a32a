// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class Lair : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public Lair() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "uint16")]
		public ushort x = 0;

		[global::Colyseus.Schema.Type(2, "uint16")]
		public ushort y = 0;

		[global::Colyseus.Schema.Type(3, "uint8")]
		public byte width = 1;

		[global::Colyseus.Schema.Type(4, "uint8")]
		public byte height = 1;

		[global::Colyseus.Schema.Type(5, "string")]
		public string residentId = "";

		[global::Colyseus.Schema.Type(6, "string")]
		public string settlerId = "";

		[global::Colyseus.Schema.Type(7, "uint32")]
		public uint settlesAtTick = 0;
	}
}
