import type { ArmourKind } from "../rules.ts";

/**
 * Invasion curves (INV-10 to INV-63) as designer data: time limits by day, party size and level
 * weights by game day, peasant mobs, weaker/stronger odds, goal weights and the adventurer
 * classes. The simulation reads these tables and never hard-codes the numbers.
 * Probabilities are in per-mille (‰) so draws are exact integers.
 */

/** Time limit in game hours after an invasion that ended on a given day (INV-16 to INV-18, proposal: straight line). */
export const TIME_LIMIT_HOURS_BY_DAY: Readonly<Record<number, number>> = { 1: 48, 2: 48, 3: 44, 4: 41, 5: 37, 6: 34 };
/** Time limit from day 7 on, in game hours (INV-17). */
export const TIME_LIMIT_HOURS_LATE = 30;

/** A party goal (INV-01, INV-02). */
export type PartyGoal = "killMaster" | "stealTreasure" | "freePrisoners" | "destroyAltar";
/** Goal weights in ‰ (INV-01, INV-02 proposal: 70% the Master, 10% each other goal). */
export const GOAL_WEIGHTS: Readonly<Record<PartyGoal, number>> = {
  killMaster: 700, stealTreasure: 100, freePrisoners: 100, destroyAltar: 100,
};

/**
 * One row of the party curve, in force from `fromDay` until the next row (INV-41 to INV-49).
 * `members` is the usual party size from the 3rd invasion on; `levelWeights[l]` is the weight
 * of a member being level `l` (level 0 = a peasant, INV-47 proposal).
 */
export interface PartyCurveRow {
  fromDay: number;
  members: number;
  /** Weights for levels 0..5; a level with weight 0 never comes. */
  levelWeights: readonly [number, number, number, number, number, number];
}

/**
 * The party curve by game day (INV-41, INV-42: size grows to 5 first, then levels; INV-43 to
 * INV-45: level 3 from day 10, 4 from day 15, 5 from day 30; INV-46: 5 × level 5 from day 50;
 * INV-49: early parties mostly peasants).
 */
export const PARTY_CURVE: readonly PartyCurveRow[] = [
  { fromDay: 1, members: 2, levelWeights: [90, 10, 0, 0, 0, 0] },
  { fromDay: 4, members: 3, levelWeights: [70, 30, 0, 0, 0, 0] },
  { fromDay: 6, members: 4, levelWeights: [50, 50, 0, 0, 0, 0] },
  { fromDay: 8, members: 5, levelWeights: [30, 50, 20, 0, 0, 0] },
  { fromDay: 10, members: 5, levelWeights: [15, 40, 35, 10, 0, 0] },
  { fromDay: 15, members: 5, levelWeights: [5, 25, 40, 20, 10, 0] },
  { fromDay: 20, members: 5, levelWeights: [0, 15, 35, 30, 20, 0] },
  { fromDay: 30, members: 5, levelWeights: [0, 5, 20, 35, 30, 10] },
  { fromDay: 40, members: 5, levelWeights: [0, 0, 10, 25, 35, 30] },
  { fromDay: 50, members: 5, levelWeights: [0, 0, 0, 0, 0, 100] },
];

/** The first day each level may come (INV-43 to INV-45); level 0–2 from day 1. */
export const LEVEL_GATE_DAY: readonly number[] = [1, 1, 1, 10, 15, 30];
/** Highest level there is. */
export const MAX_LEVEL = 5;

/** Peasant-mob odds from the 3rd invasion on, ‰ (INV-54 proposal 12.5%). */
export const MOB_PERMILLE = 125;
/** First invasion number that may be a mob (INV-54). */
export const MOB_FROM_INVASION = 3;
/** Early mob size weights for 2, 3 and 4 peasants (INV-55: 2 or 3, sometimes 4). */
export const EARLY_MOB_SIZE_WEIGHTS: Readonly<Record<number, number>> = { 2: 45, 3: 40, 4: 15 };
/** Last day mobs keep their early size (INV-55 proposal: until day 10). */
export const MOB_EARLY_UNTIL_DAY = 10;
/** Day a mob reaches its full size (INV-56 proposal: 12 by day 50). */
export const MOB_FULL_DAY = 50;
/** Full mob size (INV-56). */
export const MOB_FULL_SIZE = 12;

