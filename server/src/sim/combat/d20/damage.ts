import {
  BASIC_DOT, MAGIC_ADVANTAGE, MAGIC_ADVANTAGE_BONUS, type D20DamageType, type DamageType,
} from "@malignus/shared";
import { maxDice, rollDice, type Dice, type DiceExpr } from "./dice.ts";

/** D20-DAMAGE-07: the d20 damage types (the d20 table's vocabulary, shared/src/data/d20.ts). */
export { type D20DamageType } from "@malignus/shared";

/**
 * The shared damage vocabulary (trap table, weapons) read as d20 types. Left open (D20-DAMAGE
 * source defect): fire is burn (D20-DAMAGE-22); lightning and force are elemental magic
 * (D20-DAMAGE-21); blunt is bludgeoning; "none" deals bludgeoning.
 */
export const SHARED_TO_D20_DAMAGE: Readonly<Record<DamageType, D20DamageType>> = {
  slashing: "slashing", piercing: "piercing", blunt: "bludgeoning", fire: "burn", poison: "poison",
  lightning: "magic", acid: "acid", force: "magic", none: "bludgeoning",
};

/**
 * D20-DAMAGE-02, D20-DAMAGE-03, D20-DAMAGE-05: a damage roll, the dice plus the skill level plus
 * bonuses; a critical hit counts every die at its maximum and still adds the flat bonuses
 * (Left open D20-DAMAGE, critical damage). D20-ATTACK-32: `noModifiers` (two-weapon fighting)
 * drops the skill level and bonuses.
 */
export function damageRoll(dice: Dice, expr: DiceExpr | string, skillLevel: number, bonus: number, critical: boolean, noModifiers = false): number {
  const base = critical ? maxDice(expr) : rollDice(dice, expr);
  return noModifiers ? base : base + skillLevel + bonus;
}

/** What the target brings against one instance of damage. */
export interface DamageDefence {
  /** Types it resists (duplicates count once, D20-DAMAGE-29). */
  resistances: readonly D20DamageType[];
  /** Types it is vulnerable to (duplicates count once, D20-DAMAGE-30). */
  vulnerabilities: readonly D20DamageType[];
  /** Flat reductions (auras, …), summed and applied before resistance (D20-DAMAGE-27). */
  reduction: number;
  /** D20-DAMAGE-29: also resists every non-magical damage (counted once with a type resistance). */
  resistsNonMagical?: boolean;
  /** D20-DAMAGE-30: also vulnerable to every magical damage (counted once with a type vulnerability). */
  vulnerableToMagical?: boolean;
}

/**
 * D20-DAMAGE-25 to D20-DAMAGE-30: damage actually taken. Flat reductions first, then resistance
 * (halved, rounded down) or vulnerability (doubled), each counted once whatever the number of
 * sources (a type resistance and the resistance to non-magical damage halve non-magical damage of
 * that type once, D20-DAMAGE-29; likewise a type vulnerability and the vulnerability to magical
 * damage, D20-DAMAGE-30); both at once cancel (Left open D20-DAMAGE). Never below 0. Example: 25
 * bludgeoning, aura −5, resistant → 10 (D20-DAMAGE-28). `magical` is the instance's flag (the
 * D20-DAMAGE-29 decision: true for spells and magic weapons).
 */
export function damageTaken(amount: number, type: D20DamageType, defence: DamageDefence, magical = false): number {
  let d = Math.max(0, amount - defence.reduction);
  const resists = defence.resistances.includes(type) || (!magical && defence.resistsNonMagical === true);
  const vulnerable = defence.vulnerabilities.includes(type) || (magical && defence.vulnerableToMagical === true);
  if (resists && !vulnerable) d = Math.floor(d / 2);
  else if (vulnerable && !resists) d = d * 2;
  return Math.max(0, d);
}

/** A damage-over-time effect on a creature: `dice` rolled at the start of each of its next `turnsLeft` turns. */
export interface DotRecord { type: D20DamageType; dice: string; turnsLeft: number; sourceId: string }

/**
 * Adds the basic damage over time of `type` (if it has one, `BASIC_DOT` of the d20 table) to
 * `dots`. The same type again resets its duration instead of stacking (Left open D20-DAMAGE).
 */
export function addBasicDot(dots: DotRecord[], type: D20DamageType, sourceId: string): void {
  const basic = BASIC_DOT[type];
  if (!basic) return;
  const existing = dots.find((d) => d.type === type);
  if (existing) { existing.turnsLeft = basic.turns; existing.sourceId = sourceId; return; }
  dots.push({ type, dice: basic.dice, turnsLeft: basic.turns, sourceId });
}

/**
 * Rolls every damage over time due at the start of a turn and counts down their durations
 * (expired ones are removed). Returns the ticks, in order, before resistance.
 */
export function tickDots(dice: Dice, dots: DotRecord[]): { type: D20DamageType; amount: number; sourceId: string }[] {
  const out: { type: D20DamageType; amount: number; sourceId: string }[] = [];
  for (const d of dots) {
    out.push({ type: d.type, amount: rollDice(dice, d.dice), sourceId: d.sourceId });
    if (d.turnsLeft > 0) d.turnsLeft -= 1;
  }
  for (let i = dots.length - 1; i >= 0; i--) if ((dots[i] as DotRecord).turnsLeft === 0) dots.splice(i, 1);
  return out;
}

/**
 * D20-DAMAGE-31, D20-DAMAGE-32 (Left open reading): when a spell meets a spell-based defence, the
 * attacker whose element beats the defender's (`MAGIC_ADVANTAGE` of the d20 table) deals
 * +`MAGIC_ADVANTAGE_BONUS` (2) damage and a defender whose element beats the attacker's gets +2 AC.
 */
export function magicAdvantage(attackerElement: string, defenderElement: string): { damage: number; ac: number } {
  if (MAGIC_ADVANTAGE[attackerElement] === defenderElement) return { damage: MAGIC_ADVANTAGE_BONUS, ac: 0 };
  if (MAGIC_ADVANTAGE[defenderElement] === attackerElement) return { damage: 0, ac: MAGIC_ADVANTAGE_BONUS };
  return { damage: 0, ac: 0 };
}

/** D20-WATER-07: a fully submerged creature or object resists burn (fire) damage. */
export function withSubmersion(resistances: readonly D20DamageType[], submerged: boolean): D20DamageType[] {
  return submerged && !resistances.includes("burn") ? [...resistances, "burn"] : [...resistances];
}
