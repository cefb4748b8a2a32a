import { PARTS, type CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { inBounds, isBuildableFloor } from "../world/grid.ts";
import { TRIGGER_MIN_CHEBYSHEV_DISTANCE, partAt, triggerTooClose } from "../traps/parts.ts";
import { computeNetworks, markWiringChanged, networkLimitBroken } from "../traps/network.ts";
import { markPart } from "../changes.ts";

/**
 * Moves a trap part to another tile (TRAP-46, TRAP-47). Decisions (TRAP-46 leaves who, how long
 * and what it costs open): the keeper moves it at once and for free; a site stays a site (with
 * its delivered metal and work), a built part stays built; the part keeps its rearm needs
 * (`needsRearm`), its 2-day countdown (`rearmedTick`, not reset: TRAP-48 proposal), its rigging
 * and its timer delay. Every cable that touched its old tile is removed (`cableRemoved`); on its
 * new tile it joins any cable running there. Emits `partMoved`.
 *
 * Refusals: `UNKNOWN_PART`; `OUT_OF_BOUNDS`; `NOT_FLOOR`; `TILE_OCCUPIED` (another part, or the
 * part itself, stands there); `TRIGGER_TOO_CLOSE` (TRAP-09, the moved trigger itself not
 * counted); the network limits of a cable on the new tile (TRAP-27).
 */
export const movePart: CommandHandler<"movePart"> = (sim, { partId, x, y }): CommandResult => {
  if (!Object.hasOwn(sim.state.parts, partId)) return { ok: false, code: "UNKNOWN_PART", reason: `no part ${partId}` };
  const part = sim.state.parts[partId]!;
  const map = sim.state.map;
  if (!inBounds(map, x, y)) return { ok: false, code: "OUT_OF_BOUNDS", reason: `tile ${x},${y} is off the map` };
  if (!isBuildableFloor(map, x, y)) return { ok: false, code: "NOT_FLOOR", reason: `tile ${x},${y} is not buildable floor` };
  const there = partAt(sim, x, y);
  if (there) return { ok: false, code: "TILE_OCCUPIED", reason: `part ${there.id} already stands on ${x},${y}` };
  if (PARTS[part.kind].role === "trigger") {
    const near = triggerTooClose(sim, x, y, partId);
    if (near) {
      return { ok: false, code: "TRIGGER_TOO_CLOSE", rule: "TRAP-09",
        reason: `trigger ${near.id} at ${near.x},${near.y} is too close: triggers need at least ${TRIGGER_MIN_CHEBYSHEV_DISTANCE - 1} free tiles between them` };
    }
  }
  const oldTile = part.y * map.width + part.x;
  const newTile = y * map.width + x;
  const kept = Object.fromEntries(Object.entries(sim.state.cables).filter(([, c]) => !c.path.includes(oldTile)));
  if (Object.values(kept).some((c) => c.path.includes(newTile))) {
    const moved = { ...part, x, y };
    const net = computeNetworks({ ...sim.state, cables: kept, parts: { ...sim.state.parts, [partId]: moved } }).byPart.get(partId);
    const broken = net ? networkLimitBroken(net) : null;
    if (broken) return { ok: false, ...broken };
  }
  for (const cable of Object.values(sim.state.cables)) {
    if (!cable.path.includes(oldTile)) continue;
    delete sim.state.cables[cable.id];
    sim.emit({ type: "cableRemoved", id: cable.id });
  }
  const from = { x: part.x, y: part.y };
  part.x = x; part.y = y;
  markPart(sim, partId);
  markWiringChanged(sim); // the cables removed above and the new tile
  sim.emit({ type: "partMoved", partId, fromX: from.x, fromY: from.y, x, y });
  return { ok: true };
};
