import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { allUnits, checkUnitList, unitListGeneration } from "./units.ts";
import { checkFactions } from "./factions.ts";
import { markUnit } from "../changes.ts";

/**
 * Issue 20 part 1: units by tile, so that a question about one tile ("who stands here?", "is an
 * enemy next to it?") costs the units on a few tiles instead of a scan of every unit.
 *
 * The index covers the units of {@link allUnits} that had not left the map (activity `left`)
 * when it was built; it is built at the first question of a tick (or after a unit was added or
 * removed: a new {@link allUnits} list) and kept up to date within the tick by {@link placeUnit},
 * which every system that moves a unit calls instead of writing `x`/`y`. Units on one tile are
 * kept in {@link allUnits} order (ascending id, the order the scans it replaces visited them),
 * so answers, RNG use and tie-breaks are exactly those of a full scan.
 *
 * Positions written directly between ticks (scenario set-up, tests) are picked up by the next
 * tick's rebuild; a direct write inside a tick is a bug that {@link setUnitIndexChecks} (on in
 * every test, server/test/setup.ts) reports at the next question.
 */
interface UnitIndex {
  /** The {@link allUnits} list and tick the index was built for. */
  list: readonly UnitRecord[];
  tick: number;
  /** Tile key ({@link tileKey}) -> the units on it, in {@link allUnits} order. */
  tiles: Map<number, UnitRecord[]>;
  /** Unit -> its place in {@link allUnits} (the bucket order). */
  order: Map<UnitRecord, number>;
  /** Chunk key ({@link chunkKey}) -> the units in that {@link CHUNK_TILES}-square chunk, in no order. */
  chunks: Map<number, UnitRecord[]>;
}

/** Side of the square chunks {@link unitsNear} looks through, in tiles. */
export const CHUNK_TILES = 8;

/** Key of the chunk holding tile (x, y). */
function chunkOf(x: number, y: number): number {
  return tileKey(Math.floor(x / CHUNK_TILES), Math.floor(y / CHUNK_TILES));
}

const indexes = new WeakMap<object, UnitIndex>();

let checks = false;

/** True between {@link beginTick} and {@link endTick}: systems are running. */
let inTick = false;

/** Turns the check that the index agrees with every unit's position on or off (tests: on). */
export function setUnitIndexChecks(on: boolean): void {
  checks = on;
}

/** True when the index checks ({@link setUnitIndexChecks}) are on (tests): per-tick caches built on the same promise check themselves too. */
export function unitIndexChecks(): boolean {
  return checks;
}

/**
 * True while `Simulation.step` runs its systems (between {@link beginTick} and {@link endTick}):
 * a per-tick cache may only be trusted then (between ticks tests and inputs write state directly).
 */
export function insideTick(): boolean {
  return inTick;
}

/**
 * Key of tile (x, y) in the index (any integer coordinates within ±16,383 tiles). Issue 20: the
 * keys stay below 2^30, small integers V8 hashes without boxing (keys up to 2^32 were heap numbers).
 */
function tileKey(x: number, y: number): number {
  return (y + 16384) * 32768 + (x + 16384);
}

/** Builds the index of `list` (units that left the map are not indexed). */
function build(list: readonly UnitRecord[], tick: number): UnitIndex {
  const tiles = new Map<number, UnitRecord[]>();
  const order = new Map<UnitRecord, number>();
  const chunks = new Map<number, UnitRecord[]>();
  for (let i = 0; i < list.length; i++) {
    const u = list[i] as UnitRecord;
    if (u.activity === "left") continue;
    order.set(u, i);
    const k = tileKey(u.x, u.y);
    const bucket = tiles.get(k);
    if (bucket) bucket.push(u); else tiles.set(k, [u]);
    const c = chunkOf(u.x, u.y);
    const chunk = chunks.get(c);
    if (chunk) chunk.push(u); else chunks.set(c, [u]);
  }
  return { list, tick, tiles, order, chunks };
}

/**
 * Throws when `index` disagrees with the units' positions (a unit moved without
 * {@link placeUnit} during the tick).
 * @throws Error naming the unit, its position and where the index has it.
 */
function verify(index: UnitIndex): void {
  for (const [u] of index.order) {
    const bucket = index.tiles.get(tileKey(u.x, u.y));
    if (bucket === undefined || !bucket.includes(u)) {
      let at = "nowhere";
      for (const [k, b] of index.tiles) if (b.includes(u)) at = `(${(k % 32768) - 16384}, ${Math.floor(k / 32768) - 16384})`;
      throw new Error(`unit index out of date: unit ${u.id} stands on (${u.x}, ${u.y}) but is indexed at ${at}; move units with placeUnit (world/unitIndex.ts)`);
    }
    if (!index.chunks.get(chunkOf(u.x, u.y))?.includes(u)) throw new Error(`unit index out of date: unit ${u.id} is missing from the chunk of (${u.x}, ${u.y})`);
  }
}

