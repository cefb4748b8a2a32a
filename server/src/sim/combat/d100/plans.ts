/**
 * A player's one-word plan for a d100 turn (`action` other than "steps", shared/protocol.ts
 * `TurnPlan`): one handler per action ({@link D100_PLANS}), played by {@link playPlan}; and the
 * mercy decision a plan carries ({@link decideOnPlan}).
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev, isWalkable } from "../../world/grid.ts";
import { areEnemies } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { freePath } from "../encounters/tactics.ts";
import { changeHeight, land, takeOff } from "./air.ts";
import { fight } from "./ai.ts";
import { companionPlan } from "./companionSteps.ts";
import { DUEL_MERCY_TICKS } from "@malignus/shared";
import { decideMercy, duelOpponent, forfeitDuel } from "./duels.ts";
import { attemptRescue, inMassCombat, isUp } from "./fighters.ts";
import type { D100Plan } from "./plan.ts";
import { d100Of } from "./sheet.ts";
import { moveAllowance, spendAction, type TurnState } from "./turns.ts";
import type { D100Unit } from "./types.ts";
import { moveToward, walk } from "./walking.ts";

/**
 * P100-DUEL-20 (issue 8): after a player's plan, a mercy decision its unit's side holds on a duel
 * the plan just won (made this tick) is decided as the plan said (`spare`), as if by
 * `decideDuelMercy` (`duelMercy` by "adventurer").
 */
export function decideOnPlan(sim: Simulation, unit: UnitRecord, plan: D100Plan): void {
  if (plan.spare === undefined || !sim.state.duelMercies) return;
  for (const m of Object.values(sim.state.duelMercies)) {
    if (m.winnerId === unit.id && m.expiresTick === sim.state.tick + DUEL_MERCY_TICKS) decideMercy(sim, m.id, plan.spare, unit);
  }
}

/** What a one-word plan's handler plays in. */
export interface D100PlanContext {
  sim: Simulation;
  enc: EncounterRecord;
  unit: UnitRecord;
  /** `unit`'s d100 sheet. */
  me: D100Unit;
  ts: TurnState;
  /** The unit `plan.targetId` names, if any. */
  target: UnitRecord | undefined;
}

/** Plays one one-word plan: true when played, false when it names no valid target (the AI then plays the turn). */
export type D100PlanHandler = (c: D100PlanContext, plan: D100Plan) => boolean;

/** `wait`: nothing. */
const waitPlan: D100PlanHandler = () => true;

/** `forfeit`: forfeits the duel (P100-DUEL-19). */
const forfeitPlan: D100PlanHandler = ({ sim, unit }) => forfeitDuel(sim, unit.id) === null;

/** `attack` `targetId`: the AI's approach and attack (ai.ts `fight`), on that foe (P100-BASE-06 to 08; in a duel only the opponent). */
const attackPlan: D100PlanHandler = ({ sim, enc, unit, ts, target }) => {
  if (!target || !areEnemies(unit, target) || !isUp(target)) return false;
  const opp = duelOpponent(sim, unit);
  if (opp && opp !== target) return false;
  fight(sim, enc, unit, target, ts);
  return true;
};

/**
 * `move` / `guardedMove` to (`x`, `y`): along the A* way around others, up to the (guarded) allowance
 * (P100-MOVE-03 to 06). Not played on a turn kept open that has already moved or attacked (no second
 * move, none after the main action, P100-BASE-08): reported "invalidPlan", the AI then plays what is
 * left of the turn (encounter.ts `otherPlan`).
 */
const movePlan: D100PlanHandler = ({ sim, enc, unit, me, ts }, plan) => {
  if (ts.moved || ts.mainDone) return false;
  if (plan.x === undefined || plan.y === undefined || !isWalkable(sim.state.map, plan.x, plan.y)) return false;
  const guarded = plan.action === "guardedMove";
  const path = freePath(sim, unit, { x: plan.x, y: plan.y }, false);
  if (!path) return false;
  walk(sim, enc, unit, path.slice(0, moveAllowance(me, guarded)), ts, inMassCombat(sim, enc, unit), guarded);
  return true;
};

/** `rescue` `targetId`: go to a dying, unstabilised ally and attempt its rescue as the main action (P100-DEATH-03 to 08). */
const rescuePlan: D100PlanHandler = ({ sim, enc, unit, ts, target }) => {
  if (!target || areEnemies(unit, target) || !d100Of(target).dying || d100Of(target).stabilised) return false;
  if (chebyshev(unit, target) > 1) moveToward(sim, enc, unit, target, ts, false);
  if (!isUp(unit) || chebyshev(unit, target) > 1 || spendAction(ts, "main") !== null) return true;
  attemptRescue(sim, unit, target);
  return true;
};

/** `takeOff`, `land`, `climb`, `descend`: flight (P100-AIR-20, P100-AIR-21); played even when refused. */
const flightPlan: D100PlanHandler = ({ sim, unit, me, ts }, plan) => {
  const refused = plan.action === "takeOff" ? takeOff(me, ts) : plan.action === "land" ? land(me, ts) : changeHeight(me, ts, plan.action === "climb" ? 1 : -1);
  if (!refused) sim.emit({ type: "altitudeChanged", unitId: unit.id, altitude: me.altitude, cause: plan.action as Flight });
  return true;
};

/** The flight steps and plans (P100-AIR-20, P100-AIR-21). */
type Flight = "takeOff" | "land" | "climb" | "descend";

/** Each one-word plan's handler, by `action`. */
export const D100_PLANS: Readonly<Record<string, D100PlanHandler>> = {
  wait: waitPlan,
  forfeit: forfeitPlan,
  attack: attackPlan,
  move: movePlan,
  guardedMove: movePlan,
  rescue: rescuePlan,
  takeOff: flightPlan,
  land: flightPlan,
  climb: flightPlan,
  descend: flightPlan,
};

/**
 * A player's plan for its adventurer's turn (the encounter's `plans`, sent with `planTurn`):
 * - `attack` `targetId`: the AI's approach and attack, on that foe (P100-BASE-06 to 08);
 * - `move` / `guardedMove` to (`x`, `y`): a normal move (opportunity attacks, P100-MOVE-03/04) or a
 *   guarded one (none, a quarter of the distance, P100-MOVE-05/06), then the turn ends;
 * - `rescue` `targetId`: go to a dying ally and attempt its rescue (P100-DEATH-03 to 08);
 * - `forfeit`: forfeit the duel (P100-DUEL-19; an AI winner spares it, a winner's side a person
 *   holds decides, duels.ts `finishDuel`);
 * - `takeOff`, `land`, `climb`, `descend`: flight (P100-AIR-20, P100-AIR-21);
 * - `healFamiliar`, `mount`, `dismount`, and a mounted rider's flight: companions (companionSteps.ts
 *   `companionPlan`); `familiar`: the owner's turn given to its familiar (companionTurn.ts `companionTurn`);
 * - `wait`: nothing.
 * An unknown action, or one that names no valid target, falls back to the AI. One handler per
 * action ({@link D100_PLANS}).
 * @returns true when the plan was played.
 */
export function playPlan(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: D100Plan, ts: TurnState): boolean {
  const me = d100Of(unit);
  const target = plan.targetId ? sim.state.units[plan.targetId] : undefined;
  if (companionPlan(sim, unit, plan, ts)) return true; // healFamiliar, mount, dismount, a rider's flight (companionSteps.ts)
  const handler = Object.hasOwn(D100_PLANS, plan.action) ? D100_PLANS[plan.action] : undefined;
  return handler ? handler({ sim, enc, unit, me, ts, target }, plan) : false;
}
