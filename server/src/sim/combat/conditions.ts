import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";

/**
 * Conditions, once per tick. CMB-48: an unconscious unit wakes on its own at its `wakeTick`
 * (drawn within 4 game hours when it fell): it stands up `idle` and `woke` is emitted. Its wounds
 * and wound points stay (no healing yet), so at 10 points or more its next wound takes it out again.
 * Bleeding (which would stop waking) and being carried to a bed (CMB-49) are not modelled yet.
 * Units are taken in id order.
 */
export function stepConditions(sim: Simulation): void {
  const units = sim.state.units;
  const tick = sim.state.tick;
  for (const id in units) {
    const unit = units[id] as UnitRecord;
    if (unit.activity !== "unconscious" || unit.wakeTick < 0 || tick < unit.wakeTick) continue;
    unit.activity = "idle";
    unit.wakeTick = -1;
    sim.emit({ type: "woke", unitId: unit.id });
  }
}
