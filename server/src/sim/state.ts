import type {
  ArmourKind, HitLocation, MinionJob, PartKind, RulesetId, Stance, UnitKind, UnitState as UnitActivity, WoundSeverity,
} from "@malignus/shared";
import type { DoorMemory, DoorRecord } from "./doors/types.ts";
import type { MerchantsRecord } from "./merchants/types.ts";

import type { D20Unit } from "./combat/d20/types.ts";
import type { D100Unit } from "./combat/d100/types.ts";
import type { D100Options } from "./combat/d100/constants.ts";
import type { DuelMercyRecord, DuelProposalRecord } from "./combat/d100/duels.ts";
import type { EncounterRecord } from "./combat/encounters/types.ts";

/**
 * The whole simulation state as plain JSON-safe data. `snapshot()` copies it, `restore()` takes
 * it back, and the state hash is computed over it; nothing outside this object influences a tick
 * except the commands applied. Entity records are keyed by decimal id strings, so their
 * iteration order is numeric and deterministic.
 */
export interface SimState {
  /** Snapshot format version. */
  version: 1;
  seed: number;
  ruleset: RulesetId;
  /** Ticks elapsed since day 1, 00:00 plus `startTick`. */
  tick: number;
  /** True while the game clock is paused (INV-79): `step()` then does nothing. */
  paused: boolean;
  pauseOnSpot: boolean;
  /** pure-rand xoroshiro128+ state. */
  rng: number[];
  /** Next entity id to hand out. */
  nextId: number;
  map: MapState;
  /** Metal in the stock (TRAP-31). */
  metal: number;
  units: Record<string, UnitRecord>;
  parts: Record<string, PartRecord>;
  cables: Record<string, CableRecord>;
  /** Pending delayed firings from timers (TRAP-16), in the order they were scheduled. */
  pendingFirings: PendingFiring[];
  /** Lingering trap effects (gas clouds, webs, terror, spiders), by id (traps/effects.ts). */
  effects: Record<string, EffectRecord>;
  /** The keeper's lairs (TRAP-61), by id (traps/lairs.ts). */
  lairs: Record<string, LairRecord>;
  invasion: InvasionRecord;
  parties: Record<string, PartyRecord>;
  /** Fights played in rounds (d20, d100 rulesets), by id (combat/encounters/); absent until the first. */
  encounters?: Record<string, EncounterRecord>;
  /** d100 rooms: the room options of the d100 ruleset (P100-DEATH-10, P100-SPELL-08); defaults when absent. */
  d100Options?: D100Options;
  /** d100 rooms: duel proposals waiting for the other side's answer, by id (combat/d100/duels.ts, P100-DUEL-01); absent counts as none. */
  duelProposals?: Record<string, DuelProposalRecord>;
  /**
   * d100 rooms: true while no keeper is connected (the room's `seats` input, inputs/seats.ts; absent: a keeper is there, as
   * in headless runs). The keeper side's AI then answers duel proposals made to it and decides
   * whether its duel winners spare their losers (combat/d100/duels.ts, issue 8).
   */
  keeperAway?: boolean;
  /**
   * True while adventurer players are seated and the room's `pauseOnSpot` option was on: the
   * clock then never pauses for one side (INV-79), so `pauseOnSpot` is false until the last
   * player's seat is freed and this restores it (inputs/seats.ts). Absent otherwise.
   */
  spotPauseHeld?: boolean;
  /** d100 rooms: duels to the death won by a side a person holds, waiting for the winner's mercy (combat/d100/duels.ts, P100-DUEL-20); absent counts as none. */
  duelMercies?: Record<string, DuelMercyRecord>;
  /** What each adventurer knows about the keeper's traps, by unit id (knowledge/, KNOW-01 to KNOW-51). Adventurer-private. */
  knowledge: Record<string, UnitKnowledge>;
  /** The keeper's treasure (INV-02, INV-89, INV-90): gold pieces and where it lies. */
  treasure: TreasureRecord;
  /** The keeper's guard posts and their torches (INV-76), by id. */
  guardPosts: Record<string, GuardPostRecord>;
  /** The keeper's altars (INV-02), by id (invasions/altars.ts); absent counts as none. */
  altars?: Record<string, AltarRecord>;
  /**
   * The Surface's settlements (INV-32, INV-33, INV-50; invasions/settlements.ts), by id; absent
   * until the first raid, counting as the `SETTLEMENTS` table untouched.
   */
  settlements?: Record<string, SettlementRecord>;
  /** Blood and burn marks by tile index (KNOW-22): old ones give a party Caution once per sector. */
  traces: Record<string, TraceRecord>;
  /** Doors and their padlocks (DOOR rules), by id (doors/doors.ts). */
  doors: Record<string, DoorRecord>;
  /** What doors taught parties and factions: detour rolls, forcing, Cartographers (doors/types.ts). */
  doorMemory: DoorMemory;
  /**
   * Travelling merchants (DOOR-12; merchants/merchants.ts): absent until the first one comes,
   * unless the room option `firstMerchantDay` set a schedule of its own.
   */
  merchants?: MerchantsRecord;
}

