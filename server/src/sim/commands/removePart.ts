import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { markWiringChanged } from "../traps/network.ts";
import { markPart } from "../changes.ts";

/**
 * Removes a trap part and every cable that passes over or ends on its tile. The metal delivered
 * to a construction site goes back to the stock (TRAP-31); a built part's metal is not
 * refunded. Delayed firings (TRAP-16) of a removed mechanism are dropped (those of a removed trigger
 * still happen: the signal already left it). Emits
 * `cableRemoved` for each cable, then `partRemoved`. Refusal: `UNKNOWN_PART`.
 */
export const removePart: CommandHandler<"removePart"> = (sim, { partId }): CommandResult => {
  if (!Object.hasOwn(sim.state.parts, partId)) return { ok: false, code: "UNKNOWN_PART", reason: `no part ${partId}` };
  const part = sim.state.parts[partId]!;
  const tile = part.y * sim.state.map.width + part.x;
  for (const cable of Object.values(sim.state.cables)) {
    if (!cable.path.includes(tile)) continue;
    delete sim.state.cables[cable.id];
    sim.emit({ type: "cableRemoved", id: cable.id });
  }
  if (!part.built) sim.state.metal += part.metalDelivered;
  sim.state.pendingFirings = sim.state.pendingFirings.filter((f) => f.mechanismId !== partId);
  delete sim.state.parts[partId];
  markPart(sim, partId);
  markWiringChanged(sim); // the part and its cables
  sim.emit({ type: "partRemoved", id: partId });
  return { ok: true };
};
