import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { inBounds, tileAt } from "../world/grid.ts";
import { setTile } from "../doors/doors.ts";
import { walkingPathRefusal, wouldCutWalkingPath } from "../doors/walkingPath.ts";

/**
 * Digs a rock tile out into floor (decision: at once, for free). Map-edge tiles cannot be dug
 * (the edge is where portals stand). The walking-path rule is checked as for every map change
 * (DOOR-51: digging only adds floor, so it never cuts the path). Refusals: `OUT_OF_BOUNDS`
 * (off the map or on its edge); `NOT_ROCK`; `WOULD_CUT_WALKING_PATH` (DOOR-49, DOOR-51).
 */
export const dig: CommandHandler<"dig"> = (sim, { x, y }): CommandResult => {
  const map = sim.state.map;
  if (!inBounds(map, x, y) || x === 0 || y === 0 || x === map.width - 1 || y === map.height - 1) {
    return { ok: false, code: "OUT_OF_BOUNDS", reason: `tile ${x},${y} is off the map or on its edge` };
  }
  if (tileAt(map, x, y) !== "#") return { ok: false, code: "NOT_ROCK", reason: `tile ${x},${y} is not rock` };
  if (wouldCutWalkingPath(sim, [{ x, y, tile: "." }])) return walkingPathRefusal(`digging ${x},${y}`);
  setTile(map, x, y, ".");
  return { ok: true };
};
