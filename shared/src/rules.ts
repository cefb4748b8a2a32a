/**
 * Rule enums and constants a thin client needs to read the state and the events.
 * Numbers that designers tune live in `data/`; these are the vocabularies.
 */

/** Combat rulesets a room can be created with (see `../shared/rules/*.md`). */
export const RULESET_IDS = ["malignus", "d20", "d100"] as const;
/** One of {@link RULESET_IDS}. */
export type RulesetId = (typeof RULESET_IDS)[number];

/** Roles a client joins a dungeon room with. */
export const ROLES = ["keeper", "spectator"] as const;
/** One of {@link ROLES}. */
export type Role = (typeof ROLES)[number];

/** Tile kinds of the dungeon grid, one character each in `DungeonState.tiles`. */
export const TILE = {
  /** Solid rock or wall: blocks walking, sight and shots. */
  wall: "#",
  /** Walkable floor. */
  floor: ".",
  /** Water: not walkable (DOOR-49 proposal: water breaks a walking path). */
  water: "~",
  /** A map-edge portal where parties enter (INV-07); walkable. */
  portal: "P",
  /** Sanctum floor, where the Master lives (DOOR-49); walkable. */
  sanctum: "S",
  /** Rubble: walkable floor that is difficult terrain in d20 fights (D20-MOVE-22, D20-MOVE-24); not buildable. */
  rubble: ":",
  /**
   * Cover (a low wall, crates, a barricade): walkable floor; in `d100` fights a unit standing on it
   * halves ranged attackers' rolls and raises melee attackers' by half (P100-PLACE-13, P100-PLACE-14).
   * Not buildable.
   */
  cover: "=",
} as const;
/** One tile character, see {@link TILE}. */
export type TileChar = (typeof TILE)[keyof typeof TILE];

/** Kinds of units living in, invading or passing through the dungeon (`merchant`: a travelling merchant, DOOR-12). */
export const UNIT_KINDS = ["master", "minion", "creature", "adventurer", "merchant"] as const;
/** One of {@link UNIT_KINDS}. */
export type UnitKind = (typeof UNIT_KINDS)[number];

/** Minion jobs (TRAP-04 Trapping, DOOR-47 Chores). */
export const MINION_JOBS = ["none", "trapping", "chores"] as const;
/** One of {@link MINION_JOBS}. */
export type MinionJob = (typeof MINION_JOBS)[number];

/** What a unit is doing, as shown to clients. */
export const UNIT_STATES = [
  "idle", "walking", "working", "fighting", "fleeing", "unconscious", "dead", "captured", "left",
] as const;
/** One of {@link UNIT_STATES}. */
export type UnitState = (typeof UNIT_STATES)[number];

/** Wound severities and their wound points (CMB-24, CMB-26). */
export const WOUND_POINTS = { light: 1, serious: 2, critical: 4 } as const;
/** One of the keys of {@link WOUND_POINTS}. */
export type WoundSeverity = keyof typeof WOUND_POINTS;
/** Wound points at which someone is out of the fight (CMB-25). */
export const OUT_OF_FIGHT_WOUND_POINTS = 10;

/** Hit locations a wound can land on (CMB-36: head wounds matter). */
export const HIT_LOCATIONS = ["head", "torso", "arm", "leg"] as const;
/** One of {@link HIT_LOCATIONS}. */
export type HitLocation = (typeof HIT_LOCATIONS)[number];

/** Damage types shared by the three rulesets (trap mechanisms and weapons use them). */
export const DAMAGE_TYPES = [
  "slashing", "piercing", "blunt", "fire", "poison", "lightning", "acid", "force", "none",
] as const;
/** One of {@link DAMAGE_TYPES}. */
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** Body armour kinds and their bonus to fall unconscious, in percentage points (CMB-31). */
export const ARMOUR_UNCONSCIOUS_BONUS = { none: 0, cloth: 10, leather: 10, chainmail: 20, plate: 30 } as const;
/** One of the keys of {@link ARMOUR_UNCONSCIOUS_BONUS}. */
export type ArmourKind = keyof typeof ARMOUR_UNCONSCIOUS_BONUS;

