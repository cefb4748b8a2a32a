import ROT from "rot-js";
import type { MapState, Pos } from "../state.ts";

/**
 * Grid queries over a {@link MapState}. Tiles are addressed by (x, y) in tiles or by index
 * `y * width + x`. Distances use the Chebyshev metric (8 neighbours) unless said otherwise.
 */

/** The tile index of (x, y). */
export function tileIndex(map: MapState, x: number, y: number): number {
  return y * map.width + x;
}

/** The (x, y) of a tile index. */
export function tilePos(map: MapState, index: number): Pos {
  return { x: index % map.width, y: Math.floor(index / map.width) };
}

/** True when (x, y) lies on the map. */
export function inBounds(map: MapState, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < map.width && y < map.height;
}

/** The tile character at (x, y); "#" off the map. */
export function tileAt(map: MapState, x: number, y: number): string {
  return inBounds(map, x, y) ? map.tiles[y * map.width + x] as string : "#";
}

/** True when (x, y) can be walked on: floor, rubble, portal, sanctum or door (water and walls cannot). */
export function isWalkable(map: MapState, x: number, y: number): boolean {
  const c = tileAt(map, x, y);
  return c === "." || c === "P" || c === "S" || c === "+" || c === ":";
}

/** True when (x, y) is rubble (":"), difficult terrain for d20 movement (D20-MOVE-22, D20-MOVE-24). */
export function isDifficult(map: MapState, x: number, y: number): boolean {
  return tileAt(map, x, y) === ":";
}

/** True when (x, y) is a floor tile a trap part may stand on (not a portal, door or water). */
export function isBuildableFloor(map: MapState, x: number, y: number): boolean {
  const c = tileAt(map, x, y);
  return c === "." || c === "S";
}

/** True when (x, y) is dark (KNOW-14). */
export function isDark(map: MapState, x: number, y: number): boolean {
  return inBounds(map, x, y) && map.dark[y * map.width + x] === "1";
}

/** True when light and sight pass through (x, y): anything but a wall. */
export function isTransparent(map: MapState, x: number, y: number): boolean {
  return tileAt(map, x, y) !== "#";
}

/** Chebyshev distance in tiles. */
export function chebyshev(a: Pos, b: Pos): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/** True when (x, y) is water (`~`): not walkable, but adventurers may swim across it (INV-09). */
export function isWater(map: MapState, x: number, y: number): boolean {
  return tileAt(map, x, y) === "~";
}

/**
 * A walking path from `from` to `to` with 8-neighbour moves, found by rot-js's A*.
 * @param passable extra test per tile (beyond the map's walkability), e.g. to avoid known traps.
 * @param swim when true, water tiles count as passable too (adventurers swimming, INV-09).
 * @returns the tile indices to walk, excluding `from` and including `to`; null when unreachable.
 */
export function findPath(
  map: MapState, from: Pos, to: Pos, passable: (x: number, y: number) => boolean = () => true, swim = false,
): number[] | null {
  if (from.x === to.x && from.y === to.y) return [];
  const ok = (x: number, y: number) =>
    (x === from.x && y === from.y) || ((isWalkable(map, x, y) || (swim && isWater(map, x, y))) && passable(x, y));
  if (!ok(to.x, to.y)) return null;
  const astar = new ROT.Path.AStar(to.x, to.y, ok, { topology: 8 });
  const steps: number[] = [];
  astar.compute(from.x, from.y, (x: number, y: number) => { steps.push(y * map.width + x); });
  if (steps.length === 0) return null;
  steps.shift(); // drop `from`
  return steps;
}
