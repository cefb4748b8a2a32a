import { ENCOUNTER_RADIUS, FLEE_DISTANCE, ROUND_TICKS, TURN_TICKS, TURN_TIMER_TICKS, type RulesetId } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { areEnemies, isActive, presentUnits, setActivity, setTarget } from "../../world/units.ts";
import { chebyshev } from "../../world/grid.ts";
import { someUnitNear } from "../../world/unitIndex.ts";
import { d20EncounterRules } from "../d20/encounter.ts";
import { d100EncounterRules } from "../d100/encounter.ts";
import { encounterOf, encountersOf, participantsOf } from "./book.ts";
import type { EncounterRecord, EncounterRules } from "./types.ts";
import { markUnits } from "../../changes.ts";

/** The encounter rules of each ruleset played in rounds (d100 adds its line here). */
export const ENCOUNTER_RULES: Partial<Record<RulesetId, EncounterRules>> = {
  d20: d20EncounterRules,
  d100: d100EncounterRules,
};

/**
 * The turn timer of the encounter table (shared/src/data/encounters.ts), re-exported for the room's
 * turn projections (rooms/turnProjection.ts, rooms/d100TurnProjection.ts), which import it from here.
 */
export { TURN_TIMER_TICKS } from "@malignus/shared";

/**
 * Runs every encounter for one tick (called by the fight system when the ruleset plays in
 * rounds; D20-FLOW-01 to D20-FLOW-26):
 * 1. a unit that has picked a hostile target (the first hostile action, D20-FLOW-04) outside any
 *    encounter starts one with its target and every unit within {@link ENCOUNTER_RADIUS} of them
 *    that is hostile to or on the side of a participant (positions as they stand, D20-FLOW-16);
 *    if its target is already in an encounter it joins that one as a latecomer (the target must be
 *    within {@link FLEE_DISTANCE}); the dying nearby join too, to make their jets de destin;
 * 2. each encounter drops the gone and the fled, ends when no two hostile sides can still fight
 *    (D20-FLOW-26), freezes its participants' real-time walking (units outside keep moving), and
 *    plays at most one turn per tick in initiative order (D20-FLOW-19, D20-FLOW-24), starting a
 *    new round once everyone has acted and {@link ROUND_TICKS} have passed (D20-FLOW-03, D20-FLOW-25).
 * 3. every {@link ROUND_TICKS} ticks, units in no encounter get the ruleset's `outsideTurn`.
 * Encounters and units are taken in id order.
 */
export function stepEncounters(sim: Simulation): void {
  const rules = ENCOUNTER_RULES[sim.state.ruleset];
  if (!rules) return;
  rules.everyTick?.(sim);
  formEncounters(sim, rules);
  const all = encountersOf(sim);
  for (const id of Object.keys(all)) stepEncounter(sim, rules, all[id] as EncounterRecord);
  if (rules.outsideTurn && sim.state.tick % ROUND_TICKS === 0) {
    for (const u of presentUnits(sim)) {
      if (!rules.isGone(u) && !encounterOf(sim, u.id)) rules.outsideTurn(sim, u);
    }
  }
}

function formEncounters(sim: Simulation, rules: EncounterRules): void {
  const units = sim.state.units;
  for (const unit of presentUnits(sim)) {
    if (unit.targetId === "" || !isActive(unit) || !rules.canFight(unit)) continue;
    const target = units[unit.targetId];
    if (!target || !areEnemies(unit, target) || !rules.canFight(target) || chebyshev(unit, target) > FLEE_DISTANCE) continue;
    if (encounterOf(sim, unit.id)) continue;
    const running = encounterOf(sim, target.id);
    if (running) join(sim, rules, running, unit);
    else start(sim, rules, unit, target);
  }
}

/** D20-FLOW-04 to D20-FLOW-19: a new encounter around `aggressor` and `target`. */
function start(sim: Simulation, rules: EncounterRules, aggressor: UnitRecord, target: UnitRecord): EncounterRecord {
  const members: UnitRecord[] = [aggressor, target];
  for (let grew = true; grew;) {
    grew = false;
    for (const uid in sim.state.units) {
      const u = sim.state.units[uid] as UnitRecord;
      if (members.includes(u) || rules.isGone(u) || encounterOf(sim, u.id)) continue;
      const near = members.filter((m) => chebyshev(m, u) <= ENCOUNTER_RADIUS);
      if (near.length === 0) continue;
      const involved = members.some((m) => areEnemies(m, u)) || members.some((m) => m.faction === u.faction);
      if (!involved) continue;
      members.push(u);
      grew = true;
    }
  }
  members.sort((a, b) => Number(a.id) - Number(b.id));
  const id = sim.newId();
  const surprised = rules.surprised(sim, members);
  const initiative: Record<string, number> = {};
  for (const m of members) initiative[m.id] = rules.rollInitiative(sim, m);
  // D20-FLOW-21 (Left open: no protocol for players to negotiate): the order players "agree" on for their tied characters is unit id order (members are sorted by id).
  const agreed = members.filter((m) => (m.controller ?? "") !== "").map((m) => m.id);
  const order = rules.orderOf(sim, members.map((m) => ({ id: m.id, total: initiative[m.id] as number })), agreed);
  const tick = sim.state.tick;
  const enc: EncounterRecord = {
    id, participants: members.map((m) => m.id), order, initiative, round: 1, turnIndex: 0,
    roundStartTick: tick, nextTurnTick: tick, surprised, acted: [], reactions: {}, waitingSince: -1, plans: {}, startTick: tick,
  };
  encountersOf(sim)[id] = enc;
  rules.startRound(sim, enc);
  for (const m of members) m.walk = null;
  sim.emit({ type: "encounterStarted", encounterId: id, order: [...order], initiative: { ...initiative }, surprised: [...surprised] });
  return enc;
}

