import { TICKS_PER_GAME_HOUR, type HitLocation, type WoundSeverity } from "../rules.ts";

/**
 * The `malignus` ruleset's numbers: the seed's wound model (CMB-22 to CMB-48) and the dice the
 * seed leaves open (CMB-01: the "Stats and rolls" page is not part of the seed). This is the one
 * data table designers tune for the malignus wound model, beside the trap, creature and invasion
 * tables; the simulation (server/src/sim/combat/malignus/) reads it and never hard-codes these
 * numbers. Every choice the seed leaves open is a named constant here; docs/rules-decisions.md
 * lists them. Chances are in percent, times in ticks.
 */

/** CMB-01 (open): each side of an opposed roll rolls 1dATTACK_DIE_SIDES + its stat. */
export const ATTACK_DIE_SIDES = 10;

/**
 * CMB-01 (open): wound severity by the hit margin (attacker total − defender total, ≥ 1).
 * A margin up to `lightMax` is light, up to `seriousMax` serious, above it critical.
 */
export const SEVERITY_BY_MARGIN = { lightMax: 3, seriousMax: 6 } as const;

/**
 * CMB-01 (open): hit location by a d100 roll: each entry covers rolls up to `max` (inclusive)
 * after the previous entry's `max`. Head 1–15, torso 16–55, arm 56–80, leg 81–100.
 */
export const HIT_LOCATION_TABLE: readonly { readonly max: number; readonly location: HitLocation }[] = [
  { max: 15, location: "head" },
  { max: 55, location: "torso" },
  { max: 80, location: "arm" },
  { max: 100, location: "leg" },
];

/** CMB-28: chance to fall unconscious (percent) by the severity of the wound that took the unit out. */
export const UNCONSCIOUS_CHANCE: Readonly<Record<WoundSeverity, number>> = { light: 75, serious: 50, critical: 25 };

/** CMB-29: the same with a blunt weapon or fists. */
export const UNCONSCIOUS_CHANCE_BLUNT: Readonly<Record<WoundSeverity, number>> = { light: 100, serious: 75, critical: 50 };

/** CMB-29 + CMB-31 (open): chances above this are capped (percent). */
export const MAX_CHANCE = 100;

/** CMB-36: chance (percent) that a serious or critical head wound takes someone out of the fight. */
export const HEAD_WOUND_CHANCE = 25;

/** CMB-38: the same with a blunt weapon or fists. */
export const HEAD_WOUND_CHANCE_BLUNT = 50;

/** CMB-39 (open): the helm lowers the head-wound chance in percentage points, never below this. */
export const MIN_HEAD_WOUND_CHANCE = 0;

/**
 * CMB-41, CMB-42: chance (percent) to fall unconscious after a head wound took the unit out,
 * for every weapon. Armour does not add to it (open: proposal "no").
 */
export const HEAD_WOUND_UNCONSCIOUS_CHANCE: Readonly<Record<"serious" | "critical", number>> = { serious: 100, critical: 50 };

/** CMB-35: the only creature species that falls unconscious instead of dying. */
export const ALWAYS_UNCONSCIOUS_SPECIES = "troll";

/**
 * CMB-48 (open): someone unconscious wakes after a whole number of ticks drawn uniformly in
 * [1, WAKE_WITHIN_TICKS] (4 game hours).
 */
export const WAKE_WITHIN_TICKS = 4 * TICKS_PER_GAME_HOUR;

/** Checks (spotting, defusing, lockpicking, bashing, rearming, resisting): the die rolled. A 1 is a critical failure (TRAP-36), a 10 a critical success. */
export const CHECK_DIE_SIDES = 10;
/** Checks succeed when 1d10 + stat + bonus reaches difficulty + this (a stat-3 unit against difficulty 3 succeeds on 5+: 60%). */
export const CHECK_BASE_DIFFICULTY = 5;
