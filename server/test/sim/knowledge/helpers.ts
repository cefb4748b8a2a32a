import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { OPEN_MAP } from "../traps/helpers.ts";
import { adventurerFields } from "../../../src/sim/invasions/party.ts";

export { OPEN_MAP };

/**
 * A corridor map: the portal at 0,3; a 1-wide corridor from 1,3 to 8,3; a room 9..18 × 1..5
 * whose row 3 continues; the sanctum at 18,5 and the stockpile at 9,5.
 */
export const CORRIDOR_MAP = [
  "####################",
  "#########..........#",
  "#########..........#",
  "P..................#",
  "#########..........#",
  "#########K........S#",
  "####################",
].join("\n");

/** A headless malignus simulation on `text` (no units; the first invasion pushed far away). */
export function makeSim(text = OPEN_MAP, seed = 7): Simulation {
  const sim = Simulation.create({ seed, ruleset: "malignus", map: parseMap("know-test", text) });
  sim.state.invasion.dueTick = 10_000_000;
  return sim;
}

/** Creates a party (not ended) with one adventurer per position; `cls` per member (default Peasant). */
export function makeParty(sim: Simulation, positions: [number, number][], cls: string[] = []): { party: PartyRecord; members: UnitRecord[] } {
  const id = sim.newId();
  const party: PartyRecord = {
    id, invasionNumber: 1, goal: "killMaster", memberIds: [], portal: { ...(sim.state.map.portals[0] ?? { x: 0, y: 0 }) },
    spotted: false, startTick: sim.state.tick, ended: false, kind: "normal", caution: 0, cautionLostBySpotting: false,
    cautionSectors: [], spotRolls: [], loot: 0, scattering: false,
  };
  sim.state.parties[id] = party;
  const members = positions.map(([x, y], i) => {
    const c = cls[i] ?? "Peasant";
    const u = addUnit(sim, { kind: "adventurer", faction: "village", partyId: id, x, y, ...adventurerFields(c, c === "Peasant" ? 0 : 1) });
    sim.state.knowledge[u.id] = { known: [], spot: {}, block: {} };
    party.memberIds.push(u.id);
    return u;
  });
  return { party, members };
}

