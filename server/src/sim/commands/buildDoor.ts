import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { inBounds, tileAt } from "../world/grid.ts";
import { partAt } from "../traps/parts.ts";
import { newDoor, setTile } from "../doors/doors.ts";
import { markWiringChanged } from "../traps/network.ts";
import { walkingPathRefusal, wouldCutWalkingPath } from "../doors/walkingPath.ts";
import { markDoor } from "../changes.ts";

/**
 * Builds a door on a floor tile: the tile becomes a door tile (`+`) and a closed door with no
 * padlock stands there (decision: doors are built at once, for free). Refusals: `OUT_OF_BOUNDS`;
 * `NOT_FLOOR` (only plain floor, not sanctum, portal, water or rock); `TILE_OCCUPIED` (a trap
 * part stands there); `WOULD_CUT_WALKING_PATH` (DOOR-49, DOOR-50; never for a door, which counts
 * as open, DOOR-53, but every map change is checked).
 * @returns `{ ok: true, id }` with the new door's id.
 */
export const buildDoor: CommandHandler<"buildDoor"> = (sim, { x, y }): CommandResult => {
  const map = sim.state.map;
  if (!inBounds(map, x, y)) return { ok: false, code: "OUT_OF_BOUNDS", reason: `tile ${x},${y} is off the map` };
  if (tileAt(map, x, y) !== ".") return { ok: false, code: "NOT_FLOOR", reason: `a door needs a plain floor tile; ${x},${y} is '${tileAt(map, x, y)}'` };
  const part = partAt(sim, x, y);
  if (part) return { ok: false, code: "TILE_OCCUPIED", reason: `part ${part.id} stands on ${x},${y}` };
  if (wouldCutWalkingPath(sim, [{ x, y, tile: "+" }])) return walkingPathRefusal(`a door at ${x},${y}`);
  const id = sim.newId();
  setTile(map, x, y, "+");
  sim.state.doors[id] = newDoor(id, x, y);
  markDoor(sim, id);
  markWiringChanged(sim); // DOOR-19: a door on a cable joins its network
  return { ok: true, id };
};