/**
 * Left open (D20-FLOW, latecomers): a latecomer rolls initiative and is inserted after everyone
 * with a total at least as high; it first acts when its slot comes up (if that slot is already
 * past this round, next round; a slot at a player's turn still open, `openTurn`, counts as past).
 */
function join(sim: Simulation, rules: EncounterRules, enc: EncounterRecord, unit: UnitRecord): void {
  const total = rules.rollInitiative(sim, unit);
  let at = enc.order.findIndex((id) => (enc.initiative[id] ?? 0) < total);
  if (at < 0) at = enc.order.length;
  enc.order.splice(at, 0, unit.id);
  // A slot before the current turn is past; so is the current one while a player's turn is open (its turn goes on).
  if (at < enc.turnIndex || (at === enc.turnIndex && enc.openTurn !== undefined)) { enc.turnIndex += 1; if (!enc.acted.includes(unit.id)) enc.acted.push(unit.id); }
  enc.initiative[unit.id] = total;
  enc.participants.push(unit.id);
  unit.walk = null;
  sim.emit({ type: "encounterJoined", encounterId: enc.id, unitId: unit.id, initiative: total, order: [...enc.order] });
}

/**
 * Issue 17: answers a player's plan for `unit` that can never be played (the ruleset's `lostPlan`,
 * d20 and d100: the unit is dead, captured or departed; else `otherwise`, given when the unit is
 * leaving the encounter, `fled`, or when the encounter ends with the plan still waiting,
 * `encounterOver`) with `turnPlanPlayed` and that one refusal, and drops it from the encounter's plans.
 * @returns true when the plan was answered so (the caller must not keep it), false when it may wait for the unit's turn.
 *
 * One of two refusal paths, on purpose (review s11): this one answers at once a plan for a unit
 * that will never get a turn again, so nothing is left waiting. A plan for a unit that cannot play
 * this turn only (d20 dying, stable, paralysed, surprised; d100 dying, stunned, incapacitated) is
 * answered by the ruleset's turn when that turn comes (d20/turn.ts `d20TurnRules` `refuse`,
 * d100/encounter.ts `refuseUnplayable`): those states can pass before the turn and are settled by
 * its start (start-of-turn harm, the jet de destin), so they cannot be answered here.
 */
export function answerLostPlan(sim: Simulation, rules: EncounterRules, enc: EncounterRecord, unit: UnitRecord, otherwise?: "fled" | "encounterOver"): boolean {
  const why = rules.lostPlan?.(unit) ?? otherwise ?? null;
  if (why === null) return false;
  delete enc.plans[unit.id];
  sim.emit({ type: "turnPlanPlayed", unitId: unit.id, refusals: [why] });
  return true;
}

/** Drops gone and fled participants; true when two hostile sides can still fight. */
function stillOn(sim: Simulation, rules: EncounterRules, enc: EncounterRecord): { on: boolean; fled: boolean } {
  let fled = false;
  // Issue 20: a participant able to fight stays when a foe (another participant still in, its
  // enemy, able to fight) stands within FLEE_DISTANCE, looked for through the unit index (a unit
  // able to fight is active, so indexed); only when none does are the other participants scanned
  // for a foe at all. Same drops as listing every participant's foes.
  const all = participantsOf(sim, enc);
  const fighting = new Map<UnitRecord, boolean>();
  for (const u of all) fighting.set(u, rules.canFight(u));
  const removed = new Set<UnitRecord>();
  const isFoe = (u: UnitRecord, f: UnitRecord): boolean => f !== u && fighting.get(f) === true && !removed.has(f) && areEnemies(u, f);
  for (const u of all) {
    let drop = rules.isGone(u);
    if (!drop && fighting.get(u) === true && !someUnitNear(sim, u, FLEE_DISTANCE, (f) => isFoe(u, f))) {
      drop = all.some((f) => isFoe(u, f));
    }
    if (!drop) continue;
    const gone = rules.isGone(u);
    if (!gone) fled = true;
    // Issue 17: its plan will never be played in this encounter: dead, captured, departed (lostPlan) or fled (D20-FLOW-26).
    if (u.id in enc.plans) answerLostPlan(sim, rules, enc, u, gone ? undefined : "fled");
    remove(enc, u.id);
    removed.add(u);
  }
  const fighters = participantsOf(sim, enc).filter((u) => rules.canFight(u));
  const on = fighters.some((a) => fighters.some((b) => areEnemies(a, b)));
  return { on, fled };
}

