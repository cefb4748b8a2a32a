/**
 * The d100 turn on the shared turn skeleton (encounters/turnSkeleton.ts) and the d100 side of
 * encounters ({@link d100EncounterRules}): a player's step list ({@link playSteps}, handlers in
 * steps.ts), a one-word plan (plans.ts), else the AI (ai.ts). Who fights and how a blow lands:
 * fighters.ts; moving: walking.ts; the plan shapes: plan.ts.
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { areEnemies } from "../../world/units.ts";
import type { EncounterRecord, EncounterRules } from "../encounters/types.ts";
import { offBoardPlanReason, participantsOf } from "../encounters/book.ts";
import { playSteps as playStepList, takeTurn, type StepLoop, type TurnRules } from "../encounters/turnSkeleton.ts";
import { canSee } from "../perception.ts";
import { d100AiTurn, surpriseAttacks } from "./ai.ts";
import { companionStep } from "./companionSteps.ts";
import { companionTurn } from "./companionTurn.ts";
import { expireDuelProposals } from "./duels.ts";
import { isUp } from "./fighters.ts";
import { dyingTurnStart } from "./hp.ts";
import { d100TurnOptions } from "./options.ts";
import type { D100Plan, D100Step, D100StepContext } from "./plan.ts";
import { decideOnPlan, playPlan } from "./plans.ts";
import { d100Options, settle } from "./resolve.ts";
import { d100Of } from "./sheet.ts";
import { canAct, endOwnTurn, hasStatus } from "./statuses.ts";
import { D100_STEPS } from "./steps.ts";
import { fightStartRecharge, mainActionRefusal, newTurn, orderTotals, startOwnTurn, type TurnState } from "./turns.ts";
import { markUnit } from "../../changes.ts";

export type { D100Plan, D100Step } from "./plan.ts";

/**
 * Plays a player's step list on its turn (`action: "steps"`), each step checked against the turn's
 * options as they stand before it (options.ts `d100TurnOptions`, so what a thin client shows is what
 * it may do):
 * - `move` / `guardedMove` to (`x`, `y`): a tile of `reachable` / `guardedReachable`, walked along
 *   the way listed there (normal: opportunity attacks, P100-MOVE-03/04; guarded: none, P100-MOVE-05);
 * - `attack` `targetId`: a foe of `targets` (a swarm member: the swarm's kill roll, P100-MASS-06);
 * - `cast` `targetId` (`spell` optional): the chosen spell (P100-SPELL-01 to 05) at a target of
 *   `spellTargets` (the healing spell: an adjacent stabilised ally, halved in a duel);
 * - `rescue` `targetId`: an adjacent dying ally (P100-DEATH-03 to 08);
 * - `familiar` `targetId`: the familiar attacks a foe next to it (P100-FAMILIAR-02 to 04: instead
 *   of a non-specialist's main action, besides a specialist's);
 * - `climb`, `descend` (the move), `takeOff`, `land` (the whole turn; P100-AIR-20/21);
 * - `forfeit`: a free action ending the duel (P100-DUEL-19); `endTurn` (or `wait`) ends the turn.
 * Each kind is one handler (steps.ts `D100_STEPS`), companion steps first (companionSteps.ts
 * `companionStep`). The list stops at the first refused step (its reason in the result, the rest not played).
 * A step that comes once the turn is over (after `endTurn`, `forfeit`, a full-turn step such as
 * `takeOff`, `land`, `mount`, `dismount`, P100-AIR-20, or a mishap that ends it) is refused
 * `turnOver`, and one that comes once the unit fell is refused why it cannot act
 * ({@link cannotActReason}: `dying`, `dead`...), as d20 refuses a step its fallen creature cannot
 * play (issue 17): the last entry of a list cut short is always a refusal.
 * @returns one entry per step played or refused: null when done, else the refusal (the last entry; the steps after it are not played).
 */
export function playSteps(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, steps: readonly D100Step[], ts: TurnState): (string | null)[] {
  return playStepList(d100StepLoop(sim, enc, unit, ts), steps);
}

