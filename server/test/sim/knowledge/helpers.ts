import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { expect } from "vitest";
import { OPEN_MAP, forceDice, placeBuilt, wire } from "../traps/helpers.ts";
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

/** A trigger of {@link twoTraps}. */
export type TrapTriggerKind = "tripwire" | "wideTripwire" | "pressurePlate" | "sensor";
/** A mechanism of {@link twoTraps}. */
export type TrapMechKind = "spinningBlades" | "flameJet";

/**
 * A one-Peasant party from 1,3 walks {@link CORRIDOR_MAP} (seed 7, `ruleset`, no pause on spot)
 * onto `first` (the trigger at 10,5 wired to its mechanism at 10,1) then `second` (14,5 wired to
 * 14,1); its two spotting rolls are forced natural 1s (asserted both drawn). Returns the member's
 * knowledge `{ spot, block }` (a copy) after each firing, within 200 ticks.
 */
export function twoTraps(ruleset: RulesetId, first: [TrapTriggerKind, TrapMechKind], second: [TrapTriggerKind, TrapMechKind]): unknown[] {
  const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
  sim.state.pauseOnSpot = false;
  placeBuilt(sim, first[0], 10, 5); placeBuilt(sim, first[1], 10, 1); wire(sim, [10, 5], [10, 1]);
  placeBuilt(sim, second[0], 14, 5); placeBuilt(sim, second[1], 14, 1); wire(sim, [14, 5], [14, 1]);
  const { members: [a] } = makeParty(sim, [[1, 3]]);
  const dice = forceDice(sim, [1, 1]);
  const after: unknown[] = [];
  for (let i = 0; i < 200 && after.length < 2; i++) {
    for (const e of sim.step()) if (e.type === "trapFired") after.push(structuredClone({ spot: sim.state.knowledge[a!.id]!.spot, block: sim.state.knowledge[a!.id]!.block }));
  }
  expect(dice.left()).toBe(0);
  return after;
}

/** A 30×12 open room: the portal at (0, 5), the stockpile at (1, 10), the sanctum at (28, 10). */
export const WIDE_MAP = [
  "##############################",
  ...Array.from({ length: 4 }, () => "#............................#"),
  "P............................#",
  ...Array.from({ length: 4 }, () => "#............................#"),
  "#K..........................S#",
  "##############################",
].join("\n");

/** An adventurer of no party at (x, y) (tiles), knowing nothing yet, in `activity` (default idle: conscious). */
export function onlooker(sim: Simulation, x: number, y: number, activity: UnitRecord["activity"] = "idle"): UnitRecord {
  const u = addUnit(sim, { kind: "adventurer", faction: "village", x, y, level: 1 });
  u.activity = activity;
  sim.state.knowledge[u.id] = { known: [], spot: {}, block: {} };
  return u;
}
