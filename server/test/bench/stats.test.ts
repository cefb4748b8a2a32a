import { describe, expect, it } from "vitest";
import { fmtInt, mean, percentile, table } from "../../bench/stats.ts";
import { hotSpots, type CpuProfile } from "../../bench/profile.ts";
import { arenaMap, layoutRng } from "../../bench/scenarios.ts";

describe("bench stats", () => {
  it("percentile (hdr-histogram-js) never exceeds the max nor falls below the min", () => {
    // 12345.678 µs lands in an HDR bucket whose top is above it: the result is clamped to the sample.
    expect(percentile([12_345.678], 99)).toBe(12_345.678);
    expect(percentile([12_345.678], 0)).toBe(12_345.678);
    const xs = [0.5, 1.25, 3.75, 9999.999, 123_456.789];
    expect([0, 20, 40, 60, 80, 99, 100].map((p) => percentile(xs, p))).toEqual([0.5, 0.5, 1.25, 3.75, 9999.999, 123_456.789, 123_456.789]);
  });

  it("percentile uses the nearest rank", () => {
    const xs = [15, 20, 35, 40, 50];
    expect(percentile(xs, 0)).toBe(15);
    expect(percentile(xs, 30)).toBe(20);
    expect(percentile(xs, 40)).toBe(20);
    expect(percentile(xs, 50)).toBe(35);
    expect(percentile(xs, 100)).toBe(50);
    expect(percentile([3, 1, 2], 50)).toBe(2);
  });

  it("percentile and mean refuse empty samples and out-of-range ranks", () => {
    expect(() => percentile([], 50)).toThrow("no samples");
    expect(() => percentile([1], 101)).toThrow("outside");
    expect(() => mean([])).toThrow("no samples");
    expect(mean([1, 2, 6])).toBe(3);
  });

  it("table pads columns and right-aligns numbers", () => {
    expect(table(["name", "n"], [["a", 5], ["bbb", 1234]])).toBe("name     n\n----  ----\na        5\nbbb   1234");
    expect(table(["x"], [[1]], true)).toBe("| x |\n| -: |\n| 1 |");
    expect(fmtInt(1234567.6)).toBe("1,234,568");
  });

  it("hotSpots sums self samples per function, most first", () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: { functionName: "(root)", url: "", lineNumber: -1 } },
        { id: 2, callFrame: { functionName: "stepMinions", url: "file:///repo/server/src/sim/minions/minions.ts", lineNumber: 0 } },
        { id: 3, callFrame: { functionName: "compute", url: "file:///repo/node_modules/rot-js/dist/rot.js", lineNumber: 5355 } },
      ],
      samples: [2, 2, 3, 2],
    };
    expect(hotSpots(profile, "/repo/")).toEqual([
      { fn: "stepMinions", where: "server/src/sim/minions/minions.ts", selfPercent: 75, samples: 3 },
      { fn: "compute", where: "node_modules/rot-js/dist/rot.js:5356", selfPercent: 25, samples: 1 },
    ]);
  });

  it("arenaMap grows with the entity count and keeps one portal and the Master", () => {
    const small = arenaMap(10), big = arenaMap(1000);
    expect(small.map.width).toBe(18);
    expect(big.map.width).toBe(103);
    expect(big.map.portals).toEqual([{ x: 0, y: 51 }]);
    expect(big.spawns).toEqual([{ marker: "M", x: 100, y: 51 }]);
    const r1 = layoutRng(5), r2 = layoutRng(5);
    expect([r1(), r1()]).toEqual([r2(), r2()]);
  });
});

describe("bench profile inclusive time", () => {
  it("charges callees' samples to their callers once per stack", async () => {
    const { inclusiveSpots } = await import("../../bench/profile.ts");
    const f = (id: number, name: string, children: number[] = []) => ({ id, callFrame: { functionName: name, url: "file:///r/server/src/sim/a.ts", lineNumber: 0 }, children });
    const profile = { nodes: [f(1, "step", [2, 3]), f(2, "walk", [4]), f(3, "fight"), f(4, "walk")], samples: [2, 4, 4, 3] };
    expect(inclusiveSpots(profile, "/r/").map((s) => [s.fn, s.samples, s.selfPercent])).toEqual([["step", 4, 100], ["walk", 3, 75], ["fight", 1, 25]]);
  });
});
