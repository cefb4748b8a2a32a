import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/index.ts";
import { addUnit, isActive, presentUnits } from "../../../src/sim/world/units.ts";
import { beginTick, checkUnitIndex, endTick, placeUnit, someUnitNear, unitsOnTile } from "../../../src/sim/world/unitIndex.ts";
import { bodiesOn, isFightingPosition } from "../../../src/sim/world/crowding.ts";
import { areEnemies } from "../../../src/sim/world/units.ts";
import { chebyshev } from "../../../src/sim/world/grid.ts";
import { scaledSim } from "../../../bench/scenarios.ts";
import { loadMap } from "../../../src/maps.ts";

/** Issue 20 part 1: the units-by-tile index (world/unitIndex.ts) answers as a full scan would. */
describe("unit index", () => {
  it("keeps each tile's units in id order through moves, and catches a position written behind its back", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "malignus", map: loadMap("default"), pauseOnSpot: false });
    const a = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    const b = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const c = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    expect(unitsOnTile(sim, 5, 5).map((u) => u.id)).toEqual([a.id, c.id]);
    placeUnit(sim, a, 6, 5);
    expect(unitsOnTile(sim, 6, 5).map((u) => u.id)).toEqual([a.id, b.id]);
    expect(unitsOnTile(sim, 5, 5).map((u) => u.id)).toEqual([c.id]);
    placeUnit(sim, c, 6, 5);
    expect(unitsOnTile(sim, 6, 5).map((u) => u.id)).toEqual([a.id, b.id, c.id]);
    expect(unitsOnTile(sim, 5, 5)).toEqual([]);
    expect(() => checkUnitIndex(sim)).not.toThrow();
    b.x = 9; // a move inside the tick without placeUnit: a bug the check reports
    expect(() => checkUnitIndex(sim)).toThrow(`unit index out of date: unit ${b.id} stands on (9, 5) but is indexed at (6, 5); move units with placeUnit (world/unitIndex.ts)`);
    // Between ticks (scenario set-up, a test calling a system directly) the index is rebuilt.
    expect(unitsOnTile(sim, 9, 5).map((u) => u.id)).toEqual([b.id]);
    // Inside a tick a direct write is a system's bug: the end of the tick reports it.
    beginTick(sim);
    expect(unitsOnTile(sim, 6, 5).map((u) => u.id)).toEqual([a.id, c.id]);
    a.y = 7;
    expect(() => endTick(sim)).toThrow(`unit index out of date: unit ${a.id} stands on (6, 7) but is indexed at (6, 5); move units with placeUnit (world/unitIndex.ts)`);
    sim.step(); // the next tick's index is built afresh
    expect(unitsOnTile(sim, 6, 7).map((u) => u.id)).toEqual([a.id]);
  });

  it("keeps tiles apart whatever the signs of their coordinates (keys below 2^30)", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "malignus", map: loadMap("default"), pauseOnSpot: false });
    const a = addUnit(sim, { kind: "minion", x: 3, y: 2 });
    placeUnit(sim, a, -3, 2);
    const b = addUnit(sim, { kind: "minion", x: 3, y: -2 });
    const c = addUnit(sim, { kind: "minion", x: 16_383, y: -16_383 });
    expect(unitsOnTile(sim, -3, 2).map((u) => u.id)).toEqual([a.id]);
    expect(unitsOnTile(sim, 3, -2).map((u) => u.id)).toEqual([b.id]);
    expect(unitsOnTile(sim, 16_383, -16_383).map((u) => u.id)).toEqual([c.id]);
    for (const [x, y] of [[3, 2], [-3, -2], [2, 3], [-16_383, 16_383], [16_383, 16_383]] as const) expect(unitsOnTile(sim, x, y)).toEqual([]);
  });

  it("someUnitNear answers as a scan of every unit within the range, tick after tick of a 250-entity fight (20 ticks)", () => {
    const { sim } = scaledSim(250);
    let yes = 0, no = 0;
    for (let t = 0; t < 20; t++) {
      sim.step();
      const units = presentUnits(sim);
      for (const unit of units.filter((_, i) => i % 7 === 0)) {
        for (const range of [0, 1, 3, 8, 12, 30]) {
          const foe = (u: typeof unit): boolean => u !== unit && isActive(u) && areEnemies(unit, u);
          const scan = units.some((u) => chebyshev(u, unit) <= range && foe(u));
          expect(someUnitNear(sim, unit, range, foe)).toBe(scan);
          if (scan) yes++; else no++;
        }
      }
    }
    expect(yes).toBeGreaterThan(100);
    expect(no).toBeGreaterThan(100);
  });

  it("answers bodiesOn and isFightingPosition exactly as a scan of every unit, tick after tick of a 250-entity fight (30 ticks)", () => {
    const { sim } = scaledSim(250);
    const { width, height } = sim.state.map;
    let checked = 0, fighting = 0;
    for (let t = 0; t < 30; t++) {
      sim.step();
      checkUnitIndex(sim);
      const units = presentUnits(sim);
      for (const unit of units.filter((_, i) => i % 50 === 0)) {
        for (let y = 0; y < height; y += 3) {
          for (let x = 0; x < width; x += 2) {
            const scan = units.filter((u) => u !== unit && u.x === x && u.y === y && isActive(u) && u.carriedBy === "");
            expect(bodiesOn(sim, x, y, unit)).toEqual(scan);
            const fp = units.some((u) => u !== unit && isActive(u) && areEnemies(unit, u) && chebyshev(u, { x, y }) === 1);
            expect(isFightingPosition(sim, unit, x, y)).toBe(fp);
            checked++;
            if (fp) fighting++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(fighting).toBeGreaterThan(0);
  });
});
