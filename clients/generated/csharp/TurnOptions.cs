// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class TurnOptions : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public TurnOptions() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string unitId = "";

		[global::Colyseus.Schema.Type(1, "string")]
		public string encounterId = "";

		[global::Colyseus.Schema.Type(2, "uint16")]
		public ushort round = 0;

		[global::Colyseus.Schema.Type(3, "uint32")]
		public uint deadlineTick = 0;

		[global::Colyseus.Schema.Type(4, "float32")]
		public double movement = 0;

		[global::Colyseus.Schema.Type(5, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> actions = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(6, "array", typeof(global::Colyseus.Schema.ArraySchema<uint>), "uint32")]
		public global::Colyseus.Schema.ArraySchema<uint> reachable = new global::Colyseus.Schema.ArraySchema<uint>();

		[global::Colyseus.Schema.Type(7, "array", typeof(global::Colyseus.Schema.ArraySchema<double>), "float32")]
		public global::Colyseus.Schema.ArraySchema<double> reachableCost = new global::Colyseus.Schema.ArraySchema<double>();

		[global::Colyseus.Schema.Type(8, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> targets = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(9, "float32")]
		public double movementLeft = 0;

		[global::Colyseus.Schema.Type(10, "boolean")]
		public bool fullAction = false;

		[global::Colyseus.Schema.Type(11, "boolean")]
		public bool halfAction = false;

		[global::Colyseus.Schema.Type(12, "boolean")]
		public bool reaction = false;

		[global::Colyseus.Schema.Type(13, "uint8")]
		public byte attacksLeft = 0;

		[global::Colyseus.Schema.Type(14, "string")]
		public string moverId = "";

		[global::Colyseus.Schema.Type(15, "float32")]
		public double moverMovementLeft = 0;

		[global::Colyseus.Schema.Type(16, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> targetCover = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(17, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> mounts = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(18, "float32")]
		public double mountCost = 0;

		[global::Colyseus.Schema.Type(19, "array", typeof(global::Colyseus.Schema.ArraySchema<uint>), "uint32")]
		public global::Colyseus.Schema.ArraySchema<uint> dismountTiles = new global::Colyseus.Schema.ArraySchema<uint>();

		[global::Colyseus.Schema.Type(20, "uint16")]
		public ushort tileReach = 0;

		[global::Colyseus.Schema.Type(21, "string")]
		public string moveMode = "walk";

		[global::Colyseus.Schema.Type(22, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> switchModes = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(23, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> reachableMode = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(24, "array", typeof(global::Colyseus.Schema.ArraySchema<D20SpellOption>))]
		public global::Colyseus.Schema.ArraySchema<D20SpellOption> d20Spells = new global::Colyseus.Schema.ArraySchema<D20SpellOption>();

		[global::Colyseus.Schema.Type(25, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> offHandTargets = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(26, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> helpAllies = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(27, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> helpFoes = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(28, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> firstAidTargets = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(29, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> grappleTargets = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(30, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> thrownTargets = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(31, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> offHandThrownTargets = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(32, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> useObjectItems = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(33, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> useObjectTargets = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(34, "array", typeof(global::Colyseus.Schema.ArraySchema<uint>), "uint32")]
		public global::Colyseus.Schema.ArraySchema<uint> d100GuardedReachable = new global::Colyseus.Schema.ArraySchema<uint>();

		[global::Colyseus.Schema.Type(35, "array", typeof(global::Colyseus.Schema.ArraySchema<byte>), "uint8")]
		public global::Colyseus.Schema.ArraySchema<byte> d100HitChances = new global::Colyseus.Schema.ArraySchema<byte>();

		[global::Colyseus.Schema.Type(36, "string")]
		public string d100Spell = "";

		[global::Colyseus.Schema.Type(37, "uint8")]
		public byte d100SpellCharges = 0;

		[global::Colyseus.Schema.Type(38, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> d100SpellTargets = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(39, "array", typeof(global::Colyseus.Schema.ArraySchema<byte>), "uint8")]
		public global::Colyseus.Schema.ArraySchema<byte> d100SpellHitChances = new global::Colyseus.Schema.ArraySchema<byte>();

		[global::Colyseus.Schema.Type(40, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> d100FreeActions = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(41, "string")]
		public string d100FamiliarId = "";

		[global::Colyseus.Schema.Type(42, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> d100FamiliarTargets = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(43, "array", typeof(global::Colyseus.Schema.ArraySchema<byte>), "uint8")]
		public global::Colyseus.Schema.ArraySchema<byte> d100FamiliarHitChances = new global::Colyseus.Schema.ArraySchema<byte>();

		[global::Colyseus.Schema.Type(44, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> d100RescueTargets = new global::Colyseus.Schema.ArraySchema<string>();
	}
}
