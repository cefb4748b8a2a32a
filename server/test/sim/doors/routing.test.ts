import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkNextTo } from "../../../src/sim/world/movement.ts";
import { DETOUR_CHANCE_PERCENT, SCOUT_DETOUR_CHANCE_PERCENT } from "@malignus/shared";
import { guideAtDoors, detourChance } from "../../../src/sim/doors/routing.ts";
import { noteCartographers } from "../../../src/sim/doors/index.ts";
import { adventurer, doorSim, party, run, SINGLE_ROUTE, theDoor, TWO_ROUTES } from "./helpers.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";

const DOOR_TILE = 2 * 12 + 6; // (6,2) on the 12-wide test maps
const TARGET = { x: 10, y: 2 };

/** One party of adventurers at 4,2 whose walk toward the sanctum crosses the closed door; runs its door decision. */
function decide(map: string, seed: number, traits: string[][] = [[]]): { sim: Simulation; unit: UnitRecord; detour: boolean | undefined } {
  const sim = doorSim(map, seed);
  const members = traits.map((t, i) => adventurer(sim, 4, 1 + i, { traits: t }));
  const p = party(sim, members);
  const unit = members[0]!;
  walkNextTo(sim, unit, TARGET);
  guideAtDoors(sim, p, unit, TARGET);
  return { sim, unit, detour: sim.state.doorMemory.detours[`${p.id}:${theDoor(sim).id}`] };
}

/** Number of detours over `trials` seeded parties. */
function detours(map: string, trials: number, traits: string[][] = [[]]): number {
  let n = 0;
  for (let seed = 1; seed <= trials; seed++) if (decide(map, seed, traits).detour === true) n++;
  return n;
}

describe("adventurers and closed doors", () => {
  it("DOOR-01, DOOR-03: a party that sees a closed door with another route detours 50% of the time (1000 seeded parties, ±6 points)", () => {
    expect(DETOUR_CHANCE_PERCENT).toBe(50);
    const n = detours(TWO_ROUTES, 1000);
    expect(Math.abs(n / 1000 - 0.5)).toBeLessThanOrEqual(0.06);
  });

  it("DOOR-01: a party that detours walks the other route, around the door", () => {
    for (let seed = 1; seed < 50; seed++) {
      const { unit, detour } = decide(TWO_ROUTES, seed);
      if (!detour) continue;
      expect(unit.walk?.path.includes(DOOR_TILE)).toBe(false);
      expect(unit.walk?.path.some((t) => t === 4 * 12 + 6)).toBe(true); // under the wall, at 6,4
      return;
    }
    throw new Error("no detour in 49 seeds");
  });

  it("DOOR-03 (proposal): one roll per party per door, whatever how often the door is seen", () => {
    const { sim, unit } = decide(TWO_ROUTES, 3);
    const p = sim.state.parties[unit.partyId]!;
    const before = JSON.stringify([sim.rng.getState(), sim.state.doorMemory.detours]);
    for (let i = 0; i < 5; i++) guideAtDoors(sim, p, unit, TARGET);
    expect(JSON.stringify([sim.rng.getState(), sim.state.doorMemory.detours])).toBe(before);
  });

  it("DOOR-04: with a Scout the party detours only 25% of the time (1000 seeded parties, ±5 points)", () => {
    expect(SCOUT_DETOUR_CHANCE_PERCENT).toBe(25);
    const n = detours(TWO_ROUTES, 1000, [[], ["scout"]]);
    expect(Math.abs(n / 1000 - 0.25)).toBeLessThanOrEqual(0.05);
  });

  it("DOOR-05: when the door is the only route the party always goes through it", () => {
    expect(detours(SINGLE_ROUTE, 200)).toBe(0);
    const { unit, detour } = decide(SINGLE_ROUTE, 1);
    expect([detour, unit.walk?.path.includes(DOOR_TILE)]).toEqual([false, true]);
  });

  it("an open (held-open) door is not a closed door: no roll", () => {
    const sim = doorSim(TWO_ROUTES, 5);
    sim.apply({ type: "holdDoorOpen", doorId: theDoor(sim).id });
    const a = adventurer(sim, 4, 2);
    const p = party(sim, [a]);
    walkNextTo(sim, a, TARGET);
    guideAtDoors(sim, p, a, TARGET);
    expect(sim.state.doorMemory.detours).toEqual({});
  });

  it("DOOR-06: after a Cartographer escapes alive, the next party of that faction never detours; the one after does again", () => {
    const sim = doorSim(TWO_ROUTES, 9);
    const carto = adventurer(sim, 0, 2, { traits: ["cartographer"] });
    party(sim, [carto]);
    noteCartographers(sim);
    carto.activity = "left"; // left the map alive
    noteCartographers(sim);
    const other = party(sim, [adventurer(sim, 4, 2, { faction: "town" })]);
    const next = party(sim, [adventurer(sim, 4, 2)]);
    noteCartographers(sim);
    const after = party(sim, [adventurer(sim, 4, 2)]);
    noteCartographers(sim);
    expect([detourChance(sim, other), detourChance(sim, next), detourChance(sim, after)]).toEqual([50, 0, 50]);
    // The no-detour party goes through the door even though another route exists.
    const u = sim.state.units[next.memberIds[0]!]!;
    walkNextTo(sim, u, TARGET);
    guideAtDoors(sim, next, u, TARGET);
    expect([sim.state.doorMemory.detours[`${next.id}:${theDoor(sim).id}`], u.walk?.path.includes(DOOR_TILE)]).toEqual([false, true]);
  });

  it("DOOR-06: the stepping simulation notes an escaped Cartographer by itself", () => {
    const sim = doorSim(TWO_ROUTES, 9);
    addUnit(sim, { kind: "master", x: 10, y: 2 });
    const carto = adventurer(sim, 0, 2, { traits: ["cartographer"], activity: "left" });
    party(sim, [carto]);
    run(sim, 1);
    expect(sim.state.doorMemory.cartographerFactions).toEqual(["village"]);
  });
});
