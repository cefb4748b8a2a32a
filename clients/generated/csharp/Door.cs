// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class Door : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public Door() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "uint16")]
		public ushort x = 0;

		[global::Colyseus.Schema.Type(2, "uint16")]
		public ushort y = 0;

		[global::Colyseus.Schema.Type(3, "boolean")]
		public bool open = false;

		[global::Colyseus.Schema.Type(4, "boolean")]
		public bool heldOpen = false;

		[global::Colyseus.Schema.Type(5, "boolean")]
		public bool triggered = false;

		[global::Colyseus.Schema.Type(6, "boolean")]
		public bool hasPadlock = false;

		[global::Colyseus.Schema.Type(7, "boolean")]
		public bool padlockBuilt = false;

		[global::Colyseus.Schema.Type(8, "boolean")]
		public bool padlockArmed = false;

		[global::Colyseus.Schema.Type(9, "boolean")]
		public bool locked = false;

		[global::Colyseus.Schema.Type(10, "uint8")]
		public byte padlockMetalDelivered = 0;

		[global::Colyseus.Schema.Type(11, "uint8")]
		public byte padlockMetalNeeded = 0;

		[global::Colyseus.Schema.Type(12, "uint8")]
		public byte padlockProgress = 0;

		[global::Colyseus.Schema.Type(13, "boolean")]
		public bool brokenIn = false;

		[global::Colyseus.Schema.Type(14, "string")]
		public string triggerId = "";
	}
}
