import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { tileAt } from "../world/grid.ts";
import { addLair, keeperGround, lairAt } from "../traps/lairs.ts";
import { structureOn } from "../doors/caveIns.ts";

/**
 * Builds a lair on the `width` x `height` tiles from (x, y), its top-left corner (TRAP-61; at
 * once and free, like altars and guard posts). A free lair draws a wild creature, which joins the
 * dungeon once it has stayed there a game hour (traps/lairs.ts). Checked tile by tile, in reading
 * order, each check over the whole rectangle before the next:
 * - `OUT_OF_BOUNDS`: the rectangle leaves the map;
 * - `NOT_FLOOR`: a tile is not plain floor (rock or wall, water, rubble, a door, a portal or the
 *   Sanctum, which is the Master's);
 * - `TILE_OCCUPIED`: a tile belongs to another lair or holds one of the keeper's structures (a trap
 *   part, cable, guard post, altar, the scrying pool, the stockpile or the treasure); units do not
 *   count, they walk through;
 * - `NOT_KEEPER_GROUND`: a tile the keeper's side cannot walk to from the Sanctum (a sealed cave,
 *   floor beyond water, the map edge; `keeperGround`).
 * A lair changes no tile, so it can never cut the walking path (DOOR-50 holds by construction).
 */
export const buildLair: CommandHandler<"buildLair"> = (sim, { x, y, width, height }): CommandResult => {
  const map = sim.state.map;
  if (x + width > map.width || y + height > map.height) {
    return { ok: false, code: "OUT_OF_BOUNDS", reason: `a ${width} x ${height} lair at ${x},${y} leaves the ${map.width} x ${map.height} map` };
  }
  const tiles: { x: number; y: number }[] = [];
  for (let ty = y; ty < y + height; ty++) for (let tx = x; tx < x + width; tx++) tiles.push({ x: tx, y: ty });
  for (const t of tiles) {
    const c = tileAt(map, t.x, t.y);
    if (c !== ".") return { ok: false, code: "NOT_FLOOR", reason: `a lair needs plain floor; ${t.x},${t.y} is '${c}'` };
  }
  for (const t of tiles) {
    const other = lairAt(sim, t.x, t.y);
    if (other) return { ok: false, code: "TILE_OCCUPIED", reason: `lair ${other.id} already covers ${t.x},${t.y}` };
    const structure = structureOn(sim, t.x, t.y);
    if (structure) return { ok: false, code: "TILE_OCCUPIED", reason: `${structure} is on ${t.x},${t.y}` };
  }
  const ground = keeperGround(map);
  for (const t of tiles) {
    if (ground[t.y * map.width + t.x] !== 1) {
      return { ok: false, code: "NOT_KEEPER_GROUND", reason: `${t.x},${t.y} is not the keeper's ground: the Sanctum's side cannot walk there` };
    }
  }
  return { ok: true, id: addLair(sim, { x, y, width, height }).id };
};
