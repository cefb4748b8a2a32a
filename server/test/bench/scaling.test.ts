import { describe, expect, it } from "vitest";
import { scalingExponent } from "../../bench/bench.ts";
import { BIG_BATTLES, bigBattleSim } from "../../bench/scenarios.ts";

describe("scaling exponent and big battles (issue 20)", () => {
  it("fits the least-squares slope of ln mean µs on ln entities over 50..2000 only", () => {
    const linear = [50, 100, 1000, 2000].map((n) => ({ entities: n, meanMicros: 3 * n }));
    expect(scalingExponent(linear)).toBeCloseTo(1, 12);
    const cubic = [50, 250, 2000].map((n) => ({ entities: n, meanMicros: n ** 3 / 1000 }));
    expect(scalingExponent([{ entities: 10, meanMicros: 1e9 }, ...cubic, { entities: 4000, meanMicros: 1 }])).toBeCloseTo(3, 12);
    expect(() => scalingExponent([{ entities: 10, meanMicros: 5 }, { entities: 100, meanMicros: 7 }])).toThrow("scaling exponent needs two entity counts within 50..2000, got 1");
  });

  it("builds each ruleset's big battle with the asked numbers of adventurers and minions", () => {
    for (const ruleset of ["d100", "d20", "malignus"] as const) {
      const s = bigBattleSim(ruleset);
      expect([ruleset, s.adventurers, s.minions, s.traps]).toEqual([ruleset, BIG_BATTLES[ruleset].adventurers, BIG_BATTLES[ruleset].minions, 0]);
    }
    expect(BIG_BATTLES).toEqual({ d100: { adventurers: 120, minions: 30 }, d20: { adventurers: 60, minions: 60 }, malignus: { adventurers: 60, minions: 60 } });
  });
});
