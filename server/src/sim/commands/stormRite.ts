import { TICKS_PER_GAME_HOUR } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";

/**
 * The Storm Rite (INV-26): no invasion can arrive for `hours` game hours from now; the time
 * limit keeps running (INV-28 to INV-31, invasions/schedule.ts). A rite already running is
 * extended to whichever ends later. The Dark Arts that teach it are not modelled.
 */
export const stormRite: CommandHandler<"stormRite"> = (sim, { hours }) => {
  const inv = sim.state.invasion;
  inv.stormRiteUntilTick = Math.max(inv.stormRiteUntilTick ?? -1, sim.state.tick + hours * TICKS_PER_GAME_HOUR);
  inv.stopped = true;
  return { ok: true };
};
