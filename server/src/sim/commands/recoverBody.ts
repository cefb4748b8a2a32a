import type { CommandHandler } from "./index.ts";
import { recoverBody as recover } from "../invasions/loot.ts";

/**
 * Recovers a dead adventurer at the salvager's table (INV-93): the body leaves the map for metal.
 * Leaving it instead needs no command (INV-94). Refused with `NOT_A_DEAD_ADVENTURER`.
 */
export const recoverBody: CommandHandler<"recoverBody"> = (sim, { unitId }) => {
  const error = recover(sim, unitId);
  if (error) return { ok: false, code: "NOT_A_DEAD_ADVENTURER", reason: error, rule: "INV-93" };
  return { ok: true };
};
