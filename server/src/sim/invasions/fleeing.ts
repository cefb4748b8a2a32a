import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";

/**
 * Left open (issue 7, adventurers fleeing in any ruleset): the share of its harm capacity an
 * adventurer must have lost to give up and flee to its portal outside a fight. 0.6 is the
 * malignus threshold (FLEE_AT_WOUND_POINTS 6 of OUT_OF_FIGHT_WOUND_POINTS 10) read as a fraction,
 * so under hit points (d20, d100) an adventurer flees once it has 40% of its maximum HP or less
 * left (hp ≤ 0.4 × maxHp).
 */
export const FLEE_AT_HARM_FRACTION = 0.6;

/**
 * How much of its capacity for harm `unit` has lost, from the room's ruleset (`sim.ruleset.describe`):
 * wound points taken ÷ the out-of-the-fight maximum, or hit points lost ÷ maximum hit points.
 * @returns a fraction from 0 (unharmed) to 1 (out of the fight); 0 when the maximum is 0.
 */
export function harmFraction(sim: Simulation, unit: UnitRecord): number {
  const h = sim.ruleset.describe(unit);
  if (h.max <= 0) return 0;
  const lost = h.model === "woundPoints" ? h.value : h.max - h.value;
  return Math.min(1, Math.max(0, lost / h.max));
}

/** True when `unit` has lost at least {@link FLEE_AT_HARM_FRACTION} of its capacity for harm (it flees home). */
export function badlyHurt(sim: Simulation, unit: UnitRecord): boolean {
  if (sim.ruleset.describe(unit).max <= 0) return false;
  return harmFraction(sim, unit) >= FLEE_AT_HARM_FRACTION;
}
