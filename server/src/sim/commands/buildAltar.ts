import type { CommandHandler } from "./index.ts";
import { inBounds, isBuildableFloor } from "../world/grid.ts";
import { partAt } from "../traps/parts.ts";
import { addAltar, altarAt } from "../invasions/altars.ts";

/**
 * Builds an altar on a floor tile, at once and free (INV-02; invasions/altars.ts). Emits
 * `altarBuilt`. Refusals: `OUT_OF_BOUNDS`, `NOT_FLOOR` (rock, water, portal, door), and
 * `TILE_OCCUPIED` (a trap part, a guard post or another altar stands there).
 */
export const buildAltar: CommandHandler<"buildAltar"> = (sim, { x, y }) => {
  const map = sim.state.map;
  if (!inBounds(map, x, y)) return { ok: false, code: "OUT_OF_BOUNDS", reason: `tile ${x},${y} is off the map` };
  if (!isBuildableFloor(map, x, y)) return { ok: false, code: "NOT_FLOOR", reason: `an altar needs floor; ${x},${y} is not` };
  if (partAt(sim, x, y)) return { ok: false, code: "TILE_OCCUPIED", reason: `a trap part stands on ${x},${y}` };
  if (Object.values(sim.state.guardPosts ?? {}).some((g) => g.x === x && g.y === y)) {
    return { ok: false, code: "TILE_OCCUPIED", reason: `a guard post stands on ${x},${y}` };
  }
  if (altarAt(sim, x, y)) return { ok: false, code: "TILE_OCCUPIED", reason: `an altar stands on ${x},${y}` };
  return { ok: true, id: addAltar(sim, x, y).id };
};