/** How a d100 step list plays (encounters/turnSkeleton.ts `StepLoop`): {@link playSteps}. */
function d100StepLoop(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, ts: TurnState): StepLoop<D100StepContext, D100Step> {
  return {
    steps: D100_STEPS,
    unknown: () => "unknownStep",
    context: (step) => ({
      sim, enc, unit, ts,
      me: d100Of(unit),
      o: d100TurnOptions(sim, enc, unit, ts),
      target: step.targetId ? sim.state.units[step.targetId] : undefined,
      // P100-BASE-06: a step list's second main action is refused before any target check (the client sees
      // "actionSpent", not a target refusal), by the same check `spendAction` makes (issue 17)
      spent: mainActionRefusal(ts),
    }),
    // mount, dismount, healFamiliar, a rider's flight (companionSteps.ts)
    intercept: (_c, step) => companionStep(sim, unit, step, ts),
    // issue 17: a step after the turn ended or the unit fell is refused, as d20's halt, not dropped silently
    halt: () => (ts.over ? "turnOver" : isUp(unit) ? null : cannotActReason(unit)),
  };
}

/**
 * One participant's turn in a d100 encounter (P100-BASE-06 to 14): a player's plan when one was
 * sent (a step list, {@link playSteps}, emitting `turnPlanPlayed`; else a one-word plan,
 * {@link playPlan}, emitting `turnPlanPlayed` with one entry: null when played, a companion plan's
 * refusal (companionSteps.ts `companionStep`: the turn then passes), or "invalidPlan" when it names no
 * valid action or target, the AI then playing the turn), else the AI. A step list with `keepTurn` leaves the turn open (returns
 * "open", the encounter's `openTurn` holding what the turn has spent): the next call, with the
 * player's next plan or null when the turn timer ran out (the AI then plays what is left),
 * resumes it without the start-of-turn steps 0 to 2. The AI:
 * 0. (before the encounter's first turn starts, the surprise attacks: `beforeFirstTurn`, P100-BASE-01 to 03);
 * 1. spells interrupted last turn become castable (P100-STATUS-08); a dying unit loses 5 HP
 *    (P100-DEATH-02) and does nothing else;
 * 2. stunned or incapacitated units lose the turn (P100-STATUS-01, P100-FUMBLE-10);
 *    a player's plan for a turn its unit cannot play (dying, stabilised but not healed,
 *    P100-DEATH-14, stunned, incapacitated) is answered with `turnPlanPlayed` and one refusal
 *    ({@link cannotActReason}), not dropped silently;
 * 3. a swarm acts once per round, in the first slot of that round held by one of its standing
 *    members: its strength is split among the foes it engages and each group strikes its one
 *    target (P100-MASS-11 to 15); its other members' turns pass;
 * 4. against a swarm a character attacks the swarm as a whole with a kill roll (P100-MASS-06 to 10),
 *    killing the nearest members;
 * 5. a trained rescuer tends a dying ally (in the fight or not) instead of fighting (`care`);
 *    then a unit with a charged offensive spell casts it at its best target in reach (`aiCast`,
 *    P100-SPELL-01 to 05; in a duel at its opponent unless the duel bars magic, P100-DUEL-23);
 * 6. a duellist fights only its opponent, with the duel's penalties and opportunity attacks only
 *    at its back (P100-DUEL-09 to 15), and the duel ends when one is down (P100-DUEL-18); anyone
 *    else in a duel's encounter passes (P100-DUEL-03);
 * 7. otherwise it moves (before attacking, P100-BASE-08) toward the nearest foe, or a ranged
 *    attacker steps away from an adjacent foe (P100-PLACE-06); a move that would give opportunity
 *    attacks (P100-MOVE-03/04; none in mass combat, P100-MASS-16) is made guarded instead, a
 *    quarter of the distance and none given (`walkOrGuard`, P100-MOVE-05/06); then it attacks;
 *    flyers first take off, climb or drop (P100-AIR-13, 20, 21), and a charge after 2 tiles
 *    gives +20/+10 (P100-AIR-14/15).
 * Statuses count down at the end of the turn. The loop is the shared skeleton's
 * (encounters/turnSkeleton.ts `takeTurn`); the AI is ai.ts `d100AiTurn`, the step handlers steps.ts.
 */
export function takeD100Turn(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown): void | "open" {
  return takeTurn(sim, enc, unit, plan, d100TurnRules(sim, enc, unit, plan));
}