/**
 * The index for the current tick and unit list, built when missing or out of date. With checks
 * on, a question asked between ticks (scenario set-up, tests calling a system directly) first
 * compares the index with the positions and rebuilds it when a position was written directly;
 * inside a tick the comparison is {@link endTick}'s, which throws.
 */
function current(sim: Simulation): UnitIndex {
  // Issue 20: the index last handed out, while nothing it depends on can have changed.
  const f = fast;
  if (f !== undefined && f.units === sim.state.units && f.index.tick === sim.state.tick && f.nextId === sim.state.nextId
    && f.generation === unitListGeneration() && (!checks || inTick)) return f.index;
  const index = lookUp(sim);
  fast = { units: sim.state.units, nextId: sim.state.nextId, generation: unitListGeneration(), index };
  return index;
}

/**
 * The index {@link current} handed out last, with what it depended on: while the state's `units`
 * record, `nextId` and the {@link unitListGeneration} are the same, {@link allUnits} gives the
 * same list, so on the same tick the same index answers (without asking {@link allUnits}).
 */
let fast: { units: object; nextId: number; generation: number; index: UnitIndex } | undefined;

/** {@link current} the long way: the index of `sim`'s units for this tick, built when missing or out of date. */
function lookUp(sim: Simulation): UnitIndex {
  const list = allUnits(sim);
  const units = sim.state.units;
  const cached = indexes.get(units);
  if (cached && cached.list === list && cached.tick === sim.state.tick) {
    if (!checks || inTick) return cached;
    try { verify(cached); return cached; } catch { /* written directly between ticks: rebuilt below */ }
  }
  const index = build(list, sim.state.tick);
  indexes.set(units, index);
  return index;
}

const NONE: readonly UnitRecord[] = [];

/**
 * The units standing on tile (x, y), in {@link allUnits} order (ascending id), whatever their
 * activity except `left` at the start of the tick: callers filter (e.g. `isActive`). The array
 * is the index's own: do not keep or change it, and copy it before moving units while iterating.
 */
export function unitsOnTile(sim: Simulation, x: number, y: number): readonly UnitRecord[] {
  return current(sim).tiles.get(tileKey(x, y)) ?? NONE;
}

/**
 * The units within `range` tiles (Chebyshev) of `center`, in {@link allUnits} order (ascending
 * id), whatever their activity except `left` at the start of the tick: exactly what a scan of
 * every unit filtered on `chebyshev(u, center) <= range` gives, looking only through the
 * {@link CHUNK_TILES}-square chunks the range touches. A fresh array the caller may keep.
 * @param range tiles, ≥ 0.
 * @param ordered false skips the sort into id order, for callers whose answer does not depend on
 *   the order they visit the units in (the same units, in no particular order).
 */
export function unitsNear(sim: Simulation, center: { x: number; y: number }, range: number, ordered = true): UnitRecord[] {
  const index = current(sim);
  const out: UnitRecord[] = [];
  findNear(index, center, range, (u) => {
    out.push(u);
    return false;
  });
  if (ordered && out.length > 1) {
    const order = index.order;
    out.sort((a, b) => (order.get(a) as number) - (order.get(b) as number));
  }
  return out;
}

/**
 * True when some unit within `range` tiles (Chebyshev) of `center` passes `test`: the same
 * answer as `unitsNear(sim, center, range, false).some(test)` (the units of every activity except
 * `left` at the start of the tick), without building the list, and stopping at the first unit that
 * passes (issue 20). `test` must not move or add units.
 * @param range tiles, ≥ 0.
 */
export function someUnitNear(sim: Simulation, center: { x: number; y: number }, range: number, test: (u: UnitRecord) => boolean): boolean {
  return findNear(current(sim), center, range, test);
}

/**
 * The walk shared by {@link unitsNear} and {@link someUnitNear}: visits the units of `index`
 * within `range` tiles (Chebyshev) of `center`, chunk by chunk through the {@link CHUNK_TILES}-square
 * chunks the range touches (in no id order), and stops at the first unit `visit` returns true for.
 * @param range tiles, ≥ 0.
 * @returns true when `visit` returned true for some unit (the walk stopped there), else false.
 */
