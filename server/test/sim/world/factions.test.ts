import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/index.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { factionsPresent, mayHaveEnemies, setFaction } from "../../../src/sim/world/factions.ts";
import { loadMap } from "../../../src/maps.ts";

/** Issue 20 part 2 follow-up (review s11): the factions present are made again only when they may have changed. */
describe("factionsPresent", () => {
  it("keeps one set from tick to tick, is made again after setFaction or a unit added, and a faction written behind its back fails the tick's check", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "malignus", map: loadMap("default"), pauseOnSpot: false });
    const m = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    const w = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const first = factionsPresent(sim);
    expect([...first]).toEqual(["dungeon"]);
    expect(mayHaveEnemies(sim, m)).toBe(false);
    sim.step();
    sim.step();
    expect(factionsPresent(sim)).toBe(first); // not rebuilt by the ticks
    setFaction(sim, w, "village");
    const second = factionsPresent(sim);
    expect([second !== first, [...second].sort(), mayHaveEnemies(sim, m)]).toEqual([true, ["dungeon", "village"], true]);
    sim.step();
    expect(factionsPresent(sim)).toBe(second);
    const h = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 7, y: 5 });
    expect([...factionsPresent(sim)].sort()).toEqual(["dungeon", "heroes", "village"]);
    expect(h.faction).toBe("heroes");
    sim.step();
    w.faction = "dungeon"; // not through setFaction: the set is stale, and the tick's check says so
    expect(() => sim.step()).toThrow("factionsPresent is stale: cached [dungeon, heroes, village], units [dungeon, heroes] (a unit's faction changed without setFaction)");
  });
});