/**
 * Why a d100 unit cannot play its turn, as a plan's refusal: `dead`; `stabilised` (rescued but
 * not healed: takes no further part in the fight, P100-DEATH-14, until healed, P100-DEATH-13);
 * `dying` (P100-DEATH-02); `stunned` (P100-STATUS-01); `incapacitated` (P100-FUMBLE-10); else
 * `cannotAct` (out of the fight).
 */
function cannotActReason(unit: UnitRecord): string {
  const d = d100Of(unit);
  if (d.dead) return "dead";
  if (d.dying) return d.stabilised ? "stabilised" : "dying";
  for (const k of ["stunned", "incapacitated"] as const) if (hasStatus(d, k)) return k;
  return "cannotAct";
}

/**
 * A player's plan for a turn its unit cannot play (P100-DEATH-13/14, P100-STATUS-01,
 * P100-FUMBLE-10) is answered, not dropped: `turnPlanPlayed` with one refusal, {@link cannotActReason}.
 * Plans the AI made itself (`ai`) and turns without a plan are not reported. Answered when the
 * turn comes, not through the encounters' `lostPlan` hook: see encounters.ts `answerLostPlan`.
 */
function refuseUnplayable(sim: Simulation, unit: UnitRecord, plan: unknown): void {
  const asked = plan as D100Plan | null | undefined;
  if (!asked || asked.ai) return;
  sim.emit({ type: "turnPlanPlayed", unitId: unit.id, refusals: [cannotActReason(unit)] });
}

/**
 * Issue 17: the refusal of a player's plan for a unit that will never play a turn again: a dead
 * unit (P100-DEATH-09, P100-DEATH-10), a captured one or one that left the map has no turn (the
 * encounter skips and drops it, {@link d100EncounterRules} `isGone`), so its plan is answered at
 * once `dead`, `captured` or `departed` instead of being kept unanswered (encounters `lostPlan`,
 * as d20's `lostD20Plan`; {@link offBoardPlanReason}).
 * @returns the reason, or null when the unit may still get a turn (its plan is kept).
 */
function lostD100Plan(unit: UnitRecord): "dead" | "captured" | "departed" | null {
  return d100Of(unit).dead || unit.activity === "dead" ? "dead" : offBoardPlanReason(unit);
}

/** The d100 side of the turn skeleton (encounters/turnSkeleton.ts `TurnRules`), for one turn of `unit` with the player's `plan` (or none): {@link takeD100Turn}. */
function d100TurnRules(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown): TurnRules<TurnState, D100Step> {
  const me = d100Of(unit);
  return {
    resume() {
      if (!(me.dead || !canAct(me) || !isUp(unit))) return true;
      refuseUnplayable(sim, unit, plan);
      return false;
    },
    start() {
      if (me.dead) { refuseUnplayable(sim, unit, plan); return null; }
      startOwnTurn(me);
      if (me.dying) {
        const before = me.hp;
        const r = dyingTurnStart(me, d100Options(sim));
        if (before !== me.hp) sim.emit({ type: "damaged", targetId: unit.id, sourceId: "dying", amount: before - me.hp, damageType: "dying", hp: me.hp, critical: false });
        settle(sim, unit, r.outcome);
        refuseUnplayable(sim, unit, plan);
        endOwnTurn(me);
        return null;
      }
      // The refusal names the status before the turn's end counts it down.
      if (!canAct(me) || !isUp(unit)) { refuseUnplayable(sim, unit, plan); endOwnTurn(me); return null; }
      return newTurn();
    },
    stepsOf: (plan) => {
      const asked = plan as D100Plan | null;
      return asked && asked.action === "steps" ? asked.steps ?? [] : null;
    },
    play: (steps, ts) => playSteps(sim, enc, unit, steps, ts),
    beforeSteps: () => me.duel !== null,
    afterSteps: (plan) => decideOnPlan(sim, unit, plan as D100Plan),
    keepOpen: (plan, ts, wasDuel) => Boolean((plan as D100Plan).keepTurn) && !ts.over && isUp(unit) && wasDuel === (me.duel !== null),
    otherPlan(plan, ts) {
      const asked = plan as D100Plan | null;
      if (!asked) return false;
      // issue 8: a player's one-word plan is reported like a step list (one entry: null when played, else
      // "invalidPlan" and the AI plays the turn).
      const companion = companionStep(sim, unit, { kind: asked.action ?? "", targetId: asked.targetId }, ts); // its refusal, if refused
      const played = companion !== undefined || playPlan(sim, enc, unit, asked, ts);
      if (!asked.ai) sim.emit({ type: "turnPlanPlayed", unitId: unit.id, refusals: [companion ?? (played ? null : "invalidPlan")] });
      if (played) decideOnPlan(sim, unit, asked);
      return played;
    },
    ai: (ts) => d100AiTurn(sim, enc, unit, ts),
    end: () => endOwnTurn(me),
  };
}

