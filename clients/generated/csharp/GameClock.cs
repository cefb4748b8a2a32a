// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class GameClock : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public GameClock() { }

		[global::Colyseus.Schema.Type(0, "uint32")]
		public uint tick = 0;

		[global::Colyseus.Schema.Type(1, "uint16")]
		public ushort day = 1;

		[global::Colyseus.Schema.Type(2, "uint8")]
		public byte hour = 0;

		[global::Colyseus.Schema.Type(3, "uint8")]
		public byte minute = 0;

		[global::Colyseus.Schema.Type(4, "float32")]
		public double timeScale = 1;

		[global::Colyseus.Schema.Type(5, "boolean")]
		public bool paused = false;
	}
}
