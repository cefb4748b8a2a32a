import { schema, t, type SchemaType } from "@colyseus/schema";

/**
 * The dungeon state every client receives through schema sync. It is a projection of the
 * simulation (the server never reads it back). Distances are in tiles, times in game time.
 * Every number field has a default, since an unset number encodes as NaN → 0.
 */

/**
 * StateView tag of the keeper's private state: the root fields `metal` and `invasion`, and the
 * keeper-only fields of units, trap parts, doors and effects (the keeper's orders, wiring,
 * arming, building). Keepers and spectators hold it, adventurer players do not. A power of two,
 * as custom view tags must be.
 */
export const KEEPER_VIEW_TAG = 2;

/** The game clock: `day` counts from 1, `hour` 0–23, `minute` 0–59; `tick` counts from 0. */
export const GameClock = schema({
  tick: t.uint32().default(0),
  day: t.uint16().default(1),
  hour: t.uint8().default(0),
  minute: t.uint8().default(0),
  /** Game minutes per real second the room runs at. */
  timeScale: t.float32().default(1),
  /** True while the clock is paused (INV-79); a keeper's `resume` command restarts it. */
  paused: t.boolean().default(false),
}, "GameClock");
export type GameClock = SchemaType<typeof GameClock>;

/** A unit: the Master, a minion, a creature or an adventurer. */
export const Unit = schema({
  id: t.string().default(""),
  kind: t.string().default("minion"),
  name: t.string().default(""),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  /** 0 = north, clockwise in eighths (CMB-10 facing). */
  facing: t.uint8().default(0),
  state: t.string().default("idle"),
  /** Minion job: none, trapping, chores. */
  job: t.string().default("none"),
  /** Sum of wound points (CMB-25). */
  woundPoints: t.uint8().default(0),
  /** Adventurers: party id; empty for others. */
  partyId: t.string().default(""),
  /** Adventurers: class (Peasant, Scout, Rogue…). */
  adventurerClass: t.string().default(""),
  level: t.uint8().default(0),
  /** Id of the unit this one is fighting, if any. */
  targetId: t.string().default(""),
  /** "dungeon" (the keeper's side), "wild" (wild creatures) or an adventurer faction. */
  faction: t.string().default(""),
  /** Creatures: species ("troll", "kobold", …, see data/creatures.ts); "" for others. */
  species: t.string().default(""),
  /** The weapon it fights with (data/creatures.ts WEAPONS), e.g. "club", "fists". */
  weapon: t.string().default(""),
  /** Minions and creatures: stance on the slider, flight / keepDistance / regroup / aggression (CMB-15). */
  stance: t.string().default("aggression").view(KEEPER_VIEW_TAG),
  /** Minions and creatures: the enemy the keeper ordered it to attack, or "". */
  orderTargetId: t.string().default("").view(KEEPER_VIEW_TAG),
  /** Unconscious bodies: the unit carrying it, or "" (CMB-44). */
  carriedBy: t.string().default(""),
  /**
   * How the room's ruleset measures harm (HARM_MODELS): "woundPoints" (malignus, `woundPoints`
   * counts up to 10) or "hitPoints" (d20, d100: `hp` counts down from `maxHp`).
   */
  harmModel: t.string().default("woundPoints"),
  /** Under "hitPoints": hit points left (may go below 0 in d100); 0 under "woundPoints". */
  hp: t.int16().default(0),
  /** Under "hitPoints": maximum hit points; under "woundPoints": 10 (CMB-25). */
  maxHp: t.uint16().default(0),
  /** Statuses the ruleset put on it (STATUSES in rules.ts: "prone", "stunned", …); empty under malignus. */
  statuses: t.array("string"),
  /** Adventurers: who plays it: "" for the AI, else the player's seat id (seats in the room). */
  controller: t.string().default(""),
  /** d100 rooms: flight level (P100-AIR-02): "ground", "low", "moderate" or "high"; "ground" elsewhere. */
  altitude: t.string().default("ground"),
  /** d100 rooms: the adventurer a familiar or mount came with (P100-FAMILIAR, P100-AIR-22), or "". */
  companionOf: t.string().default(""),
  /** The mount this unit rides (d100: P100-AIR-20, P100-AIR-22; d20: D20-MOUNT-14; the rider is measured from the mount's space), or "" on foot. */
  riding: t.string().default(""),
  /** d20 rooms: movement mode (D20-MOVE-13): "walk", "fly" or "swim"; "walk" elsewhere. */
  moveMode: t.string().default("walk"),
  /**
   * d20 rooms: side in tiles of the square space it covers now, from (x, y) as its north-west tile
   * (D20-SIZE-01: 1 up to Medium, 2 Large, 3 Huge, 4 Gargantuan; one less while squeezing,
   * D20-SIZE-08); 1 elsewhere.
   */
  space: t.uint8().default(1),
  /** d20 rooms: size category (D20-SIZE-01: "tiny", "small", "medium", "large", "huge", "gargantuan"); "medium" elsewhere. */
  size: t.string().default("medium"),
}, "Unit");
export type Unit = SchemaType<typeof Unit>;

