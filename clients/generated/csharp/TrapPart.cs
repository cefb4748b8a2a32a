// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class TrapPart : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public TrapPart() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "uint8")]
		public byte kindCode = 0;

		[global::Colyseus.Schema.Type(2, "uint8")]
		public byte roleCode = 0;

		[global::Colyseus.Schema.Type(3, "uint16")]
		public ushort x = 0;

		[global::Colyseus.Schema.Type(4, "uint16")]
		public ushort y = 0;

		[global::Colyseus.Schema.Type(5, "boolean")]
		public bool built = false;

		[global::Colyseus.Schema.Type(6, "uint8")]
		public byte metalDelivered = 0;

		[global::Colyseus.Schema.Type(7, "uint8")]
		public byte metalNeeded = 0;

		[global::Colyseus.Schema.Type(8, "uint8")]
		public byte progress = 0;

		[global::Colyseus.Schema.Type(9, "string")]
		public string networkId = "";

		[global::Colyseus.Schema.Type(10, "boolean")]
		public bool needsRearm = false;

		[global::Colyseus.Schema.Type(11, "boolean")]
		public bool expired = false;

		[global::Colyseus.Schema.Type(12, "boolean")]
		public bool rigged = false;

		[global::Colyseus.Schema.Type(13, "uint16")]
		public ushort delayMinutes = 0;

		[global::Colyseus.Schema.Type(14, "boolean")]
		public bool active = false;

		[global::Colyseus.Schema.Type(15, "uint8")]
		public byte qualityCode = 0;
	}
}
