import { TICKS_PER_GAME_HOUR } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { LairRecord, MapState, Pos, UnitRecord } from "../state.ts";
import { findPath, isWalkable } from "../world/grid.ts";
import { isActive, presentUnits } from "../world/units.ts";
import { markLair } from "../changes.ts";
import { setFaction } from "../world/factions.ts";

/**
 * The keeper's lairs (TRAP-61, TRAP-62), minimal: a lair is a rectangle of tiles. A wild creature
 * "lives in" a lair once it has stood inside it for {@link LAIR_SETTLE_TICKS} ticks in a row
 * while the lair had no resident (decision: one resident per lair; the lowest-id wild creature
 * inside settles first). It then joins the dungeon: its faction becomes "dungeon", its `lairId`
 * and home are set, `creatureJoined` is emitted, and from then on it no longer sets off the
 * keeper's traps (TRAP-62, through `setsOff`). A lair whose resident dies or is gone is free again.
 *
 * Moving in (decision, TRAP-61 left open): a free lair (no resident, no settler) that no wild
 * creature is already making for draws one: the nearest active wild creature not making for
 * another free lair (its home lies in no lair, or in one someone lives in; Chebyshev distance to
 * the lair's rectangle, then lowest id) that can walk to one of the lair's tiles. Its home becomes the lair tile nearest to it (Chebyshev, then tile index), so the
 * wild-creature behaviour (combat/wild.ts) walks it there when it has no enemy to fight, and
 * `creatureMovingIn` is emitted. The keeper builds lairs with the `buildLair` command
 * (commands/buildLair.ts) on his ground ({@link keeperGround}) and removes them with `removeLair`.
 */

/** TRAP-61 (left open): a wild creature must stay inside a free lair this long to live there (1 game hour). */
export const LAIR_SETTLE_TICKS = TICKS_PER_GAME_HOUR;

/**
 * Adds a lair covering `width` x `height` tiles from (x, y) (top-left) and returns it.
 * @throws Error when the size is not a positive whole number of tiles.
 */
export function addLair(sim: Simulation, rect: { x: number; y: number; width: number; height: number }): LairRecord {
  if (!Number.isInteger(rect.width) || !Number.isInteger(rect.height) || rect.width < 1 || rect.height < 1) {
    throw new Error(`a lair needs a positive size, got ${rect.width} x ${rect.height}`);
  }
  const id = sim.newId();
  const lair: LairRecord = { id, ...rect, residentId: "", settlerId: "", settlerSinceTick: -1 };
  sim.state.lairs[id] = lair;
  markLair(sim, id);
  return lair;
}

/** True when (x, y) lies inside `lair`. */
export function inLair(lair: LairRecord, x: number, y: number): boolean {
  return x >= lair.x && x < lair.x + lair.width && y >= lair.y && y < lair.y + lair.height;
}

/**
 * Removes lair `lairId` (the `removeLair` command). Its resident stays in the dungeon (it has
 * joined, TRAP-62) but no longer lives in a lair (`lairId` ""); a settler simply stays wild.
 * @returns false when there is no such lair.
 */
export function removeLair(sim: Simulation, lairId: string): boolean {
  const lair = sim.state.lairs[lairId];
  if (!lair) return false;
  const resident = lair.residentId ? sim.state.units[lair.residentId] : undefined;
  if (resident && resident.lairId === lairId) resident.lairId = "";
  delete sim.state.lairs[lairId];
  markLair(sim, lairId);
  return true;
}

/** The lair covering tile (x, y), if any. */
export function lairAt(sim: Simulation, x: number, y: number): LairRecord | undefined {
  for (const id in sim.state.lairs) {
    const lair = sim.state.lairs[id] as LairRecord;
    if (inLair(lair, x, y)) return lair;
  }
  return undefined;
}

/**
 * The keeper's ground (decision for `buildLair`): one byte per tile (index y * width + x), 1 for
 * the tiles the keeper's side can walk to from the Sanctum without leaving through a portal:
 * walkable tiles (world/grid.ts `isWalkable`: floor, rubble, sanctum, doors, every door counting
 * as open as for the walking path, DOOR-53) joined by 8-neighbour moves, map-edge tiles and
 * portals excluded. Sealed caves, floor beyond water and the map edge are not the keeper's ground.
 * Cost: one breadth-first search, O(tiles).
 */
export function keeperGround(map: MapState): Uint8Array {
  const { width, height } = map;
  const ground = new Uint8Array(width * height);
  const inner = (x: number, y: number): boolean =>
    x > 0 && y > 0 && x < width - 1 && y < height - 1 && isWalkable(map, x, y) && map.tiles[y * width + x] !== "P";
  const queue: number[] = [];
  for (const s of map.sanctum) {
    const i = s.y * width + s.x;
    if (inner(s.x, s.y) && ground[i] === 0) { ground[i] = 1; queue.push(i); }
  }
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head] as number;
    const x = i % width, y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx, ny = y + dy, j = ny * width + nx;
        if ((dx === 0 && dy === 0) || !inner(nx, ny) || ground[j] === 1) continue;
        ground[j] = 1;
        queue.push(j);
      }
    }
  }
  return ground;
}

