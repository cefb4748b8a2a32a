import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { areEnemies } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { canStrike, isUp } from "./resolve.ts";
import { routeNextTo } from "./routes.ts";
import type { D20Step, D20TurnPlan, TurnState as D20TurnState } from "./plan.ts";
import { type ReachableTile, reachableTiles, turnLeft, moverOf } from "./reach.ts";

/**
 * A player's stored d20 plan (shared/protocol.ts `TurnPlan`: a step list or a one-word plan) as
 * the steps its turn plays ({@link toD20Plan}).
 */

/**
 * The move of an approach toward `target` when no tile in reach can be got to this turn: along
 * the cheapest D20 route to it (routes.ts `d20RouteTo`, as the AI's approach), to the
 * farthest tile of that walk reachable this turn (by its cheapest way). No step when none is.
 */
function approach(sim: Simulation, unit: UnitRecord, target: UnitRecord, tiles: readonly ReachableTile[]): D20Step[] {
  const map = sim.state.map;
  // d20move: the cheapest way by the D20-MOVE costs (routes.ts d20RouteTo: rubble, modes, spaces) to a
  // place next to the target's space, instead of the shortest walk.
  const route = routeNextTo(sim, unit, target);
  if (!route) return [];
  const walk = route.steps.flatMap((st) => (st.kind === "move" ? st.path.map((p) => p.y * map.width + p.x) : []));
  const byTile = new Map(tiles.map((t) => [t.y * map.width + t.x, t]));
  for (let k = walk.length - 1; k >= 0; k--) {
    const t = byTile.get(walk[k]!);
    if (t) return t.steps ?? [{ kind: "move", path: t.path }];
  }
  return [];
}

/** Step kinds a one-word plan (`{ action }`, shared/protocol.ts `TurnPlan`) plays as a single step. */
export const ONE_STEP_ACTIONS = ["dash", "disengage", "hide", "search", "ready", "reload", "standUp", "dropProne", "escape", "release"] as const;

/**
 * Turns a player's stored plan (shared/protocol.ts `TurnPlan`, or a plan already in steps) into
 * the d20 steps its turn plays:
 * - `steps` given: those steps as sent (an undescribed kind is refused when played, D20-ACTION-02;
 *   a `move` without a path moves nowhere);
 * - `wait`: no step (D20-FLOW-29);
 * - `attack` `targetId`: attack it, first moving by the cheapest way to the nearest tile (cost, then
 *   y, then x) it can be attacked from when it is out of reach (D20-MOVE-10); when no such tile
 *   is reachable, approach it along the shortest walk as far as the movement allows, no attack;
 * - `move` to (`x`, `y`): the cheapest way there ({@link reachableTiles});
 * - `firstAid` / `grapple` `targetId` and {@link ONE_STEP_ACTIONS}: that one step.
 * Moves are worked out with what is left of the turn `ts` (by default {@link turnLeft}) and, for a
 * rider of a controlled mount, for the mount on its own movement ({@link moverOf}, D20-MOUNT-17).
 * @returns null when the plan names an unknown action, a foe not in the encounter or an
 * unreachable tile: the AI then plays the turn (as in d100).
 */
export function toD20Plan(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, plan: unknown, ts: D20TurnState = turnLeft(enc, unit)): D20TurnPlan | null {
  if (typeof plan !== "object" || plan === null) return null;
  const p = plan as { action?: unknown; targetId?: unknown; x?: unknown; y?: unknown; steps?: unknown };
  if (Array.isArray(p.steps)) {
    return { steps: p.steps.map((s) => (s && typeof s === "object" && (s as { kind?: unknown }).kind === "move" && !Array.isArray((s as { path?: unknown }).path) ? { ...(s as object), path: [] } : s) as D20Step) };
  }
  switch (p.action) {
    case "wait": return { steps: [] };
    case "attack": {
      const target = typeof p.targetId === "string" && enc.participants.includes(p.targetId) ? sim.state.units[p.targetId] : undefined;
      if (!target || !areEnemies(unit, target) || !isUp(target)) return null;
      const attack: D20Step = { kind: "attack", targetId: target.id };
      if (canStrike(sim, unit, target)) return { steps: [attack] };
      const moving = moverOf(sim, unit, ts);
      const tiles = moving ? reachableTiles(sim, enc, moving.mover, moving.movement) : [];
      const from = tiles.find((t) => canStrike(sim, unit, target, { x: t.x, y: t.y })); // d20rider: a rider from its mount's space there
      if (from) return { steps: [...(from.steps ?? [{ kind: "move", path: from.path }]), attack] };
      return { steps: moving ? approach(sim, moving.mover, target, tiles) : [] };
    }
    case "move": {
      if (typeof p.x !== "number" || typeof p.y !== "number") return null;
      const moving = moverOf(sim, unit, ts);
      const tile = moving ? reachableTiles(sim, enc, moving.mover, moving.movement).find((t) => t.x === p.x && t.y === p.y) : undefined;
      return tile ? { steps: tile.steps ?? [{ kind: "move", path: tile.path }] } : null;
    }
    case "firstAid":
    case "grapple":
      return typeof p.targetId === "string" ? { steps: [{ kind: p.action, targetId: p.targetId }] } : null;
    default:
      return (ONE_STEP_ACTIONS as readonly unknown[]).includes(p.action) ? { steps: [{ kind: p.action } as D20Step] } : null;
  }
}
