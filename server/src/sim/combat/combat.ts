import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { isActive, allUnits, presentUnits, setActivity, setTarget } from "../world/units.ts";
import { canSee, hasLineOfFire, perceptionRange } from "./perception.ts";
import { MELEE_REACH, shotTaker } from "./shots.ts";
import { orderedKillingBlow } from "./unconscious.ts";
import { encounterOf } from "./encounters/book.ts";
import { stepEncounters } from "./encounters/encounters.ts";

// The shot rules live in shots.ts (no imports of the fight system, so the round-based rulesets can use them without an import cycle).
export { MELEE_REACH } from "./shots.ts";

/** Ticks a unit waits between two attacks (10 ticks = 1 game minute). */
export const ATTACK_INTERVAL_TICKS = 10;

/**
 * CMB-09, CMB-11: true when `attacker` can strike `target` from where it stands: a melee attacker
 * must stand next to it (8 neighbours, {@link MELEE_REACH}); a ranged one must see it within its
 * perception range (open: proposal "range = perception range") with a clear line of fire (CMB-12).
 */
export function canReach(sim: Simulation, attacker: UnitRecord, target: UnitRecord): boolean {
  const d = chebyshev(attacker, target);
  if (d <= MELEE_REACH) return true;
  if (!attacker.gear.ranged) return false;
  return d <= perceptionRange(attacker) && canSee(sim, attacker, target) && hasLineOfFire(sim.state.map, attacker, target);
}

/**
 * The fight system, once per tick: every standing unit with a `targetId` (set by the AI, which
 * also walks it next to its target) attacks through the room's ruleset when its target is
 * standing and within reach ({@link canReach}) and `tick >= nextAttackTick`, then waits
 * {@link ATTACK_INTERVAL_TICKS}. A shot may strike a bystander instead ({@link shotTaker}, CMB-14).
 * A unit ordered to attack an unconscious unit kills it once next to it (CMB-47, `killingBlow`). An attacking unit is shown as `fighting`. A target that is gone
 * or out of the fight clears `targetId`, and a `fighting` unit goes back to `idle`.
 * Units are taken in id order, so the same state always fights the same way.
 */
export function stepCombat(sim: Simulation): void {
  if (sim.ruleset.timing === "rounds") { // d20/d100: fights in rounds (combat/encounters/)
    stepEncounters(sim);
    orderedKillingBlowsOutsideEncounters(sim);
    return;
  }
  const units = sim.state.units;
  const tick = sim.state.tick;
  for (const unit of presentUnits(sim)) {
    if (unit.targetId === "" || !isActive(unit)) continue;
    const target = units[unit.targetId];
    if (!target) { stopFighting(sim, unit); continue; }
    if (sim.ruleset.isOutOfFight(target)) {
      // CMB-47: an ordered attack on someone unconscious is a killing blow once next to them.
      if (target.activity === "unconscious" && unit.orderTargetId === target.id) {
        if (tick >= unit.nextAttackTick && orderedKillingBlow(sim, unit)) {
          unit.nextAttackTick = tick + ATTACK_INTERVAL_TICKS;
          stopFighting(sim, unit);
        }
        continue;
      }
      stopFighting(sim, unit);
      continue;
    }
    if (tick < unit.nextAttackTick || !canReach(sim, unit, target)) continue;
    setActivity(sim, unit, "fighting");
    sim.ruleset.attack(sim, unit, shotTaker(sim, unit, target));
    unit.nextAttackTick = tick + ATTACK_INTERVAL_TICKS;
    if (sim.ruleset.isOutOfFight(target)) stopFighting(sim, unit);
  }
}

/**
 * CMB-47 in a d20 or d100 room, outside encounters (an encounter ends once nobody on one side can
 * fight, so the last body falls outside it): a standing unit not in an encounter, next to the
 * unconscious unit it was ordered to attack, kills it on the real-time cadence
 * ({@link ATTACK_INTERVAL_TICKS}). Inside an encounter the blow is the unit's turn's attack
 * (d20/turn.ts, d100/encounter.ts). Units in id order.
 */
function orderedKillingBlowsOutsideEncounters(sim: Simulation): void {
  const tick = sim.state.tick;
  for (const unit of allUnits(sim)) {
    if (unit.orderTargetId === "" || tick < unit.nextAttackTick || encounterOf(sim, unit.id)) continue;
    if (orderedKillingBlow(sim, unit)) {
      unit.nextAttackTick = tick + ATTACK_INTERVAL_TICKS;
      stopFighting(sim, unit);
    }
  }
}

/** Clears a unit's target; a unit shown as `fighting` goes back to `idle`. */
function stopFighting(sim: Simulation, unit: UnitRecord): void {
  setTarget(sim, unit, "");
  if (unit.activity === "fighting") setActivity(sim, unit, "idle");
}
