import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { markWiringChanged } from "../traps/network.ts";

/**
 * Removes one cable; the network it belonged to may split in two (TRAP-26). Emits
 * `cableRemoved`. Refusal: `UNKNOWN_CABLE`.
 */
export const removeCable: CommandHandler<"removeCable"> = (sim, { cableId }): CommandResult => {
  if (!Object.hasOwn(sim.state.cables, cableId)) return { ok: false, code: "UNKNOWN_CABLE", reason: `no cable ${cableId}` };
  delete sim.state.cables[cableId];
  markWiringChanged(sim);
  sim.emit({ type: "cableRemoved", id: cableId });
  return { ok: true };
};
