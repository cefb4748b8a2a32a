import { TICKS_PER_GAME_HOUR } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { LairRecord, UnitRecord } from "../state.ts";
import { isActive, presentUnits } from "../world/units.ts";

/**
 * The keeper's lairs (TRAP-61, TRAP-62), minimal: a lair is a rectangle of tiles. A wild creature
 * "lives in" a lair once it has stood inside it for {@link LAIR_SETTLE_TICKS} ticks in a row
 * while the lair had no resident (decision: one resident per lair; the lowest-id wild creature
 * inside settles first). It then joins the dungeon: its faction becomes "dungeon", its `lairId`
 * and home are set, `creatureJoined` is emitted, and from then on it no longer sets off the
 * keeper's traps (TRAP-62, through `setsOff`). A lair whose resident dies or is gone is free again.
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
  return lair;
}

/** True when (x, y) lies inside `lair`. */
export function inLair(lair: LairRecord, x: number, y: number): boolean {
  return x >= lair.x && x < lair.x + lair.width && y >= lair.y && y < lair.y + lair.height;
}

/** Advances every lair by one tick: settling wild creatures join the dungeon (TRAP-61). */
export function stepLairs(sim: Simulation): void {
  for (const lid in sim.state.lairs) {
    const lair = sim.state.lairs[lid] as LairRecord;
    if (lair.residentId) {
      const resident = sim.state.units[lair.residentId];
      if (resident && resident.activity !== "dead" && resident.activity !== "left") continue;
      lair.residentId = "";
    }
    let settler: UnitRecord | undefined;
    for (const u of presentUnits(sim)) {
      if (u.kind === "creature" && u.faction === "wild" && isActive(u) && inLair(lair, u.x, u.y)) { settler = u; break; }
    }
    if (!settler) { lair.settlerId = ""; lair.settlerSinceTick = -1; continue; }
    if (lair.settlerId !== settler.id) { lair.settlerId = settler.id; lair.settlerSinceTick = sim.state.tick; continue; }
    if (sim.state.tick - lair.settlerSinceTick < LAIR_SETTLE_TICKS) continue;
    settler.faction = "dungeon";
    settler.lairId = lair.id;
    settler.home = { x: settler.x, y: settler.y };
    lair.residentId = settler.id;
    lair.settlerId = "";
    lair.settlerSinceTick = -1;
    sim.emit({ type: "creatureJoined", unitId: settler.id, lairId: lair.id });
  }
}
