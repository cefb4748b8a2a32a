import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { OPEN_MAP } from "../traps/helpers.ts";
import { adventurerFields } from "../../../src/sim/invasions/party.ts";
import type { RulesetId } from "@malignus/shared";

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

/** The three rulesets; knowledge is shared by all of them (docs/rules/README.md). */
export const RULESETS: readonly RulesetId[] = ["malignus", "d20", "d100"];

/** A headless simulation on `text` under `ruleset` (default malignus; no units; the first invasion pushed far away). */
export function makeSim(text = OPEN_MAP, seed = 7, ruleset: RulesetId = "malignus"): Simulation {
  const sim = Simulation.create({ seed, ruleset, map: parseMap("know-test", text) });
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


/**
 * The natural die of the room's check (spot, defuse, resist: sim.ruleset.check) that just reaches
 * (`succeed`) or just misses a check of `difficulty` for a unit whose stat plus bonuses is `mod`:
 * malignus 1d10 + mod must reach difficulty + 5; d20 1d20 + mod must reach 10 + difficulty; d100
 * d100 + 10 × mod must exceed 50 + 10 × difficulty. Throws when that die would be a natural
 * critical (malignus 1 or 10, d20 1 or 20, d100 ≤ 5 or ≥ 96), which ignores the totals.
 */
export function checkDie(ruleset: RulesetId, difficulty: number, mod: number, succeed: boolean): number {
  const need = ruleset === "malignus" ? difficulty + 5 - mod : ruleset === "d20" ? 10 + difficulty - mod : 51 + 10 * (difficulty - mod);
  const die = succeed ? need : need - 1;
  const [lo, hi] = ruleset === "malignus" ? [2, 9] : ruleset === "d20" ? [2, 19] : [6, 95];
  if (die < lo || die > hi) throw new Error(`check die ${die} is a natural critical under ${ruleset}`);
  return die;
}

/** Sets the map tile (x, y) dark (KNOW-14). */
export function darken(sim: Simulation, x: number, y: number): void {
  const map = sim.state.map;
  const i = y * map.width + x;
  map.dark = map.dark.slice(0, i) + "1" + map.dark.slice(i + 1);
}