/**
 * The d100 side of encounters (combat/encounters/): initiative a d100 each (P100-BASE-04), highest
 * first with one re-roll of ties then the lower id (P100-BASE-05, Left open BASE); nobody is
 * surprised by the machinery (surprise attacks are the encounter's call, P100-BASE-01); turns by
 * {@link takeD100Turn}; out of encounters the dying keep losing 5 HP every round's span (P100-DEATH-02).
 */
export const d100EncounterRules: EncounterRules = {
  rollInitiative: (sim) => sim.rng.d100(),
  /** Pending duel proposals past their time are refused (duels.ts `expireDuelProposals`, P100-DUEL-01). */
  everyTick: (sim) => expireDuelProposals(sim),
  orderOf: (sim, totals) => orderTotals(sim.rng, totals).order,
  /**
   * P100-BASE-01 (Left open BASE): a participant none of its foes can see (combat/perception.ts)
   * when the fight starts is owed a surprise attack; d100 surprise costs nobody a turn, so the
   * list the machinery gets is empty.
   */
  surprised(sim, participants) {
    for (const p of participants) {
      const foes = participants.filter((q) => q !== p && areEnemies(p, q));
      d100Of(p).surprise = foes.length > 0 && !foes.some((f) => canSee(sim, f, p));
    }
    return [];
  },
  /** P100-SPELL-06 to 08: spells recharge when a fight with the Master (the boss) starts, or every fight with the room option. */
  startRound(sim, enc) {
    if (enc.round !== 1) return;
    const units = participantsOf(sim, enc);
    fightStartRecharge(units.map((u) => d100Of(u)), units.some((u) => u.kind === "master"), d100Options(sim).rechargeBetweenFights);
  },
  /** P100-BASE-01 to 03: the surprise attacks, in initiative order, before the first regular turn starts (ai.ts `surpriseAttacks`). */
  beforeFirstTurn: (sim, enc) => surpriseAttacks(sim, enc),
  takeTurn: takeD100Turn,
  outsideTurn(sim, unit) {
    const d = d100Of(unit);
    if (!d.dying || d.stabilised || d.dead) return;
    markUnit(sim, unit);
    const r = dyingTurnStart(d, d100Options(sim));
    sim.emit({ type: "damaged", targetId: unit.id, sourceId: "dying", amount: r.lost, damageType: "dying", hp: d.hp, critical: false });
    settle(sim, unit, r.outcome);
  },
  canFight: (unit) => isUp(unit),
  /**
   * A seated adventurer player's turn waits for its plan (the machinery's turn timer, then the AI),
   * unless the unit cannot act: stunned (P100-STATUS-01), incapacitated (P100-FUMBLE-10) or down,
   * whose turn passes at once (its plan would be ignored), as in d20 (d20/encounter.ts).
   */
  awaitsPlayer: (_sim, unit) => Boolean(unit.controller) && isUp(unit) && canAct(d100Of(unit)),
  isGone(unit) {
    return d100Of(unit).dead || unit.activity === "dead" || unit.activity === "captured" || unit.activity === "left";
  },
  /** Issue 17: a plan for a dead unit is answered `dead` at once, not kept ({@link lostD100Plan}). */
  lostPlan: lostD100Plan,
};

/** Companions: a familiar acts in its owner's slot, a mount carries its rider (companionTurn.ts `companionTurn`, P100-FAMILIAR, P100-AIR-20 to 23). */
d100EncounterRules.takeTurn = (sim, enc, unit, plan) => companionTurn(sim, enc, unit, plan, takeD100Turn);