function findNear(index: UnitIndex, center: { x: number; y: number }, range: number, visit: (u: UnitRecord) => boolean): boolean {
  const cx0 = Math.floor((center.x - range) / CHUNK_TILES), cx1 = Math.floor((center.x + range) / CHUNK_TILES);
  const cy0 = Math.floor((center.y - range) / CHUNK_TILES), cy1 = Math.floor((center.y + range) / CHUNK_TILES);
  for (let cy = cy0; cy <= cy1; cy++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const chunk = index.chunks.get(tileKey(cx, cy));
      if (chunk === undefined) continue;
      for (const u of chunk) {
        if (Math.max(Math.abs(u.x - center.x), Math.abs(u.y - center.y)) <= range && visit(u)) return true;
      }
    }
  }
  return false;
}

/**
 * The chunks of the current index: {@link chunkKey} of chunk (cx, cy) (chunk coordinates: tile
 * coordinates divided by {@link CHUNK_TILES}, rounded down) -> the units in it, whatever their
 * activity except `left` at the start of the tick, in no order; chunks with no unit are missing.
 * The map and its arrays are the index's own: do not keep or change them, and ask again after a
 * unit moved or was added.
 */
export function unitChunks(sim: Simulation): ReadonlyMap<number, readonly UnitRecord[]> {
  return current(sim).chunks;
}

/** The key of chunk (cx, cy) in {@link unitChunks} (chunk coordinates within ±16,383). */
export function chunkKey(cx: number, cy: number): number {
  return tileKey(cx, cy);
}

/**
 * Moves `unit` to tile (x, y) (no checks: callers apply the rules) and keeps the index up to
 * date. Every system that changes a unit's position calls this instead of writing `x`/`y`.
 */
export function placeUnit(sim: Simulation, unit: UnitRecord, x: number, y: number): void {
  if (unit.x === x && unit.y === y) return;
  const index = indexes.get(sim.state.units);
  if (index && index.tick === sim.state.tick && index.list === allUnits(sim)) {
    const ord = index.order.get(unit);
    if (ord !== undefined) {
      const from = index.tiles.get(tileKey(unit.x, unit.y));
      if (from) {
        const i = from.indexOf(unit);
        if (i >= 0) from.splice(i, 1);
        if (from.length === 0) index.tiles.delete(tileKey(unit.x, unit.y));
      }
      const fc = chunkOf(unit.x, unit.y), tc = chunkOf(x, y);
      if (fc !== tc) {
        const fromChunk = index.chunks.get(fc);
        if (fromChunk) {
          const i = fromChunk.indexOf(unit);
          if (i >= 0) { fromChunk[i] = fromChunk[fromChunk.length - 1] as UnitRecord; fromChunk.pop(); }
        }
        const toChunk = index.chunks.get(tc);
        if (toChunk) toChunk.push(unit); else index.chunks.set(tc, [unit]);
      }
      const k = tileKey(x, y);
      const to = index.tiles.get(k);
      if (to === undefined) index.tiles.set(k, [unit]);
      else {
        let j = to.length;
        while (j > 0 && (index.order.get(to[j - 1] as UnitRecord) as number) > ord) j--;
        to.splice(j, 0, unit);
      }
    }
  }
  unit.x = x;
  unit.y = y;
  markUnit(sim, unit);
}

/**
 * Called by `Simulation.step` before its systems run: drops the index (positions may have been
 * written directly between ticks; the first question of the tick builds it afresh).
 */
export function beginTick(sim: Simulation): void {
  indexes.delete(sim.state.units);
  fast = undefined;
  inTick = true;
}

/**
 * Called by `Simulation.step` after its systems ran (`ran` false when one threw: no check, the
 * system's error is the one reported): with checks on, throws when a system moved a unit without
 * {@link placeUnit} during the tick, or added or removed one without `unitsChanged` (units.ts
 * `checkUnitList`), or when a unit's faction was written without `setFaction` (factions.ts
 * `checkFactions`).
 * @throws Error naming the first unit found out of place (checks on only).
 */
export function endTick(sim: Simulation, ran = true): void {
  inTick = false;
  if (checks && ran) { checkUnitList(sim); checkUnitIndex(sim); checkFactions(sim); }
}

/**
 * Debug check (`sim.checkIndexes` for tests and the soak): throws when the unit index of the
 * current tick disagrees with the units' positions.
 * @throws Error naming the first unit found out of place.
 */
export function checkUnitIndex(sim: Simulation): void {
  const index = indexes.get(sim.state.units);
  if (index && index.tick === sim.state.tick && index.list === allUnits(sim)) verify(index);
}
