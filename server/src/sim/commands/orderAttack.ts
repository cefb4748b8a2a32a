import type { CommandHandler } from "./index.ts";
import { areEnemies, isActive, setTarget } from "../world/units.ts";
import { ownFighter } from "./setStance.ts";
import { markUnit } from "../changes.ts";

/**
 * Orders the keeper's minion or dungeon creature `unitId` to attack `targetId` whatever its
 * stance (combat/stance.ts); an unconscious target is killed once reached (CMB-47). An empty
 * `targetId` cancels the order. Emits `attackOrdered`.
 * Refused with UNKNOWN_UNIT / NOT_YOUR_UNIT (the unit), UNKNOWN_UNIT (no such target), or
 * INVALID_TARGET when the target is not an enemy, or is dead, captured or gone, or when the
 * ordered unit is itself out of the fight.
 */
export const orderAttack: CommandHandler<"orderAttack"> = (sim, command) => {
  const unit = ownFighter(sim, command.unitId);
  if ("ok" in unit) return unit;
  if (command.targetId !== "") {
    if (!isActive(unit)) return { ok: false, code: "INVALID_TARGET", reason: `unit ${unit.id} is ${unit.activity}` };
    const target = sim.state.units[command.targetId];
    if (!target) return { ok: false, code: "UNKNOWN_UNIT", reason: `no unit ${command.targetId}` };
    if (!areEnemies(unit, target)) return { ok: false, code: "INVALID_TARGET", reason: `unit ${target.id} is not an enemy` };
    if (!isActive(target) && target.activity !== "unconscious") {
      return { ok: false, code: "INVALID_TARGET", reason: `unit ${target.id} is ${target.activity}` };
    }
  }
  unit.orderTargetId = command.targetId; markUnit(sim, unit);
  if (command.targetId === "") setTarget(sim, unit, "");
  sim.emit({ type: "attackOrdered", unitId: unit.id, stance: unit.stance, targetId: unit.orderTargetId });
  return { ok: true };
};
