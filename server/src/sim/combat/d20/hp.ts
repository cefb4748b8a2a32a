import { D20, DEATH_SAVE_DC, DEATH_SAVE_LIMIT, FIRST_AID_BASE_DC, STABLE_REGAIN_TURNS } from "@malignus/shared";
import type { Dice } from "./dice.ts";

/** The hit-point part of a d20 unit (see `D20Unit`). */
export interface HpState {
  hp: number;
  maxHp: number;
  deathSaves: { successes: number; failures: number };
  stable: boolean;
  stableTurns: number;
  dead: boolean;
}

/** What a change of HP did to the creature. */
export type HpOutcome = "hurt" | "unconscious" | "knockedOut" | "dead" | "deathSaveFailure" | "healed" | "woke" | "none";

/** True when the creature is at 0 HP and alive: unconscious (D20-HP-14, D20-HP-32). */
export function isUnconscious(u: HpState): boolean {
  return !u.dead && u.hp === 0;
}

/**
 * D20-HP-03, D20-HP-04 (Left open: exactly half shows nothing): true when the creature shows
 * visible wounds, i.e. 2 × HP < maximum.
 */
export function showsWounds(u: HpState): boolean {
  return 2 * u.hp < u.maxHp;
}

function resetTallies(u: HpState): void {
  u.deathSaves.successes = 0;
  u.deathSaves.failures = 0;
}

function die(u: HpState): void {
  u.dead = true;
  u.hp = 0;
  u.stable = false;
}

/**
 * Applies `amount` damage (already through resistance) to the creature.
 * D20-HP-01, D20-HP-12: HP drops, never below 0; the rest is the remaining damage.
 * D20-HP-13: remaining damage ≥ maximum HP kills outright. D20-HP-14: otherwise 0 HP is unconscious.
 * D20-HP-35 to D20-HP-37: `knockOut` (a melee attacker's choice) makes it unconscious and stable
 * instead, but massive damage still kills (Left open D20-HP).
 * At 0 HP already: D20-HP-28 damage ≥ maximum kills; otherwise D20-HP-26/27 one failure, two on a
 * critical; D20-HP-33 a stable creature stops being stable. A dead creature takes nothing.
 */
export function applyDamage(u: HpState, amount: number, opts: { critical?: boolean; knockOut?: boolean } = {}): HpOutcome {
  if (u.dead || amount <= 0) return "none";
  if (u.hp > 0) {
    const remaining = amount - u.hp;
    if (remaining < 0) { u.hp -= amount; return "hurt"; }
    u.hp = 0;
    resetTallies(u);
    u.stableTurns = 0;
    if (remaining >= u.maxHp) { die(u); return "dead"; }
    if (opts.knockOut) { u.stable = true; return "knockedOut"; }
    u.stable = false;
    return "unconscious";
  }
  if (amount >= u.maxHp) { die(u); return "dead"; }
  u.stable = false;
  u.stableTurns = 0;
  u.deathSaves.failures += opts.critical ? 2 : 1;
  if (u.deathSaves.failures >= DEATH_SAVE_LIMIT) { die(u); return "dead"; }
  return "deathSaveFailure";
}

/**
 * D20-HP-09, D20-HP-10: healing adds to current HP up to the maximum, the excess is lost.
 * D20-HP-15, D20-HP-23: a creature at 0 HP that regains HP wakes and its tallies reset.
 * Left open (D20-HP): ordinary healing does nothing for the dead (D20-HP-07).
 */
export function heal(u: HpState, amount: number): HpOutcome {
  if (u.dead || amount <= 0) return "none";
  const wasDown = u.hp === 0;
  u.hp = Math.min(u.maxHp, u.hp + amount);
  if (wasDown) { resetTallies(u); u.stable = false; u.stableTurns = 0; return "woke"; }
  return "healed";
}

/** The result of one jet de destin. */
export interface DeathSaveResult { natural: number; outcome: "success" | "failure" | "stable" | "dead" | "regained" }

/**
 * D20-HP-16 to D20-HP-25: a jet de destin, a plain d20 (no modifier). 10 or more succeeds;
 * a natural 1 is two failures; a natural 20 regains 1 HP; 3 successes make the creature stable,
 * 3 failures kill it; tallies need not be consecutive and reset on stability or healing.
 * @throws Error when the creature is not dying (dead, stable or above 0 HP).
 */
export function deathSave(u: HpState, dice: Dice): DeathSaveResult {
  if (u.dead || u.stable || u.hp > 0) throw new Error("deathSave: the creature is not dying");
  const natural = dice.die(D20);
  if (natural === D20) { heal(u, 1); return { natural, outcome: "regained" }; }
  if (natural >= DEATH_SAVE_DC) {
    u.deathSaves.successes += 1;
    if (u.deathSaves.successes >= DEATH_SAVE_LIMIT) { stabilise(u); return { natural, outcome: "stable" }; }
    return { natural, outcome: "success" };
  }
  u.deathSaves.failures += natural === 1 ? 2 : 1;
  if (u.deathSaves.failures >= DEATH_SAVE_LIMIT) { die(u); return { natural, outcome: "dead" }; }
  return { natural, outcome: "failure" };
}

/** D20-HP-20, D20-HP-23, D20-HP-31, D20-HP-32: the creature becomes stable (still unconscious, tallies reset). */
export function stabilise(u: HpState): void {
  u.stable = true;
  u.stableTurns = 0;
  resetTallies(u);
}

/**
 * D20-HP-29, D20-HP-30 (Left open): first aid on a dying creature, 1d20 + Habilité + Médecine
 * against {@link FIRST_AID_BASE_DC} + its failures; success stabilises it. With `advantage`
 * (helped with the task, D20-ACTION-16) two d20 are rolled and the higher counts.
 * @returns whether it succeeded, the natural die kept and the total.
 */
export function firstAid(u: HpState, dice: Dice, habilite: number, medecine: number, advantage = false): { success: boolean; natural: number; total: number } {
  const first = dice.die(D20);
  const natural = advantage ? Math.max(first, dice.die(D20)) : first;
  const total = natural + habilite + medecine;
  const success = u.hp === 0 && !u.dead && total >= FIRST_AID_BASE_DC + u.deathSaves.failures;
  if (success) stabilise(u);
  return { success, natural, total };
}

/**
 * D20-HP-34 (Left open: counted in the creature's own turns): one turn of a stable creature;
 * after {@link STABLE_REGAIN_TURNS} it regains 1 HP and wakes (D20-HP-15).
 */
export function stableTurn(u: HpState): HpOutcome {
  if (!u.stable || u.dead || u.hp > 0) return "none";
  u.stableTurns += 1;
  if (u.stableTurns >= STABLE_REGAIN_TURNS) return heal(u, 1);
  return "none";
}
