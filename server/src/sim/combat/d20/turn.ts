/**
 * The d20 turn (D20-FLOW-24) on the shared turn skeleton (encounters/turnSkeleton.ts): the
 * start of a turn ({@link startOfTurnHarm}, {@link zoneHarm}, {@link dyingTurn}), a player's plan
 * played step by step by the handlers of steps/ ({@link playPlan}), else the AI (ai.ts).
 * Moving and striking live in stepping.ts and strikes.ts; the shapes in plan.ts.
 */
import { BASIC_DOT, BLEEDING_DICE, GROUND_ZONE_DICE } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { offBoardPlanReason, participantsOf } from "../encounters/book.ts";
import { playSteps, takeTurn, type StepLoop, type TurnRules } from "../encounters/turnSkeleton.ts";
import { newTurn } from "./actions.ts";
import { aiTurn, rageTarget } from "./ai.ts";
import { damageTaken, tickDots } from "./damage.ts";
import { rollDice } from "./dice.ts";
import { deathSave, stableTurn } from "./hp.ts";
import { turnMovement } from "./movement.ts";
import { toD20Plan } from "./toPlan.ts";
import type { D20Step, D20StepContext, D20TurnPlan, StepResults, TurnState } from "./plan.ts";
import { defenceOf, healUnit, hurt, isUp } from "./resolve.ts";
import { fallIfGrounded, inSpace, slipCheck, startOfTurnSpace } from "./spaces.ts";
import { d20Of, traitsOf } from "./sheet.ts";
import { canAct, ENDS_AT_OWN_TURN_START, endOfTurnStatuses, hasStatus, removeStatus } from "./statuses.ts";
import { D20_STEPS } from "./steps/index.ts";
import { setActivity } from "../../world/units.ts";

export type { D20Step, D20TurnPlan, StepResults, TurnState } from "./plan.ts";

/**
 * The start of a creature's turn (Left open D20-HP: damage over time first, then the jet de
 * destin): damage over time (D20-DAMAGE-09, 14, 23), bleeding (D20-STATUS-10, 1d4) and the
 * asphyxiation of a strangler's hold (D20-DAMAGE-17, 1d4) tick, through resistance. Draw order:
 * each damage over time in order, then bleeding, then asphyxiation.
 */
export function startOfTurnHarm(sim: Simulation, unit: UnitRecord): void {
  const me = d20Of(unit);
  for (const tick of tickDots(sim.rng, me.dots)) {
    if (me.dead) return;
    hurt(sim, unit, damageTaken(tick.amount, tick.type, defenceOf(sim, unit, me)), tick.type, tick.sourceId);
  }
  if (!me.dead && hasStatus(me.statuses, "bleeding")) {
    hurt(sim, unit, damageTaken(rollDice(sim.rng, BLEEDING_DICE), "slashing", { resistances: [], vulnerabilities: [], reduction: 0 }), "slashing", "bleeding");
  }
  // D20-DAMAGE-17 (Left open: it lasts as long as the hold): grappled by a strangler (`strangles` trait), 1d4 asphyxiation.
  const hold = me.statuses.find((s) => s.kind === "grappled");
  const by = hold ? sim.state.units[hold.sourceId] : undefined;
  const choke = BASIC_DOT.asphyxiation;
  if (!me.dead && by && choke && traitsOf(by).strangles && isUp(by)) {
    hurt(sim, unit, damageTaken(rollDice(sim.rng, choke.dice), "asphyxiation", defenceOf(sim, unit, me)), "asphyxiation", by.id);
  }
}

/**
 * The turn of a creature at 0 HP (D20-HP-16 to D20-HP-25, D20-HP-31, D20-HP-34): a stable one
 * counts toward regaining 1 HP; a dying one makes a jet de destin (emits `deathSave`; death
 * emits `knockedOut` "dead", a natural 20 wakes it).
 */
