import type { DuelMercy, DuelProposal } from "@malignus/shared/schema";
import type { DuelMercyRecord, DuelProposalRecord } from "../sim/combat/d100/duels.ts";
import { set, setList } from "./schemaWrites.ts";

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