/**
 * A trap part (trigger, timer or mechanism), built or still a construction site. An adventurer
 * player receives only the parts its adventurer knows, and of them only `id`, `kind`, `role`,
 * `x` and `y`: the fields tagged {@link KEEPER_VIEW_TAG} (building, wiring, arming) stay the
 * keeper's (KNOW rules: it cannot tell a site from a built part).
 */
export const TrapPart = schema({
  id: t.string().default(""),
  kind: t.string().default(""),
  role: t.string().default(""),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  /** False while it is a construction site (TRAP-28). */
  built: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Metal delivered to the site, and metal needed (TRAP-29, TRAP-31). */
  metalDelivered: t.uint8().default(0).view(KEEPER_VIEW_TAG),
  metalNeeded: t.uint8().default(0).view(KEEPER_VIEW_TAG),
  /** Construction progress in percent, 0–100 (TRAP-30). */
  progress: t.uint8().default(0).view(KEEPER_VIEW_TAG),
  /** The id of the joined cable network this part is on, empty when unwired (TRAP-10, TRAP-11). */
  networkId: t.string().default("").view(KEEPER_VIEW_TAG),
  /** Needs a rearm after use (TRAP-32). */
  needsRearm: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Its 2-day rearm ran out: show the crossed-out dart (TRAP-49, TRAP-50). */
  expired: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Rigged trigger (TRAP-39). */
  rigged: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Timers: delay in game minutes (TRAP-17). */
  delayMinutes: t.uint16().default(0).view(KEEPER_VIEW_TAG),
  /** Levers and triggers wired to doors: currently active (DOOR-23, DOOR-25). */
  active: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Build quality: "normal" or "shoddy" (shoddy triggers are easier to spot, KNOW-13). */
  quality: t.string().default("normal").view(KEEPER_VIEW_TAG),
}, "TrapPart");
export type TrapPart = SchemaType<typeof TrapPart>;

/** A cable: the tiles it runs along, as `x,y` pairs flattened, and where it hops (TRAP-23). */
export const Cable = schema({
  id: t.string().default(""),
  networkId: t.string().default(""),
  /** Flattened [x0, y0, x1, y1, …] in tiles. */
  path: t.array("uint16"),
  /** Flattened [x, y, …] of the tiles where this cable hops over another: the bump (TRAP-23). */
  hops: t.array("uint16"),
}, "Cable");
export type Cable = SchemaType<typeof Cable>;

/** The invasion indicator and the current invasion (INV-20 to INV-25, INV-83). */
export const InvasionInfo = schema({
  /** Calm, Unlikely, Possible, Likely, Imminent or In progress. */
  word: t.string().default("Calm"),
  /** Chance, in percent, that an invasion arrives during the current hour (INV-25). */
  hourlyChance: t.uint8().default(0),
  /** Number of invasions so far. */
  count: t.uint16().default(0),
  /** Id of the party in the dungeon, empty when none. */
  partyId: t.string().default(""),
  /** True once the party in the dungeon was spotted. */
  spotted: t.boolean().default(false),
}, "InvasionInfo");
export type InvasionInfo = SchemaType<typeof InvasionInfo>;