/** The tile grid. `tiles` and `dark` hold one character per tile, row-major (index = y*width + x). */
export interface MapState {
  name: string;
  width: number;
  height: number;
  tiles: string;
  dark: string;
  /** Map-edge portal tiles (INV-07). */
  portals: Pos[];
  /** Sanctum tiles (DOOR-49). */
  sanctum: Pos[];
  /** Where the metal stock is kept: minions fetch metal here (TRAP-29). */
  stockpile: Pos;
}

/** A tile position, in tiles. */
export interface Pos { x: number; y: number }

/** Where an enemy was when a unit learned of it, and the tick it learned it (CMB-05, CMB-08). */
export interface KnownPosition { x: number; y: number; tick: number }

/** Gear a unit fights with (CMB-29 blunt weapons and fists, CMB-31 armour, CMB-39 helm). */
export interface Gear {
  weapon: string;
  /** True for blunt weapons and fists (CMB-29, CMB-38). */
  blunt: boolean;
  ranged: boolean;
  armour: ArmourKind;
  /** Helm rating in percentage points off the head-wound chance (CMB-39); 0 = no helm. */
  helm: number;
}

/** A wound on a unit (CMB-24, CMB-26). */
export interface Wound { severity: WoundSeverity; location: HitLocation; tick: number }

/** A unit's walk: the tiles still ahead and the progress toward the next one. */
export interface Walk {
  /** Tile index the walk leads to. */
  goal: number;
  /** Tile indices still to walk, next first. */
  path: number[];
  /** Progress toward the next tile, in thousandths of a tile. */
  progress: number;
}

/** A unit: the Master, a minion, a creature or an adventurer. */
export interface UnitRecord {
  id: string;
  kind: UnitKind;
  name: string;
  x: number;
  y: number;
  /** 0 = north, clockwise in eighths. */
  facing: number;
  activity: UnitActivity;
  /** Minions: their job (TRAP-04). */
  job: MinionJob;
  /** "dungeon" for the keeper's side, "wild" for wild creatures, else an adventurer faction. */
  faction: string;
  /** Creature species ("troll", "kobold", …) for creatures; "" otherwise (CMB-21, CMB-35). */
  species: string;
  stats: { combat: number; craft: number; tracking: number; block: number };
  /** Walking speed in thousandths of a tile per tick. */
  speed: number;
  gear: Gear;
  wounds: Wound[];
  woundPoints: number;
  /** Adventurers only. */
  partyId: string;
  adventurerClass: string;
  level: number;
  traits: string[];
  walk: Walk | null;
  /** Current fight target, or "". */
  targetId: string;
  /** Tick at which this unit may attack again. */
  nextAttackTick: number;
  /** Unconscious units: the tick they wake at (CMB-48). */
  wakeTick: number;
  /** Minions: what it is working on (a part id) or fetching metal for, or "". */
  taskPartId: string;
  /** Minions: metal it carries. */
  carryingMetal: number;
  /** Home tile a minion returns to when idle. */
  home: Pos;
  /** Minions: the door it works on (padlock site or a Chores repair, doors/chores.ts), or "" / absent. */
  doorTask?: string;
  /** Minions: the combat stance set on the slider (CMB-15 to CMB-17); others keep "aggression". */
  stance: Stance;
  /** Minions and creatures: the unit the keeper ordered it to attack, or "" (combat/stance.ts). */
  orderTargetId: string;
  /**
   * Enemies this unit knows the position of without seeing them, by unit id: where and when it
   * learned it (CMB-05 being hit, CMB-08 a noise). Forgotten once reached or out of the fight.
   */
  knownEnemies: Record<string, KnownPosition>;
  /** The unit carrying this unconscious body, or "" (CMB-44). */
  carriedBy: string;
  /** The unconscious body this unit carries, or "" (CMB-44). */
  carryingId: string;
  /** Tick this unit died on, -1 while alive; its death made a noise then (CMB-06). */
  diedTick: number;
  /** Creatures: the keeper's lair it lives in (TRAP-61), or "". */
  lairId?: string;
  /** d20 ruleset: the unit's sheet, hit points, statuses and death saves (combat/d20/), set by its `initUnit`. */
  d20?: D20Unit;
  /** d100 ruleset: hit points, placement, role, statuses, spells, altitude (combat/d100/), set by its `initUnit`. */
  d100?: D100Unit;
  /**
   * Adventurers played by a player: the player's seat id, set by the room while the player is
   * connected (rooms/DungeonRoom.ts); absent or "" = the AI plays it. Encounter rules may await
   * this player's plan (`EncounterRules.awaitsPlayer`).
   */
  controller?: string;
  /**
   * Set by an adventurer player's `moveTo` command: the tile its adventurer walks to and
   * stays on while a player controls it (invasions/playerMoves.ts). Absent for the AI.
   */
  playerGoal?: Pos;
  /**
   * d100 rooms: a companion's owner, the adventurer it came with (its familiar, P100-FAMILIAR, or
   * its mount, P100-AIR-22; combat/d100/companions.ts); absent for everyone else.
   */
  companionOf?: string;
}

