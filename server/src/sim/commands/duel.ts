import type { CommandOf, CommandRefused, CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { areEnemies } from "../world/units.ts";
import { ownFighter } from "./setStance.ts";
import { aiAnswer, answerProposal, beginDuel, decideMercy, duelRefusal, forfeitDuel, proposalsOf, proposeDuelBetween, type DuelRefusal } from "../combat/d100/duels.ts";
import { aiAcceptsDuel, duelOdds } from "../combat/d100/odds.ts";
import type { DuelTerms } from "../combat/d100/duel.ts";

/**
 * Left open DUEL (issue 8): AI adventurers (no player holds them) answer the keeper's proposals at
 * once, accepting when their odds are at least even (combat/d100/odds.ts `aiAcceptsDuel`: duel HP
 * and the expected damage of their blow, from the turn options' hit chance); an adventurer a
 * player holds answers itself (`answerDuel` from its seat). With no keeper seated
 * (`SimState.keeperAway`), the keeper side's AI answers the adventurers' proposals the same way.
 */
export const AI_ANSWERS_BY_ODDS = true;

/** The duel terms of a proposal command (P100-DUEL-01, 02, 23). */
function termsOf(c: { toDeath: boolean; noMagic?: boolean | undefined; unarmedOnly?: boolean | undefined; weapons?: string[] | undefined }): DuelTerms {
  return { toDeath: c.toDeath, noMagic: c.noMagic ?? false, unarmedOnly: c.unarmedOnly ?? false, weaponWhitelist: c.weapons ? [...c.weapons] : null };
}

function notD100(sim: Simulation): CommandRefused | null {
  return sim.state.ruleset === "d100" ? null : { ok: false, code: "DUEL_REFUSED", reason: "duels exist only in d100 rooms", rule: "P100-DUEL-01" };
}

function duelRefused(r: DuelRefusal): CommandRefused {
  return { ok: false, code: "DUEL_REFUSED", reason: `cannot duel: ${r}`, rule: "P100-DUEL-03" };
}

/**
 * d100 rooms (P100-DUEL-01 to 08, 23). From an adventurer seat: see {@link playerProposal}. From a
 * keeper: its minion or creature `unitId` challenges the enemy `opponentId` on the terms given (to the death or not, no magic, bare hands, allowed
 * weapons). An adventurer a player holds (a `controller`) gets a pending proposal
 * (`duelProposals`, emits `duelProposed`; accepted `{ ok: true, id }` names it) and answers it
 * with `answerDuel`; any other opponent (the AI) answers at once ({@link AI_ANSWERS_BY_ODDS}):
 * accepting, the duel starts (emits `duelStarted`, `encounterStarted`); refusing, DUEL_REFUSED
 * with the odds in the reason (nothing changes).
 * Refused with UNKNOWN_UNIT / NOT_YOUR_UNIT (the unit), UNKNOWN_UNIT (no such opponent),
 * INVALID_TARGET (not an enemy), or DUEL_REFUSED (not a d100 room, someone down, already
 * fighting, duelling or in a pending proposal).
 */
export const proposeDuel: CommandHandler<"proposeDuel"> = (sim, command, actor) => {
  if (actor.kind === "adventurer") return playerProposal(sim, command);
  const off = notD100(sim);
  if (off) return off;
  const unit = ownFighter(sim, command.unitId);
  if ("ok" in unit) return unit;
  const opp = sim.state.units[command.opponentId];
  if (!opp) return { ok: false, code: "UNKNOWN_UNIT", reason: `no unit ${command.opponentId}` };
  if (!areEnemies(unit, opp)) return { ok: false, code: "INVALID_TARGET", reason: `unit ${opp.id} is not an enemy` };
  const terms = termsOf(command);
  if (opp.controller) {
    const p = proposeDuelBetween(sim, unit.id, opp.id, terms, "keeper");
    return typeof p === "string" ? duelRefused(p) : { ok: true, id: p.id };
  }
  const refused = duelRefusal(sim, unit.id, opp.id);
  if (refused) return duelRefused(refused);
  if (AI_ANSWERS_BY_ODDS && !aiAcceptsDuel(opp, unit, terms)) {
    const o = duelOdds(opp, unit, terms);
    return {
      ok: false, code: "DUEL_REFUSED", rule: "P100-DUEL-01",
      reason: `the opponent declines: its odds are against it (${o.me.hp} HP and ${o.me.expected.toFixed(2)} expected damage a blow against ${o.other.hp} HP and ${o.other.expected.toFixed(2)})`,
    };
  }
  const r = beginDuel(sim, unit.id, opp.id, terms);
  if (typeof r === "string") return duelRefused(r);
  return { ok: true };
};

/**
 * An adventurer's answer or the keeper's to the pending proposal `proposalId` (P100-DUEL-01, 23):
 * `side` must be the side proposed to (`keeper` for a proposal by an adventurer, else the
 * adventurer `unitId` it names). Emits `duelAnswered` (and `duelStarted`, `encounterStarted`).
 */
function answer(sim: Simulation, proposalId: string, accept: boolean, side: "keeper" | UnitRecord): CommandResult {
  const off = notD100(sim);
  if (off) return off;
  const p = proposalsOf(sim)[proposalId];
  if (!p) return { ok: false, code: "NO_DUEL_PROPOSAL", reason: `no pending duel proposal ${proposalId}`, rule: "P100-DUEL-01" };
  if (side === "keeper" ? p.by !== "adventurer" : p.opponentId !== side.id) {
    return { ok: false, code: "NOT_YOUR_UNIT", reason: `duel proposal ${proposalId} is not made to you`, rule: "P100-DUEL-01" };
  }
  const r = answerProposal(sim, proposalId, accept);
  if (typeof r === "string") return duelRefused(r);
  return { ok: true };
}

/**
 * d100 rooms (P100-DUEL-01, 23): the keeper answers a duel an adventurer player proposed to one of
 * its minions or creatures; an adventurer player (actor) answers a duel the keeper proposed to its
 * own unit. Accepted, the duel starts at once on the proposed terms. Refused with UNKNOWN_UNIT
 * (the player's unit is gone), NO_DUEL_PROPOSAL, NOT_YOUR_UNIT (a proposal made to the other
 * side or to someone else) or DUEL_REFUSED.
 */
export const answerDuel: CommandHandler<"answerDuel"> = (sim, command, actor) => {
  if (actor.kind !== "adventurer") return answer(sim, command.proposalId, command.accept, "keeper");
  // An adventurer player answers for its own unit, a duel the keeper proposed to it.
  const unit = sim.state.units[actor.unitId];
  if (!unit) return { ok: false, code: "UNKNOWN_UNIT", reason: `no unit ${actor.unitId}` };
  return answer(sim, command.proposalId, command.accept, unit);
};

/**
 * An adventurer player's duel proposal (P100-DUEL-01, 02, 23; `proposeDuel` from an adventurer
 * seat, which the gate lets name only its own unit): its adventurer `unitId` challenges the keeper's minion or creature `opponentId`;
 * the proposal waits for the keeper's `answerDuel` (`DUEL_PROPOSAL_TICKS` of the d100 table), or, with no
 * keeper seated (`SimState.keeperAway`), the keeper side's AI answers at once by its odds
 * (duels.ts `aiAnswer`, then `duelAnswered`). Emits `duelProposed`; `{ ok: true, id }` names the proposal. Refused with UNKNOWN_UNIT, NOT_YOUR_UNIT
 * (not an adventurer), INVALID_TARGET (not a minion or creature of the keeper) or DUEL_REFUSED
 * (not a d100 room, someone down, fighting, duelling or in a pending proposal).
 */
function playerProposal(sim: Simulation, command: CommandOf<"proposeDuel">): CommandResult {
  const off = notD100(sim);
  if (off) return off;
  const unit = sim.state.units[command.unitId];
  if (!unit) return { ok: false, code: "UNKNOWN_UNIT", reason: `no unit ${command.unitId}` };
  if (unit.kind !== "adventurer") return { ok: false, code: "NOT_YOUR_UNIT", reason: `unit ${unit.id} is not an adventurer` };
  const opp = sim.state.units[command.opponentId];
  if (!opp) return { ok: false, code: "UNKNOWN_UNIT", reason: `no unit ${command.opponentId}` };
  const theirs = ownFighter(sim, opp.id);
  if ("ok" in theirs || !areEnemies(unit, opp)) {
    return { ok: false, code: "INVALID_TARGET", reason: `unit ${opp.id} is not one of the keeper's minions or creatures`, rule: "P100-DUEL-01" };
  }
  const p = proposeDuelBetween(sim, unit.id, opp.id, termsOf(command), "adventurer");
  if (typeof p === "string") return duelRefused(p);
  if (sim.state.keeperAway) aiAnswer(sim, p); // no keeper seated: the keeper side's AI answers now
  return { ok: true, id: p.id };
}

/**
 * d100 rooms (P100-DUEL-19, 20): the keeper's duellist `unitId` forfeits; in a duel to the death
 * an AI winner spares it (`AI_SPARES_FORFEIT` of the d100 table), a player's winner decides
 * (`duelMercyPending`, then its `decideDuelMercy` or the AI's choice). Emits `duelEnded`.
 * Refused with UNKNOWN_UNIT / NOT_YOUR_UNIT, or DUEL_REFUSED when the unit is not duelling.
 */
export const forfeitDuelCommand: CommandHandler<"forfeitDuel"> = (sim, command) => {
  const unit = ownFighter(sim, command.unitId);
  if ("ok" in unit) return unit;
  const r = forfeitDuel(sim, unit.id);
  if (r) return { ok: false, code: "DUEL_REFUSED", reason: `unit ${unit.id} is not in a duel`, rule: "P100-DUEL-19" };
  return { ok: true };
};

/**
 * d100 rooms (P100-DUEL-20): the keeper decides the fate of the loser of a duel to the death its
 * minion or creature won (`duelMercies`, `duelMercyPending`): `spare`, or it dies. Emits
 * `duelMercy`. From an adventurer seat, the player decides for its own winner. Refused with
 * UNKNOWN_UNIT (the player's unit is gone), NO_DUEL_MERCY (none with that id) or NOT_YOUR_UNIT
 * (the other side decides that one).
 */
export const decideDuelMercy: CommandHandler<"decideDuelMercy"> = (sim, command, actor) => {
  if (actor.kind !== "adventurer") return mercy(sim, command.mercyId, command.spare, "keeper");
  // An adventurer player decides for its own winner.
  const unit = sim.state.units[actor.unitId];
  if (!unit) return { ok: false, code: "UNKNOWN_UNIT", reason: `no unit ${actor.unitId}` };
  return mercy(sim, command.mercyId, command.spare, unit);
};

function mercy(sim: Simulation, mercyId: string, spare: boolean, side: "keeper" | UnitRecord): CommandResult {
  const r = decideMercy(sim, mercyId, spare, side);
  if (r === "noMercy") return { ok: false, code: "NO_DUEL_MERCY", reason: `no pending duel mercy ${mercyId}`, rule: "P100-DUEL-20" };
  if (r === "notYours") return { ok: false, code: "NOT_YOUR_UNIT", reason: `duel mercy ${mercyId} is not yours to decide`, rule: "P100-DUEL-20" };
  return { ok: true };
}