export function dyingTurn(sim: Simulation, unit: UnitRecord): void {
  const me = d20Of(unit);
  if (me.stable) {
    const before = me.hp;
    const outcome = stableTurn(me);
    if (outcome === "woke") { me.hp = before; healUnit(sim, unit, 1, unit.id); }
    return;
  }
  const r = deathSave(me, sim.rng);
  sim.emit({ type: "deathSave", unitId: unit.id, roll: r.natural, successes: me.deathSaves.successes, failures: me.deathSaves.failures, outcome: r.outcome });
  if (r.outcome === "dead") {
    setActivity(sim, unit, "dead");
    unit.wakeTick = -1;
    sim.emit({ type: "knockedOut", unitId: unit.id, outcome: "dead", cause: "hitPoints" });
  } else if (r.outcome === "regained") {
    me.hp = 0;
    healUnit(sim, unit, 1, unit.id);
  }
}

/**
 * Plays a plan step by step until one is refused (D20-FLOW-27, D20-FLOW-29 an empty plan does
 * nothing, D20-MOVE-10, D20-MOVE-11 movement split around and between attacks, D20-ACTION-01,
 * D20-ACTION-02 an undescribed step is refused), each step by its handler (steps/index.ts
 * `D20_STEPS`), which checks its own rule and spends from the turn. Reactions it provokes
 * interrupt it and it carries on afterwards (D20-FLOW-39). A step when the creature can no
 * longer act is refused ("the creature can no longer act") and the plan stops.
 * @returns one outcome per step played: null when done, else the refusal (the last entry).
 */
export function playPlan(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: { readonly steps: readonly D20Step[] }, ts: TurnState): StepResults {
  // D20-ATTACK-32: a plan with an off-hand attack fights with two weapons: no damage modifiers on either weapon.
  if (plan.steps.some((s) => s.kind === "attack" && s.offHand === true)) ts.twoWeapons = true;
  return playSteps(d20StepLoop(sim, enc, unit, ts), plan.steps);
}

/** How a d20 step list plays (encounters/turnSkeleton.ts `StepLoop`): {@link playPlan}. */
function d20StepLoop(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): StepLoop<D20StepContext, D20Step> {
  return {
    steps: D20_STEPS,
    unknown: (step) => `"${step.kind}" is not an action these rules describe (D20-ACTION-02)`,
    halt: () => (isUp(unit) ? null : "the creature can no longer act"),
    context: () => ({ sim, enc, unit, me: d20Of(unit), ts }),
  };
}

function isPlan(plan: unknown): plan is D20TurnPlan {
  return typeof plan === "object" && plan !== null && Array.isArray((plan as D20TurnPlan).steps);
}

/** D20-STATUS-09: the refusal of each step a player planned for an enraged creature, whose turn the rage drives ({@link takeD20Turn}). */
const ENRAGED_REFUSAL = "enraged: the rage drives this turn against its target (D20-STATUS-09)";

/**
 * One AI or player turn of a participant in a d20 encounter (D20-FLOW-24):
 * 1. its own Ready and Reload end, and Help it gave expires (Left open D20-ACTION);
 * 2. start-of-turn harm, then a dying creature's jet de destin (nothing else that turn);
 * 3. paralysed (D20-STATUS-03) or surprised (D20-FLOW-12, D20-FLOW-13) creatures skip the rest;
 *    a player's plan for a turn its creature cannot play (dead, dying, stable, paralysed,
 *    surprised) is answered with `turnPlanPlayed` and one refusal naming why, not dropped silently;
 * 4. a player's plan plays ({@link playPlan}); otherwise the AI ({@link aiTurn}).
 * A plan with `keepTurn: true` (shared/protocol.ts `TurnPlan`) leaves the turn open: what is left
 * of it (`TurnState`) is kept in `enc.openTurn` and the function returns "open"; the next call for
 * the same unit goes on from there (steps 1 to 3 are not repeated): with the next plan, or with the
 * AI playing what is left when `plan` is null (the turn timer ran out). The turn stays open after
 * a refused step too (the refusal is reported); it ends with a plan without `keepTurn`, or when the
 * creature can no longer act.
 * Timed statuses count down at the end of the turn. The loop is the shared skeleton's
 * (encounters/turnSkeleton.ts `takeTurn`).
 */