/** A door on a `+` tile (DOOR rules). Doors stand on the map, so every client sees them. */
export const Door = schema({
  id: t.string().default(""),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  /** Open right now (held open, opened by its trigger, broken in, or someone passing: DOOR-17, DOOR-18, DOOR-20). */
  open: t.boolean().default(false),
  /** The keeper's "Hold door open" (DOOR-18). */
  heldOpen: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Its trigger is active (DOOR-20, DOOR-21). */
  triggered: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** A padlock stands on it (built or a site, DOOR-07). */
  hasPadlock: t.boolean().default(false),
  /** The padlock is built (DOOR-07); false while it is a site. */
  padlockBuilt: t.boolean().default(false),
  /** The padlock is armed (DOOR-08 to DOOR-10). Keeper-side only ({@link KEEPER_VIEW_TAG}). */
  padlockArmed: t.boolean().default(false).view(KEEPER_VIEW_TAG),
  /** Locked right now: a built, armed padlock and no break-in (DOOR-32). */
  locked: t.boolean().default(false),
  /** Padlock site: metal delivered and needed, and build progress in percent. */
  padlockMetalDelivered: t.uint8().default(0),
  padlockMetalNeeded: t.uint8().default(0),
  padlockProgress: t.uint8().default(0),
  /** Forced by adventurers, waiting for a Chores minion (DOOR-45 to DOOR-48). */
  brokenIn: t.boolean().default(false),
  /** The trigger part wired to it, or "" (DOOR-19). Keeper-side only ({@link KEEPER_VIEW_TAG}). */
  triggerId: t.string().default("").view(KEEPER_VIEW_TAG),
}, "Door");
export type Door = SchemaType<typeof Door>;

/**
 * A lingering trap effect (gas cloud, web, terror, spiders): `tiles` is the gas cloud, flattened
 * [x0, y0, x1, y1, …]; `unitId` the unit held, terrified or bitten. It ends at `untilTick`.
 */
export const TrapEffect = schema({
  id: t.string().default(""),
  /** "gas", "web", "terror" or "spiders". */
  kind: t.string().default(""),
  /** The mechanism part that caused it. Keeper-side only ({@link KEEPER_VIEW_TAG}). */
  sourceId: t.string().default("").view(KEEPER_VIEW_TAG),
  unitId: t.string().default(""),
  tiles: t.array("uint16"),
  untilTick: t.uint32().default(0),
}, "TrapEffect");
export type TrapEffect = SchemaType<typeof TrapEffect>;

/**
 * An adventurer's Journal (KNOW-50): its learned spotting bonuses by trigger type (KNOW-34) and
 * Block bonuses by mechanism kind (KNOW-37), and the trap parts it knows (KNOW-04). Private to
 * the keeper's side: projected only once its party is spotted.
 */
export const Journal = schema({
  unitId: t.string().default(""),
  /** Trigger type → +1 or +2. */
  spotBonus: t.map("uint8"),
  /** Mechanism kind → +1 or +2. */
  blockBonus: t.map("uint8"),
  /** Ids of the trap parts it knows. */
  knownParts: t.array("string"),
}, "Journal");
export type Journal = SchemaType<typeof Journal>;

/** A spotted party as its Party tab shows it (INV-05): goal, kind, members and Caution (KNOW-20). */
export const PartyInfo = schema({
  id: t.string().default(""),
  /** killMaster, stealTreasure, freePrisoners or destroyAltar (INV-01, INV-02). */
  goal: t.string().default("killMaster"),
  /** normal, mob, weaker, stronger, punitive, camp or pursuers. */
  kind: t.string().default("normal"),
  invasionNumber: t.uint16().default(0),
  memberIds: t.array("string"),
  /** Caution bonus 0, 1 or 2 (KNOW-20 to KNOW-31). */
  caution: t.uint8().default(0),
  /** Gold carried away (INV-90). */
  loot: t.uint16().default(0),
}, "PartyInfo");
export type PartyInfo = SchemaType<typeof PartyInfo>;

/**
 * One spell or technique in a d20 unit's turn options (server combat/d20/options.ts
 * `D20SpellOption`; D20-ACTION-07 to D20-ACTION-09, D20-ATTACK-48 to D20-ATTACK-55, D20-ATTACK-65,
 * D20-ATTACK-66), worked out from where the unit stands now. Tiles as indices y × width + x.
 */
