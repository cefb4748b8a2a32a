import type { Simulation } from "../simulation.ts";
import type { MapState, Pos, UnitRecord } from "../state.ts";
import { isWater } from "../world/grid.ts";
import { planRoute, type Route } from "../knowledge/routing.ts";

/**
 * Swimming (INV-09): a party that came through a portal from which it must cross water swims
 * across the water tiles (`~`). Decisions:
 * - adventurers swim only when they must: a route through water is planned only when no dry
 *   route reaches the goal ({@link swimRoute}); any other unit never enters water;
 * - a step into, out of or within water goes at {@link SWIM_SPEED_PERCENT}% of the unit's speed
 *   ({@link movementSpeed});
 * - water still breaks a walking path (DOOR-49, doors/walkingPath.ts is unchanged), and a portal
 *   with no dry route is still a "water portal" when choosing portals (INV-08, INV-09).
 */

/** Speed while swimming, in percent of the unit's walking speed (INV-09 decision: half speed). */
export const SWIM_SPEED_PERCENT = 50;

/**
 * The route of adventurer `unit` to `goal` across water, planned like {@link planRoute} (known
 * triggers weigh the same) with water tiles passable. Used only once no dry route exists (INV-09).
 * @returns null for units that are not adventurers, or when even swimming cannot reach the goal.
 */
export function swimRoute(sim: Simulation, unit: UnitRecord, goal: Pos, adjacent: boolean): Route | null {
  if (unit.kind !== "adventurer") return null;
  return planRoute(sim, unit, goal, adjacent, true);
}

/**
 * Progress (thousandths of a tile) `unit` makes this tick toward its next tile `next` (a tile
 * index, or undefined): its speed, or {@link SWIM_SPEED_PERCENT}% of it (rounded down) when it
 * stands in water or its next tile is water (INV-09).
 */
export function movementSpeed(map: MapState, unit: UnitRecord, next: number | undefined): number {
  const wet = isWater(map, unit.x, unit.y) || (next !== undefined && isWater(map, next % map.width, Math.floor(next / map.width)));
  return wet ? Math.floor((unit.speed * SWIM_SPEED_PERCENT) / 100) : unit.speed;
}