/** A trap part: a construction site until `built` (TRAP-28). */
export interface PartRecord {
  id: string;
  kind: PartKind;
  x: number;
  y: number;
  built: boolean;
  metalDelivered: number;
  /** Ticks of construction work done (TRAP-30). */
  workDone: number;
  /** Needs a rearm after use (TRAP-32). */
  needsRearm: boolean;
  /** Tick of the last rearm or of completion: the 2-day countdown starts here (TRAP-48, TRAP-53). */
  rearmedTick: number;
  /** Rigged trigger, and the minion it ignores (TRAP-39, TRAP-41); "" when not rigged. */
  riggedBy: string;
  /** Timers: delay in game minutes (TRAP-17). */
  delayMinutes: number;
  /** Levers and door triggers: active (DOOR-23, DOOR-25). */
  active: boolean;
  /** Triggers: "shoddy" ones are easier to spot (KNOW-13); "normal" otherwise. */
  quality: "normal" | "shoddy";
  /** Ticks of rearm work done on the current rearm (TRAP-34); 0 when none is under way. */
  rearmWorkDone: number;
  /** The Trapping minion that took this part's rearm job, or "" (TRAP-34, TRAP-51). */
  rearmerId: string;
}

/** A cable: a path of tiles and the hops it makes over other cables (TRAP-21, TRAP-23). */
export interface CableRecord {
  id: string;
  /** Tile indices along the cable, in drag order. */
  path: number[];
  /** Tile indices where it hops over another cable (TRAP-22: no connection there). */
  hops: number[];
}

/**
 * A lingering trap effect (traps/effects.ts): a gas cloud on `tiles`, or a hold on one unit
 * (web, terror, spiders). Ends at `untilTick`.
 */
export interface EffectRecord {
  id: string;
  kind: "gas" | "web" | "terror" | "spiders";
  /** The mechanism part that caused it. */
  sourceId: string;
  /** Gas: tile indices the cloud covers; empty for unit effects. */
  tiles: number[];
  /** Unit effects: the affected unit; "" for gas. */
  unitId: string;
  /** Terror: the tile the unit flees to, away from the mechanism. */
  fleeTo: Pos;
  startTick: number;
  untilTick: number;
  /** Next tick the effect harms (gas, spiders); -1 for none. */
  nextHarmTick: number;
  /** Web: the unit's walking speed before it was held, restored at the end. */
  savedSpeed: number;
}

/**
 * A lair of the keeper (TRAP-61): a rectangle of tiles. A wild creature that stays inside it
 * long enough lives there and joins the dungeon (traps/lairs.ts).
 */
export interface LairRecord {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The creature living here, or "". */
  residentId: string;
  /** The wild creature currently settling in, or "", and since which tick. */
  settlerId: string;
  settlerSinceTick: number;
}

/** A mechanism firing delayed by a timer (TRAP-16). */
export interface PendingFiring {
  atTick: number;
  triggerId: string;
  mechanismId: string;
  byUnitId: string | null;
}

/** A settlement of the Surface (invasions/settlements.ts). */
export interface SettlementRecord {
  id: string;
  name: string;
  kind: "village" | "camp";
  /** A camp turned Hostile by a raid (INV-33); a village is never Hostile. */
  hostile: boolean;
  /** Tick of the keeper's last raid on it, -1 when never raided. */
  raidedTick: number;
}