const isWild = (u: UnitRecord): boolean => u.kind === "creature" && u.faction === "wild";

/** Chebyshev distance in tiles from (x, y) to the nearest tile of `lair` (0 inside it). */
function distanceToLair(lair: LairRecord, x: number, y: number): number {
  const dx = x < lair.x ? lair.x - x : x >= lair.x + lair.width ? x - (lair.x + lair.width - 1) : 0;
  const dy = y < lair.y ? lair.y - y : y >= lair.y + lair.height ? y - (lair.y + lair.height - 1) : 0;
  return Math.max(dx, dy);
}

/** The walkable tiles of `lair`, nearest to `from` first (Chebyshev, then tile index). */
function lairTilesNearest(map: MapState, lair: LairRecord, from: Pos): Pos[] {
  const tiles: Pos[] = [];
  for (let y = lair.y; y < lair.y + lair.height; y++) {
    for (let x = lair.x; x < lair.x + lair.width; x++) if (isWalkable(map, x, y)) tiles.push({ x, y });
  }
  const d = (p: Pos) => Math.max(Math.abs(p.x - from.x), Math.abs(p.y - from.y));
  return tiles.sort((a, b) => d(a) - d(b) || (a.y * map.width + a.x) - (b.y * map.width + b.x));
}

/**
 * TRAP-61 (decision): a free lair draws the nearest wild creature that can walk to it (see the
 * module comment). Nothing happens while a settler is inside or a wild creature's home already
 * lies in the lair.
 */
function drawWildCreature(sim: Simulation, lair: LairRecord, units: readonly UnitRecord[]): void {
  if (lair.settlerId !== "") return;
  const candidates: UnitRecord[] = [];
  for (const u of units) {
    if (!isWild(u)) continue;
    if (inLair(lair, u.home.x, u.home.y) && isActive(u)) return;
    if (!isActive(u) || u.carriedBy !== "") continue;
    const homeLair = lairAt(sim, u.home.x, u.home.y);
    if (!homeLair || homeLair.residentId !== "") candidates.push(u); // not making for another free lair
  }
  if (candidates.length === 0) return;
  candidates.sort((a, b) => distanceToLair(lair, a.x, a.y) - distanceToLair(lair, b.x, b.y) || Number(a.id) - Number(b.id));
  const map = sim.state.map;
  for (const u of candidates) {
    const to = lairTilesNearest(map, lair, u)[0];
    if (!to || findPath(map, u, to) === null) continue;
    u.home = { x: to.x, y: to.y };
    sim.emit({ type: "creatureMovingIn", unitId: u.id, lairId: lair.id, x: to.x, y: to.y });
    return;
  }
}

/**
 * Advances every lair by one tick: a free lair draws a wild creature (decision above), and a wild
 * creature that stayed inside a free lair for {@link LAIR_SETTLE_TICKS} ticks joins the dungeon
 * (TRAP-61).
 */
export function stepLairs(sim: Simulation): void {
  for (const lid in sim.state.lairs) {
    const lair = sim.state.lairs[lid] as LairRecord;
    if (lair.residentId) {
      const resident = sim.state.units[lair.residentId];
      if (resident && resident.activity !== "dead" && resident.activity !== "left") continue;
      lair.residentId = "";
      markLair(sim, lid);
    }
    let settler: UnitRecord | undefined;
    for (const u of presentUnits(sim)) {
      if (u.kind === "creature" && u.faction === "wild" && isActive(u) && inLair(lair, u.x, u.y)) { settler = u; break; }
    }
    if (!settler) {
      if (lair.settlerId !== "" || lair.settlerSinceTick !== -1) markLair(sim, lid);
      lair.settlerId = ""; lair.settlerSinceTick = -1; drawWildCreature(sim, lair, presentUnits(sim)); continue;
    }
    if (lair.settlerId !== settler.id) { lair.settlerId = settler.id; lair.settlerSinceTick = sim.state.tick; markLair(sim, lid); continue; }
    if (sim.state.tick - lair.settlerSinceTick < LAIR_SETTLE_TICKS) continue;
    setFaction(sim, settler, "dungeon"); // world/factions.ts
    settler.lairId = lair.id;
    settler.home = { x: settler.x, y: settler.y };
    lair.residentId = settler.id;
    lair.settlerId = "";
    lair.settlerSinceTick = -1;
    markLair(sim, lid);
    sim.emit({ type: "creatureJoined", unitId: settler.id, lairId: lair.id });
  }
}
