import type { Simulation } from "../simulation.ts";
import type { Pos, UnitRecord } from "../state.ts";
import { stopWalking } from "../world/movement.ts";
import { isWalkable, inBounds } from "../world/grid.ts";
import { isActive, setActivity, setTarget } from "../world/units.ts";
import { planRoute, walkKnowing } from "../knowledge/routing.ts";
import { encounterOf } from "../combat/encounters/book.ts";
import type { CommandRefused } from "@malignus/shared";

/**
 * Adventurer players walking out of combat (issue 9, "Adventurer play"). A player's walk order
 * is the command `moveTo` from an adventurer seat's actor (commands/moveTo.ts; enqueued and
 * logged like every input, so a run replays); it sets the unit's
 * `playerGoal`. While a player controls the unit (`controller`) and it is in no encounter, the
 * adventurer behaviour ({@link steerByPlayer}, called from adventurers.ts) walks it there along
 * the routes its own knowledge allows (KNOW-17 to KNOW-19, knowledge/routing.ts), at its own
 * speed, then keeps it on that tile. When the player drops, the room's `seats` input clears `controller` (inputs/seats.ts): the
 * goal is forgotten and the AI plays again.
 */

/**
 * Checks a walk order of the player of `unitId` to `goal` and stores it, or refuses it and
 * changes nothing: UNKNOWN_UNIT (no such unit), NOT_YOUR_UNIT (not an adventurer a player
 * controls), INVALID_TARGET (it cannot act: down, captured, gone), OUT_OF_BOUNDS, NOT_FLOOR (no
 * walkable tile), IN_ENCOUNTER (it fights in an encounter: turns go through `planTurn`), NO_PATH
 * (no walk reaches the tile).
 */
export function orderPlayerMove(sim: Simulation, unitId: string, goal: Pos): { ok: true } | CommandRefused {
  const unit = sim.state.units[unitId];
  if (!unit) return { ok: false, code: "UNKNOWN_UNIT", reason: `no unit ${unitId}` };
  if (unit.kind !== "adventurer" || unit.partyId === "" || !unit.controller) {
    return { ok: false, code: "NOT_YOUR_UNIT", reason: `unit ${unitId} is not an adventurer played by a player` };
  }
  if (!isActive(unit)) return { ok: false, code: "INVALID_TARGET", reason: `adventurer ${unitId} cannot move now (${unit.activity})` };
  const map = sim.state.map;
  if (!inBounds(map, goal.x, goal.y)) return { ok: false, code: "OUT_OF_BOUNDS", reason: `(${goal.x}, ${goal.y}) is off the map` };
  if (!isWalkable(map, goal.x, goal.y)) return { ok: false, code: "NOT_FLOOR", reason: `(${goal.x}, ${goal.y}) is not a tile one can walk on` };
  if (encounterOf(sim, unitId)) {
    return { ok: false, code: "IN_ENCOUNTER", reason: `adventurer ${unitId} is in an encounter: plan its turn instead` };
  }
  if (!(unit.x === goal.x && unit.y === goal.y) && planRoute(sim, unit, goal, false) === null) {
    return { ok: false, code: "NO_PATH", reason: `no walk leads adventurer ${unitId} to (${goal.x}, ${goal.y})` };
  }
  unit.playerGoal = { x: goal.x, y: goal.y };
  return { ok: true };
}

/**
 * Walks a player-controlled adventurer toward its `playerGoal` and keeps it there. Returns true
 * when the player's order decided what `unit` does this tick (the AI then does nothing), false
 * when the AI should decide: no goal, no player any more (the goal is forgotten), or an
 * encounter holds it.
 */
export function steerByPlayer(sim: Simulation, unit: UnitRecord): boolean {
  const goal = unit.playerGoal;
  if (!goal) return false;
  if (!unit.controller) { delete unit.playerGoal; return false; }
  if (encounterOf(sim, unit.id)) return false;
  setTarget(sim, unit, "");
  if (unit.x === goal.x && unit.y === goal.y) {
    stopWalking(unit);
    setActivity(sim, unit, "idle");
    return true;
  }
  setActivity(sim, unit, "walking");
  if (!walkKnowing(sim, unit, goal, false)) {
    // The way closed (a door locked, a wall built): the order lapses and it waits where it is.
    delete unit.playerGoal;
    stopWalking(unit);
    setActivity(sim, unit, "idle");
  }
  return true;
}
