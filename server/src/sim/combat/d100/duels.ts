import { AI_SPARES_FORFEIT, D100_DUEL_MASTERY_CLASSES, DUEL_LOSER_OUT_TICKS, DUEL_MERCY_TICKS, DUEL_PROPOSAL_TICKS } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { isActive, isKeeperSide, setActivity, setTarget } from "../../world/units.ts";
import { aiAcceptsDuel } from "./odds.ts";
import { encounterOf, encountersOf } from "../encounters/book.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { duelLoser, endDuel, startDuel, type DuelTerms } from "./duel.ts";
import { settle } from "./resolve.ts";
import { d100Of } from "./sheet.ts";
import { canSpeak, isDown } from "./statuses.ts";
import { orderTotals } from "./turns.ts";
import { markChanged } from "../../changes.ts";


/** Why a duel cannot start or end as asked. */
export type DuelRefusal = "unknownUnit" | "sameUnit" | "notUp" | "busy" | "notInDuel" | "silenced";

/** The power score compared by P100-DUEL-16 (server default: level plus Combat). */
export function powerOf(u: UnitRecord): number {
  return Math.max(1, u.level) + u.stats.combat;
}

/**
 * Starts a duel between `aId` and `bId` (P100-DUEL-01 to 08): both must stand and be in no fight;
 * {@link startDuel} applies the terms, the HP bonus and the reactivation; initiative is a d100
 * each (P100-DUEL-08) and the two form an encounter of their own, so they fight in turns.
 * Emits `duelStarted` then `encounterStarted`. Draw order: a's initiative, b's, ties.
 * @returns the encounter, or a refusal (nothing changed).
 */
export function beginDuel(sim: Simulation, aId: string, bId: string, terms: DuelTerms): EncounterRecord | DuelRefusal {
  const refused = duelRefusal(sim, aId, bId);
  if (refused) return refused;
  const a = sim.state.units[aId] as UnitRecord, b = sim.state.units[bId] as UnitRecord;
  const id = sim.newId();
  const mastery = (u: UnitRecord) => D100_DUEL_MASTERY_CLASSES.includes(u.adventurerClass); // P100-DUEL-11/12
  const warnings = startDuel(id, { id: a.id, unit: d100Of(a), power: powerOf(a) }, { id: b.id, unit: d100Of(b), power: powerOf(b) }, terms,
    { a: mastery(a), b: mastery(b) }, { a: a.gear.weapon, b: b.gear.weapon });
  sim.emit({ type: "duelStarted", duelId: id, unitIds: [a.id, b.id], toDeath: terms.toDeath, hp: { [a.id]: d100Of(a).hp, [b.id]: d100Of(b).hp }, warnings });
  const initiative = { [a.id]: sim.rng.d100(), [b.id]: sim.rng.d100() };
  const order = orderTotals(sim.rng, [a, b].map((u) => ({ id: u.id, total: initiative[u.id] as number }))).order;
  const tick = sim.state.tick;
  const enc: EncounterRecord = {
    id, participants: [a.id, b.id], order, initiative, round: 1, turnIndex: 0, roundStartTick: tick, nextTurnTick: tick,
    surprised: [], acted: [], reactions: {}, waitingSince: -1, plans: {}, startTick: tick,
  };
  encountersOf(sim)[id] = enc;
  setTarget(sim, a, b.id); setTarget(sim, b, a.id);
  a.walk = null; b.walk = null;
  sim.emit({ type: "encounterStarted", encounterId: id, order: [...order], initiative: { ...initiative }, surprised: [] });
  return enc;
}

/**
 * Why `aId` and `bId` cannot start a duel now ({@link beginDuel}'s checks): unknown or the same
 * unit, one of them not standing, or one already in a fight or a duel, or one who cannot speak
 * (silenced or stunned, P100-STATUS-04: the terms are spoken).
 * @returns null when they can.
 */
export function duelRefusal(sim: Simulation, aId: string, bId: string): DuelRefusal | null {
  const a = sim.state.units[aId], b = sim.state.units[bId];
  if (!a || !b) return "unknownUnit";
  if (a === b) return "sameUnit";
  if (!isActive(a) || !isActive(b) || isDown(d100Of(a)) || isDown(d100Of(b))) return "notUp";
  if (!canSpeak(d100Of(a)) || !canSpeak(d100Of(b))) return "silenced"; // P100-STATUS-04: a duel is proposed and agreed aloud
  if (encounterOf(sim, a.id) || encounterOf(sim, b.id) || d100Of(a).duel || d100Of(b).duel) return "busy";
  return null;
}