/** Weaker and stronger odds, each ‰, from the 4th invasion on (INV-57, INV-58 proposal 20% each). */
export const WEAKER_PERMILLE = 200;
export const STRONGER_PERMILLE = 200;
/** First invasion number that may be weaker or stronger (INV-57, INV-58). */
export const STRENGTH_FROM_INVASION = 4;
/** Most members a stronger party may have (proposal: 6). */
export const MAX_STRONGER_MEMBERS = 6;

/** Adventurer stats (KNOW-12 Tracking, DOOR Craft and Combat, KNOW-37 Block). */
export interface AdventurerStats { combat: number; craft: number; tracking: number; block: number }

/** One adventurer class: stats at level 1 (peasants: level 0), gain per level, gear and traits. */
export interface AdventurerClassData {
  name: string;
  base: AdventurerStats;
  /** Added once per level above 1. */
  perLevel: AdventurerStats;
  weapon: string;
  blunt: boolean;
  ranged: boolean;
  armour: ArmourKind;
  helm: number;
  /** Abilities shown in the letter (INV-81), e.g. the Rogue's Trap Detection (KNOW-08). */
  traits: readonly string[];
  /** Weight among classed adventurers (level ≥ 1); 0 for classes only drawn on purpose. */
  weight: number;
  /** `d100` rooms: the familiar or mount that comes with each adventurer of the class (P100-FAMILIAR, P100-AIR-22); absent = none. */
  companion?: CompanionData;
}

/**
 * A creature that comes with an adventurer in `d100` rooms: a familiar (P100-FAMILIAR-01 to 14) or
 * a mount (P100-AIR-20 to 23). `species` is a key of the species table (data/creatures.ts).
 */
export interface CompanionData {
  role: "familiar" | "mount";
  species: string;
  /** Familiars: hunter (the hunter's pet, P100-FAMILIAR-11 to 13), demon, undead, elemental (banished at death, P100-FAMILIAR-10) or other. */
  familiarKind?: "hunter" | "demon" | "undead" | "elemental" | "other";
  /**
   * Familiars: the owner's spell of a familiar specialisation (P100-FAMILIAR-05), making it a
   * specialist that acts with its familiar (P100-FAMILIAR-03/04); absent = a non-specialist that
   * chooses each turn (P100-FAMILIAR-02).
   */
  specialisationSpell?: string;
}

/** The Rogue's trap-detection ability (KNOW-08). */
export const TRAP_DETECTION = "Trap Detection";

/**
 * Adventurer classes (Peasant, Warrior, Scout, Cartographer, Locksmith, Doorbreaker, Rogue, Priest).
 * Trait names match what other modules read: doors/forcing.ts `TRAIT` (scout, cartographer,
 * locksmith, doorbreaker), the d100 sheet's "Healing", and {@link TRAP_DETECTION}.
 */
