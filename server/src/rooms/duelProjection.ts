import type { DuelMercy, DuelProposal } from "@malignus/shared";
import type { DuelMercyRecord, DuelProposalRecord } from "../sim/combat/d100/duels.ts";

/** Assigns only changed fields (schema setters mark fields dirty). */
function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) (target as Record<string, unknown>)[key as string] = value;
}

/** Replaces an ArraySchema's content only when it differs. */
function setList<T>(list: { length: number; at(i: number): T | undefined; clear(): void; push(...v: T[]): number }, values: readonly T[]): void {
  if (list.length === values.length && values.every((v, i) => list.at(i) === v)) return;
  list.clear();
  if (values.length > 0) list.push(...values);
}

/**
 * Projects one pending duel proposal (combat/d100/duels.ts `DuelProposalRecord`, P100-DUEL-01, 02,
 * 23) into its `DuelProposal` schema entry (shared/src/state.ts): who challenges whom, the side
 * that proposed, the terms (an empty `weapons` list allows any weapon) and the tick it lapses.
 */
export function projectDuelProposal(p: DuelProposal, r: DuelProposalRecord): void {
  set(p, "id", r.id);
  set(p, "challengerId", r.challengerId);
  set(p, "opponentId", r.opponentId);
  set(p, "by", r.by);
  set(p, "toDeath", r.terms.toDeath);
  set(p, "noMagic", r.terms.noMagic);
  set(p, "unarmedOnly", r.terms.unarmedOnly);
  setList(p.weapons, r.terms.weaponWhitelist ?? []);
  set(p, "expiresTick", r.expiresTick);
}

/**
 * Projects one pending mercy decision (combat/d100/duels.ts `DuelMercyRecord`, P100-DUEL-20) into
 * its `DuelMercy` schema entry (shared/src/state.ts): the duel, winner and loser, how the loser
 * lost, the side that decides, the AI's choice and the tick it applies.
 */
export function projectDuelMercy(m: DuelMercy, r: DuelMercyRecord): void {
  set(m, "id", r.id);
  set(m, "duelId", r.duelId);
  set(m, "winnerId", r.winnerId);
  set(m, "loserId", r.loserId);
  set(m, "how", r.how);
  set(m, "by", r.by);
  set(m, "aiSpares", r.aiSpares);
  set(m, "expiresTick", r.expiresTick);
}
