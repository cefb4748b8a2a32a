import type { MapState, Pos, UnitRecord } from "../state.ts";
import type { Simulation } from "../simulation.ts";
import { chebyshev, isTransparent } from "../world/grid.ts";

/** CMB-03: perception range in tiles before the Tracking bonus. */
export const BASE_PERCEPTION_RANGE = 3;
/** CMB-03: extra perception range in tiles per point of Tracking. */
export const PERCEPTION_PER_TRACKING = 2;

/** CMB-03: how far `unit` perceives, in tiles (Chebyshev): 3 + 2 × Tracking. Darkness plays no part (CMB-04). */
export function perceptionRange(unit: UnitRecord): number {
  return BASE_PERCEPTION_RANGE + PERCEPTION_PER_TRACKING * unit.stats.tracking;
}

/**
 * CMB-02 to CMB-04: true when `viewer` sees `target`: within its perception range (Chebyshev
 * tiles) and with a clear view. Darkness does not matter (CMB-04). A unit always sees itself and
 * anyone on its own tile. Allocates nothing.
 */
export function canSee(sim: Simulation, viewer: UnitRecord, target: Pos): boolean {
  if (chebyshev(viewer, target) > perceptionRange(viewer)) return false;
  return hasLineOfSight(sim.state.map, viewer, target);
}

/**
 * CMB-02 (open, proposal "sight may graze a wall corner"): true when a Bresenham line from `a` to
 * `b`, or from `b` to `a`, crosses only transparent tiles between them (the end tiles themselves
 * are not tested). Trying both directions makes sight symmetric. A diagonal step between two
 * walls passes (grazing a corner). No range limit.
 */
export function hasLineOfSight(map: MapState, a: Pos, b: Pos): boolean {
  return clearLine(map, a.x, a.y, b.x, b.y, false) || clearLine(map, b.x, b.y, a.x, a.y, false);
}

/**
 * CMB-11 to CMB-13 (open, proposal "a shot's line may not touch any wall tile"): true when a
 * Bresenham line from the shooter `from` to `to` crosses no wall, and no diagonal step of it
 * passes a wall corner (either side tile of the step being a wall stops it, CMB-12). Bodies on
 * the way do not block (CMB-13). No range limit.
 */
export function hasLineOfFire(map: MapState, from: Pos, to: Pos): boolean {
  return clearLine(map, from.x, from.y, to.x, to.y, true);
}

/** Walks a Bresenham line from (x0, y0) to (x1, y1); false at the first blocking tile. */
function clearLine(map: MapState, x0: number, y0: number, x1: number, y1: number, strict: boolean): boolean {
  const dx = Math.abs(x1 - x0), dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  let x = x0, y = y0;
  while (x !== x1 || y !== y1) {
    const e2 = 2 * err;
    const px = x, py = y;
    if (e2 >= dy) { err += dy; x += sx; }
    if (e2 <= dx) { err += dx; y += sy; }
    if (strict && px !== x && py !== y && (!isTransparent(map, x, py) || !isTransparent(map, px, y))) return false;
    if ((x !== x1 || y !== y1) && !isTransparent(map, x, y)) return false;
  }
  return true;
}

/**
 * The tiles a shot from `from` to `to` crosses, in order from the shooter, both ends left out:
 * the same Bresenham line {@link hasLineOfFire} tests (CMB-13, CMB-14).
 */
export function shotPath(from: Pos, to: Pos): Pos[] {
  const out: Pos[] = [];
  const dx = Math.abs(to.x - from.x), dy = -Math.abs(to.y - from.y);
  const sx = from.x < to.x ? 1 : -1, sy = from.y < to.y ? 1 : -1;
  let err = dx + dy;
  let x = from.x, y = from.y;
  while (x !== to.x || y !== to.y) {
    const e2 = 2 * err;
    if (e2 >= dy) { err += dy; x += sx; }
    if (e2 <= dx) { err += dx; y += sy; }
    if (x !== to.x || y !== to.y) out.push({ x, y });
  }
  return out;
}
