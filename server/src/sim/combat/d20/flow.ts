import { D20, PASSIVE_PERCEPTION_BASE } from "@malignus/shared";
import type { Dice } from "./dice.ts";

/** D20-FLOW-09: passive Perception = 10 + Perception modifier + vigilance level. */
export function passivePerception(perception: number, vigilance: number): number {
  return PASSIVE_PERCEPTION_BASE + perception + vigilance;
}

/** D20-ACTION-38: a Hide (stealth) roll total: 1d20 + Furtivité modifier + Discrétion level. */
export function hideRoll(dice: Dice, furtivite: number, discretion: number): number {
  return dice.die(D20) + furtivite + discretion;
}

/**
 * D20-ACTION-39, Left open (D20-FLOW surprise): an observer notices a hider when its passive
 * Perception is equal to or higher than the hider's Stealth total (ties favour the observer).
 */
export function notices(passive: number, stealthTotal: number): boolean {
  return passive >= stealthTotal;
}

/**
 * D20-FLOW-07 to D20-FLOW-11 (Left open): who is surprised. An observer is surprised only when at
 * least one enemy hides and it notices none of its enemies; enemies that do not hide are noticed
 * automatically. With nobody hiding, nobody is surprised.
 * @param enemiesStealth for one observer, each enemy's Stealth total, or null for an enemy not hiding.
 */
export function isSurprised(passive: number, enemiesStealth: readonly (number | null)[]): boolean {
  if (enemiesStealth.length === 0) return false;
  if (enemiesStealth.every((s) => s === null)) return false;
  return enemiesStealth.every((s) => s !== null && !notices(passive, s));
}

/** D20-FLOW-18: an initiative roll, 1d20 + Agility modifier. */
export function initiativeRoll(dice: Dice, agility: number): number {
  return dice.die(D20) + agility;
}

/** One participant's place in the order. */
export interface InitiativeEntry { id: string; total: number }

/**
 * D20-FLOW-19, D20-FLOW-21 to D20-FLOW-23 (Left open: every tie without an agreed order is broken
 * by a seeded d20 roll-off, higher first, re-rolled while tied): sorts from the highest total
 * down. `agreed` lists ids in an order their controllers agreed on; tied entries that all appear
 * in it keep that order.
 * @returns the ids in acting order.
 */
export function initiativeOrder(dice: Dice, entries: readonly InitiativeEntry[], agreed: readonly string[] = []): string[] {
  const byTotal = new Map<number, InitiativeEntry[]>();
  for (const e of entries) byTotal.set(e.total, [...(byTotal.get(e.total) ?? []), e]);
  const totals = [...byTotal.keys()].sort((a, b) => b - a);
  const order: string[] = [];
  for (const t of totals) {
    const group = (byTotal.get(t) as InitiativeEntry[]).map((e) => e.id);
    if (group.length > 1 && group.every((id) => agreed.includes(id))) {
      order.push(...group.sort((a, b) => agreed.indexOf(a) - agreed.indexOf(b)));
    } else order.push(...rollOff(dice, group));
  }
  return order;
}

/** Orders tied ids by d20 roll-offs, higher first, re-rolling those still tied (D20-FLOW-23). */
function rollOff(dice: Dice, ids: string[]): string[] {
  if (ids.length <= 1) return ids;
  const rolls = ids.map((id) => ({ id, r: dice.die(D20) }));
  const values = [...new Set(rolls.map((x) => x.r))].sort((a, b) => b - a);
  if (values.length === 1) return rollOff(dice, ids);
  const out: string[] = [];
  for (const v of values) out.push(...rollOff(dice, rolls.filter((x) => x.r === v).map((x) => x.id)));
  return out;
}
