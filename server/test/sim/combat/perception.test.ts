import { describe, expect, it } from "vitest";
import { canSee, hasLineOfFire, hasLineOfSight, perceptionRange } from "../../../src/sim/combat/perception.ts";
import { canReach } from "../../../src/sim/combat/combat.ts";
import { isDark, isTransparent } from "../../../src/sim/world/grid.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { WALLED_MAP, adventurer, makeSim } from "./helpers.ts";

const DARK = [
  "P,,,,,,,,,,,",
  ",,,,,,,,,,,,",
  ",,,,,,,,,,,,",
  "SK,,,,,,,,,,",
].join("\n");

const stats = (tracking: number) => ({ combat: 2, craft: 0, tracking, block: 0 });

describe("perception", () => {
  it("CMB-03: perception range is 3 tiles plus 2 per point of Tracking", () => {
    const sim = makeSim();
    expect([0, 1, 2, 4].map((t) => perceptionRange(adventurer(sim, 1, 1, { stats: stats(t) })))).toEqual([3, 5, 7, 11]);
  });

  it("CMB-02, CMB-03: an enemy is seen up to the range (Chebyshev tiles) and not one tile beyond", () => {
    const sim = makeSim();
    const viewer = adventurer(sim, 1, 1, { stats: stats(2) });
    expect(canSee(sim, viewer, { x: 8, y: 1 })).toBe(true);
    expect(canSee(sim, viewer, { x: 9, y: 1 })).toBe(false);
    expect(canSee(sim, viewer, { x: 8, y: 7 })).toBe(true);
    expect(canSee(sim, viewer, { x: 9, y: 7 })).toBe(false);
    viewer.stats.tracking = 0;
    expect(canSee(sim, viewer, { x: 4, y: 4 })).toBe(true);
    expect(canSee(sim, viewer, { x: 5, y: 4 })).toBe(false);
  });

  it("CMB-04: darkness does not reduce perception range", () => {
    const sim = makeSim(1, DARK);
    const viewer = adventurer(sim, 1, 1, { stats: stats(1) });
    expect(isDark(sim.state.map, 1, 1) && isDark(sim.state.map, 6, 1)).toBe(true);
    expect(canSee(sim, viewer, { x: 6, y: 1 })).toBe(true);
    expect(canSee(sim, viewer, { x: 7, y: 1 })).toBe(false);
  });

  it("CMB-02: walls block the view, both ways", () => {
    const sim = makeSim(1, WALLED_MAP);
    const viewer = adventurer(sim, 4, 3, { stats: stats(3) });
    const behind = adventurer(sim, 6, 3, { stats: stats(3) });
    expect(canSee(sim, viewer, behind)).toBe(false);
    expect(canSee(sim, behind, viewer)).toBe(false);
    expect(canSee(sim, viewer, { x: 6, y: 2 })).toBe(true);
    expect(canSee(sim, viewer, { x: 6, y: 5 })).toBe(false);
  });

  it("CMB-02, CMB-12: sight grazes a wall corner, a shot does not", () => {
    const sim = makeSim(1, WALLED_MAP);
    const map = sim.state.map;
    expect(isTransparent(map, 2, 1) || isTransparent(map, 1, 2)).toBe(false);
    const archer = adventurer(sim, 1, 1, {
      stats: stats(1), gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 },
    });
    const target = addUnit(sim, { kind: "minion", x: 3, y: 3 });
    expect(canSee(sim, archer, target)).toBe(true);
    expect(hasLineOfFire(map, archer, target)).toBe(false);
    expect(canReach(sim, archer, target)).toBe(false);
    // In the open the same shot is clear.
    expect(hasLineOfFire(map, { x: 3, y: 1 }, { x: 5, y: 3 })).toBe(true);
  });

  it("CMB-02: sight is symmetric between every pair of open tiles", () => {
    const sim = makeSim(1, WALLED_MAP);
    const map = sim.state.map;
    const open: { x: number; y: number }[] = [];
    for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) if (isTransparent(map, x, y)) open.push({ x, y });
    let blocked = 0;
    for (const a of open) for (const b of open) {
      expect(hasLineOfSight(map, a, b)).toBe(hasLineOfSight(map, b, a));
      if (!hasLineOfSight(map, a, b)) blocked++;
    }
    expect(blocked).toBeGreaterThan(0);
  });
});
