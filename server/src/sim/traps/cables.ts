import type { CommandRefused, TilePos } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { CableRecord } from "../state.ts";
import { inBounds, isWalkable } from "../world/grid.ts";
import { computeNetworks, membersByTile, networkLimitBroken, straightAt, type TrapNetwork } from "./network.ts";

/**
 * Laying a cable (TRAP-12, TRAP-20 to TRAP-27): checks a dragged path and works out where it hops
 * and what it joins.
 *
 * Decisions (catalogue proposals where it has one):
 * - Cables are free and instant, and run on walkable tiles only (floor, sanctum, portal, door;
 *   not walls or water). Either drag direction is accepted.
 * - A cable never visits the same tile twice, and never runs along another cable (shares two
 *   consecutive tiles with it): both are refused with `CABLE_OVERLAPS`.
 * - A crossing hops (TRAP-21) only when both cables go straight through the tile (they are then
 *   perpendicular) and no part stands there; any shared turn or endpoint, of either cable, is a
 *   join (TRAP-24, TRAP-25). A crossing on a part's tile joins (both cables touch the part).
 */

/** A cable that may be laid: the record to store and what it does. */
export interface CablePlan {
  cable: CableRecord;
  /** Existing cables the new one joins directly (ascending ids). */
  joined: string[];
  /** The network the new cable ends up in. */
  network: TrapNetwork;
}

const edgeKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/**
 * Checks a dragged cable path and plans the cable with id `id` (not yet stored).
 * @param path the dragged tiles in order (at least 2, already validated by the command schema).
 * @returns the plan, or the refusal: `OUT_OF_BOUNDS`, `NOT_FLOOR`, `CABLE_PATH_NOT_CONTIGUOUS`
 *   (TRAP-12), `CABLE_OVERLAPS`, `CABLE_ENDS_UNCONNECTED` (TRAP-25), `TRIGGER_ALREADY_WIRED`
 *   (TRAP-15), `MECHANISM_ALREADY_WIRED` (TRAP-14), `TIMER_ALREADY_WIRED` (TRAP-18), the
 *   latter three over the whole joined network (TRAP-27).
 */
export function planCable(sim: Simulation, id: string, path: readonly TilePos[]): CablePlan | CommandRefused {
  const map = sim.state.map;
  for (const p of path) {
    if (!inBounds(map, p.x, p.y)) return { ok: false, code: "OUT_OF_BOUNDS", reason: `tile ${p.x},${p.y} is off the map` };
    if (!isWalkable(map, p.x, p.y)) return { ok: false, code: "NOT_FLOOR", reason: `a cable cannot run over tile ${p.x},${p.y}` };
  }
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as TilePos, b = path[i] as TilePos;
    if (Math.abs(a.x - b.x) + Math.abs(a.y - b.y) !== 1) {
      return { ok: false, code: "CABLE_PATH_NOT_CONTIGUOUS", rule: "TRAP-12",
        reason: `tiles ${a.x},${a.y} and ${b.x},${b.y} are not orthogonally adjacent` };
    }
  }
  const tiles = path.map((p) => p.y * map.width + p.x);
  if (new Set(tiles).size !== tiles.length) {
    return { ok: false, code: "CABLE_OVERLAPS", reason: "the cable passes over the same tile twice" };
  }

  const existing = Object.values(sim.state.cables);
  const cablesOnTile = new Map<number, { cable: CableRecord; at: number }[]>();
  const edges = new Map<string, string>();
  for (const cable of existing) {
    cable.path.forEach((t, at) => {
      const list = cablesOnTile.get(t) ?? [];
      list.push({ cable, at });
      cablesOnTile.set(t, list);
      if (at > 0) edges.set(edgeKey(cable.path[at - 1] as number, t), cable.id);
    });
  }
  const members = membersByTile(sim.state);
  const ends = [path[0] as TilePos, path[path.length - 1] as TilePos];
  for (const [k, t] of [tiles[0] as number, tiles[tiles.length - 1] as number].entries()) {
    if (!members.has(t) && !cablesOnTile.has(t)) {
      const e = ends[k] as TilePos;
      return { ok: false, code: "CABLE_ENDS_UNCONNECTED", rule: "TRAP-25",
        reason: `the cable end at ${e.x},${e.y} is on neither a part nor a cable` };
    }
  }
  for (let i = 1; i < tiles.length; i++) {
    const other = edges.get(edgeKey(tiles[i - 1] as number, tiles[i] as number));
    if (other !== undefined) {
      const p = path[i] as TilePos;
      return { ok: false, code: "CABLE_OVERLAPS", reason: `the cable runs along cable ${other} at ${p.x},${p.y}` };
    }
  }

  const hops: number[] = [];
  const joined = new Set<string>();
  tiles.forEach((t, i) => {
    const here = cablesOnTile.get(t);
    if (!here) return;
    const hop = !members.has(t) && straightAt(tiles, i, map.width)
      && here.every(({ cable, at }) => straightAt(cable.path, at, map.width));
    if (hop) hops.push(t); // TRAP-21
    else for (const { cable } of here) joined.add(cable.id); // TRAP-24, TRAP-25
  });

  const cable: CableRecord = { id, path: tiles, hops };
  const index = computeNetworks({ ...sim.state, cables: { ...sim.state.cables, [id]: cable } });
  const network = index.byCable.get(id) as TrapNetwork;
  const broken = networkLimitBroken(network);
  if (broken) return { ok: false, ...broken };
  return { cable, joined: [...joined].sort((a, b) => Number(a) - Number(b)), network };
}
