import { describe, expect, it } from "vitest";
import { CHECK_USAGE, formatCheck, parseCheckArgs } from "../src/benchcheck.ts";
import { checkFigures, figureUnit, spreadOf } from "../src/figures.ts";

describe("bench:check", () => {
  it("parses its options: the bench and the headless bandwidth by default, loads on asking", () => {
    expect(parseCheckArgs([])).toMatchObject({ parts: ["bench", "bandwidth"], durationSeconds: 10, store: { kind: "sqlite" }, basePort: 2670 });
    expect(parseCheckArgs(["--parts", "compare,load", "--duration", "20", "--file", "x.json"])).toMatchObject({ parts: ["compare", "load"], durationSeconds: 20, file: "x.json" });
    expect(parseCheckArgs(["--bogus", "-h"])).toBe("help");
    expect(() => parseCheckArgs(["--parts", "bench,soak"])).toThrow(new Error('--parts: unknown part "soak" (any of bench,load,fight,bandwidth,compare)'));
    expect(CHECK_USAGE.split("\n")[0]).toBe("usage: npm run bench:check -- [options]");
  });

  it("prints each figure's committed median and spread, the fresh value, the ratio and the verdict, then the counts", () => {
    const committed = {
      "bench.idle.d20.ticksPerSecond": { ...spreadOf([90_000, 100_000, 110_000]), ...figureUnit("bench.idle.d20.ticksPerSecond") },
      "load.cmdP99Ms": { ...spreadOf([10, 12, 14]), ...figureUnit("load.cmdP99Ms") },
    };
    const text = formatCheck(checkFigures(committed, { "bench.idle.d20.ticksPerSecond": 50_000, "load.cmdP99Ms": 11 }));
    expect(text.split("\n")).toEqual([
      "figure                            committed median (min–max)          fresh  fresh ÷ median",
      "-----------------------------  -----------------------------  -------------  --------------  -------------",
      "bench.idle.d20.ticksPerSecond  100000 (90000–110000) ticks/s  50000 ticks/s           0.50×  worse",
      "load.cmdP99Ms                            12.0 (10.0–14.0) ms        11.0 ms           0.92×  within spread",
      "",
      "2 figures: 1 within the committed spread, 0 better, 1 worse.",
    ]);
  });
});