/**
 * A duel proposed and not answered yet (P100-DUEL-01, 02, 23), stored in `SimState.duelProposals`
 * by id: who challenges whom, which side proposed (`keeper`: the keeper's minion or creature
 * challenges an adventurer a player holds; `adventurer`: a player's adventurer challenges a
 * keeper's minion or creature), the terms, the tick it was made and the tick it expires.
 */
export interface DuelProposalRecord {
  id: string;
  challengerId: string;
  opponentId: string;
  by: "keeper" | "adventurer";
  terms: DuelTerms;
  tick: number;
  expiresTick: number;
}

/** The pending duel proposals (created on first use; absent in older snapshots). */
export function proposalsOf(sim: Simulation): Record<string, DuelProposalRecord> {
  if (!sim.state.duelProposals) sim.state.duelProposals = {};
  return sim.state.duelProposals;
}

/** True when `unitId` is the challenger or the opponent of a pending proposal. */
export function inProposal(sim: Simulation, unitId: string): boolean {
  const all = sim.state.duelProposals;
  if (!all) return false;
  for (const id in all) { const p = all[id] as DuelProposalRecord; if (p.challengerId === unitId || p.opponentId === unitId) return true; }
  return false;
}

/**
 * Records a duel proposal (P100-DUEL-01, 02, 23) from `challengerId`'s side to `opponentId`'s,
 * waiting {@link DUEL_PROPOSAL_TICKS} for the answer ({@link answerProposal}). Both must be able to
 * duel now ({@link duelRefusal}) and be in no other pending proposal (`busy`). Emits `duelProposed`.
 * @returns the proposal, or a refusal (nothing changed).
 */
export function proposeDuelBetween(sim: Simulation, challengerId: string, opponentId: string, terms: DuelTerms, by: "keeper" | "adventurer"): DuelProposalRecord | DuelRefusal {
  const refused = duelRefusal(sim, challengerId, opponentId);
  if (refused) return refused;
  if (inProposal(sim, challengerId) || inProposal(sim, opponentId)) return "busy";
  const tick = sim.state.tick;
  const p: DuelProposalRecord = {
    id: sim.newId(), challengerId, opponentId, by,
    terms: { ...terms, weaponWhitelist: terms.weaponWhitelist ? [...terms.weaponWhitelist] : null }, tick, expiresTick: tick + DUEL_PROPOSAL_TICKS,
  };
  proposalsOf(sim)[p.id] = p;
  markChanged(sim, "duelProposals", p.id);
  sim.emit({
    type: "duelProposed", proposalId: p.id, challengerId, opponentId, by, toDeath: terms.toDeath, noMagic: terms.noMagic,
    unarmedOnly: terms.unarmedOnly, weapons: terms.weaponWhitelist ? [...terms.weaponWhitelist] : [], expiresTick: p.expiresTick,
  });
  return p;
}

/**
 * The answer to a pending proposal (P100-DUEL-01, 02, 23: both sides agree on the terms): the
 * proposal is removed; accepted, the duel starts at once on the proposed terms ({@link beginDuel})
 * unless one of them can no longer duel (then the answer is `cancelled` and the refusal returned).
 * Emits `duelAnswered` (then `duelStarted` and `encounterStarted` when it starts).
 * @returns the duel's encounter when accepted, null when refused, or a refusal.
 */
export function answerProposal(sim: Simulation, proposalId: string, accept: boolean): EncounterRecord | null | DuelRefusal {
  const p = proposalsOf(sim)[proposalId];
  if (!p) return "unknownUnit";
  delete proposalsOf(sim)[proposalId];
  markChanged(sim, "duelProposals", proposalId);
  const base = { type: "duelAnswered" as const, proposalId, challengerId: p.challengerId, opponentId: p.opponentId };
  if (!accept) { sim.emit({ ...base, answer: "refused" }); return null; }
  const refused = duelRefusal(sim, p.challengerId, p.opponentId);
  if (refused) { sim.emit({ ...base, answer: "cancelled" }); return refused; }
  sim.emit({ ...base, answer: "accepted" });
  return beginDuel(sim, p.challengerId, p.opponentId, p.terms);
}

/**
 * Every tick (d100 rooms): proposals whose `expiresTick` has come are refused by silence (emits
 * `duelAnswered` "expired"); a proposal an adventurer made while no keeper is seated
 * (`SimState.keeperAway`) is answered by the keeper side's AI ({@link aiAnswer}); then pending
 * mercy decisions past their time take the AI's choice ({@link expireDuelMercies}).
 */
export function expireDuelProposals(sim: Simulation): void {
  expireProposals(sim);
  expireDuelMercies(sim);
}