export function takeD20Turn(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown): void | "open" {
  return takeTurn(sim, enc, unit, plan, d20TurnRules(sim, enc, unit, plan));
}

/**
 * Why a d20 creature cannot play its turn, as a plan's refusal (issue 17, as d100's `turnPlanPlayed`
 * answer): `dead`; at 0 HP `stable` (D20-HP-20) or `dying` (D20-HP-14, D20-HP-16); `paralysed`
 * (D20-STATUS-03); `surprised` (D20-FLOW-12, D20-FLOW-13); else `cannotAct` (out of the fight).
 */
function cannotActReason(unit: UnitRecord): string {
  const d = d20Of(unit);
  if (d.dead) return "dead";
  if (d.hp === 0) return d.stable ? "stable" : "dying";
  for (const k of ["paralysed", "surprised"] as const) if (hasStatus(d.statuses, k)) return k;
  return "cannotAct";
}

/**
 * Issue 17: the refusal of a player's plan for a creature that will never play a turn again: a
 * dead creature (D20-HP-18, a killing blow, D20-HP-35), a captured one or one that left the map
 * has no turn (the encounter skips and drops it, `isGone`), so its plan is answered at once
 * `dead`, `captured` or `departed` instead of being kept unanswered (encounters `lostPlan`;
 * {@link offBoardPlanReason}).
 * @returns the reason, or null when the creature may still get a turn (its plan is kept).
 */
export function lostD20Plan(unit: UnitRecord): "dead" | "captured" | "departed" | null {
  return d20Of(unit).dead || unit.activity === "dead" ? "dead" : offBoardPlanReason(unit);
}

/** The d20 side of the turn skeleton (encounters/turnSkeleton.ts `TurnRules`), for one turn of `unit`: {@link takeD20Turn}. */
function d20TurnRules(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown): TurnRules<TurnState, D20Step> {
  const me = () => d20Of(unit);
  // Issue 17 (as d100's P100-DEATH-13/14): a player's plan for a turn its creature cannot play is answered, not dropped.
  // Not merged with the encounters' `lostPlan` hook (answerLostPlan, encounters.ts; review s11): that
  // one answers at once, when the plan is sent or its unit leaves, a plan that can never be played
  // (the unit has no turn any more). These refusals cannot be given early: dying, stable, paralysed
  // and surprised pass (a potion, the jet de destin, a status wearing off, the first round's end)
  // and are known only when the turn comes, after its start-of-turn harm and jet de destin (whose
  // `deathSave` comes before the answer, `dead` when it killed); the plan has left `enc.plans` by
  // then. One hook for both would have to hold every plan until its turn, which the dead never get.
  const refuse = (reason: string) => { if (plan !== null && plan !== undefined) sim.emit({ type: "turnPlanPlayed", unitId: unit.id, refusals: [reason] }); };
  return {
    enter() {
      for (const u of participantsOf(sim, enc)) fallIfGrounded(sim, u); // d20move: D20-MOVE-37, grounded flyers fall
      if (me().dead) { refuse("dead"); return false; } // killed by the fall just now (a creature already dead has no turn, encounters.ts)
      // D20-MOUNT-16: a controlled mount acts in its rider's turn, not in its own slot.
      const rider = me().riderId !== "" ? sim.state.units[me().riderId] : undefined;
      return !(rider && d20Of(rider).riding?.controlled && isUp(rider));
    },
    resume() {
      if (isUp(unit) && canAct(me().statuses, false)) return true;
      refuse(cannotActReason(unit));
      return false;
    },
    start() {
      const d = me();
      for (const k of ENDS_AT_OWN_TURN_START) removeStatus(d.statuses, k);
      for (const u of participantsOf(sim, enc)) {
        const s = d20Of(u).statuses;
        for (let i = s.length - 1; i >= 0; i--) if (s[i]!.kind === "helped" && s[i]!.sourceId === unit.id) s.splice(i, 1);
      }
      startOfTurnHarm(sim, unit);
      zoneHarm(sim, enc, unit);
      if (d.dead) { refuse("dead"); return null; }
      if (d.hp === 0) {
        const wasStable = d.stable;
        dyingTurn(sim, unit);
        refuse(d.dead ? "dead" : wasStable ? "stable" : "dying"); // the state the turn began in (a jet de destin that killed: dead)
        endOfTurnStatuses(d.statuses);
        return null;
      }
      // The refusal names the status before the turn's end counts it down.
      if (!canAct(d.statuses, false)) { refuse(cannotActReason(unit)); endOfTurnStatuses(d.statuses); return null; }
      // d20move: a walker on deep water swims; D20-SIZE-08: a Large creature in a narrow place squeezes.
      // d20finish: a rider is carried (its mount's space and mode count, not its own); the controlled mount,
      // which has no turn of its own (D20-MOUNT-16), gets its start-of-turn space in its rider's turn.
      const ridden = d.riding ? sim.state.units[d.riding.mountId] : undefined;
      if (!ridden) startOfTurnSpace(sim, unit);
      else if (d.riding?.controlled && isUp(ridden)) startOfTurnSpace(sim, ridden);
      return { budget: newTurn(turnMovement(d)), attacksLeft: 0 }; // D20-MOVE-16 to D20-MOVE-21: × the current mode's factor
    },
    stepsOf: (plan, ts) => (isPlan(plan) ? plan : toD20Plan(sim, enc, unit, plan, ts))?.steps ?? null, // options.ts
    play: (steps, ts) => {
      // D20-STATUS-09: the rage drives an enraged creature's turn, a player's too: its planned steps are refused and it attacks the rage's target as the AI does.
      if (rageTarget(sim, unit)) { aiTurn(sim, enc, unit, ts); return steps.map(() => ENRAGED_REFUSAL); }
      return playPlan(sim, enc, unit, { steps }, ts);
    },
    keepOpen: (plan) => (plan as { keepTurn?: unknown }).keepTurn === true && isUp(unit) && canAct(me().statuses, false) && !rageTarget(sim, unit),
    ai: (ts) => aiTurn(sim, enc, unit, ts),
    end: () => endOfTurnStatuses(me().statuses),
  };
}

