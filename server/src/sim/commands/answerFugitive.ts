import type { CommandHandler } from "./index.ts";
import { admitFugitive, refuseFugitive } from "../invasions/fugitives.ts";

/**
 * Answers a fugitive asking to hide (INV-50): `admit` lets it join the dungeon and its pursuers
 * come as the next invasion (INV-51 to INV-53); otherwise it goes away. Refused with
 * `NO_FUGITIVE` when no fugitive is asking.
 */
export const answerFugitive: CommandHandler<"answerFugitive"> = (sim, { admit }) => {
  if (!sim.state.invasion.fugitiveOffer) return { ok: false, code: "NO_FUGITIVE", reason: "no fugitive is asking to hide", rule: "INV-50" };
  if (!admit) { refuseFugitive(sim); return { ok: true }; }
  return { ok: true, id: admitFugitive(sim) };
};
