import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { inBounds, tileAt } from "../world/grid.ts";
import { collapseCeiling, structureOn } from "../doors/caveIns.ts";

/**
 * The keeper brings a tunnel's ceiling down on the plain floor tile (x, y): a cave-in (DOOR-52;
 * doors/caveIns.ts). The tile fills with rock unless that would cut the last walking path
 * (then it is spared), and the plain floor around it turns to rubble; emits `caveIn`. Immediate
 * and free. Refusals: `OUT_OF_BOUNDS`; `NOT_FLOOR` (only plain floor: not rock, rubble, water,
 * portal, door or sanctum); `TILE_OCCUPIED` (a structure of the keeper's, see `structureOn`, or a
 * unit, standing, lying or dead, is on the tile).
 */
export const collapse: CommandHandler<"collapse"> = (sim, { x, y }): CommandResult => {
  const map = sim.state.map;
  if (!inBounds(map, x, y)) return { ok: false, code: "OUT_OF_BOUNDS", reason: `tile ${x},${y} is off the map` };
  const tile = tileAt(map, x, y);
  if (tile !== ".") return { ok: false, code: "NOT_FLOOR", reason: `only a plain floor tile's ceiling can come down; ${x},${y} is '${tile}'` };
  const structure = structureOn(sim, x, y);
  if (structure) return { ok: false, code: "TILE_OCCUPIED", reason: `${structure} is on ${x},${y}` };
  for (const id in sim.state.units) {
    const u = sim.state.units[id]!;
    if (u.x === x && u.y === y && u.activity !== "left") return { ok: false, code: "TILE_OCCUPIED", reason: `unit ${u.id} is on ${x},${y}` };
  }
  collapseCeiling(sim, x, y);
  return { ok: true };
};
