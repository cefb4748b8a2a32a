import type { ArmourKind, DamageType } from "../rules.ts";

/**
 * Weapons and creature species: the one data table for what units fight with and what creatures
 * are (CMB-21 kobolds, CMB-29 blunt weapons and fists, CMB-31 armour, CMB-35 the troll, CMB-39
 * helms). The simulation reads it and never hard-codes these numbers. Each weapon carries its
 * numbers for the three rulesets: bluntness for `malignus`, dice for `d20`, a damage range for
 * `d100`.
 */

/** One weapon. */
export interface WeaponData {
  /** Blunt weapons and fists change the unconscious and head-wound chances (CMB-29, CMB-38). */
  blunt: boolean;
  /** Ranged weapons shoot (CMB-11 to CMB-14); others strike next to the target (CMB-09). */
  ranged: boolean;
  damageType: DamageType;
  /** `d20` ruleset: damage dice, e.g. "1d8". */
  d20Damage: string;
  /** `d100` ruleset: damage range [min, max] in hit points. */
  d100Damage: readonly [number, number];
}

/** Every weapon a unit can carry, by name (the name is `Gear.weapon` and `Unit.weapon`). */
export const WEAPONS = {
  fists: { blunt: true, ranged: false, damageType: "blunt", d20Damage: "1d3", d100Damage: [1, 6] },
  claws: { blunt: false, ranged: false, damageType: "slashing", d20Damage: "1d6", d100Damage: [3, 12] },
  bite: { blunt: false, ranged: false, damageType: "piercing", d20Damage: "1d6", d100Damage: [3, 12] },
  club: { blunt: true, ranged: false, damageType: "blunt", d20Damage: "1d6", d100Damage: [3, 14] },
  staff: { blunt: true, ranged: false, damageType: "blunt", d20Damage: "1d6", d100Damage: [3, 14] },
  mace: { blunt: true, ranged: false, damageType: "blunt", d20Damage: "1d6", d100Damage: [4, 16] },
  maul: { blunt: true, ranged: false, damageType: "blunt", d20Damage: "2d6", d100Damage: [6, 24] },
  hammer: { blunt: true, ranged: false, damageType: "blunt", d20Damage: "1d8", d100Damage: [4, 18] },
  dagger: { blunt: false, ranged: false, damageType: "piercing", d20Damage: "1d4", d100Damage: [2, 10] },
  spear: { blunt: false, ranged: false, damageType: "piercing", d20Damage: "1d6", d100Damage: [4, 16] },
  pitchfork: { blunt: false, ranged: false, damageType: "piercing", d20Damage: "1d6", d100Damage: [3, 12] },
  sword: { blunt: false, ranged: false, damageType: "slashing", d20Damage: "1d8", d100Damage: [5, 20] },
  axe: { blunt: false, ranged: false, damageType: "slashing", d20Damage: "1d8", d100Damage: [5, 22] },
  bow: { blunt: false, ranged: true, damageType: "piercing", d20Damage: "1d6", d100Damage: [4, 16] },
  crossbow: { blunt: false, ranged: true, damageType: "piercing", d20Damage: "1d8", d100Damage: [5, 20] },
  sling: { blunt: true, ranged: true, damageType: "blunt", d20Damage: "1d4", d100Damage: [2, 10] },
} as const satisfies Record<string, WeaponData>;
/** A weapon name, one of the keys of {@link WEAPONS}. */
export type WeaponName = keyof typeof WEAPONS;

/** The stats the rules read (a stat of 3 is average). */
export interface UnitStats { combat: number; craft: number; tracking: number; block: number }

/** One kind of dungeon dweller: the Master, a minion, or a creature species. */
export interface SpeciesData {
  kind: "master" | "minion" | "creature";
  /** Display name. */
  name: string;
  stats: UnitStats;
  weapon: WeaponName;
  armour: ArmourKind;
  /** Helm rating in percentage points off the head-wound chance (CMB-39). */
  helm: number;
  /** Walking speed in thousandths of a tile per tick (250 = a tile every 4 ticks). */
  speed: number;
  /** CMB-35: falls unconscious instead of dying (only the troll). */
  alwaysUnconscious: boolean;
  /** CMB-21: how many of this species may fight from one tile (2 for kobolds, else 1). */
  perTile: number;
  /** P100-AIR-01: the species flies (d100 rooms: it takes off when a fight starts); absent = false. */
  flyer?: boolean;
  /** D20-MOVE-19 (d20 rooms): a native swimmer, swimming at double movement; absent = false. */
  swimmer?: boolean;
  /** D20-SIZE (d20 rooms): size category ("large" covers 2×2 tiles, size.ts SPACE_TILES); absent = "medium". */
  size?: "tiny" | "small" | "medium" | "large" | "huge" | "gargantuan";
}

