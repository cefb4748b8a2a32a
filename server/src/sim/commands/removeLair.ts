import type { CommandHandler } from "./index.ts";
import { removeLair as remove } from "../traps/lairs.ts";

/**
 * Removes one of the keeper's lairs (traps/lairs.ts `removeLair`): a creature living there stays
 * in the dungeon without a lair (TRAP-62 holds for a creature that has joined). Refusal:
 * `UNKNOWN_LAIR`.
 */
export const removeLair: CommandHandler<"removeLair"> = (sim, { lairId }) =>
  remove(sim, lairId) ? { ok: true } : { ok: false, code: "UNKNOWN_LAIR", reason: `no lair ${lairId}` };
