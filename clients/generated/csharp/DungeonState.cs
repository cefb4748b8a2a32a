// 
// THIS FILE HAS BEEN GENERATED AUTOMATICALLY
// DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
// 
// GENERATED USING @colyseus/schema 5.0.34
// 

namespace Malignus.Schema {
	public partial class DungeonState : global::Colyseus.Schema.Schema {
#if UNITY_5_3_OR_NEWER
		[global::UnityEngine.Scripting.Preserve]
#endif
		public DungeonState() { }

		[global::Colyseus.Schema.Type(0, "string")]
		public string mapName = "";

		[global::Colyseus.Schema.Type(1, "string")]
		public string ruleset = "malignus";

		[global::Colyseus.Schema.Type(2, "uint16")]
		public ushort width = 0;

		[global::Colyseus.Schema.Type(3, "uint16")]
		public ushort height = 0;

		[global::Colyseus.Schema.Type(4, "array", typeof(global::Colyseus.Schema.ArraySchema<string>), "string")]
		public global::Colyseus.Schema.ArraySchema<string> tileRows = new global::Colyseus.Schema.ArraySchema<string>();

		[global::Colyseus.Schema.Type(5, "string")]
		public string dark = "";

		[global::Colyseus.Schema.Type(6, "ref", typeof(GameClock))]
		public GameClock clock = null;

		[global::Colyseus.Schema.Type(7, "uint16")]
		public ushort metal = 0;

		[global::Colyseus.Schema.Type(8, "map", typeof(global::Colyseus.Schema.MapSchema<Unit>))]
		public global::Colyseus.Schema.MapSchema<Unit> units = new global::Colyseus.Schema.MapSchema<Unit>();

		[global::Colyseus.Schema.Type(9, "map", typeof(global::Colyseus.Schema.MapSchema<TrapPart>))]
		public global::Colyseus.Schema.MapSchema<TrapPart> parts = new global::Colyseus.Schema.MapSchema<TrapPart>();

		[global::Colyseus.Schema.Type(10, "map", typeof(global::Colyseus.Schema.MapSchema<Cable>))]
		public global::Colyseus.Schema.MapSchema<Cable> cables = new global::Colyseus.Schema.MapSchema<Cable>();

		[global::Colyseus.Schema.Type(11, "map", typeof(global::Colyseus.Schema.MapSchema<TrapEffect>))]
		public global::Colyseus.Schema.MapSchema<TrapEffect> effects = new global::Colyseus.Schema.MapSchema<TrapEffect>();

		[global::Colyseus.Schema.Type(12, "ref", typeof(InvasionInfo))]
		public InvasionInfo invasion = null;

		[global::Colyseus.Schema.Type(13, "uint8")]
		public byte keepers = 0;

		[global::Colyseus.Schema.Type(14, "uint16")]
		public ushort spectators = 0;

		[global::Colyseus.Schema.Type(15, "uint8")]
		public byte adventurers = 0;

		[global::Colyseus.Schema.Type(16, "map", typeof(global::Colyseus.Schema.MapSchema<Door>))]
		public global::Colyseus.Schema.MapSchema<Door> doors = new global::Colyseus.Schema.MapSchema<Door>();

		[global::Colyseus.Schema.Type(17, "map", typeof(global::Colyseus.Schema.MapSchema<Altar>))]
		public global::Colyseus.Schema.MapSchema<Altar> altars = new global::Colyseus.Schema.MapSchema<Altar>();

		[global::Colyseus.Schema.Type(18, "map", typeof(global::Colyseus.Schema.MapSchema<Settlement>))]
		public global::Colyseus.Schema.MapSchema<Settlement> settlements = new global::Colyseus.Schema.MapSchema<Settlement>();

		[global::Colyseus.Schema.Type(19, "map", typeof(global::Colyseus.Schema.MapSchema<TurnOptions>))]
		public global::Colyseus.Schema.MapSchema<TurnOptions> turnOptions = new global::Colyseus.Schema.MapSchema<TurnOptions>();

		[global::Colyseus.Schema.Type(20, "map", typeof(global::Colyseus.Schema.MapSchema<PartyInfo>))]
		public global::Colyseus.Schema.MapSchema<PartyInfo> parties = new global::Colyseus.Schema.MapSchema<PartyInfo>();

		[global::Colyseus.Schema.Type(21, "map", typeof(global::Colyseus.Schema.MapSchema<Journal>))]
		public global::Colyseus.Schema.MapSchema<Journal> journals = new global::Colyseus.Schema.MapSchema<Journal>();

		[global::Colyseus.Schema.Type(22, "map", typeof(global::Colyseus.Schema.MapSchema<DuelProposal>))]
		public global::Colyseus.Schema.MapSchema<DuelProposal> duelProposals = new global::Colyseus.Schema.MapSchema<DuelProposal>();

		[global::Colyseus.Schema.Type(23, "map", typeof(global::Colyseus.Schema.MapSchema<DuelMercy>))]
		public global::Colyseus.Schema.MapSchema<DuelMercy> duelMercies = new global::Colyseus.Schema.MapSchema<DuelMercy>();

		[global::Colyseus.Schema.Type(24, "map", typeof(global::Colyseus.Schema.MapSchema<Lair>))]
		public global::Colyseus.Schema.MapSchema<Lair> lairs = new global::Colyseus.Schema.MapSchema<Lair>();
	}
}
