import type { CommandHandler } from "./index.ts";
import { raidRefusal, raidSettlement as raid } from "../invasions/settlements.ts";

/**
 * The keeper raids a settlement of the Surface (INV-32, INV-33; invasions/settlements.ts): +2
 * metal, and a punitive expedition (village) or the camp's warriors (camp, now Hostile) queued in
 * place of the next invasion (INV-34 to INV-37). Refused with `UNKNOWN_SETTLEMENT` or
 * `EXPEDITION_PENDING` (its answer has not set out yet).
 */
export const raidSettlement: CommandHandler<"raidSettlement"> = (sim, { settlementId }) => {
  const refusal = raidRefusal(sim, settlementId);
  if (refusal) return { ok: false, ...refusal };
  raid(sim, settlementId);
  return { ok: true };
};