/** The invasion schedule (INV-10 to INV-31) and the current invasion. */
export interface InvasionRecord {
  /** Invasions so far. */
  count: number;
  /** Tick the next invasion is due at, or -1 when it is left to the hourly chance. */
  dueTick: number;
  /** Tick the last invasion ended at, or -1 before the first. */
  lastEndTick: number;
  /** The party in the dungeon, or "". */
  partyId: string;
  /** Tick the running time limit started at (INV-14, INV-30), or -1 before the first invasion ends. */
  limitStartTick: number;
  /** Length of the running time limit, game hours (INV-16 to INV-18, INV-30). */
  limitHours: number;
  /** Storm Rite: no invasion arrives before this tick (INV-26); -1 when none. */
  stormRiteUntilTick: number;
  /** Ocular Scouts: the spectral eye patrols until this tick (INV-85); -1 when none. */
  spectralEyeUntilTick: number;
  /** True while invasions are stopped (Storm Rite or unreachable dungeon, INV-24, INV-26, INV-27). */
  stopped: boolean;
  /** Punitive expeditions, camp warriors and fugitive pursuers waiting to set out, first come first served (INV-34 to INV-36, INV-51). */
  pending: PendingInvasion[];
  /** The indicator word before the current party arrived, kept until it is spotted (INV-83 proposal). */
  lastWord: string;
  /** A fugitive asking to hide (INV-50), its name; "" when none. */
  fugitiveOffer?: string;
  /** Scrying charges the Master holds (INV-66, INV-67). */
  scryingCharges?: number;
  /** The keeper's scrying pool, where the Master receives charges (INV-67); absent when none. */
  scryingPool?: Pos | null;
}

/** An invading party. */
export interface PartyRecord {
  id: string;
  invasionNumber: number;
  goal: "killMaster" | "stealTreasure" | "freePrisoners" | "destroyAltar";
  memberIds: string[];
  portal: Pos;
  spotted: boolean;
  startTick: number;
  ended: boolean;
  /** normal, mob, weaker, stronger, punitive, camp or pursuers (INV-54 to INV-62). */
  kind?: string;
  /** Caution bonus of the party: 0 none, 1 or 2 (KNOW-20 to KNOW-31). */
  caution?: number;
  /** True once the party lost Caution by spotting a trap (KNOW-30, KNOW-31). */
  cautionLostBySpotting?: boolean;
  /** Sectors where old traces already gave this party Caution (KNOW-22). */
  cautionSectors?: number[];
  /** Triggers this party already rolled to spot (KNOW-15, KNOW-16). */
  spotRolls?: string[];
  /** Gold the party carries away (INV-90). */
  loot?: number;
  /** The party left its goal and scatters for treasure (INV-89). */
  scattering?: boolean;
  /**
   * INV-64: the settlement (invasions/settlements.ts) the party set out from: a punitive
   * expedition's village or a camp's camp. Absent: it came from the edge of the Surface map (INV-65).
   */
  homeSettlement?: string;
  /** Known triggers this party defused or sprung while defusing: no longer in its way (KNOW-19). */
  defused?: string[];
  /** The party heads home: its goal is done (INV-03, INV-91). */
  leaving?: boolean;
  /** Gold each member carries away, by unit id (INV-90). */
  carriers?: Record<string, number>;
  /** True while a lit guard-post torch shows the party through the fog (INV-76). */
  shown?: boolean;
}

/** A special invasion waiting to set out (INV-32 to INV-37, INV-50 to INV-53). */
export interface PendingInvasion {
  kind: "punitive" | "camp" | "pursuers";
  /** The settlement, camp or fugitive it comes for or from (free text / unit id). */
  source: string;
}

/** What one adventurer knows about the keeper's traps (KNOW-02, KNOW-04, KNOW-33 to KNOW-41). */
export interface UnitKnowledge {
  /** Trap part ids it knows the place of (KNOW-04; tied to the part, so a new part is unknown). */
  known: string[];
  /** Learned spotting bonus per trigger type, 0..2 (KNOW-34, KNOW-39, KNOW-41). */
  spot: Record<string, number>;
  /** Learned Block bonus per mechanism kind, 0..2 (KNOW-37, KNOW-40, KNOW-41). */
  block: Record<string, number>;
}

/** The keeper's treasure (INV-89, INV-90). */
export interface TreasureRecord { amount: number; x: number; y: number }

/** An altar (INV-02): `damage` is the work put into destroying it, in adventurer-ticks. */
export interface AltarRecord { id: string; x: number; y: number; damage: number }

/** A guard post whose lit torch shows parties within 8 tiles (INV-76 to INV-78). */
export interface GuardPostRecord { id: string; x: number; y: number; lit: boolean }

/** A mark on a tile (KNOW-22): blood where a unit was wounded, burns where a flame jet fired; `tick` when made. */
export interface TraceRecord { kind: "blood" | "burn"; tick: number }
