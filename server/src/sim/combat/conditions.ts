import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { deathNoises } from "./awareness.ts";
import { followCarriers } from "./unconscious.ts";
import { presentUnits, setActivity } from "../world/units.ts";
import { markUnit } from "../changes.ts";

/**
 * Conditions, once per tick, whatever the ruleset:
 * 1. carried bodies move with their carriers (CMB-44, {@link followCarriers});
 * 2. CMB-48, CMB-49: an unconscious unit wakes on its own at its `wakeTick` (drawn within 4 game
 *    hours when it fell, or within 1 hour once carried to its own bed; a d20/d100 creature at
 *    0 HP has none, `wakeTick` −1, and stays down until its ruleset wakes it): it stands up `idle` and
 *    `woke` is emitted; a carrier lets it go. Its wounds stay, so at 10 wound points or more its
 *    next wound takes it out again. Bleeding (which would stop waking) is not modelled: the seed
 *    does not say what it is (docs/rules-decisions.md).
 * 3. CMB-06: deaths since the last tick make their noise ({@link deathNoises}).
 * Units are taken in id order.
 */
export function stepConditions(sim: Simulation): void {
  followCarriers(sim);
  const units = sim.state.units;
  const tick = sim.state.tick;
  for (const unit of presentUnits(sim)) {
    if (unit.activity !== "unconscious" || unit.wakeTick < 0 || tick < unit.wakeTick) continue;
    setActivity(sim, unit, "idle");
    unit.wakeTick = -1;
    if (unit.carriedBy !== "") {
      const carrier = units[unit.carriedBy];
      if (carrier) carrier.carryingId = "";
      unit.carriedBy = ""; markUnit(sim, unit);
    }
    sim.emit({ type: "woke", unitId: unit.id });
  }
  deathNoises(sim);
}