export const D20SpellOption = schema({
  name: t.string().default(""),
  /** "mana" (a spell) or "stamina" (a technique). */
  pool: t.string().default(""),
  /** Its cost in that pool. */
  cost: t.uint16().default(0),
  /** The pool covers the cost and the unit is not silenced. */
  affordable: t.boolean().default(false),
  /** Affordable, the full action is free and it has a target: a `cast` step would be played. */
  castable: t.boolean().default(false),
  /** "attack" (one creature, a spell attack roll) or "area" (every creature within `radius` of a tile). */
  kind: t.string().default(""),
  /** Range band (contact, short, medium, long) and the farthest distance it reaches, in tiles. */
  band: t.string().default(""),
  range: t.uint8().default(0),
  /** Area spells: radius in tiles. */
  radius: t.uint8().default(0),
  /** Attack spells: the creatures within its band now, by id. */
  targets: t.array("string"),
  /** The cover of each of `targets` against the caster ("none", "half", "threeQuarters", "total": only a natural 20 hits). */
  targetCover: t.array("string"),
  /** Area spells: the walkable tiles within its band it may be centred on. */
  tiles: t.array("uint32"),
}, "D20SpellOption");
export type D20SpellOption = SchemaType<typeof D20SpellOption>;

/**
 * What the player of the unit whose turn it is in an encounter may do (d20 rooms; issue 7 "Who
 * decides"), so a thin client can show it. Present only while that turn waits for the player's
 * plan (`planTurn`, shared/protocol.ts); sent to that unit's player (and to spectators who see
 * all). Tiles as indices y × width + x.
 */
export const TurnOptions = schema({
  unitId: t.string().default(""),
  encounterId: t.string().default(""),
  round: t.uint16().default(0),
  /** Tick at which the AI plays the turn if no plan came (the turn timer). */
  deadlineTick: t.uint32().default(0),
  /** Movement the turn starts with (movement cost units, D20-MOVE-01); what is left is `movementLeft`. */
  movement: t.float32().default(0),
  /** Step kinds the unit may play now (`attack`, `move`, `dash`, `wait`…; server combat/d20/options.ts). */
  actions: t.array("string"),
  /** Tiles it can move to this turn (D20-MOVE costs), cheapest first. */
  reachable: t.array("uint32"),
  /** The movement each tile of `reachable` costs, in the same order. */
  reachableCost: t.array("float32"),
  /** Foes it can attack without moving (D20-ATTACK-19), by id. */
  targets: t.array("string"),
  /**
   * d20: what is left of the turn now (refreshed after each plan played with `keepTurn`): the
   * unit's own movement left, whether the full action, the demi-action and the reaction are
   * still there, and the weapon attacks left in an Attack action already taken (D20-MOVE-11).
   */
  movementLeft: t.float32().default(0),
  fullAction: t.boolean().default(false),
  halfAction: t.boolean().default(false),
  reaction: t.boolean().default(false),
  attacksLeft: t.uint8().default(0),
  /**
   * d20: who a `move` step moves (the unit, or the controlled mount it rides: D20-MOUNT-17; ""
   * when it cannot move) and that mover's movement left; `reachable` is the mover's.
   */
  moverId: t.string().default(""),
  moverMovementLeft: t.float32().default(0),
  /** d20: the cover of each of `targets` ("none", "half", "threeQuarters", "total"; D20-ATTACK-59). */
  targetCover: t.array("string"),
  /** d20: creatures the unit may mount now (D20-MOUNT-01 to D20-MOUNT-04), and what (dis)mounting costs (half the movement value, D20-MOUNT-03). */
  mounts: t.array("string"),
  mountCost: t.float32().default(0),
  /** d20: free tiles it may dismount onto now. */
  dismountTiles: t.array("uint32"),
  /** d20: the mover's movement mode now ("walk", "fly", "swim"; D20-MOVE-13). */
  moveMode: t.string().default("walk"),
  /** d20: modes a `switchMode` step may switch the mover to now (2 movement, D20-MOVE-15). */
  switchModes: t.array("string"),
  /** d20: the mode the mover ends in on each tile of `reachable`, in the same order (switches on the way included in `reachableCost`). */
  reachableMode: t.array("string"),
  /** d20: its spells and techniques with cost, range and targets from where it stands now. */
  d20Spells: t.array(D20SpellOption),
  /** d20: foes an off-hand attack reaches now (D20-ATTACK-30, D20-ATTACK-31), by id. */
  offHandTargets: t.array("string"),
  /** d20: Help (D20-ACTION-16 to D20-ACTION-18): allies it may help, and foes within 3 tiles to help against, by id. */
  helpAllies: t.array("string"),
  helpFoes: t.array("string"),
  /** d20: dying friends within 1 tile it may give first aid to (D20-HP-29), by id. */
  firstAidTargets: t.array("string"),
  /** d20: foes it may try to grapple now (D20-ATTACK-35 to D20-ATTACK-38), by id. */
  grappleTargets: t.array("string"),
  /** d20: foes a thrown weapon reaches now (`attack` with `thrown`, D20-ATTACK-33), by id. */
  thrownTargets: t.array("string"),
  /** d20: foes the off-hand weapon reaches thrown (`attack` with `offHand` and `thrown`, D20-ATTACK-30, D20-ATTACK-33), by id. */
  offHandThrownTargets: t.array("string"),
  /** d20: items a `useObject` step may use now ("bandage", "medicalTools", "healingPotion"; D20-ACTION-20 to D20-ACTION-22), and on whom (itself first, then creatures within 1 tile), by id. */
  useObjectItems: t.array("string"),
  useObjectTargets: t.array("string"),
  /**
   * d100 rooms (server combat/d100/options.ts `d100TurnOptions`; `actions` lists the step kinds of
   * a d100 step plan, `movement` the tiles of a normal move left, `reachable` the tiles it can end
   * on with `reachableCost` the tiles walked, `targets` the foes it can attack from where it
   * stands): the tiles a guarded move can end on (P100-MOVE-05/06, no opportunity attack), the
   * chance in percent to hit each of `targets` (P100-BASE-10 to 12), its chosen spell with its
   * charges, legal targets and their chance (P100-SPELL-01 to 05), the free actions
   * (P100-BASE-09), its familiar and the foes it can attack (P100-FAMILIAR-02 to 04), and the dying
   * allies next to it it may try to rescue (P100-DEATH-03 to 08). Refreshed after each plan played
   * with `keepTurn`.
   */
  d100GuardedReachable: t.array("uint32"),
  d100HitChances: t.array("uint8"),
  d100Spell: t.string().default(""),
  d100SpellCharges: t.uint8().default(0),
  d100SpellTargets: t.array("string"),
  d100SpellHitChances: t.array("uint8"),
  d100FreeActions: t.array("string"),
  d100FamiliarId: t.string().default(""),
  d100FamiliarTargets: t.array("string"),
  d100FamiliarHitChances: t.array("uint8"),
  d100RescueTargets: t.array("string"),
}, "TurnOptions");
export type TurnOptions = SchemaType<typeof TurnOptions>;

