import type { CommandHandler } from "./index.ts";
import { inBounds, isBuildableFloor } from "../world/grid.ts";
import { partAt } from "../traps/parts.ts";

/**
 * Builds a guard post with a lit torch on a floor tile (at once; INV-76): it shows parties within
 * 8 tiles without a letter or a pause (INV-77, INV-78) and is a stop of the spectral eye's patrol
 * (INV-85). Refusals: `OUT_OF_BOUNDS`, `NOT_FLOOR`, `TILE_OCCUPIED` (a trap part or a guard post).
 */
export const buildGuardPost: CommandHandler<"buildGuardPost"> = (sim, { x, y }) => {
  const map = sim.state.map;
  if (!inBounds(map, x, y)) return { ok: false, code: "OUT_OF_BOUNDS", reason: `tile ${x},${y} is off the map` };
  if (!isBuildableFloor(map, x, y)) return { ok: false, code: "NOT_FLOOR", reason: `a guard post needs floor; ${x},${y} is not` };
  if (partAt(sim, x, y)) return { ok: false, code: "TILE_OCCUPIED", reason: `a trap part stands on ${x},${y}` };
  sim.state.guardPosts ??= {};
  if (Object.values(sim.state.guardPosts).some((g) => g.x === x && g.y === y)) {
    return { ok: false, code: "TILE_OCCUPIED", reason: `a guard post stands on ${x},${y}` };
  }
  const id = sim.newId();
  sim.state.guardPosts[id] = { id, x, y, lit: true };
  return { ok: true, id };
};
