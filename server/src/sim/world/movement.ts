import type { Simulation } from "../simulation.ts";
import type { MapState, Pos, UnitRecord } from "../state.ts";
import { chebyshev, findPath, inBounds, isWalkable, isWater, tileIndex } from "./grid.ts";
import { areEnemies, isActive, presentUnits, setActivity } from "./units.ts";
import { freeTilesNextTo, hasRoomFor, isFightingPosition } from "./crowding.ts";
import { stepBlocked, unitEntered } from "./hooks.ts";
import { placeUnit, unitsOnTile } from "./unitIndex.ts";
import { mayHaveEnemies } from "./factions.ts";
import { markUnit } from "../changes.ts";

/** Progress, in thousandths of a tile, that makes one tile of walking. */
export const TILE_PROGRESS = 1000;

/** Speed while swimming, in percent of the unit's walking speed (INV-09 decision: half speed; invasions/swimming.ts). */
export const SWIM_SPEED_PERCENT = 50;

/**
 * Progress (thousandths of a tile) `unit` makes this tick toward its next tile `next` (a tile
 * index, or undefined): its speed, or {@link SWIM_SPEED_PERCENT}% of it (rounded down) when it
 * stands in water or its next tile is water (INV-09).
 */
export function movementSpeed(map: MapState, unit: UnitRecord, next: number | undefined): number {
  const wet = isWater(map, unit.x, unit.y) || (next !== undefined && isWater(map, next % map.width, Math.floor(next / map.width)));
  return wet ? Math.floor((unit.speed * SWIM_SPEED_PERCENT) / 100) : unit.speed;
}

/** {@link facingOf} by (sign of dy + 1) · 3 + (sign of dx + 1); no step faces north (0). */
const FACINGS: readonly number[] = [7, 0, 1, 6, 0, 2, 5, 4, 3];

/**
 * CMB-10: the facing (0 = north, clockwise in eighths; y grows southward) from `from` toward `to`,
 * the nearest of the 8 directions (integer maths, deterministic); `fallback` when both are on one tile.
 */
export function facingToward(from: Pos, to: Pos, fallback = 0): number {
  const dx = to.x - from.x, dy = to.y - from.y;
  if (dx === 0 && dy === 0) return fallback;
  const ax = Math.abs(dx), ay = Math.abs(dy);
  // tan(22.5°) ≈ 5/12: closer to an axis than that counts as straight along it.
  const v = ay * 12 < ax * 5 ? 0 : Math.sign(dy); // north (−1) / south (+1) component
  const h = ax * 12 < ay * 5 ? 0 : Math.sign(dx); // west (−1) / east (+1) component
  if (v < 0) return h > 0 ? 1 : h < 0 ? 7 : 0; // NE, NW, N
  if (v > 0) return h > 0 ? 3 : h < 0 ? 5 : 4;
  return h > 0 ? 2 : 6;
}

/** Facing (0 = north, clockwise in eighths) from a step of (dx, dy) (tiles; only the signs count; 0 for no step). */
export function facingOf(dx: number, dy: number): number {
  return FACINGS[(Math.sign(dy) + 1) * 3 + Math.sign(dx) + 1] ?? 0;
}

/** True when an active unit other than `self` that is `self`'s enemy stands on (x, y) (CMB-18; a merchant is nobody's enemy, DOOR-12). */
function blockedByEnemy(sim: Simulation, self: UnitRecord, x: number, y: number): boolean {
  if (!mayHaveEnemies(sim, self)) return false; // issue 20 part 2: every unit on its side (world/factions.ts)
  for (const u of unitsOnTile(sim, x, y)) { // issue 20: the tile's units only
    if (u !== self && isActive(u) && areEnemies(self, u)) return true;
  }
  return false;
}

/**
 * Sets the unit walking to `goal` (tiles) along an A* path; keeps the current walk when it
 * already leads there.
 * @param passable extra per-tile test (e.g. tiles an adventurer avoids).
 * @returns false (and stops the unit) when the goal cannot be reached.
 */
export function walkTo(sim: Simulation, unit: UnitRecord, goal: Pos, passable?: (x: number, y: number) => boolean): boolean {
  const goalIndex = tileIndex(sim.state.map, goal.x, goal.y);
  if (unit.walk && unit.walk.goal === goalIndex) return true;
  if (unit.x === goal.x && unit.y === goal.y) { unit.walk = null; return true; }
  const path = findPath(sim.state.map, unit, goal, passable);
  if (!path) { unit.walk = null; return false; }
  unit.walk = { goal: goalIndex, path, progress: unit.walk?.progress ?? 0 };
  return true;
}

