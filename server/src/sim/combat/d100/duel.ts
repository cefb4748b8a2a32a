import {
  DUEL_HEALING_MULTIPLIER, DUEL_HP_BONUS, DUEL_MAX_HP_DEFENDER, DUEL_MAX_HP_HEALER_ATTACKER, DUEL_WINNER_MIN_HP,
  DUEL_POWER_TOLERANCE,
} from "@malignus/shared";
import { rechargeSpells } from "./turns.ts";
import type { D100Unit } from "./types.ts";

/**
 * What both duellists agreed before the duel (P100-DUEL-01, 02, 23; Left open DUEL): to the death
 * or not (the same for both), and the extra rules: no magic, bare hands only, a weapon whitelist.
 */
export interface DuelTerms {
  toDeath: boolean;
  noMagic: boolean;
  unarmedOnly: boolean;
  /** Weapon names allowed, or null for any. */
  weaponWhitelist: string[] | null;
}

/** A duellist as {@link startDuel} needs it. */
export interface Duellist { id: string; unit: D100Unit; power: number }

/**
 * P100-DUEL-05 to 07 (Contradiction 11): the duel maximum is 200 for healers and attackers and 250
 * for defenders; current HP becomes current + 50, capped at that maximum.
 */
export function duelHp(u: D100Unit): { hp: number; maxHp: number } {
  const maxHp = u.role === "defender" ? DUEL_MAX_HP_DEFENDER : DUEL_MAX_HP_HEALER_ATTACKER;
  return { hp: Math.min(maxHp, u.hp + DUEL_HP_BONUS), maxHp };
}

/**
 * Starts a duel (P100-DUEL-01 to 07): both duellists share the same to-the-death term; every
 * ability is reactivated (P100-DUEL-04, full charges); HP are raised by {@link duelHp}; under
 * bare hands only (P100-DUEL-23) both put their weapons away until {@link endDuel}. The checks
 * of P100-DUEL-16 (equal power, within 10%) and P100-DUEL-17 (same role) only give warnings.
 * The terms are kept on each duellist (`DuelInfo.terms`, P100-DUEL-23); with a weapon whitelist,
 * a duellist whose weapon (`weaponNames`, the gear names) is not on it fights bare-handed until
 * {@link endDuel} (Left open DUEL).
 * Initiative is rolled by the caller (P100-DUEL-08, `rollInitiative`).
 * @returns the warnings.
 */
export function startDuel(
  duelId: string, a: Duellist, b: Duellist, terms: DuelTerms, mastery: { a: boolean; b: boolean } = { a: false, b: false },
  weaponNames: { a: string; b: string } | null = null,
): string[] {
  const warnings: string[] = [];
  if (Math.abs(a.power - b.power) > DUEL_POWER_TOLERANCE * Math.max(a.power, b.power)) warnings.push("unequalPower");
  if (a.unit.role !== b.unit.role) warnings.push("differentRoles");
  for (const [me, other, m, name] of [[a, b, mastery.a, weaponNames?.a], [b, a, mastery.b, weaponNames?.b]] as const) {
    const u = me.unit;
    u.duel = { duelId, opponentId: other.id, normalMaxHp: u.maxHp, mastery: m, toDeath: terms.toDeath, terms: { ...terms, weaponWhitelist: terms.weaponWhitelist ? [...terms.weaponWhitelist] : null } };
    const barred = terms.weaponWhitelist !== null && name !== undefined && !terms.weaponWhitelist.includes(name);
    if ((terms.unarmedOnly || barred) && u.weapon !== "unarmed") { u.duel.heldWeapon = u.weapon; u.weapon = "unarmed"; }
    const { hp, maxHp } = duelHp(u);
    u.hp = hp;
    u.maxHp = maxHp;
    rechargeSpells(u);
  }
  return warnings;
}

/**
 * P100-DUEL-03: nobody but the two duellists acts in a duel (scenario events excepted).
 */
export function canIntervene(actorId: string, duellistIds: readonly [string, string], scripted = false): boolean {
  return scripted || duellistIds.includes(actorId);
}

/**
 * P100-DUEL-13: in a duel, a healer's healing spells are 50% less effective (rounded down); other
 * healing is unchanged.
 */
export function duelHealing(amount: number, healer: D100Unit): number {
  return healer.duel && healer.role === "healer" ? Math.floor(amount * DUEL_HEALING_MULTIPLIER) : amount;
}

/**
 * P100-DUEL-18, P100-DUEL-19: the duel is over when a duellist is down (0 HP or below, dead) or
 * has forfeited; a stunned duellist is not down (Left open DUEL).
 * @returns the loser's id, or null while the duel goes on.
 */
export function duelLoser(a: Duellist, b: Duellist, forfeitedId: string | null): string | null {
  if (forfeitedId === a.id || forfeitedId === b.id) return forfeitedId;
  if (a.unit.dead || a.unit.hp <= 0) return a.id;
  if (b.unit.dead || b.unit.hp <= 0) return b.id;
  return null;
}

/**
 * Ends a duel (P100-DUEL-20 to 22, Left open DUEL): in a duel to the death the loser dies unless
 * the winner spares it (P100-DUEL-20); both lose the 50 bonus HP (P100-DUEL-21) and get their normal
 * maximum back; the winner is raised to 25 HP if below (P100-DUEL-22); a surviving loser ends at
 * max(HP − 50, 1); nobody exceeds its normal maximum.
 */
export function endDuel(winner: D100Unit, loser: D100Unit, spared: boolean): void {
  const lethal = loser.duel?.toDeath === true && !spared;
  for (const u of [winner, loser]) {
    if (!u.duel) continue;
    if (u.duel.heldWeapon) u.weapon = u.duel.heldWeapon;
    u.maxHp = u.duel.normalMaxHp;
    u.duel = null;
  }
  winner.hp = Math.min(winner.maxHp, Math.max(DUEL_WINNER_MIN_HP, winner.hp - DUEL_HP_BONUS));
  if (lethal) {
    loser.dead = true;
    loser.dying = false;
    loser.stabilised = false;
    return;
  }
  loser.hp = Math.min(loser.maxHp, Math.max(1, loser.hp - DUEL_HP_BONUS));
  loser.dying = false;
  loser.stabilised = false;
}
