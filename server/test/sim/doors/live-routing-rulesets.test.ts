import { describe, expect, it } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { SINGLE_ROUTE, TWO_ROUTES, adventurer, doorSim, forceDice, party } from "./helpers.ts";

/*
 * Detours at closed doors through `sim.step()` in rooms of each ruleset. On TWO_ROUTES the party
 * walks from 2,2 toward the Master at 10,2; the closed door is at 6,2 and the other route passes
 * under the wall at 6,4. The detour draw is a d100 (`chance`): at or under the chance, it detours.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

/** The party of `members` (traits each) at 2,1.. walks until its first member passes column 6; returns which tile of column 6 it crossed. */
function crossing(sim: Simulation, traits: string[][], fields: Partial<UnitRecord> = {}): { crossed: string; unit: UnitRecord } {
  const members = traits.map((t, i) => adventurer(sim, 2, 1 + i, { traits: t, ...fields }));
  const p = party(sim, members);
  sim.state.invasion.partyId = p.id;
  const unit = members[0]!;
  let crossed = "";
  for (let i = 0; i < 300 && crossed === ""; i++) { sim.step(); if (unit.x === 6) crossed = `6,${unit.y}`; }
  return { crossed, unit };
}

/** TWO_ROUTES (or `map`) under `ruleset`, with the Master at 10,2. */
function room(ruleset: RulesetId, map = TWO_ROUTES): Simulation {
  const sim = doorSim(map, 11, ruleset);
  addUnit(sim, { kind: "master", x: 10, y: 2 });
  return sim;
}

describe.each(RULESETS.map((r) => [r]))("detours in play (%s)", (ruleset: RulesetId) => {
  it(`DOOR-01, DOOR-03 (${ruleset}): seeing the closed door with another route, the party draws once against 50: 50 detours under the wall (6,4), 51 goes through the door (6,2)`, () => {
    for (const [draw, tile] of [[50, "6,4"], [51, "6,2"]] as const) {
      const sim = room(ruleset);
      const dice = forceDice(sim, [draw]);
      expect(crossing(sim, [[]]).crossed).toBe(tile);
      expect(dice.left()).toBe(0);
    }
  });

  it(`DOOR-04 (${ruleset}): with a Scout the chance is 25: 25 detours, 26 goes through the door`, () => {
    for (const [draw, tile] of [[25, "6,4"], [26, "6,2"]] as const) {
      const sim = room(ruleset);
      const dice = forceDice(sim, [draw]);
      expect(crossing(sim, [[], ["scout"]]).crossed).toBe(tile);
      expect(dice.left()).toBe(0);
    }
  });

  it(`DOOR-05 (${ruleset}): when the door is the only route the party draws nothing and goes through it`, () => {
    const sim = room(ruleset, SINGLE_ROUTE);
    const dice = forceDice(sim, []);
    expect(crossing(sim, [[]]).crossed).toBe("6,2");
    expect(dice.left()).toBe(0);
  });

  it(`DOOR-06 (${ruleset}): once a Cartographer of the village has left the map alive, the next village party draws nothing and goes through the door; the party after it draws again`, () => {
    const sim = room(ruleset);
    const carto = adventurer(sim, 0, 2, { traits: ["cartographer"], activity: "left" });
    party(sim, [carto]);
    sim.step();
    expect(sim.state.doorMemory.cartographerFactions).toEqual(["village"]);
    const none = forceDice(sim, []);
    const next = crossing(sim, [[]]);
    expect([next.crossed, none.left()]).toEqual(["6,2", 0]);
    next.unit.activity = "left";
    sim.state.parties[next.unit.partyId]!.ended = true;
    const dice = forceDice(sim, [50]);
    expect(crossing(sim, [[]]).crossed).toBe("6,4");
    expect(dice.left()).toBe(0);
  });
});