/**
 * Left open DUEL (AI, issue 8): the AI side of a proposal answers it now, accepting when its odds
 * are at least even (odds.ts `aiAcceptsDuel`, from the opponent's side). Emits `duelAnswered` (and
 * the duel's start when accepted).
 */
export function aiAnswer(sim: Simulation, p: DuelProposalRecord): void {
  const me = sim.state.units[p.opponentId], other = sim.state.units[p.challengerId];
  answerProposal(sim, p.id, me !== undefined && other !== undefined && aiAcceptsDuel(me, other, p.terms));
}

function expireProposals(sim: Simulation): void {
  const all = sim.state.duelProposals;
  if (!all) return;
  for (const id of Object.keys(all)) {
    const p = all[id] as DuelProposalRecord;
    if (p.by === "adventurer" && sim.state.keeperAway) { aiAnswer(sim, p); continue; }
    if (sim.state.tick < p.expiresTick) continue;
    delete all[id];
    markChanged(sim, "duelProposals", id);
    sim.emit({ type: "duelAnswered", proposalId: id, challengerId: p.challengerId, opponentId: p.opponentId, answer: "expired" });
  }
}

/** The duel opponent of `unit`, when it is duelling. */
export function duelOpponent(sim: Simulation, unit: UnitRecord): UnitRecord | undefined {
  const d = d100Of(unit).duel;
  return d ? sim.state.units[d.opponentId] : undefined;
}

/**
 * Ends the duel of `loser` (P100-DUEL-18 to 22, {@link endDuel}): a loser of a duel to the death
 * dies unless spared (P100-DUEL-20); a surviving loser is out of the fight for
 * {@link DUEL_LOSER_OUT_TICKS}. When the winner's side is held by a person ({@link mercyDecider}:
 * the adventurer's player, or a seated keeper) and the duel was to the death, `spared` is not
 * applied: the loser is kept out of the fight at its spared HP and a mercy decision waits in
 * `duelMercies` for the winner's side ({@link decideMercy}, {@link DUEL_MERCY_TICKS}).
 * Emits `duelEnded` (`loserDied` false while the decision waits), `duelMercyPending` when it
 * waits, and `knockedOut` after a forfeit.
 */
export function finishDuel(sim: Simulation, winner: UnitRecord, loser: UnitRecord, how: "down" | "forfeit", spared: boolean): void {
  const duelId = d100Of(loser).duel?.duelId ?? "";
  const decider = d100Of(loser).duel?.toDeath === true ? mercyDecider(sim, winner) : null;
  endDuel(d100Of(winner), d100Of(loser), decider ? true : spared);
  const died = d100Of(loser).dead;
  sim.emit({ type: "duelEnded", duelId, winnerId: winner.id, loserId: loser.id, how, loserDied: died, hp: { [winner.id]: d100Of(winner).hp, [loser.id]: d100Of(loser).hp } });
  if (died) { settle(sim, loser, "dead"); return; }
  if (winner.activity === "unconscious" && !isDown(d100Of(winner))) setActivity(sim, winner, "idle");
  setActivity(sim, loser, "unconscious");
  loser.wakeTick = sim.state.tick + DUEL_LOSER_OUT_TICKS;
  setTarget(sim, loser, "");
  setTarget(sim, winner, "");
  if (how === "forfeit") sim.emit({ type: "knockedOut", unitId: loser.id, outcome: "unconscious", cause: "hitPoints" });
  if (decider) {
    const m: DuelMercyRecord = {
      id: sim.newId(), duelId, winnerId: winner.id, loserId: loser.id, how, by: decider,
      aiSpares: how === "forfeit" ? AI_SPARES_FORFEIT : false, expiresTick: sim.state.tick + DUEL_MERCY_TICKS,
    };
    merciesOf(sim)[m.id] = m;
    markChanged(sim, "duelMercies", m.id);
    sim.emit({ type: "duelMercyPending", mercyId: m.id, duelId, winnerId: winner.id, loserId: loser.id, by: decider, aiSpares: m.aiSpares, expiresTick: m.expiresTick });
  }
}


/**
 * A duel to the death won by a side a person holds, waiting for its decision on the loser
 * (P100-DUEL-20), stored in `SimState.duelMercies` by id: the duel, winner and loser, how the
 * loser lost, which side decides (`adventurer`: the winner's player; `keeper`: a seated keeper),
 * what the AI would choose (`aiSpares`, applied when `expiresTick` comes unanswered).
 */
export interface DuelMercyRecord {
  id: string;
  duelId: string;
  winnerId: string;
  loserId: string;
  how: "down" | "forfeit";
  by: "keeper" | "adventurer";
  aiSpares: boolean;
  expiresTick: number;
}

