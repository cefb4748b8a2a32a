import { describe, expect, it } from "vitest";
import { cell, checkFigures, compareFigures, figureUnit, median, spreadOf, summarise } from "../src/figures.ts";
import type { CompareReport } from "../src/compare.ts";
import type { LoadReport } from "../src/report.ts";

describe("benchmark figures", () => {
  it("takes medians (the mean of the middle two for an even count) and spreads in run order", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(new Error("median of no values"));
    expect(spreadOf([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5, values: [5, 1, 3] });
  });

  it("summarises runs by figure name, leaving a figure out of the runs that lack it and non-finite values out", () => {
    const s = summarise([{ "a.cpuPercent": 10, "b.cmdP99Ms": 5 }, { "a.cpuPercent": 30 }, { "a.cpuPercent": 20, "b.cmdP99Ms": Number.NaN }]);
    expect(s).toEqual({ "a.cpuPercent": { median: 20, min: 10, max: 30, values: [10, 30, 20] }, "b.cmdP99Ms": { median: 5, min: 5, max: 5, values: [5] } });
  });

  it("reads the unit and the better direction from the end of a name", () => {
    expect(figureUnit("bench.idle.d20.ticksPerSecond")).toEqual({ unit: "ticks/s", better: "higher" });
    expect(figureUnit("bench.scaling.1000.meanMicros")).toEqual({ unit: "µs", better: "lower" });
    expect(figureUnit("fight.spectatorCombatBytesPerSecond")).toEqual({ unit: "B/s", better: "lower" });
    expect(figureUnit("compare.ws.cpuOverBare20Ratio")).toEqual({ unit: "×", better: "lower" });
    expect(figureUnit("compare.dungeon-ws.memoryKiBPerRoom")).toEqual({ unit: "KiB", better: "lower" });
    expect(() => figureUnit("bench.days.invasions")).toThrow(new Error('figure "bench.days.invasions" has no unit suffix'));
  });

  it("prints a cell as the median with its range, or the value alone for one run", () => {
    expect(cell(spreadOf([1234.5, 1200, 1300]), 0)).toBe("1,235 (1,200–1,300)");
    expect(cell(spreadOf([2.345]), 2)).toBe("2.35");
    expect(cell(undefined)).toBe("n/a");
  });

  it("checks a fresh run against the committed medians: ratio, and within the spread or on the better or worse side", () => {
    const committed = {
      "x.ticksPerSecond": { ...spreadOf([90, 100, 110]), ...figureUnit("x.ticksPerSecond") },
      "y.cmdP99Ms": { ...spreadOf([10, 20, 30]), ...figureUnit("y.cmdP99Ms") },
      "z.cpuPercent": { ...spreadOf([50]), ...figureUnit("z.cpuPercent") },
    };
    const lines = checkFigures(committed, { "x.ticksPerSecond": 50, "y.cmdP99Ms": 5, "z.cpuPercent": 50, "only.freshMs": 1 });
    expect(lines.map((l) => [l.name, l.ratio, l.verdict])).toEqual([
      ["x.ticksPerSecond", 0.5, "worse"], ["y.cmdP99Ms", 0.25, "better"], ["z.cpuPercent", 1, "within spread"],
    ]);
  });

  it("takes the comparison's CPU, p99, memory per room and generator CPU per server, and the ratios to the floors", () => {
    const report = (cpu: number, idle: number, rss: number): LoadReport => ({
      options: { rooms: 10 }, commandRoundTripMs: { p99: 12 }, generator: { cpuPercent: 7 }, traffic: { all: { bytesPerSecond: 300 } },
      server: { procCpuPercent: cpu, cpuPercent: cpu, rssMiB: rss, idleRssMiB: idle },
    }) as unknown as LoadReport;
    const c = {
      rows: [{ kind: "dungeon-ws", report: report(60, 100, 110), skipped: null }, { kind: "bare20-ws", report: report(50, 80, 85), skipped: null },
        { kind: "dungeon-uws", report: null, skipped: "no uWS" }],
      cpuRatio: { ws: null, uws: null }, cpuRatioMoving: { ws: 1.2, uws: null },
    } as unknown as CompareReport;
    expect(compareFigures(c)).toEqual({
      "compare.dungeon-ws.cpuPercent": 60, "compare.dungeon-ws.cmdP99Ms": 12, "compare.dungeon-ws.generatorCpuPercent": 7,
      "compare.dungeon-ws.clientBytesPerSecond": 300, "compare.dungeon-ws.memoryKiBPerRoom": 1024,
      "compare.bare20-ws.cpuPercent": 50, "compare.bare20-ws.cmdP99Ms": 12, "compare.bare20-ws.generatorCpuPercent": 7,
      "compare.bare20-ws.clientBytesPerSecond": 300, "compare.bare20-ws.memoryKiBPerRoom": 512,
      "compare.ws.cpuOverBare20Ratio": 1.2, "compare.ws.memoryOverBare20Ratio": 2,
    });
  });
});
