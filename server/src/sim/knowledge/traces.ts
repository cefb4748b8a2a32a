import { TICKS_PER_GAME_HOUR } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartyRecord, UnitRecord } from "../state.ts";
import { tileIndex, tilePos } from "../world/grid.ts";
import { canSee } from "../combat/perception.ts";
import { gainCaution } from "./knowledge.ts";
import { presentUnits } from "../world/units.ts";

/**
 * Old blood and old burn marks (KNOW-22). The seed leaves them undefined; decisions:
 * - blood is left on the tile of a unit that took a wound, burns on the tiles a flame jet hit
 *   (its trigger's and mechanism's tiles); a newer mark on a tile replaces the older;
 * - a mark is "old" once {@link OLD_TRACE_HOURS} game hours have passed;
 * - a "sector" is a {@link SECTOR_TILES} × {@link SECTOR_TILES} block of the map;
 * - a party gains Caution (+1) when a member sees (perception rules) an old mark in a sector
 *   where marks have not given it Caution before; this works even after it lost Caution by
 *   spotting (KNOW-31).
 */

/** Game hours after which a mark counts as old (KNOW-22). */
export const OLD_TRACE_HOURS = 24;
/** Side of a sector, in tiles (KNOW-22). */
export const SECTOR_TILES = 10;

/** The sector number of tile (x, y). */
export function sectorOf(sim: Simulation, x: number, y: number): number {
  const perRow = Math.ceil(sim.state.map.width / SECTOR_TILES);
  return Math.floor(y / SECTOR_TILES) * perRow + Math.floor(x / SECTOR_TILES);
}

/** Leaves a mark of `kind` on (x, y) now. */
export function leaveTrace(sim: Simulation, kind: "blood" | "burn", x: number, y: number): void {
  sim.state.traces ??= {};
  sim.state.traces[String(tileIndex(sim.state.map, x, y))] = { kind, tick: sim.state.tick };
}

/** Blood on the tile of every unit wounded this tick. */
export function recordBlood(sim: Simulation): void {
  for (const u of presentUnits(sim)) {
    const last = u.wounds[u.wounds.length - 1];
    if (last && last.tick === sim.state.tick) leaveTrace(sim, "blood", u.x, u.y);
  }
}

/** Gives `party` Caution when a member sees an old mark in a sector new to it (KNOW-22, KNOW-31). */
export function cautionFromTraces(sim: Simulation, party: PartyRecord, members: UnitRecord[]): void {
  const traces = sim.state.traces;
  if (!traces) return;
  const oldBefore = sim.state.tick - OLD_TRACE_HOURS * TICKS_PER_GAME_HOUR;
  party.cautionSectors ??= [];
  for (const key in traces) {
    const t = traces[key];
    if (!t || t.tick > oldBefore) continue;
    const pos = tilePos(sim.state.map, Number(key));
    const sector = sectorOf(sim, pos.x, pos.y);
    if (party.cautionSectors.includes(sector)) continue;
    if (!members.some((m) => canSee(sim, m, pos))) continue;
    party.cautionSectors.push(sector);
    gainCaution(sim, party, 1);
  }
}
