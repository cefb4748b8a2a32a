import { schema, t, type SchemaType } from "@colyseus/schema";

/**
 * The dungeon state every client receives through schema sync. It is a projection of the
 * simulation (the server never reads it back). Distances are in tiles, times in game time.
 * Every number field has a default, since an unset number encodes as NaN → 0.
 */

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
}, "Unit");
export type Unit = SchemaType<typeof Unit>;

/** A trap part (trigger, timer or mechanism), built or still a construction site. */
export const TrapPart = schema({
  id: t.string().default(""),
  kind: t.string().default(""),
  role: t.string().default(""),
  x: t.uint16().default(0),
  y: t.uint16().default(0),
  /** False while it is a construction site (TRAP-28). */
  built: t.boolean().default(false),
  /** Metal delivered to the site, and metal needed (TRAP-29, TRAP-31). */
  metalDelivered: t.uint8().default(0),
  metalNeeded: t.uint8().default(0),
  /** Construction progress in percent, 0–100 (TRAP-30). */
  progress: t.uint8().default(0),
  /** The id of the joined cable network this part is on, empty when unwired (TRAP-10, TRAP-11). */
  networkId: t.string().default(""),
  /** Needs a rearm after use (TRAP-32). */
  needsRearm: t.boolean().default(false),
  /** Its 2-day rearm ran out: show the crossed-out dart (TRAP-49, TRAP-50). */
  expired: t.boolean().default(false),
  /** Rigged trigger (TRAP-39). */
  rigged: t.boolean().default(false),
  /** Timers: delay in game minutes (TRAP-17). */
  delayMinutes: t.uint16().default(0),
  /** Levers and triggers wired to doors: currently active (DOOR-23, DOOR-25). */
  active: t.boolean().default(false),
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
  metal: t.uint16().default(0),
  units: t.map(Unit),
  parts: t.map(TrapPart),
  cables: t.map(Cable),
  invasion: t.ref(InvasionInfo),
  keepers: t.uint8().default(0),
  spectators: t.uint16().default(0),
}, "DungeonState");
export type DungeonState = SchemaType<typeof DungeonState>;