/** The invasion indicator words, lowest to highest, then "In progress" (INV-21, INV-83). */
export const INVASION_WORDS = ["Calm", "Unlikely", "Possible", "Likely", "Imminent", "In progress"] as const;
/** One of {@link INVASION_WORDS}. */
export type InvasionWord = (typeof INVASION_WORDS)[number];

/** Game-time units. A tick is a fixed span of game time whatever the room's timeScale. */
export const TICKS_PER_GAME_MINUTE = 10;
/** Game minutes per game hour. */
export const MINUTES_PER_HOUR = 60;
/** Game hours per game day. */
export const HOURS_PER_DAY = 24;
/** Ticks in one game hour. */
export const TICKS_PER_GAME_HOUR = TICKS_PER_GAME_MINUTE * MINUTES_PER_HOUR;
/** Ticks in one game day. */
export const TICKS_PER_GAME_DAY = TICKS_PER_GAME_HOUR * HOURS_PER_DAY;

/** Wound severities, lightest first (CMB-24), as an array. */
export const WOUND_SEVERITIES = ["light", "serious", "critical"] as const;

/** How fights run under a ruleset: each unit on its own cadence, or encounters in rounds with initiative. */
export const RULESET_TIMINGS = ["continuous", "rounds"] as const;
/** One of {@link RULESET_TIMINGS}. */
export type RulesetTiming = (typeof RULESET_TIMINGS)[number];

/**
 * How a ruleset measures harm on a unit, as the state shows it (`Unit.harmModel`):
 * "woundPoints" (malignus: 0 up, out at 10, CMB-25) or "hitPoints" (d20, d100: `hp` down to 0 of `maxHp`).
 */
export const HARM_MODELS = ["woundPoints", "hitPoints"] as const;
/** One of {@link HARM_MODELS}. */
export type HarmModel = (typeof HARM_MODELS)[number];

/**
 * The stance slider positions, from Flight to Aggression (CMB-15, CMB-16): flee, keep the
 * distance, regroup with allies, fight the enemies it knows about.
 */
export const STANCES = ["flight", "keepDistance", "regroup", "aggression"] as const;
/** One of {@link STANCES}. */
export type Stance = (typeof STANCES)[number];

/** Why someone left the fight: wound points (CMB-25), a head wound (CMB-27), a blow on the helpless (CMB-47), or hit points at 0 (d20, d100). */
export const KNOCKOUT_CAUSES = ["woundPoints", "headWound", "killingBlow", "hitPoints"] as const;
/** One of {@link KNOCKOUT_CAUSES}. */
export type KnockoutCause = (typeof KNOCKOUT_CAUSES)[number];

/** What made a noise (CMB-06 a death, CMB-07 a failed bash). */
export const NOISE_CAUSES = ["death", "bash"] as const;
/** One of {@link NOISE_CAUSES}. */
export type NoiseCause = (typeof NOISE_CAUSES)[number];

/**
 * Statuses a ruleset can put on a unit, as clients see them (`Unit.statuses`): the d20 statuses
 * (D20-STATUS and others) and the d100 ones (P100-STATUS). The `malignus` ruleset has none.
 */
export const STATUSES = [
  "paralysed", "silenced", "rooted", "blinded", "terrified", "enraged", "bleeding", "prone", "grappled",
  "surprised", "hidden", "squeezing", "reloading", "disengaged", "readied", "helped",
  "stunned", "immobilised", "polymorphed", "immune", "disarmed", "disoriented", "incapacitated",
  /** D20-HP-04: a d20 creature below half its maximum HP shows visible wounds. */
  "wounded",
] as const;
/** One of {@link STATUSES}. */
export type Status = (typeof STATUSES)[number];

/**
 * `TrapPart.progress` is sent in whole steps of this many percent (TRAP-30): a site shows 0, 10,
 * 20 … 90 (rounded down) while it is built and 100 once built, so a spectator's patch carries one
 * progress change per step instead of one per room step while a minion works (issue 20, part 4).
 */
export const PART_PROGRESS_STEP = 10;