/**
 * D20-DAMAGE-10, D20-DAMAGE-15, D20-DAMAGE-24 (Left open: at the start of each turn begun on a zone
 * tile): a creature starting its turn with any tile of its space (D20-SIZE-01, spaces.ts `inSpace`)
 * on acid takes 1d4, on poison or fire 1d2, through resistance. Left open (server choice): each
 * zone type harms at most once per turn start, however many of its tiles the space covers (a
 * Large creature on two acid tiles takes one 1d4); different types each harm (acid and fire: 1d4
 * and 1d2), in the order the zones were laid, the source being the first such tile's. On spilled
 * slippery liquid it rolls to keep its footing (spaces.ts `slipCheck`, D20-MOVE-27, whole space too).
 */
export function zoneHarm(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): void {
  slipCheck(sim, unit); // D20-MOVE-27: a turn begun on spilled slippery liquid
  const harmedBy: string[] = [];
  for (const z of enc.zones ?? []) {
    if (z.type === "slippery" || harmedBy.includes(z.type) || !inSpace(unit, z.x, z.y) || d20Of(unit).dead) continue;
    harmedBy.push(z.type); // at most once per zone type per turn start
    const type = z.type as keyof typeof GROUND_ZONE_DICE;
    const amount = rollDice(sim.rng, GROUND_ZONE_DICE[type]);
    hurt(sim, unit, damageTaken(amount, type, defenceOf(sim, unit)), type, z.sourceId);
  }
}

/** Ground zones wear off: one round less at each new round; spent ones go (Left open D20-DAMAGE: 2 rounds by default). */
export function ageZones(enc: EncounterRecord): void {
  if (!enc.zones) return;
  for (const z of enc.zones) z.roundsLeft -= 1;
  enc.zones = enc.zones.filter((z) => z.roundsLeft > 0);
}
