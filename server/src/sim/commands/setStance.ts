import type { CommandHandler } from "./index.ts";
import type { UnitRecord } from "../state.ts";
import type { CommandRefused } from "@malignus/shared";
import { isKeeperSide } from "../world/units.ts";
import { markUnit } from "../changes.ts";

/**
 * The keeper's minion or dungeon creature `unitId`, or the refusal: UNKNOWN_UNIT when there is no
 * such unit, NOT_YOUR_UNIT when it is not a minion or creature of the dungeon.
 */
export function ownFighter(sim: Parameters<CommandHandler<"setStance">>[0], unitId: string): UnitRecord | CommandRefused {
  const unit = sim.state.units[unitId];
  if (!unit) return { ok: false, code: "UNKNOWN_UNIT", reason: `no unit ${unitId}` };
  if (!isKeeperSide(unit) || (unit.kind !== "minion" && unit.kind !== "creature")) {
    return { ok: false, code: "NOT_YOUR_UNIT", reason: `unit ${unitId} is not one of the keeper's minions or creatures`, rule: "CMB-15" };
  }
  return unit;
}

/**
 * CMB-15: sets a minion's (or dungeon creature's) stance on the slider, from Flight to
 * Aggression; it applies from the next tick (combat/stance.ts). Emits `stanceChanged`.
 * Refused with UNKNOWN_UNIT or NOT_YOUR_UNIT.
 */
export const setStance: CommandHandler<"setStance"> = (sim, command) => {
  const unit = ownFighter(sim, command.unitId);
  if ("ok" in unit) return unit;
  unit.stance = command.stance; markUnit(sim, unit);
  sim.emit({ type: "stanceChanged", unitId: unit.id, stance: unit.stance, targetId: unit.orderTargetId });
  return { ok: true };
};
