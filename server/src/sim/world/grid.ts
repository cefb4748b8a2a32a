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

/** True when (x, y) can be walked on: floor, rubble, cover, portal, sanctum or door (water and walls cannot). */
export function isWalkable(map: MapState, x: number, y: number): boolean {
  const c = tileAt(map, x, y);
  return c === "." || c === "P" || c === "S" || c === "+" || c === ":" || c === "=";
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
 * Without `passable` and `swim` (both ends on the map) the answer is memoised by tiles string
 * ({@link plainPath}): the same search again, in any room on the same tiles, costs a copy.
 * @param passable extra test per tile (beyond the map's walkability), e.g. to avoid known traps.
 * @param swim when true, water tiles count as passable too (adventurers swimming, INV-09).
 * @returns the tile indices to walk, excluding `from` and including `to`; null when unreachable.
 */
export function findPath(
  map: MapState, from: Pos, to: Pos, passable?: (x: number, y: number) => boolean, swim = false,
): number[] | null {
  if (from.x === to.x && from.y === to.y) return [];
  if (passable === undefined && !swim && inBounds(map, from.x, from.y) && inBounds(map, to.x, to.y)) return plainPath(map, from, to);
  const extra = passable ?? everywhere;
  const ok = (x: number, y: number) =>
    (x === from.x && y === from.y) || ((isWalkable(map, x, y) || (swim && isWater(map, x, y))) && extra(x, y));
  if (!ok(to.x, to.y)) return null;
  if (!inBounds(map, from.x, from.y)) {
    const astar = new ROT.Path.AStar(to.x, to.y, ok, { topology: 8 });
    const steps: number[] = [];
    astar.compute(from.x, from.y, (x: number, y: number) => { steps.push(y * map.width + x); });
    if (steps.length === 0) return null;
    steps.shift(); // drop `from`
    return steps;
  }
  return aStar8(map, from, to, passable, swim);
}

const everywhere = (): boolean => true;

/** Most tiles strings {@link plainPath} keeps searches for (least recently used dropped first). */
const PLAIN_PATH_MAPS = 32;
/** Most searches kept per tiles string (all dropped when full). */
const PLAIN_PATH_SEARCHES = 1024;

/**
 * The answers of plain searches (no extra test, no swimming) by tiles string, then by
 * `from index * tile count + to index`. Such an answer depends only on the tiles string, the
 * width and both ends (aStar8 reads nothing else), so rooms on the same map share them and a
 * map keeps them until its tiles change (a new string). Never handed out: callers get a copy.
 */
const plainPaths = new Map<string, PlainMemo>();

/** The memo of one tiles string and width in {@link plainPaths}. */
interface PlainMemo { width: number; paths: Map<number, number[] | null> }

/** The step table of one tiles string and width in {@link stepGrids}. */
interface StepGrid { width: number; dry: Uint8Array; wet: Uint8Array }

/**
 * Issue 20: per map object, the tiles string (the same string object) and width it had when last
 * seen, with the {@link plainPaths} memo and {@link stepGrids} table found for them. Looking a
 * long tiles string up in those maps compares it character by character with the stored key
 * (another room's string of the same map); this asks once per map object and tiles string.
 */
const mapFront = new WeakMap<MapState, { tiles: string; width: number; paths?: PlainMemo; grid?: StepGrid }>();

/** The {@link mapFront} entry of `map` for its current tiles and width. */
function frontOf(map: MapState): { tiles: string; width: number; paths?: PlainMemo; grid?: StepGrid } {
  let front = mapFront.get(map);
  if (front === undefined || front.tiles !== map.tiles || front.width !== map.width) {
    front = { tiles: map.tiles, width: map.width };
    mapFront.set(map, front);
  }
  return front;
}

/** The {@link plainPaths} memo of `map`'s tiles string and width (made when missing). */
function plainMemo(map: MapState): PlainMemo {
  const tiles = map.tiles;
  let memo = plainPaths.get(tiles);
  if (memo === undefined || memo.width !== map.width) {
    if (memo === undefined && plainPaths.size >= PLAIN_PATH_MAPS) plainPaths.delete(plainPaths.keys().next().value as string);
    memo = { width: map.width, paths: new Map() };
    plainPaths.set(tiles, memo);
  } else if (plainPaths.size > 1) {
    plainPaths.delete(tiles); // most recently used last
    plainPaths.set(tiles, memo);
  }
  return memo;
}

/** findPath with the default passability and no swimming, both ends on the map: memoised A*. */
function plainPath(map: MapState, from: Pos, to: Pos): number[] | null {
  const tiles = map.tiles;
  const front = frontOf(map);
  const memo = front.paths ??= plainMemo(map);
  const n = tiles.length;
  const key = (from.y * map.width + from.x) * n + to.y * map.width + to.x;
  let path = memo.paths.get(key);
  if (path === undefined) {
    path = isWalkable(map, to.x, to.y) ? aStar8(map, from, to, undefined, false) : null;
    if (memo.paths.size >= PLAIN_PATH_SEARCHES) memo.paths.clear();
    memo.paths.set(key, path);
  }
  return path === null ? null : path.slice();
}

/** Most tiles strings {@link stepGrid} keeps grids for (least recently used dropped first). */
const STEP_GRID_MAPS = 32;

/** Per tiles string: its width and, per tile index, 1 where a walker may step (dry), and where a swimmer may (dry or water). */
const stepGrids = new Map<string, StepGrid>();

/**
 * Issue 20: the tiles {@link aStar8} may step on, as a table by tile index: 1 where
 * {@link isWalkable} (or, with `swim`, {@link isWater}) holds. Depends only on the tiles string
 * and the width, so maps share it until their tiles change (a new string).
 */
function stepGrid(map: MapState, swim: boolean): Uint8Array {
  const front = frontOf(map);
  const grid = front.grid ??= stepGridOf(map);
  return swim ? grid.wet : grid.dry;
}

/** The {@link stepGrids} table of `map`'s tiles string and width (made when missing). */
function stepGridOf(map: MapState): StepGrid {
  const tiles = map.tiles;
  let grid = stepGrids.get(tiles);
  if (grid === undefined || grid.width !== map.width) {
    if (grid === undefined && stepGrids.size >= STEP_GRID_MAPS) stepGrids.delete(stepGrids.keys().next().value as string);
    const dry = new Uint8Array(tiles.length), wet = new Uint8Array(tiles.length);
    for (let i = 0; i < tiles.length; i++) {
      const x = i % map.width, y = (i - x) / map.width;
      dry[i] = isWalkable(map, x, y) ? 1 : 0;
      wet[i] = dry[i] === 1 || isWater(map, x, y) ? 1 : 0;
    }
    grid = { width: map.width, dry, wet };
    stepGrids.set(tiles, grid);
  }
  return grid;
}

/**
 * {@link aStar8}'s closed set, shared by every search (the simulation is single-threaded and a
 * search never re-enters another): tile index -> the stamp of the search that closed it, and the
 * entry it was closed with. Grown to the largest map searched.
 */
let closedStamp = new Uint32Array(0);
let closedEntry = new Int32Array(0);
/** The stamp of the latest search (0: none yet). */
let stamp = 0;

/** rot-js's 8-topology neighbour order: orthogonal first (N, E, S, W), then diagonals (NE, SE, SW, NW). */
const ASTAR_DX: readonly number[] = [0, 1, 0, -1, 1, 1, -1, -1];
const ASTAR_DY: readonly number[] = [-1, 0, 1, 0, -1, 1, 1, -1];

/**
 * rot-js's `Path.AStar` (topology 8) step for step, with a binary heap instead of its sorted
 * list: the search starts at `to`, takes open entries by lowest f = g + h, then lowest h (h is the
 * Chebyshev distance to `from`), then first added (rot-js inserts after equal entries), skips
 * tiles already taken, and stops when it takes `from`. Same paths as rot-js, much faster on
 * large or unreachable searches. A tile may be stepped on when it is `from`, or when
 * {@link stepGrid} allows it (walkable; water too with `swim`) and `passable` (when given) accepts
 * it; `passable` is not asked again about a tile the search has closed. `from` and `to` must lie on the map.
 * @returns the tile indices from `from` (excluded) to `to` (included), or null when unreachable.
 */
function aStar8(map: MapState, from: Pos, to: Pos, passable: ((x: number, y: number) => boolean) | undefined, swim: boolean): number[] | null {
  const width = map.width, height = map.height;
  const walk = stepGrid(map, swim);
  // Issue 20: the closed set lives in scratch arrays reused by every search, a tile counting as
  // taken only when its stamp is this search's; clearing a map-sized array per search made each
  // search cost the whole map (linear in the entity count on a map sized to them). The entries
  // and the heap live in scratch arrays too (no allocation per search).
  const size = width * height;
  if (closedStamp.length < size) { closedStamp = new Uint32Array(size); closedEntry = new Int32Array(size); stamp = 0; }
  if (stamp === 0xffffffff) { closedStamp.fill(0); stamp = 0; }
  const s = ++stamp;
  const cs = closedStamp, ce = closedEntry;
  entries = 0;
  heapSize = 0;
  fromX = from.x;
  fromY = from.y;
  const fromIndex = fromY * width + fromX;
  addEntry(to.y * width + to.x, to.x, to.y, -1);
  while (heapSize > 0) {
    const e = popEntry();
    const t = eTile[e] as number;
    if (cs[t] === s) continue;
    cs[t] = s;
    ce[t] = e;
    if (t === fromIndex) break;
    const x = t % width, y = (t - x) / width;
    for (let d = 0; d < 8; d++) {
      const nx = x + (ASTAR_DX[d] as number), ny = y + (ASTAR_DY[d] as number);
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      // A closed tile was tested when it was added (the tests give the same answer within a search).
      const n = ny * width + nx;
      if (cs[n] === s) continue;
      if (n !== fromIndex && (walk[n] === 0 || (passable !== undefined && !passable(nx, ny)))) continue;
      addEntry(n, nx, ny, e);
    }
  }
  if (cs[fromIndex] !== s) return null;
  const steps: number[] = [];
  for (let e = ePrev[ce[fromIndex] as number] as number; e >= 0; e = ePrev[e] as number) steps.push(eTile[e] as number);
  return steps;
}

/**
 * {@link aStar8}'s entries, by index in order of addition (the index is the last tie-break): tile,
 * g, f = g + h, h, previous entry; and its open heap of entry indices. Scratch shared by every
 * search (never re-entered), grown as needed.
 */
let eTile = new Int32Array(1024), eG = new Int32Array(1024), eF = new Int32Array(1024), eH = new Int32Array(1024), ePrev = new Int32Array(1024);
let heap = new Int32Array(1024);
let entries = 0, heapSize = 0;
/** The current search's `from` (h is the Chebyshev distance to it). */
let fromX = 0, fromY = 0;

/** rot-js's order of open entries: lower f, then lower h, then added first. */
function entryBefore(a: number, b: number): boolean {
  const fa = eF[a] as number, fb = eF[b] as number;
  if (fa !== fb) return fa < fb;
  const ha = eH[a] as number, hb = eH[b] as number;
  if (ha !== hb) return ha < hb;
  return a < b;
}

/** Doubles an Int32Array, keeping its contents. */
function grown(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Adds an entry for tile index `tile` = (x, y), reached from entry `p` (−1: the start), to the open heap. */
function addEntry(tile: number, x: number, y: number, p: number): void {
  const e = entries++;
  if (e >= eTile.length) { eTile = grown(eTile); eG = grown(eG); eF = grown(eF); eH = grown(eH); ePrev = grown(ePrev); }
  const g = p < 0 ? 0 : (eG[p] as number) + 1;
  const dx = x > fromX ? x - fromX : fromX - x, dy = y > fromY ? y - fromY : fromY - y;
  const h = dx > dy ? dx : dy;
  eTile[e] = tile; eG[e] = g; eH[e] = h; eF[e] = g + h; ePrev[e] = p;
  if (heapSize >= heap.length) heap = grown(heap);
  let i = heapSize++;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const q = heap[parent] as number;
    if (!entryBefore(e, q)) break;
    heap[i] = q;
    i = parent;
  }
  heap[i] = e;
}

/** Takes the first open entry (the heap must not be empty). */
function popEntry(): number {
  const top = heap[0] as number;
  const n = --heapSize;
  if (n > 0) {
    const last = heap[n] as number;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = last, mi = -1;
      if (l < n && entryBefore(heap[l] as number, m)) { m = heap[l] as number; mi = l; }
      if (r < n && entryBefore(heap[r] as number, m)) { m = heap[r] as number; mi = r; }
      if (mi < 0) break;
      heap[i] = m;
      i = mi;
    }
    heap[i] = last;
  }
  return top;
}
