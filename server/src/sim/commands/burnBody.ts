import type { CommandHandler } from "./index.ts";
import { burnBody as burn } from "../invasions/loot.ts";

/**
 * Burns a dead minion or creature of the dungeon on the pyre: the body leaves the map. A pyre
 * never burns an adventurer (INV-95): refused with `NOT_BURNABLE` (also for the living and unknown ids).
 */
export const burnBody: CommandHandler<"burnBody"> = (sim, { unitId }) => {
  const error = burn(sim, unitId);
  if (error) return { ok: false, code: "NOT_BURNABLE", reason: error, rule: "INV-95" };
  return { ok: true };
};