export const ADVENTURER_CLASSES: Readonly<Record<string, AdventurerClassData>> = {
  Peasant: {
    name: "Peasant", base: { combat: 1, craft: 1, tracking: 1, block: 0 }, perLevel: { combat: 0, craft: 0, tracking: 0, block: 0 },
    weapon: "pitchfork", blunt: false, ranged: false, armour: "none", helm: 0, traits: [], weight: 0,
  },
  Warrior: {
    name: "Warrior", base: { combat: 3, craft: 1, tracking: 1, block: 1 }, perLevel: { combat: 1, craft: 0, tracking: 0, block: 1 },
    weapon: "sword", blunt: false, ranged: false, armour: "chainmail", helm: 20, traits: ["Shield Wall"], weight: 30,
  },
  Scout: {
    name: "Scout", base: { combat: 2, craft: 1, tracking: 3, block: 0 }, perLevel: { combat: 0, craft: 0, tracking: 1, block: 0 },
    weapon: "bow", blunt: false, ranged: true, armour: "leather", helm: 0, traits: ["scout"], weight: 15,
  },
  Cartographer: {
    name: "Cartographer", base: { combat: 1, craft: 2, tracking: 2, block: 0 }, perLevel: { combat: 0, craft: 1, tracking: 1, block: 0 },
    weapon: "dagger", blunt: false, ranged: false, armour: "none", helm: 0, traits: ["cartographer"], weight: 10,
  },
  Locksmith: {
    name: "Locksmith", base: { combat: 1, craft: 3, tracking: 1, block: 0 }, perLevel: { combat: 0, craft: 1, tracking: 0, block: 0 },
    weapon: "dagger", blunt: false, ranged: false, armour: "cloth", helm: 0, traits: ["locksmith"], weight: 10,
  },
  Doorbreaker: {
    name: "Doorbreaker", base: { combat: 3, craft: 1, tracking: 1, block: 1 }, perLevel: { combat: 1, craft: 0, tracking: 0, block: 0 },
    weapon: "maul", blunt: true, ranged: false, armour: "chainmail", helm: 10, traits: ["doorbreaker"], weight: 10,
  },
  Rogue: {
    name: "Rogue", base: { combat: 2, craft: 2, tracking: 2, block: 0 }, perLevel: { combat: 0, craft: 1, tracking: 1, block: 0 },
    weapon: "dagger", blunt: false, ranged: false, armour: "leather", helm: 0, traits: [TRAP_DETECTION], weight: 15,
  },
  Priest: {
    name: "Priest", base: { combat: 2, craft: 1, tracking: 2, block: 0 }, perLevel: { combat: 0, craft: 0, tracking: 1, block: 0 },
    weapon: "mace", blunt: true, ranged: false, armour: "cloth", helm: 0, traits: ["Healing"], weight: 10,
  },
  /** A ranged class with a hunting hound (P100-FAMILIAR-11 to 13); drawn only on purpose (room option `d100.firstParty`). */
  Hunter: {
    name: "Hunter", base: { combat: 2, craft: 1, tracking: 3, block: 0 }, perLevel: { combat: 1, craft: 0, tracking: 1, block: 0 },
    weapon: "bow", blunt: false, ranged: true, armour: "leather", helm: 0, traits: ["Hunter"], weight: 0,
    companion: { role: "familiar", species: "hound", familiarKind: "hunter" },
  },
  /** A familiar specialist bound to an imp (demon, P100-FAMILIAR-03 to 05, 10); drawn only on purpose. */
  Warlock: {
    name: "Warlock", base: { combat: 2, craft: 2, tracking: 1, block: 0 }, perLevel: { combat: 1, craft: 1, tracking: 0, block: 0 },
    weapon: "staff", blunt: true, ranged: false, armour: "cloth", helm: 0, traits: ["Imp Binder"], weight: 0,
    companion: { role: "familiar", species: "imp", familiarKind: "demon", specialisationSpell: "bindImp" },
  },
  /** A lancer riding a griffon, a flying mount that can charge (P100-AIR-14/15, 20 to 23); drawn only on purpose. */
  Skyrider: {
    name: "Skyrider", base: { combat: 3, craft: 1, tracking: 2, block: 1 }, perLevel: { combat: 1, craft: 0, tracking: 0, block: 0 },
    weapon: "spear", blunt: false, ranged: false, armour: "leather", helm: 10, traits: ["Rider"], weight: 0,
    companion: { role: "mount", species: "griffon" },
  },
};

/** The row of {@link PARTY_CURVE} in force on `day` (day ≥ 1). */
export function partyCurveRow(day: number): PartyCurveRow {
  let row = PARTY_CURVE[0] as PartyCurveRow;
  for (const r of PARTY_CURVE) if (r.fromDay <= day) row = r;
  return row;
}

/** The highest level allowed on `day` by the gates (INV-43 to INV-45). */
export function maxLevelOnDay(day: number): number {
  let max = 0;
  for (let l = 0; l <= MAX_LEVEL; l++) if ((LEVEL_GATE_DAY[l] as number) <= day) max = l;
  return max;
}
