import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { makeParty, makeSim } from "../knowledge/helpers.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";

/**
 * The views' test dungeon, on the open 20 × 12 map (knowledge/helpers.ts `makeSim`, no walls
 * inside, the portal at 0,5): a party of three Peasants (perception 5 tiles) — the hero at 2,5,
 * a companion beside it at 3,5 and one far away at 16,2 — and a minion at 15,8 (perception 5),
 * 13 tiles from the hero. Two wired traps: a pressure plate at 4,5 with darts at 6,5 (in the
 * hero's sight) and a plate at 15,3 with darts at 17,3 (out of it); nobody knows any part yet.
 */
export interface ViewScene {
  sim: Simulation;
  partyId: string;
  hero: UnitRecord; near: UnitRecord; far: UnitRecord; minion: UnitRecord;
  plate: string; darts: string; cable: string;
  farPlate: string; farDarts: string; farCable: string;
}

export function viewScene(): ViewScene {
  const sim = makeSim();
  const { party, members } = makeParty(sim, [[2, 5], [3, 5], [16, 2]]);
  const [hero, near, far] = members as [UnitRecord, UnitRecord, UnitRecord];
  const minion = addUnit(sim, { kind: "minion", x: 15, y: 8 });
  const plate = placeBuilt(sim, "pressurePlate", 4, 5);
  const darts = placeBuilt(sim, "dartLauncher", 6, 5);
  const cable = wire(sim, [4, 5], [6, 5]);
  const farPlate = placeBuilt(sim, "pressurePlate", 15, 3);
  const farDarts = placeBuilt(sim, "dartLauncher", 17, 3);
  const farCable = wire(sim, [15, 3], [17, 3]);
  sim.drainEvents();
  return { sim, partyId: party.id, hero, near, far, minion, plate, darts, cable, farPlate, farDarts, farCable };
}
