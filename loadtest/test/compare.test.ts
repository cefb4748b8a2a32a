import { describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { COMPARE_USAGE, SERVER_KINDS, findInTrixie, generatorSaturated, parseCompareArgs } from "../src/compare.ts";
import { DEFAULT_PG_URL } from "../src/server-store.ts";

describe("loadtest:compare arguments", () => {
  it("parses its options, with the defaults", () => {
    const sqlite = { kind: "sqlite", pgUrl: DEFAULT_PG_URL };
    expect(parseCompareArgs([])).toEqual({
      rooms: 20, durationSeconds: 30, only: [...SERVER_KINDS], out: "loadtest/reports/compare.json", basePort: 2650,
      store: sqlite, lightSpectators: false, workers: 1, capacity: null, p99LimitMs: 100,
    });
    expect(parseCompareArgs(["--rooms", "400", "--duration", "60", "--only", "dungeon-ws,bare-ws", "--out", "x.json", "--base-port", "31000"]))
      .toEqual({ rooms: 400, durationSeconds: 60, only: ["dungeon-ws", "bare-ws"], out: "x.json", basePort: 31000, store: sqlite, lightSpectators: false, workers: 1, capacity: null, p99LimitMs: 100 });
    expect(parseCompareArgs(["--store", "postgres", "--pg", "postgres://a@b:1/c", "--light-spectators"])).toMatchObject({
      store: { kind: "postgres", pgUrl: "postgres://a@b:1/c" }, lightSpectators: true,
    });
    expect(parseCompareArgs(["--workers", "2"])).toMatchObject({ workers: 2 });
    expect(() => parseCompareArgs(["--workers", "9"])).toThrow("--workers");
  });

  it("calls the generator saturated at 90% of a core per thread that ran clients (issue 20 part 3: worker threads)", () => {
    const gen = (cpuPercent: number, workers?: number) => ({ generator: { cpuPercent, eventLoopLagMs: { p50: 0, p99: 0, max: 0 }, ...(workers === undefined ? {} : { workers }) } });
    expect([generatorSaturated(gen(89.9)), generatorSaturated(gen(90)), generatorSaturated(gen(90, 0))]).toEqual([false, true, true]);
    expect([generatorSaturated(gen(150, 2)), generatorSaturated(gen(180, 2)), generatorSaturated(gen(179.9, 2))]).toEqual([false, true, false]);
  });

  it("turns --capacity into a search on both dungeon transports, with its own report and p99 limit", () => {
    expect(parseCompareArgs(["--capacity", "200,400,800", "--p99-ms", "150"])).toMatchObject({
      capacity: [200, 400, 800], p99LimitMs: 150, only: ["dungeon-ws", "dungeon-uws"], out: "loadtest/reports/capacity.json",
    });
    expect(() => parseCompareArgs(["--capacity", "400,200"])).toThrow(new Error("--capacity steps must increase"));
    expect(() => parseCompareArgs(["--capacity", "0"])).toThrow(new Error('--capacity must be a whole number from 1 to 1000, got "0"'));
    expect(() => parseCompareArgs(["--store", "mysql"])).toThrow(new Error('--store must be sqlite or postgres, got "mysql"'));
    expect(() => parseCompareArgs(["--base-port", "80"])).toThrow(new Error('--base-port must be a whole number from 1024 to 65529, got "80"'));
  });

  it("answers --help and -h with \"help\", before any other check", () => {
    expect(parseCompareArgs(["--help"])).toBe("help");
    expect(parseCompareArgs(["--rooms", "0", "-h"])).toBe("help");
    expect(COMPARE_USAGE.split("\n")[0]).toBe("usage: npm run loadtest:compare -- [options]");
  });

  it("refuses unknown options and bad values with a one-line message", () => {
    expect(() => parseCompareArgs(["--bogus"])).toThrow(new Error('unknown option "--bogus"'));
    expect(() => parseCompareArgs(["--rooms", "1001"])).toThrow(new Error('--rooms must be a whole number from 1 to 1000, got "1001"'));
    expect(() => parseCompareArgs(["--duration", "4"])).toThrow(new Error('--duration must be a whole number from 5 to 300, got "4"'));
    expect(() => parseCompareArgs(["--out"])).toThrow(new Error("--out needs a value"));
    expect(() => parseCompareArgs(["--rooms", "--quick"])).toThrow(new Error("--rooms needs a value"));
    expect(() => parseCompareArgs(["--only", "dungeon-ws,tcp"])).toThrow(new Error(`--only: unknown server kind "tcp" (one of ${SERVER_KINDS.join(",")})`));
  });
});

describe("finding in-trixie (uWS servers)", () => {
  it("takes IN_TRIXIE when it exists, else the nearest shared/tools/in-trixie beside the repository or a parent folder", () => {
    const root = mkdtempSync(path.join(tmpdir(), "trixie-"));
    mkdirSync(path.join(root, "shared/tools"), { recursive: true });
    const script = path.join(root, "shared/tools/in-trixie");
    writeFileSync(script, "#!/bin/sh\n");
    mkdirSync(path.join(root, "wt/benchtools"), { recursive: true });
    expect(findInTrixie({}, path.join(root, "wt/benchtools"))).toBe(script);
    expect(findInTrixie({}, path.join(root, "main"))).toBe(script);
    expect(findInTrixie({ IN_TRIXIE: script }, "/")).toBe(script);
    expect(findInTrixie({ IN_TRIXIE: path.join(root, "missing") }, path.join(root, "main"))).toBeNull();
  });
});
