import { BYSTANDER_HIT_CHANCE } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { shotPath } from "./perception.ts";
import { bodiesOn } from "./crowding.ts";

/** CMB-09 (open, proposal "8 neighbours"): a melee attacker reaches targets this many tiles away (Chebyshev). */
export const MELEE_REACH = 1;

/**
 * CMB-13, CMB-14: who a ranged attack of `attacker` on `target` actually strikes. A melee attack
 * (within {@link MELEE_REACH}) always strikes its target. A shot passes over bodies on its path
 * (they do not block it) but each standing body on it, in order from the shooter (and in id order
 * on one tile), takes the shot instead with `BYSTANDER_HIT_CHANCE` percent (shared/src/data/chances.ts): one d100 per
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
