import type { CommandRefused } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { MapState, Pos } from "../state.ts";
import { isWalkable } from "../world/grid.ts";
import { setTile } from "./doors.ts";

/**
 * The walking path (DOOR-49 to DOOR-55): the game never lets the keeper cut the last walking
 * path between a map-edge portal and the Sanctum. Every command that changes the map asks
 * {@link wouldCutWalkingPath} first; a cave-in skips the tiles that would cut it
 * ({@link caveIn}).
 *
 * Decisions (catalogue proposals): at least one portal must stay connected; walking uses the
 * same 8-neighbour moves as pathfinding and the same walkable tiles (world/grid.ts `isWalkable`:
 * floor, rubble, portal, sanctum and door tiles are walkable, water and rock are not); every door
 * counts as open, locked or not (DOOR-53, DOOR-54), so locking never touches the path.
 *
 * Cost: one breadth-first search from the Sanctum over typed arrays, stopping at the first
 * portal reached: O(tiles) at worst (see server/bench/walking-path.ts for figures).
 */

/** A tile change a command is about to make: tile (x, y) becomes character `tile`. */
export interface TileChange { x: number; y: number; tile: string }

/** The refusal every map-changing command answers when it would cut the path (DOOR-49). */
export function walkingPathRefusal(what: string): CommandRefused {
  return { ok: false, code: "WOULD_CUT_WALKING_PATH", rule: "DOOR-49",
    reason: `${what} would cut the last walking path between a map-edge portal and the Sanctum (DOOR-49 to DOOR-52)` };
}

/** 1 for each tile character `isWalkable` accepts (by char code), so the walking path and pathfinding agree. */
const WALKABLE = new Uint8Array(128);
{
  const one: MapState = { name: "", width: 1, height: 1, tiles: "", dark: "0", portals: [], sanctum: [], stockpile: { x: 0, y: 0 } };
  for (let c = 0; c < 128; c++) { one.tiles = String.fromCharCode(c); WALKABLE[c] = isWalkable(one, 0, 0) ? 1 : 0; }
}

let queue = new Int32Array(0);
let marks = new Uint32Array(0);
let stamp = 0;
/** Walkability of the last tiles string searched (1 = walkable), rebuilt when the tiles change. */
let grid = new Uint8Array(0);
let gridTiles = "";
/** Whether the last tiles string searched without changes connects a portal to the Sanctum. */
let gridReaches: boolean | null = null;

function gridOf(tiles: string): Uint8Array {
  if (tiles === gridTiles && grid.length === tiles.length) return grid;
  if (grid.length !== tiles.length) grid = new Uint8Array(tiles.length);
  for (let i = 0; i < tiles.length; i++) grid[i] = WALKABLE[tiles.charCodeAt(i)] as number;
  gridTiles = tiles;
  gridReaches = null;
  return grid;
}

/**
 * True when some portal reaches a Sanctum tile by walking (DOOR-49), with `changes` applied on
 * top of the map (the map itself is not modified). Searches from the Sanctum with 8-neighbour
 * moves over a typed walkability grid and stops at the first portal. The result for the map
 * without changes is cached until its tiles change.
 */
export function portalReachesSanctum(map: MapState, changes: readonly TileChange[] = []): boolean {
  const { width, height, tiles } = map;
  const n = width * height;
  const walk = gridOf(tiles);
  if (changes.length === 0 && gridReaches !== null) return gridReaches;
  if (marks.length < n) { marks = new Uint32Array(n); queue = new Int32Array(n); stamp = 0; }
  stamp = (stamp + 1) >>> 0;
  if (stamp === 0) { marks.fill(0); stamp = 1; }
  const saved = changes.map((c) => walk[c.y * width + c.x] as number);
  for (const c of changes) walk[c.y * width + c.x] = WALKABLE[c.tile.charCodeAt(0)] as number;
  let found = false;
  let head = 0, tail = 0;
  for (const s of map.sanctum) {
    const i = s.y * width + s.x;
    if (walk[i] !== 1 || marks[i] === stamp) continue;
    marks[i] = stamp;
    queue[tail++] = i;
  }
  search: while (head < tail) {
    const i = queue[head++] as number;
    if (tiles.charCodeAt(i) === 80 /* P */) { found = true; break; }
    const x = i % width, y = (i - x) / width;
    const y0 = y > 0 ? -1 : 0, y1 = y < height - 1 ? 1 : 0, x0 = x > 0 ? -1 : 0, x1 = x < width - 1 ? 1 : 0;
    for (let dy = y0; dy <= y1; dy++) {
      const row = i + dy * width;
      for (let dx = x0; dx <= x1; dx++) {
        const j = row + dx;
        if (walk[j] !== 1 || marks[j] === stamp) continue;
        marks[j] = stamp;
        if (tiles.charCodeAt(j) === 80) { found = true; break search; }
        queue[tail++] = j;
      }
    }
  }
  changes.forEach((c, k) => { walk[c.y * width + c.x] = saved[k] as number; });
  if (changes.length === 0) gridReaches = found;
  return found;
}

/**
 * True when applying `changes` would cut the last walking path from every map-edge portal to
 * the Sanctum (DOOR-49 to DOOR-53). A map whose path is already cut (a hand-made map) refuses
 * nothing: only a change that cuts a path that exists counts.
 */
export function wouldCutWalkingPath(sim: Simulation, changes: readonly TileChange[]): boolean {
  const map = sim.state.map;
  if (portalReachesSanctum(map, changes)) return false;
  return portalReachesSanctum(map);
}

/**
 * A cave-in (DOOR-52): each tile of `tiles`, in order, collapses into rock unless it is off the
 * map, it is not plain floor (".": portal, sanctum, door, rubble, water and rock tiles stay), or
 * its collapse would cut the walking path (proposal: those tiles are skipped). A unit whose walk
 * crosses a tile that fell stops on the tile before it and plans again (its walk's goal is
 * cleared). Callers make sure no one stands on the tiles (the keeper's `collapse` order,
 * doors/caveIns.ts, which is what causes cave-ins, refuses an occupied tile).
 * @returns the tiles that collapsed.
 */
export function caveIn(sim: Simulation, tiles: readonly Pos[]): Pos[] {
  const map = sim.state.map;
  const fell: Pos[] = [];
  for (const t of tiles) {
    if (t.x < 0 || t.y < 0 || t.x >= map.width || t.y >= map.height) continue;
    if (map.tiles[t.y * map.width + t.x] !== ".") continue;
    if (wouldCutWalkingPath(sim, [{ x: t.x, y: t.y, tile: "#" }])) continue;
    setTile(map, t.x, t.y, "#");
    fell.push({ x: t.x, y: t.y });
    stopWalksThrough(sim, t.x, t.y);
  }
  return fell;
}

/**
 * Cuts every planned walk that crosses tile (x, y), which has just become impassable (a cave-in,
 * a wall): the unit stops on the tile before it and plans again (its walk's goal is cleared).
 */
export function stopWalksThrough(sim: Simulation, x: number, y: number): void {
  const index = y * sim.state.map.width + x;
  for (const id in sim.state.units) {
    const walk = sim.state.units[id]!.walk;
    const at = walk ? walk.path.indexOf(index) : -1;
    if (walk && at >= 0) { walk.path.length = at; walk.goal = -1; }
  }
}
