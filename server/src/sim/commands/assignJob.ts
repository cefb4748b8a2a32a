import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { markPart, markUnit } from "../changes.ts";

/**
 * Assigns one of the keeper's minions a job (TRAP-04: "trapping" builds and rearms traps;
 * "chores" for doors, DOOR-47; "none" fights and hauls). A minion leaving Trapping drops the rearm
 * job it took (another Trapping minion takes it up). Assigning the current job is accepted and
 * changes nothing. Refusals: `UNKNOWN_UNIT`, `NOT_A_MINION` (not a minion of the keeper's side).
 */
export const assignJob: CommandHandler<"assignJob"> = (sim, { unitId, job }): CommandResult => {
  if (!Object.hasOwn(sim.state.units, unitId)) return { ok: false, code: "UNKNOWN_UNIT", reason: `no unit ${unitId}` };
  const unit = sim.state.units[unitId]!;
  if (unit.kind !== "minion" || unit.faction !== "dungeon") {
    return { ok: false, code: "NOT_A_MINION", rule: "TRAP-04", reason: `unit ${unitId} is not one of the keeper's minions` };
  }
  if (unit.job === job) return { ok: true };
  unit.job = job; markUnit(sim, unit);
  if (job !== "trapping") {
    for (const part of Object.values(sim.state.parts)) {
      if (part.rearmerId === unitId) { part.rearmerId = ""; part.rearmWorkDone = 0; markPart(sim, part.id); }
    }
  }
  return { ok: true };
};
