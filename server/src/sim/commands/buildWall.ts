import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { inBounds, tileAt } from "../world/grid.ts";
import { partAt } from "../traps/parts.ts";
import { setTile } from "../doors/doors.ts";
import { stopWalksThrough, walkingPathRefusal, wouldCutWalkingPath } from "../doors/walkingPath.ts";
import { isActive } from "../world/units.ts";

/**
 * Builds a wall on a plain floor tile (decision: at once, for free). Refusals: `OUT_OF_BOUNDS`;
 * `NOT_FLOOR` (only plain floor: not sanctum, portal, door, water or rock); `TILE_OCCUPIED` (a
 * trap part, a cable or a unit is there); `WOULD_CUT_WALKING_PATH` when no portal would reach the
 * Sanctum any more (DOOR-49, DOOR-50). A unit whose planned walk crosses the new wall stops on
 * the tile before it and plans again.
 */
export const buildWall: CommandHandler<"buildWall"> = (sim, { x, y }): CommandResult => {
  const map = sim.state.map;
  if (!inBounds(map, x, y)) return { ok: false, code: "OUT_OF_BOUNDS", reason: `tile ${x},${y} is off the map` };
  if (tileAt(map, x, y) !== ".") return { ok: false, code: "NOT_FLOOR", reason: `a wall needs a plain floor tile; ${x},${y} is '${tileAt(map, x, y)}'` };
  const part = partAt(sim, x, y);
  if (part) return { ok: false, code: "TILE_OCCUPIED", reason: `part ${part.id} stands on ${x},${y}` };
  const tile = y * map.width + x;
  const cable = Object.values(sim.state.cables).find((c) => c.path.includes(tile));
  if (cable) return { ok: false, code: "TILE_OCCUPIED", reason: `cable ${cable.id} runs over ${x},${y}` };
  const unit = Object.values(sim.state.units).find((u) => u.x === x && u.y === y && (isActive(u) || u.activity === "unconscious"));
  if (unit) return { ok: false, code: "TILE_OCCUPIED", reason: `unit ${unit.id} stands on ${x},${y}` };
  if (wouldCutWalkingPath(sim, [{ x, y, tile: "#" }])) return walkingPathRefusal(`a wall at ${x},${y}`);
  setTile(map, x, y, "#");
  stopWalksThrough(sim, x, y);
  return { ok: true };
};
