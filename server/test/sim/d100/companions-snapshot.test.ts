import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/index.ts";
import { loadMap } from "../../../src/maps.ts";

/** Companions, linked lives and flights live in the state: a snapshot taken mid-fight replays the rest exactly. */
describe("d100 companions and snapshots", () => {
  it("P100-AIR-22, P100-FAMILIAR-01: a Skyrider's and a Hunter's and Warlock's rooms restored mid-fight end as if stepped straight through", () => {
    for (const [map, party] of [["aerie", ["Skyrider"]], ["default", ["Hunter", "Warlock"]]] as const) {
      const make = () => Simulation.create({ seed: 5, ruleset: "d100", map: loadMap(map), pauseOnSpot: false, d100: { firstParty: [...party] } });
      const straight = make(), first = make();
      let fightTick = -1;
      for (let t = 0; t < 40_000 && fightTick < 0; t++) if (first.step().some((e) => e.type === "encounterStarted")) fightTick = first.tick;
      expect(fightTick).toBeGreaterThan(0);
      for (let t = 0; t < 15; t++) first.step(); // into the fight
      expect(Object.keys(first.state.encounters ?? {}).length).toBe(1);
      expect(Object.values(first.state.units).filter((u) => u.companionOf).length).toBe(party.length);
      const restored = Simulation.restore(JSON.parse(JSON.stringify(first.snapshot())));
      expect(restored.hash()).toBe(first.hash());
      const rest = 2_000;
      const a: unknown[] = [], b: unknown[] = [];
      for (let t = 0; t < rest; t++) { a.push(...first.step()); b.push(...restored.step()); }
      while (straight.tick < first.tick) straight.step();
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      expect(restored.hash()).toBe(straight.hash());
    }
  });
});