/**
 * One of the keeper's altars (INV-02): some parties come to destroy one. `damage` counts the
 * work adventurers put into destroying it, out of `damageToDestroy` (invasions/altars.ts).
 */
export const Altar = schema({
  id: t.string().default(""),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  damage: t.uint16().default(0),
  damageToDestroy: t.uint16().default(0),
}, "Altar");
export type Altar = SchemaType<typeof Altar>;

/**
 * One of the keeper's lairs (TRAP-61): the `width` x `height` tiles from (x, y), its top-left
 * corner. `residentId` is the creature living there (it joined the dungeon, TRAP-61, TRAP-62), or
 * ""; `settlerId` the wild creature settling in, or "", which joins at tick `settlesAtTick` if it
 * stays inside until then (0 when none). Everyone sees lairs.
 */
export const Lair = schema({
  id: t.string().default(""),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  width: t.uint8().default(1),
  height: t.uint8().default(1),
  residentId: t.string().default(""),
  settlerId: t.string().default(""),
  settlesAtTick: t.uint32().default(0),
}, "Lair");
export type Lair = SchemaType<typeof Lair>;

/**
 * d100 rooms: a duel proposed and waiting for the other side's answer (P100-DUEL-01, 02, 23; server
 * combat/d100/duels.ts): `challengerId` challenges `opponentId`; `by` the side that proposed
 * ("keeper": the keeper's minion or creature challenges an adventurer a player holds, who answers
 * with `answerDuel`; "adventurer": a player's adventurer challenges a keeper's minion or creature,
 * and a keeper answers); the terms (to the death or not, no magic, bare hands only, the weapons
 * allowed, empty for any); `expiresTick` when it lapses unanswered.
 */