/** The pending mercy decisions (created on first use; absent in older snapshots). */
export function merciesOf(sim: Simulation): Record<string, DuelMercyRecord> {
  if (!sim.state.duelMercies) sim.state.duelMercies = {};
  return sim.state.duelMercies;
}

/**
 * Who decides the fate of a duel-to-the-death loser beaten by `winner` (P100-DUEL-20, Left open
 * DUEL): `adventurer` when a player holds the winner (`controller`); `keeper` when the winner is the
 * keeper's minion or creature and a keeper is seated (`SimState.keeperAway` not set); null when
 * the AI decides at once ({@link AI_SPARES_FORFEIT} after a forfeit, no mercy after a defeat).
 */
export function mercyDecider(sim: Simulation, winner: UnitRecord): "keeper" | "adventurer" | null {
  if (winner.controller) return "adventurer";
  if (isKeeperSide(winner) && (winner.kind === "minion" || winner.kind === "creature") && !sim.state.keeperAway) return "keeper";
  return null;
}

/** Why a mercy decision is refused. */
export type MercyRefusal = "noMercy" | "notYours";

/**
 * The winner's side decides on a pending mercy (P100-DUEL-20): spared, the loser lives (it was
 * kept at its spared HP); not spared, it dies (`settle` "dead"). `side` must be the side that
 * decides (`keeper`, or the winner unit's id for an adventurer player); `"ai"` is the timeout.
 * The decision is removed. Emits `duelMercy` (`by`: "keeper", "adventurer" or "timeout").
 * A loser that is gone or already dead is left as it is (the event says `spared` as decided).
 * @returns null when decided, else the refusal (nothing changed).
 */
export function decideMercy(sim: Simulation, mercyId: string, spare: boolean, side: "keeper" | "ai" | UnitRecord): MercyRefusal | null {
  const m = merciesOf(sim)[mercyId];
  if (!m) return "noMercy";
  if (side !== "ai" && (side === "keeper" ? m.by !== "keeper" : m.by !== "adventurer" || m.winnerId !== side.id)) return "notYours";
  delete merciesOf(sim)[mercyId];
  markChanged(sim, "duelMercies", mercyId);
  const loser = sim.state.units[m.loserId];
  sim.emit({ type: "duelMercy", mercyId, duelId: m.duelId, winnerId: m.winnerId, loserId: m.loserId, spared: spare, by: side === "ai" ? "timeout" : side === "keeper" ? "keeper" : "adventurer" });
  if (!spare && loser && !d100Of(loser).dead && loser.activity !== "dead" && loser.activity !== "left") {
    const d = d100Of(loser);
    d.dead = true; d.dying = false; d.stabilised = false;
    settle(sim, loser, "dead");
  }
  return null;
}

/** Every tick (d100 rooms): mercy decisions past their `expiresTick` take the AI's choice (`aiSpares`, `duelMercy` by "timeout"). */
export function expireDuelMercies(sim: Simulation): void {
  const all = sim.state.duelMercies;
  if (!all) return;
  for (const id of Object.keys(all)) {
    const m = all[id] as DuelMercyRecord;
    if (sim.state.tick >= m.expiresTick) decideMercy(sim, id, m.aiSpares, "ai");
  }
}

/**
 * After any action in a duel: when a duellist is down (P100-DUEL-18), the duel ends. A loser of a
 * duel to the death that went down (not a forfeit) is not spared (Left open DUEL).
 * @returns whether the duel ended.
 */
export function checkDuelOver(sim: Simulation, unit: UnitRecord): boolean {
  const opp = duelOpponent(sim, unit);
  if (!opp || !d100Of(unit).duel) return false;
  const loserId = duelLoser({ id: unit.id, unit: d100Of(unit), power: 0 }, { id: opp.id, unit: d100Of(opp), power: 0 }, null);
  if (!loserId) return false;
  const loser = loserId === unit.id ? unit : opp;
  const winner = loser === unit ? opp : unit;
  finishDuel(sim, winner, loser, "down", false);
  return true;
}

/**
 * P100-DUEL-19, P100-DUEL-20: `unitId` forfeits its duel; in a duel to the death the winner
 * decides: an AI winner at once (`spare`, by default {@link AI_SPARES_FORFEIT}), a winner's side a
 * person holds through a pending mercy decision ({@link finishDuel}, {@link decideMercy}).
 */
export function forfeitDuel(sim: Simulation, unitId: string, spare: boolean = AI_SPARES_FORFEIT): DuelRefusal | null {
  const unit = sim.state.units[unitId];
  if (!unit) return "unknownUnit";
  const opp = duelOpponent(sim, unit);
  if (!opp) return "notInDuel";
  finishDuel(sim, opp, unit, "forfeit", spare);
  return null;
}