function remove(enc: EncounterRecord, id: string): void {
  const at = enc.order.indexOf(id);
  if (at >= 0) { enc.order.splice(at, 1); if (at < enc.turnIndex) enc.turnIndex -= 1; }
  enc.participants = enc.participants.filter((p) => p !== id);
  // A player's open turn ends when its unit leaves (fled, gone): the next slot's turn does not inherit its wait.
  if (enc.openTurn?.unitId === id) { delete enc.openTurn; enc.waitingSince = -1; enc.acted.push(id); }
  // (d20finish) `acted` keeps a leaver's id: should it come back this round, its new slot is skipped (one turn a round).
}

/**
 * Ends `enc` (D20-FLOW-26: one side `beaten`, or `fled`): a player's plan still waiting for one of
 * its participants is answered first, once, in joining order (issue 17 follow-up: {@link answerLostPlan},
 * `encounterOver` unless the ruleset's `lostPlan` gives a reason); then the participants stop fighting
 * and `encounterEnded` is emitted.
 */
function end(sim: Simulation, rules: EncounterRules, enc: EncounterRecord, reason: "beaten" | "fled"): void {
  for (const u of participantsOf(sim, enc)) if (u.id in enc.plans) answerLostPlan(sim, rules, enc, u, "encounterOver");
  for (const u of participantsOf(sim, enc)) {
    if (u.activity === "fighting") setActivity(sim, u, "idle");
    setTarget(sim, u, "");
  }
  delete encountersOf(sim)[enc.id];
  sim.emit({ type: "encounterEnded", encounterId: enc.id, rounds: enc.round, reason });
}

function stepEncounter(sim: Simulation, rules: EncounterRules, enc: EncounterRecord): void {
  const tick = sim.state.tick;
  const s = stillOn(sim, rules, enc);
  if (!s.on) { end(sim, rules, enc, s.fled ? "fled" : "beaten"); return; }
  for (const u of participantsOf(sim, enc)) u.walk = null;
  if (tick < enc.nextTurnTick) return;
  if (enc.turnIndex >= enc.order.length) {
    if (tick < enc.roundStartTick + ROUND_TICKS) return;
    enc.round += 1;
    enc.turnIndex = 0;
    enc.acted = [];
    enc.reactions = {};
    enc.roundStartTick = tick;
    rules.startRound(sim, enc);
    markUnits(sim, enc.participants); // issue 20 part 2 (sim/changes.ts): a round's start and a turn may change any participant
  }
  // P100-BASE-01: what comes before the first regular turn (the d100 surprise attacks), once; its
  // changes are marked here, since a first turn that waits for its player marks nobody this tick.
  if (enc.round === 1 && enc.turnIndex === 0 && enc.acted.length === 0 && !enc.openTurn && rules.beforeFirstTurn) {
    rules.beforeFirstTurn(sim, enc);
    markUnits(sim, enc.participants);
  }
  // Skip participants that can no longer take turns; play the first one that can.
  while (enc.turnIndex < enc.order.length) {
    const uid = enc.order[enc.turnIndex] as string;
    const unit = sim.state.units[uid];
    if (!unit || rules.isGone(unit)) { enc.turnIndex += 1; continue; }
    // A participant that left and came back in the same round has had its turn (d20finish: one turn a round).
    if (enc.acted.includes(uid)) { enc.turnIndex += 1; continue; }
    if (rules.awaitsPlayer?.(sim, unit) && !(uid in enc.plans)) {
      if (enc.waitingSince < 0) { enc.waitingSince = tick; return; }
      if (tick < enc.waitingSince + TURN_TIMER_TICKS) return;
    }
    const plan = enc.plans[uid] ?? null;
    delete enc.plans[uid];
    const since = enc.waitingSince;
    enc.waitingSince = -1;
    // A turn a player plays in several plans (`openTurn`) starts once and goes on with each plan.
    const resumed = enc.openTurn?.unitId === uid;
    if (!resumed) { delete enc.openTurn; sim.emit({ type: "turnStarted", encounterId: enc.id, round: enc.round, unitId: uid }); }
    markUnits(sim, enc.participants);
    const turn = rules.takeTurn(sim, enc, unit, plan);
    markUnits(sim, enc.participants);
    if (turn === "open") {
      // The turn stays open for the player's next plan, on the same turn timer (from the turn's first wait).
      enc.waitingSince = since < 0 ? tick : since;
      enc.nextTurnTick = tick + TURN_TICKS;
      break;
    }
    delete enc.openTurn;
    enc.acted.push(uid);
    enc.surprised = enc.surprised.filter((id) => id !== uid);
    enc.turnIndex += 1;
    enc.nextTurnTick = tick + TURN_TICKS;
    break;
  }
  const after = stillOn(sim, rules, enc);
  if (!after.on) end(sim, rules, enc, after.fled ? "fled" : "beaten");
}