/**
 * The Master, minions and creature species, by id (the id is `UnitRecord.species` for creatures).
 * A creature is a dungeon creature or a wild one depending on its faction, not its species.
 */
export const SPECIES = {
  master: { kind: "master", name: "The Master", stats: { combat: 6, craft: 3, tracking: 3, block: 2 }, weapon: "staff", armour: "cloth", helm: 0, speed: 250, alwaysUnconscious: false, perTile: 1 },
  minion: { kind: "minion", name: "Minion", stats: { combat: 3, craft: 3, tracking: 2, block: 1 }, weapon: "club", armour: "leather", helm: 0, speed: 250, alwaysUnconscious: false, perTile: 1 },
  troll: { kind: "creature", name: "Troll", stats: { combat: 6, craft: 0, tracking: 1, block: 2 }, weapon: "fists", armour: "none", helm: 0, speed: 250, alwaysUnconscious: true, perTile: 1, size: "large" },
  kobold: { kind: "creature", name: "Kobold", stats: { combat: 2, craft: 1, tracking: 2, block: 0 }, weapon: "spear", armour: "none", helm: 0, speed: 250, alwaysUnconscious: false, perTile: 2 },
  wolf: { kind: "creature", name: "Wolf", stats: { combat: 3, craft: 0, tracking: 4, block: 0 }, weapon: "bite", armour: "none", helm: 0, speed: 400, alwaysUnconscious: false, perTile: 1 },
  giantSpider: { kind: "creature", name: "Giant spider", stats: { combat: 4, craft: 0, tracking: 3, block: 1 }, weapon: "bite", armour: "none", helm: 0, speed: 300, alwaysUnconscious: false, perTile: 1 },
  giantRat: { kind: "creature", name: "Giant rat", stats: { combat: 1, craft: 0, tracking: 3, block: 0 }, weapon: "bite", armour: "none", helm: 0, speed: 300, alwaysUnconscious: false, perTile: 1 },
  gargoyle: { kind: "creature", name: "Gargoyle", stats: { combat: 4, craft: 0, tracking: 3, block: 1 }, weapon: "sling", armour: "none", helm: 0, speed: 250, alwaysUnconscious: false, perTile: 1, flyer: true },
  crocodile: { kind: "creature", name: "Crocodile", stats: { combat: 4, craft: 0, tracking: 2, block: 1 }, weapon: "bite", armour: "none", helm: 0, speed: 250, alwaysUnconscious: false, perTile: 1, swimmer: true },
  giantBat: { kind: "creature", name: "Giant bat", stats: { combat: 3, craft: 0, tracking: 4, block: 0 }, weapon: "bite", armour: "none", helm: 0, speed: 300, alwaysUnconscious: false, perTile: 1, flyer: true },
  bear: { kind: "creature", name: "Bear", stats: { combat: 5, craft: 0, tracking: 2, block: 1 }, weapon: "claws", armour: "none", helm: 0, speed: 250, alwaysUnconscious: false, perTile: 1 },
  /** A Hunter's hound (d100 familiar, P100-FAMILIAR-11). */
  hound: { kind: "creature", name: "Hound", stats: { combat: 3, craft: 0, tracking: 4, block: 0 }, weapon: "bite", armour: "none", helm: 0, speed: 250, alwaysUnconscious: false, perTile: 1 },
  /** A Warlock's imp (d100 demon familiar, P100-FAMILIAR-10). */
  imp: { kind: "creature", name: "Imp", stats: { combat: 3, craft: 1, tracking: 2, block: 0 }, weapon: "claws", armour: "none", helm: 0, speed: 250, alwaysUnconscious: false, perTile: 1 },
  /** A Skyrider's griffon: a flying mount that can charge (P100-AIR-14, P100-AIR-22). */
  griffon: { kind: "creature", name: "Griffon", stats: { combat: 4, craft: 0, tracking: 3, block: 1 }, weapon: "claws", armour: "none", helm: 0, speed: 250, alwaysUnconscious: false, perTile: 1, flyer: true },
} as const satisfies Record<string, SpeciesData>;
/** A species id, one of the keys of {@link SPECIES}. */
export type SpeciesId = keyof typeof SPECIES;
