import { DYING_LOSS, HUNTER_FAMILIAR_DEATH_HP, HUNTER_HEAL_HP, RESCUE_TRAINED, RESCUE_UNTRAINED } from "@malignus/shared";
import { DEFAULT_D100_OPTIONS, type D100Options } from "./constants.ts";
import { hasStatus } from "./statuses.ts";
import type { D100Unit } from "./types.ts";

/** What a loss of hit points did to the unit. */
export type HpOutcome = null | "coma" | "dead" | "traumatised" | "banished";

/** What {@link applyDamage} did: HP actually lost, and how the unit ended (null = still standing or unchanged). */
export interface DamageResult { lost: number; outcome: HpOutcome }

/** Options of {@link applyDamage}. */
export interface DamageOptions {
  /** Room options (P100-DEATH-10 traumatic state). */
  options?: D100Options;
  /** Left open AIR (P100-AIR-26): 0 HP while at moderate or high height kills outright. */
  airborne?: boolean;
  /**
   * Left open DUEL: a duellist at 0 HP is only down (no dying phase, no death check); `endDuel`
   * then decides (to the death: dead unless spared).
   */
  noDyingPhase?: boolean;
}

/**
 * Removes `amount` HP (P100-DEATH-01 to 09, 14): an immune unit loses nothing (P100-STATUS-11).
 * HP may go below 0 (Left open DEATH). At 0 or below a unit with a dying phase falls into a coma
 * (P100-DEATH-01); one without (ordinary monsters, Left open DEATH) dies; a demon, undead,
 * elemental or other non-hunter familiar is banished (P100-FAMILIAR-10). A dying unit is then
 * checked against the death threshold ({@link checkDeath}).
 */
export function applyDamage(u: D100Unit, amount: number, opt: DamageOptions = {}): DamageResult {
  if (u.dead || u.traumatised || amount <= 0 || hasStatus(u, "immune")) return { lost: 0, outcome: null };
  const wasDying = u.dying;
  u.hp -= amount;
  if (u.hp > 0) return { lost: amount, outcome: null };
  if (!wasDying) {
    if (opt.noDyingPhase) { u.dying = true; u.stabilised = true; return { lost: amount, outcome: "coma" }; }
    if (u.familiar && u.familiar.kind !== "hunter") { u.dead = true; return { lost: amount, outcome: "banished" }; }
    if (opt.airborne || !u.dyingPhase) return { lost: amount, outcome: die(u, opt.options) };
    u.dying = true;
  }
  const death = checkDeath(u, opt.options);
  return { lost: amount, outcome: death ?? (wasDying ? null : "coma") };
}

/**
 * P100-DEATH-09: a dying unit dies once its HP is below half its negative maximum, checked in
 * integers as 2 × HP < −max HP (Contradiction 14); a hunter's familiar dies at −50 or lower
 * (P100-FAMILIAR-12). P100-DEATH-10: with the room's `traumaticInsteadOfDeath`, a unit whose player
 * refuses death becomes gravely wounded instead.
 * @returns the outcome when the unit dies (or is gravely wounded) now, else null.
 */
export function checkDeath(u: D100Unit, options: D100Options = DEFAULT_D100_OPTIONS): HpOutcome {
  // P100-DEATH-11/14: no `traumatised` guard here (issue 17): `die` clears `dying` for the gravely
  // wounded and {@link applyDamage} returns before this for them, so they never reach it; they are
  // kept out of the fight by statuses.ts `isDown`, the rule's one check
  if (!u.dying || u.dead) return null;
  const dies = u.familiar?.kind === "hunter" ? u.hp <= HUNTER_FAMILIAR_DEATH_HP : 2 * u.hp < -u.maxHp;
  return dies ? die(u, options) : null;
}

function die(u: D100Unit, options: D100Options = DEFAULT_D100_OPTIONS): HpOutcome {
  if (options.traumaticInsteadOfDeath && !u.acceptsDeath && !u.familiar) {
    u.traumatised = true;
    u.dying = false;
    u.stabilised = false;
    return "traumatised";
  }
  u.dead = true;
  u.dying = false;
  return "dead";
}

/**
 * P100-DEATH-02, P100-DEATH-03: at the start of each of its own turns (Contradiction 15) a dying
 * unit that is not stabilised loses 5 HP, then the death threshold is checked. Immunity blocks the
 * loss (Left open STATUS).
 */
