import { PARTS, type CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import type { PartRecord } from "../state.ts";
import { inBounds, isBuildableFloor } from "../world/grid.ts";
import { DEFAULT_TIMER_DELAY_MINUTES, TRIGGER_MIN_CHEBYSHEV_DISTANCE, partAt, triggerTooClose } from "../traps/parts.ts";
import { computeNetworks, markWiringChanged, networkLimitBroken } from "../traps/network.ts";
import { markPart } from "../changes.ts";

/**
 * Places a trap part (of `quality` "normal" unless given "shoddy"): creates a construction site (`built: false`, no metal, no work) that
 * minions then supply and a Trapping minion builds (TRAP-28 to TRAP-31). Emits `partPlaced`.
 *
 * Refusals: `OUT_OF_BOUNDS`; `NOT_FLOOR` (only floor and sanctum tiles are buildable);
 * `TILE_OCCUPIED` (a part already stands there); `TRIGGER_TOO_CLOSE` (TRAP-09: fewer than
 * {@link TRIGGER_MIN_CHEBYSHEV_DISTANCE} - 1 free tiles to another trigger, levers and sites
 * included); and, when placed on a tile a cable already runs over, the network limits
 * (`TRIGGER_ALREADY_WIRED`, `MECHANISM_ALREADY_WIRED`, `TIMER_ALREADY_WIRED`, TRAP-27).
 * @returns `{ ok: true, id }` with the new part's id.
 */
export const placePart: CommandHandler<"placePart"> = (sim, { kind, x, y, quality }): CommandResult => {
  const map = sim.state.map;
  if (!inBounds(map, x, y)) return { ok: false, code: "OUT_OF_BOUNDS", reason: `tile ${x},${y} is off the map` };
  if (!isBuildableFloor(map, x, y)) return { ok: false, code: "NOT_FLOOR", reason: `tile ${x},${y} is not buildable floor` };
  const there = partAt(sim, x, y);
  if (there) return { ok: false, code: "TILE_OCCUPIED", reason: `part ${there.id} already stands on ${x},${y}` };
  if (PARTS[kind].role === "trigger") {
    const near = triggerTooClose(sim, x, y);
    if (near) {
      return { ok: false, code: "TRIGGER_TOO_CLOSE", rule: "TRAP-09",
        reason: `trigger ${near.id} at ${near.x},${near.y} is too close: triggers need at least ${TRIGGER_MIN_CHEBYSHEV_DISTANCE - 1} free tiles between them` };
    }
  }
  const id = String(sim.state.nextId);
  const part: PartRecord = {
    id, kind, x, y,
    built: false,
    metalDelivered: 0,
    workDone: 0,
    needsRearm: false,
    rearmedTick: sim.state.tick,
    riggedBy: "",
    delayMinutes: kind === "timer" ? DEFAULT_TIMER_DELAY_MINUTES : 0,
    active: false,
    quality: quality ?? "normal",
    rearmWorkDone: 0,
    rearmerId: "",
  };
  const tile = y * map.width + x;
  if (Object.values(sim.state.cables).some((c) => c.path.includes(tile))) {
    const net = computeNetworks({ ...sim.state, parts: { ...sim.state.parts, [id]: part } }).byPart.get(id);
    const broken = net ? networkLimitBroken(net) : null;
    if (broken) return { ok: false, ...broken };
  }
  sim.newId();
  sim.state.parts[id] = part;
  markPart(sim, id);
  markWiringChanged(sim);
  sim.emit({ type: "partPlaced", partId: id, kind, x, y });
  return { ok: true, id };
};
