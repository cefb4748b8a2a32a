import type { Simulation } from "../simulation.ts";
import type { Pos, UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { isActive } from "../world/units.ts";
import { canSee, hasLineOfFire, perceptionRange, shotPath } from "./perception.ts";
import { bodiesOn } from "./crowding.ts";
import { killingBlow } from "./unconscious.ts";
import { stepEncounters } from "./encounters/encounters.ts";

/**
 * CMB-14 (open, proposal "bodies are checked in order from the shooter, each with a fixed
 * chance"): the chance, in percent, that a standing body on a shot's path takes the shot instead.
 */
export const BYSTANDER_HIT_CHANCE = 25;

/** Ticks a unit waits between two attacks (10 ticks = 1 game minute). */
export const ATTACK_INTERVAL_TICKS = 10;

/** CMB-09 (open, proposal "8 neighbours"): a melee attacker reaches targets this many tiles away (Chebyshev). */
export const MELEE_REACH = 1;

/**
 * CMB-10: the facing (0 = north, clockwise in eighths; y grows southward) from `from` toward `to`,
 * the nearest of the 8 directions (integer maths, deterministic); `fallback` when both are on one tile.
 */
export function facingToward(from: Pos, to: Pos, fallback = 0): number {
  const dx = to.x - from.x, dy = to.y - from.y;
  if (dx === 0 && dy === 0) return fallback;
  const ax = Math.abs(dx), ay = Math.abs(dy);
  // tan(22.5°) ≈ 5/12: closer to an axis than that counts as straight along it.
  const v = ay * 12 < ax * 5 ? 0 : Math.sign(dy); // north (−1) / south (+1) component
  const h = ax * 12 < ay * 5 ? 0 : Math.sign(dx); // west (−1) / east (+1) component
  if (v < 0) return h > 0 ? 1 : h < 0 ? 7 : 0; // NE, NW, N
  if (v > 0) return h > 0 ? 3 : h < 0 ? 5 : 4;
  return h > 0 ? 2 : 6;
}

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
  if (sim.ruleset.timing === "rounds") { stepEncounters(sim); return; } // d20/d100: fights in rounds (combat/encounters/)
  const units = sim.state.units;
  const tick = sim.state.tick;
  for (const id in units) {
    const unit = units[id] as UnitRecord;
    if (unit.targetId === "" || !isActive(unit)) continue;
    const target = units[unit.targetId];
    if (!target) { stopFighting(unit); continue; }
    if (sim.ruleset.isOutOfFight(target)) {
      // CMB-47: an ordered attack on someone unconscious is a killing blow once next to them.
      if (target.activity === "unconscious" && unit.orderTargetId === target.id) {
        if (tick >= unit.nextAttackTick && chebyshev(unit, target) <= MELEE_REACH) {
          unit.activity = "fighting";
          killingBlow(sim, unit, target);
          unit.nextAttackTick = tick + ATTACK_INTERVAL_TICKS;
          stopFighting(unit);
        }
        continue;
      }
      stopFighting(unit);
      continue;
    }
    if (tick < unit.nextAttackTick || !canReach(sim, unit, target)) continue;
    unit.activity = "fighting";
    sim.ruleset.attack(sim, unit, shotTaker(sim, unit, target));
    unit.nextAttackTick = tick + ATTACK_INTERVAL_TICKS;
    if (sim.ruleset.isOutOfFight(target)) stopFighting(unit);
  }
}

/**
 * CMB-13, CMB-14: who a ranged attack of `attacker` on `target` actually strikes. A melee attack
 * (within {@link MELEE_REACH}) always strikes its target. A shot passes over bodies on its path
 * (they do not block it) but each standing body on it, in order from the shooter (and in id order
 * on one tile), takes the shot instead with {@link BYSTANDER_HIT_CHANCE} percent: one d100 per
 * body checked, stopping at the first that takes it. Friend or foe alike. Emits
 * `shotIntercepted` when a bystander takes it.
 */
export function shotTaker(sim: Simulation, attacker: UnitRecord, target: UnitRecord): UnitRecord {
  if (chebyshev(attacker, target) <= MELEE_REACH) return target;
  for (const tile of shotPath(attacker, target)) {
    for (const body of bodiesOn(sim, tile.x, tile.y)) {
      if (body === attacker || body === target) continue;
      if (sim.rng.chance(BYSTANDER_HIT_CHANCE)) {
        sim.emit({ type: "shotIntercepted", attackerId: attacker.id, intendedId: target.id, targetId: body.id });
        return body;
      }
    }
  }
  return target;
}

/** Clears a unit's target; a unit shown as `fighting` goes back to `idle`. */
function stopFighting(unit: UnitRecord): void {
  unit.targetId = "";
  if (unit.activity === "fighting") unit.activity = "idle";
}
