// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class Altar : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public Altar() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string id = "";

		[global::Colyseus.Schema.Type(1, "uint16")]
		public ushort x = 0;

		[global::Colyseus.Schema.Type(2, "uint16")]
		public ushort y = 0;

		[global::Colyseus.Schema.Type(3, "uint16")]
		public ushort damage = 0;

		[global::Colyseus.Schema.Type(4, "uint16")]
		public ushort damageToDestroy = 0;
	}
}
