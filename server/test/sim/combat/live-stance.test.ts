import { describe, expect, it } from "vitest";
import { STANCES } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { KEEP_DISTANCE_TILES } from "../../../src/sim/combat/stance.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { adventurer, forceDice, makeSim } from "./helpers.ts";

/**
 * Issue 17: combat stances (CMB-15 to CMB-17) in a live malignus room: the keeper sets a minion's
 * stance with the `setStance` command and the simulation steps; what the minion does is read
 * from its activity, target and walk goal after the tick. The minion stands at (5, 3) (Tracking 2:
 * it sees 7 tiles), an ally minion at work at (1, 6), an adventurer at (`ex`, 3).
 */
const EYES = { combat: 3, craft: 0, tracking: 2, block: 0 };

function scene(stance: UnitRecord["stance"], ex: number, seed = 1) {
  const sim = makeSim(seed);
  const m = addUnit(sim, { kind: "minion", x: 5, y: 3, stats: { ...EYES } });
  const ally = addUnit(sim, { kind: "minion", x: 1, y: 6, job: "trapping", stats: { ...EYES } });
  const foe = adventurer(sim, ex, 3, { stats: { ...EYES } });
  expect(sim.apply({ type: "setStance", unitId: m.id, stance })).toEqual({ ok: true });
  // The tick draws no die at all (the scripted dice are empty and would throw).
  const dice = forceDice(sim, []);
  sim.step();
  expect(dice.left()).toBe(0);
  const w = sim.state.map.width;
  return { sim, m, ally, foe, goal: m.walk ? [m.walk.goal % w, Math.floor(m.walk.goal / w)] : null, after: [m.activity, m.targetId] };
}

describe("combat stances in a live malignus room (issue 17)", () => {
  it("CMB-15, CMB-16: set by the keeper, with the adventurer 3 tiles off: aggression walks at it, regroup toward its ally, keep distance backs off to the far wall, flight flees", () => {
    const got = Object.fromEntries(STANCES.map((s) => {
      const f = scene(s, 8);
      return [s, [f.m.stance, ...f.after, f.goal]];
    }));
    expect(got).toEqual({
      aggression: ["aggression", "walking", "", [7, 3]],
      regroup: ["regroup", "walking", "", [2, 6]],
      keepDistance: ["keepDistance", "walking", "", [0, 3]],
      flight: ["flight", "fleeing", "", [0, 3]],
    });
  });

  it("CMB-16: keep distance holds (idle, no goal) with the adventurer 4 tiles off (one past KEEP_DISTANCE_TILES, 3) or 5 tiles off; aggression still walks at it", () => {
    expect([KEEP_DISTANCE_TILES, scene("keepDistance", 9).after, scene("keepDistance", 9).goal]).toEqual([3, ["idle", ""], null]);
    expect([scene("keepDistance", 10).after, scene("keepDistance", 10).goal]).toEqual([["idle", ""], null]);
    expect(scene("aggression", 10).goal).toEqual([9, 3]);
  });

  it("CMB-17: the stance draws no die and makes the same choice whatever the seed: the same tick under seeds 1 to 5 gives the same activity, target and goal", () => {
    for (const s of STANCES) {
      const runs = [1, 2, 3, 4, 5].map((seed) => { const f = scene(s, 8, seed); return JSON.stringify([f.after, f.goal]); });
      expect(new Set(runs).size).toBe(1);
    }
  });
});
