import { describe, expect, it } from "vitest";
import { COMPARE_USAGE, SERVER_KINDS, parseCompareArgs } from "../src/compare.ts";

describe("loadtest:compare arguments", () => {
  it("parses its options, with the defaults", () => {
    expect(parseCompareArgs([])).toEqual({ rooms: 20, durationSeconds: 30, only: [...SERVER_KINDS], out: "loadtest/reports/compare.json", basePort: 2650 });
    expect(parseCompareArgs(["--rooms", "400", "--duration", "60", "--only", "dungeon-ws,bare-ws", "--out", "x.json", "--base-port", "31000"]))
      .toEqual({ rooms: 400, durationSeconds: 60, only: ["dungeon-ws", "bare-ws"], out: "x.json", basePort: 31000 });
    expect(() => parseCompareArgs(["--base-port", "80"])).toThrow(new Error('--base-port must be a whole number from 1024 to 65529, got "80"'));
  });

  it("answers --help and -h with \"help\", before any other check", () => {
    expect(parseCompareArgs(["--help"])).toBe("help");
    expect(parseCompareArgs(["--rooms", "0", "-h"])).toBe("help");
    expect(COMPARE_USAGE.split("\n")[0]).toBe("usage: npm run loadtest:compare -- [options]");
  });

  it("refuses unknown options and bad values with a one-line message", () => {
    expect(() => parseCompareArgs(["--bogus"])).toThrow(new Error('unknown option "--bogus"'));
    expect(() => parseCompareArgs(["--rooms", "401"])).toThrow(new Error('--rooms must be a whole number from 1 to 400, got "401"'));
    expect(() => parseCompareArgs(["--duration", "4"])).toThrow(new Error('--duration must be a whole number from 5 to 300, got "4"'));
    expect(() => parseCompareArgs(["--out"])).toThrow(new Error("--out needs a value"));
    expect(() => parseCompareArgs(["--rooms", "--quick"])).toThrow(new Error("--rooms needs a value"));
    expect(() => parseCompareArgs(["--only", "dungeon-ws,tcp"])).toThrow(new Error(`--only: unknown server kind "tcp" (one of ${SERVER_KINDS.join(",")})`));
  });
});