/**
 * Sets the unit walking to a free walkable tile next to `target` (8 neighbours), the nearest
 * to the unit; does nothing when it is already next to it. When `target` is a unit of another
 * faction this is a fighting position and crowding applies (CMB-18 to CMB-21, see
 * `walkToFightingPosition`).
 * @returns false when no tile next to the target can be reached.
 */
export function walkNextTo(sim: Simulation, unit: UnitRecord, target: Pos): boolean {
  if (isUnit(target) && areEnemies(unit, target)) return walkToFightingPosition(sim, unit, target);
  if (chebyshev(unit, target) === 1) { unit.walk = null; return true; }
  // Keep walking toward a goal that is still next to the target.
  if (unit.walk) {
    const gx = unit.walk.goal % sim.state.map.width, gy = Math.floor(unit.walk.goal / sim.state.map.width);
    if (chebyshev({ x: gx, y: gy }, target) === 1) return true;
  }
  const path = findPath(sim.state.map, unit, target);
  if (!path || path.length === 0) return false;
  path.pop(); // stop next to the target
  if (path.length === 0) { unit.walk = null; return true; }
  unit.walk = { goal: path[path.length - 1] as number, path, progress: unit.walk?.progress ?? 0 };
  return true;
}

/** True when `p` is a unit record rather than a bare position. */
function isUnit(p: Pos): p is UnitRecord {
  return "faction" in p && "activity" in p;
}

/**
 * CMB-18 to CMB-21: walks `unit` to a free tile next to the enemy `target`
 * (combat/crowding.ts `freeTilesNextTo`, nearest first); stays when it already stands next to it
 * with room, and keeps a walk whose goal is still such a tile. When no tile next to the target is
 * free or reachable the unit stops and waits (CMB-20) and false is returned.
 */
function walkToFightingPosition(sim: Simulation, unit: UnitRecord, target: UnitRecord): boolean {
  if (chebyshev(unit, target) === 1 && hasRoomFor(sim, unit, unit.x, unit.y)) { unit.walk = null; return true; }
  if (unit.walk) {
    const gx = unit.walk.goal % sim.state.map.width, gy = Math.floor(unit.walk.goal / sim.state.map.width);
    if (chebyshev({ x: gx, y: gy }, target) === 1 && hasRoomFor(sim, unit, gx, gy)) return true;
  }
  const map = sim.state.map;
  // CMB-18: the taken fighting positions, asked tile by tile as the searches reach them
  // (takenFightingPositions over the whole map cost every enemy's neighbours for every unit).
  // Searches depend only on the map's tiles, the unit's tile and whether each tile they asked
  // about is taken: a unit asking again from the same place (every tick while it waits) reuses
  // them when every tile they asked about still answers the same.
  const from = tileIndex(map, unit.x, unit.y);
  let memo = fightingSearches.get(unit);
  if (memo && (memo.tiles !== map.tiles || memo.width !== map.width || memo.from !== from || !stillTaken(sim, unit, memo.taken))) memo = undefined;
  if (!memo) {
    memo = { tiles: map.tiles, width: map.width, from, taken: new Map(), paths: new Map(), reach: undefined };
    fightingSearches.set(unit, memo);
  }
  const taken = memo.taken;
  const passable = (x: number, y: number): boolean => {
    const i = y * map.width + x;
    let t = taken.get(i);
    if (t === undefined) { t = isTakenFightingPosition(sim, unit, x, y); taken.set(i, t); }
    return !t;
  };
  // A failed A* search explores the whole area around its goal; after the first failure, the
  // tiles `unit` cannot reach at all (one flood fill, same passability as findPath) are skipped
  // with the outcome walkTo would give them (no walk), and only reachable ones are searched.
  let failed = false;
  for (const tile of freeTilesNextTo(sim, unit, target)) {
    const goal = tileIndex(map, tile.x, tile.y);
    // walkTo, with the memo's searches.
    if (unit.walk && unit.walk.goal === goal) return true;
    if (unit.x === tile.x && unit.y === tile.y) { unit.walk = null; return true; }
    if (failed) {
      memo.reach ??= reachableFrom(map, unit, passable);
      if (memo.reach[goal] === 0) { unit.walk = null; continue; }
    }
    let path = memo.paths.get(goal);
    if (path === undefined) { path = findPath(map, unit, tile, passable); memo.paths.set(goal, path); }
    if (path) { unit.walk = { goal, path: [...path], progress: unit.walk?.progress ?? 0 }; return true; }
    unit.walk = null;
    failed = true;
  }
  unit.walk = null;
  return false;
}

