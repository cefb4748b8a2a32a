import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { areEnemies, isActive, presentUnits, setActivity, setTarget } from "../world/units.ts";
import { walkNextTo, walkTo } from "../world/movement.ts";
import { knownEnemies } from "./awareness.ts";
import { MELEE_REACH, canReach } from "./combat.ts";
import { canSee } from "./perception.ts";

/**
 * Wild creatures (faction "wild"), once per tick: enemies of the keeper's side and of adventurers
 * alike (world/units.ts `areEnemies`). Deterministic, no dice:
 * - an enemy next to it (lowest id), or one it can shoot, is fought;
 * - otherwise it goes after the nearest enemy it sees (CMB-02) or knows of from a hit (CMB-05),
 *   taking a free tile next to it (CMB-18 to CMB-21) or waiting for one;
 * - with no enemy known it goes back to its home tile and stays there.
 * Units are taken in id order.
 */
export function stepWildCreatures(sim: Simulation): void {
  for (const unit of presentUnits(sim)) {
    if (unit.faction !== "wild" || unit.kind !== "creature" || !isActive(unit)) continue;
    decideWild(sim, unit);
  }
}

function decideWild(sim: Simulation, unit: UnitRecord): void {
  let best: UnitRecord | undefined;
  let bestD = Infinity;
  for (const u of presentUnits(sim)) {
    if (u === unit || !isActive(u) || u.carriedBy !== "" || !areEnemies(unit, u)) continue;
    const d = chebyshev(unit, u);
    if (d <= MELEE_REACH || (unit.gear.ranged && canReach(sim, unit, u))) {
      setTarget(sim, unit, u.id); setActivity(sim, unit, "fighting"); unit.walk = null;
      return;
    }
    if (d < bestD && canSee(sim, unit, u)) { best = u; bestD = d; }
  }
  if (!best) {
    const remembered = knownEnemies(sim, unit)[0];
    if (remembered) best = remembered.enemy;
  }
  setTarget(sim, unit, "");
  if (best) {
    setActivity(sim, unit, walkNextTo(sim, unit, best) ? "walking" : "idle");
    return;
  }
  if (unit.x === unit.home.x && unit.y === unit.home.y) { setActivity(sim, unit, "idle"); unit.walk = null; return; }
  setActivity(sim, unit, walkTo(sim, unit, unit.home) ? "walking" : "idle");
}