export function dyingTurnStart(u: D100Unit, options: D100Options = DEFAULT_D100_OPTIONS): DamageResult {
  if (!u.dying || u.stabilised || u.dead || hasStatus(u, "immune")) return { lost: 0, outcome: null };
  u.hp -= DYING_LOSS;
  return { lost: DYING_LOSS, outcome: checkDeath(u, options) };
}

/** Why a rescue or a heal was refused. */
export type HealRefusal = "notDying" | "notAdjacent" | "notStabilised" | "gravelyWounded" | "dead" | "notOwner";

/** What a rescue attempt did: the d100 roll and whether the patient is now stabilised. */
export interface RescueResult { roll: number; needed: number; success: boolean }

/**
 * A rescue attempt (P100-DEATH-03 to 08): the rescuer must touch the dying ally (P100-DEATH-05;
 * `adjacent` is decided by the caller) and spends its turn (P100-DEATH-06, the caller's turn
 * bookkeeping). One d100, never critical: above 50 for a trained rescuer (healer role or
 * first-aider, P100-DEATH-07) and above 80 for anyone else (P100-DEATH-08; Contradiction 2: any
 * ally may try). Success stabilises the patient: it stops losing HP (P100-DEATH-03).
 * @returns a refusal (nothing drawn, nothing changed) or the roll.
 */
export function rescue(dice: { d100(): number }, rescuer: D100Unit, patient: D100Unit, adjacent: boolean): RescueResult | HealRefusal {
  if (patient.dead) return "dead";
  if (patient.traumatised) return "gravelyWounded";
  if (!patient.dying || patient.stabilised) return "notDying";
  if (!adjacent) return "notAdjacent";
  const needed = rescuer.firstAider || rescuer.role === "healer" ? RESCUE_TRAINED : RESCUE_UNTRAINED;
  const roll = dice.d100();
  const success = roll > needed;
  if (success) patient.stabilised = true;
  return { roll, needed, success };
}

/**
 * Heals `amount` HP, never above the maximum. A gravely wounded unit cannot be healed on the
 * battlefield (P100-DEATH-12); a dying unit must be stabilised first ("rescued then healed",
 * Left open DEATH). A stabilised unit brought above 0 HP is healed and may fight again
 * (P100-DEATH-13); until then it takes no part in the fight (P100-DEATH-14).
 * @returns the HP gained, or a refusal (nothing changed).
 */
export function heal(u: D100Unit, amount: number): number | HealRefusal {
  if (u.dead) return "dead";
  if (u.traumatised) return "gravelyWounded";
  if (u.dying && !u.stabilised) return "notStabilised";
  const before = u.hp;
  u.hp = Math.min(u.maxHp, u.hp + Math.max(0, amount));
  if (u.dying && u.hp > 0) { u.dying = false; u.stabilised = false; }
  return u.hp - before;
}

/**
 * P100-FAMILIAR-13: a hunter spends its whole turn healing or repairing its own familiar, as a
 * healer would: one d100 above 50 (Left open FAMILIAR). On a dying familiar success stabilises it
 * and brings it back to 1 HP, so it acts again.
 */
export function hunterHealsFamiliar(dice: { d100(): number }, hunterId: string, familiar: D100Unit, adjacent: boolean): RescueResult | HealRefusal {
  if (!familiar.familiar || familiar.familiar.kind !== "hunter" || familiar.familiar.ownerId !== hunterId) return "notOwner";
  if (familiar.dead) return "dead";
  if (!adjacent) return "notAdjacent";
  const roll = dice.d100();
  const success = roll > RESCUE_TRAINED;
  if (success && familiar.dying) {
    familiar.dying = false;
    familiar.stabilised = false;
    familiar.hp = HUNTER_HEAL_HP;
  }
  return { roll, needed: RESCUE_TRAINED, success };
}

/**
 * P100-FAMILIAR-14: other owners revive their familiar only once the fight is over; it comes back
 * at full HP (Left open FAMILIAR).
 * @returns false (nothing changed) while `fightOver` is false or the familiar is alive.
 */
export function reviveFamiliar(familiar: D100Unit, fightOver: boolean): boolean {
  if (!fightOver || !familiar.familiar || !familiar.dead) return false;
  familiar.dead = false;
  familiar.dying = false;
  familiar.stabilised = false;
  familiar.hp = familiar.maxHp;
  return true;
}
