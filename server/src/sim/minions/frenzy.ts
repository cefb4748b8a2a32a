import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { isKeeperSide } from "../world/units.ts";

/**
 * TRAP-58 (Left open: the seed names murderous frenzy, "folie meurtrière", without a cause): a unit of
 * the keeper's side is in murderous frenzy while it is enraged (d20 `enraged` status, D20-STATUS-09:
 * a foe's madness spell drives it to attack the nearest creature, allies included) against a
 * creature of the keeper's side. It is then the keeper's enemy: it sets off the keeper's traps like
 * any other enemy (traps/firing.ts `setsOff`). The frenzy ends with the status (its turns run out).
 * Units without a d20 sheet are never in frenzy.
 */
export function inMurderousFrenzy(sim: Simulation, unit: UnitRecord): boolean {
  const rage = unit.d20?.statuses.find((s) => s.kind === "enraged");
  if (!rage || !isKeeperSide(unit)) return false;
  const victim = sim.state.units[rage.sourceId];
  return victim !== undefined && victim !== unit && isKeeperSide(victim);
}
