import { describe, expect, it } from "vitest";
import { parseCreateOptions } from "../../../src/rooms/options.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { loadMap } from "../../../src/maps.ts";
import { scenarioParty, startInvasion } from "../../../src/sim/invasions/party.ts";

/** The d100 room option `firstParty`: the classes of the first party, which bring their companions (P100-FAMILIAR, P100-AIR-22). */
describe("the d100 room option firstParty", () => {
  it("is parsed with the other d100 options; an unknown class, an empty list or more than 6 classes are refused", () => {
    expect(parseCreateOptions({ seed: 1, ruleset: "d100", d100: { firstParty: ["Skyrider", "Hunter"] } }))
      .toMatchObject({ d100: { firstParty: ["Skyrider", "Hunter"] } });
    expect(() => parseCreateOptions({ seed: 1, ruleset: "d100", d100: { firstParty: ["Dragon"] } })).toThrow(/d100\.firstParty\.0: unknown adventurer class/);
    expect(() => parseCreateOptions({ seed: 1, ruleset: "d100", d100: { firstParty: [] } })).toThrow(/d100\.firstParty/);
    expect(() => parseCreateOptions({ seed: 1, ruleset: "d100", d100: { firstParty: Array(7).fill("Hunter") } })).toThrow(/d100\.firstParty/);
  });

  it("replaces only the first invasion's members (level 1), the goal drawn as usual; later invasions are drawn", () => {
    const sim = Simulation.create({ seed: 3, ruleset: "d100", map: loadMap("default"), d100: { firstParty: ["Warlock", "Hunter"] } });
    const first = startInvasion(sim);
    expect(first.memberIds.map((id) => [sim.state.units[id]!.adventurerClass, sim.state.units[id]!.level])).toEqual([["Warlock", 1], ["Hunter", 1]]);
    expect(Object.values(sim.state.units).filter((u) => u.companionOf).map((u) => u.species)).toEqual(["imp", "hound"]);
    expect(scenarioParty(sim, 2)).toBeUndefined();
    const plain = Simulation.create({ seed: 3, ruleset: "d100", map: loadMap("default") });
    expect(scenarioParty(plain, 1)).toBeUndefined();
    expect(startInvasion(plain).memberIds.map((id) => plain.state.units[id]!.adventurerClass)).toEqual(["Peasant"]); // INV-38
  });
});