export const DuelProposal = schema({
  id: t.string().default(""),
  challengerId: t.string().default(""),
  opponentId: t.string().default(""),
  by: t.string().default("keeper"),
  toDeath: t.boolean().default(false),
  noMagic: t.boolean().default(false),
  unarmedOnly: t.boolean().default(false),
  weapons: t.array("string"),
  expiresTick: t.uint32().default(0),
}, "DuelProposal");
export type DuelProposal = SchemaType<typeof DuelProposal>;

/**
 * d100 rooms: a duel to the death won by a side a person holds, waiting for that side's decision on
 * the loser (P100-DUEL-20; server combat/d100/duels.ts `DuelMercyRecord`): `by` the side that
 * decides ("adventurer": the winner's player; "keeper"), answered with `decideDuelMercy`
 * (`mercyId` = `id`); `aiSpares` the AI's choice applied at `expiresTick` when unanswered.
 */
export const DuelMercy = schema({
  id: t.string().default(""),
  duelId: t.string().default(""),
  winnerId: t.string().default(""),
  loserId: t.string().default(""),
  how: t.string().default("down"),
  by: t.string().default("keeper"),
  aiSpares: t.boolean().default(false),
  expiresTick: t.uint32().default(0),
}, "DuelMercy");
export type DuelMercy = SchemaType<typeof DuelMercy>;

/** The root state of a dungeon room. */
export const DungeonState = schema({
  mapName: t.string().default(""),
  ruleset: t.string().default("malignus"),
  width: t.uint16().default(0),
  height: t.uint16().default(0),
  /** One character per tile, row-major (see TILE in rules.ts). */
  tiles: t.string().default(""),
  /** One character per tile, row-major: "1" dark, "0" lit (KNOW-14). */
  dark: t.string().default(""),
  clock: t.ref(GameClock),
  /** The keeper's stock: sent only to views holding {@link KEEPER_VIEW_TAG}. */
  metal: t.uint16().default(0).view(KEEPER_VIEW_TAG),
  /** Each client receives only the units, parts and cables its view holds (server/src/rooms/views.ts). */
  units: t.map(Unit).view(),
  parts: t.map(TrapPart).view(),
  cables: t.map(Cable).view(),
  /** Lingering trap effects everyone can see (gas clouds, webs, terror, spiders). */
  effects: t.map(TrapEffect),
  /** The keeper's invasion indicator: sent only to views holding {@link KEEPER_VIEW_TAG}. */
  invasion: t.ref(InvasionInfo).view(KEEPER_VIEW_TAG),
  keepers: t.uint8().default(0),
  spectators: t.uint16().default(0),
  /** Adventurer players seated (claimed members of the current party). */
  adventurers: t.uint8().default(0),
  /** Doors, by id (DOOR rules). */
  doors: t.map(Door),
  /** The keeper's altars, by id (INV-02); everyone sees them. */
  altars: t.map(Altar),
  /**
   * Options of the turns waiting for a player's plan, by unit id (d20 encounters), filtered per
   * client (server/src/rooms/views.ts): an adventurer player sees its own unit's, spectators who
   * see all see every one, keepers none.
   */
  turnOptions: t.map(TurnOptions).view(),
  /**
   * Parties in the dungeon (INV-05), filtered per client (server/src/rooms/views.ts): keepers
   * see the spotted ones, an adventurer player its own party only.
   */
  parties: t.map(PartyInfo).view(),
  /**
   * Adventurers' Journals (KNOW-50), filtered per client: keepers see those of spotted parties,
   * an adventurer player its own only.
   */
  journals: t.map(Journal).view(),
  /** d100 rooms: pending duel proposals by id (P100-DUEL-01); everyone sees them. */
  duelProposals: t.map(DuelProposal),
  /** d100 rooms: duels to the death waiting for the winner's side to spare or kill the loser (P100-DUEL-20); everyone sees them. */
  duelMercies: t.map(DuelMercy),
  /** The keeper's lairs, by id (TRAP-61); everyone sees them. */
  lairs: t.map(Lair),
}, "DungeonState");
export type DungeonState = SchemaType<typeof DungeonState>;
