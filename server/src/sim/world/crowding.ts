import { SPECIES } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { Pos, UnitRecord } from "../state.ts";
import { chebyshev, isWalkable, tileIndex } from "./grid.ts";
import { areEnemies, isActive } from "./units.ts";
import { unitsOnTile } from "./unitIndex.ts";

/**
 * Crowding in a fight, whatever the ruleset (CMB-18 to CMB-21): one body per tile, a melee
 * attacker needs a free tile next to its target, and others wait for one rather than share,
 * except kobolds, two of whom may fight from one tile.
 */

/** CMB-21 (open, proposal "at most 2, kobolds only"): kobolds that may share one tile (the species table's `perTile`). */
export const KOBOLDS_PER_TILE: number = SPECIES.kobold.perTile;

/** The species that may share a tile in a fight (CMB-21). */
export const CROWDING_SPECIES = "kobold";

/**
 * The bodies standing on (x, y), `self` left out. CMB-18 (open, proposal): only standing
 * combatants count; unconscious or dead bodies, and bodies being carried, take no room.
 */
export function bodiesOn(sim: Simulation, x: number, y: number, self?: UnitRecord): UnitRecord[] {
  const out: UnitRecord[] = [];
  for (const u of unitsOnTile(sim, x, y)) { // issue 20: the tile's units, in the order of a full scan
    if (u !== self && isActive(u) && u.carriedBy === "") out.push(u);
  }
  return out;
}

/** True for a kobold (CMB-21). */
function isKobold(u: UnitRecord): boolean {
  return u.kind === "creature" && u.species === CROWDING_SPECIES;
}

/**
 * CMB-18, CMB-21: true when `unit` may take up a fighting position on (x, y): nobody else stands
 * there, or `unit` is a kobold and only kobolds, fewer than {@link KOBOLDS_PER_TILE}, stand there.
 */
export function hasRoomFor(sim: Simulation, unit: UnitRecord, x: number, y: number): boolean {
  let others = 0, allKobolds = true;
  for (const u of unitsOnTile(sim, x, y)) {
    if (u === unit || !isActive(u) || u.carriedBy !== "") continue;
    others++;
    if (!isKobold(u)) allKobolds = false;
  }
  if (others === 0) return true;
  return isKobold(unit) && others < KOBOLDS_PER_TILE && allKobolds;
}

/** True when (x, y) is next to an active enemy of `unit` (8 neighbours): a fighting position. */
export function isFightingPosition(sim: Simulation, unit: UnitRecord, x: number, y: number): boolean {
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      for (const u of unitsOnTile(sim, x + dx, y + dy)) { // issue 20: the 8 neighbours' units only
        if (u !== unit && isActive(u) && areEnemies(unit, u)) return true;
      }
    }
  }
  return false;
}

/**
 * CMB-19: the free walkable tiles next to `target` (8 neighbours) that `unit` may take
 * ({@link hasRoomFor}); the unit's own tile counts when it is next to the target. Nearest to the
 * unit first (Chebyshev, then Manhattan: straight ahead before diagonal), then by tile index:
 * deterministic.
 */
export function freeTilesNextTo(sim: Simulation, unit: UnitRecord, target: Pos): Pos[] {
  const { map } = sim.state;
  const out: Pos[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const x = target.x + dx, y = target.y + dy;
      if (!isWalkable(map, x, y)) continue;
      if ((unit.x !== x || unit.y !== y) && !hasRoomFor(sim, unit, x, y)) continue;
      out.push({ x, y });
    }
  }
  out.sort((a, b) => chebyshev(unit, a) - chebyshev(unit, b) || manhattan(unit, a) - manhattan(unit, b)
    || tileIndex(map, a.x, a.y) - tileIndex(map, b.x, b.y));
  return out;
}

/** Manhattan distance in tiles (|dx| + |dy|), a tie-breaker after Chebyshev. */
export function manhattan(a: Pos, b: Pos): number {
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
}