/** The searches walkToFightingPosition made for a unit from one tile, and the tiles they asked about. */
interface FightingSearches {
  tiles: string;
  width: number;
  from: number;
  /** Tile index -> whether it was a taken fighting position, for every tile the searches asked about. */
  taken: Map<number, boolean>;
  /** Goal tile index -> findPath's answer (never handed out: walks get a copy). */
  paths: Map<number, number[] | null>;
  reach: Uint8Array | undefined;
}

const fightingSearches = new WeakMap<UnitRecord, FightingSearches>();

/**
 * The tiles connected to `from` by 8-neighbour steps over walkable tiles that pass `passable`
 * (`from` itself always counts): exactly the goals for which {@link findPath} (no swimming)
 * finds a path. Indexed by tile index, 1 when reachable.
 */
function reachableFrom(map: MapState, from: Pos, passable: (x: number, y: number) => boolean): Uint8Array {
  const { width, height } = map;
  const seen = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0, tail = 0;
  const start = from.y * width + from.x;
  seen[start] = 1;
  queue[tail++] = start;
  while (head < tail) {
    const i = queue[head++] as number;
    const x = i % width, y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx, ny = y + dy;
        if ((dx === 0 && dy === 0) || !inBounds(map, nx, ny)) continue;
        const n = ny * width + nx;
        if (seen[n] === 1 || !isWalkable(map, nx, ny) || !passable(nx, ny)) continue;
        seen[n] = 1;
        queue[tail++] = n;
      }
    }
  }
  return seen;
}

/**
 * CMB-18: true when `unit` may not walk through (x, y) (on the map): a tile with no room for it
 * ({@link hasRoomFor}) next to an active enemy of it (crowding.ts `isFightingPosition`). Asks
 * about the tile and its 8 neighbours only (the unit index).
 */
function isTakenFightingPosition(sim: Simulation, unit: UnitRecord, x: number, y: number): boolean {
  return !hasRoomFor(sim, unit, x, y) && isFightingPosition(sim, unit, x, y);
}

/** True when every tile of `taken` (tile index -> taken) still answers the same for `unit`. */
function stillTaken(sim: Simulation, unit: UnitRecord, taken: ReadonlyMap<number, boolean>): boolean {
  const width = sim.state.map.width;
  for (const [i, t] of taken) {
    const x = i % width;
    if (isTakenFightingPosition(sim, unit, x, (i - x) / width) !== t) return false;
  }
  return true;
}

/** Stops the unit's walk. */
export function stopWalking(unit: UnitRecord): void {
  unit.walk = null;
}

/**
 * Advances every walking unit by its speed: when its progress reaches a whole tile it steps onto
 * the next tile of its path (waiting while an enemy stands there, or while the tile is a taken
 * fighting position, CMB-18, CMB-20, or while a registered hook refuses the step, DOOR-13),
 * turns to face the way it goes, and tells the hooks it entered the tile (world/hooks.ts: the
 * traps set off whatever trigger stands there, TRAP-13).
 */
export function stepMovement(sim: Simulation): void {
  const { map } = sim.state;
  for (const unit of presentUnits(sim)) {
    const walk = unit.walk;
    if (!walk || !isActive(unit)) continue;
    walk.progress += movementSpeed(map, unit, walk.path[0]); // INV-09: half speed in water
    while (walk.progress >= TILE_PROGRESS && walk.path.length > 0) {
      const next = walk.path[0] as number;
      const x = next % map.width, y = Math.floor(next / map.width);
      if (blockedByEnemy(sim, unit, x, y) || stepBlocked(sim, unit, x, y)) { walk.progress = TILE_PROGRESS; break; } // DOOR-13 (doors' hook)
      // CMB-18, CMB-20: a step into a taken fighting position waits; goal −1 makes the AI re-plan.
      // (Both tests are pure: the one-tile room test first, the 8-neighbour one only when it matters.)
      if (!hasRoomFor(sim, unit, x, y) && isFightingPosition(sim, unit, x, y)) { walk.progress = TILE_PROGRESS; walk.goal = -1; break; }
      walk.path.shift();
      walk.progress -= TILE_PROGRESS;
      unit.facing = facingOf(x - unit.x, y - unit.y); markUnit(sim, unit);
      placeUnit(sim, unit, x, y); // keeps the unit index (world/unitIndex.ts) up to date
      unitEntered(sim, unit, x, y); // TRAP-13, DOOR-24, KNOW-18 (traps' hook)
      if (!isActive(unit) || unit.walk !== walk) break;
    }
    if (walk.path.length === 0 && unit.walk === walk) {
      unit.walk = null;
      if (unit.activity === "walking") setActivity(sim, unit, "idle");
    }
  }
}
