import { describe, expect, it } from "vitest";
import { BENCH_USAGE, parseBenchArgs } from "../../bench/bench.ts";
import { PROFILE_DEFAULT_ARGS, PROFILE_USAGE, parseProfileArgs } from "../../bench/profile.ts";
import { SERVER_PROFILE_USAGE, parseServerProfileArgs } from "../../bench/server-profile.ts";

describe("npm run bench arguments", () => {
  it("parses its options, with the defaults", () => {
    expect(parseBenchArgs([])).toEqual({ quick: false, days: 60, maxWall: 180, only: new Set(["idle", "invasion", "scaling", "battles", "days"]), json: null });
    expect(parseBenchArgs(["--quick", "--days", "10", "--max-wall", "5", "--only", "idle,days", "--json", "b.json"]))
      .toEqual({ quick: true, days: 10, maxWall: 5, only: new Set(["idle", "days"]), json: "b.json" });
  });

  it("answers --help and -h with \"help\" and refuses the rest in one line", () => {
    expect(parseBenchArgs(["--help"])).toBe("help");
    expect(parseBenchArgs(["--days", "0", "-h"])).toBe("help");
    expect(() => parseBenchArgs(["--bogus"])).toThrow(new Error('unknown option "--bogus"'));
    expect(() => parseBenchArgs(["--json"])).toThrow(new Error("--json needs a value"));
    expect(() => parseBenchArgs(["--days", "366"])).toThrow(new Error("--days must be an integer from 1 to 365"));
    expect(() => parseBenchArgs(["--only", "idle,fight"])).toThrow(new Error('--only: unknown scenario "fight" (any of idle,invasion,scaling,battles,days)'));
    expect(BENCH_USAGE.split("\n")[0]).toBe("usage: npm run bench -- [options]");
  });
});

describe("npm run bench:profile arguments", () => {
  it("passes the bench options through, the defaults when none", () => {
    expect(parseProfileArgs([])).toEqual(PROFILE_DEFAULT_ARGS);
    expect(parseProfileArgs(["--quick", "--only", "idle"])).toEqual(["--quick", "--only", "idle"]);
  });

  it("has its own usage and refuses what the bench refuses", () => {
    expect(parseProfileArgs(["-h"])).toBe("help");
    expect(parseProfileArgs(["--quick", "--help"])).toBe("help");
    expect(PROFILE_USAGE.split("\n")[0]).toBe("usage: npm run bench:profile -- [bench options]");
    expect(PROFILE_USAGE).not.toContain("npm run bench --");
    expect(() => parseProfileArgs(["--bogus"])).toThrow(new Error('unknown option "--bogus"'));
  });
});

describe("npm run bench:server-profile arguments", () => {
  it("parses its options, with the defaults", () => {
    expect(parseServerProfileArgs([])).toEqual({ rooms: 40, durationSeconds: 20, writeDoc: true });
    expect(parseServerProfileArgs(["--rooms", "400", "--duration", "60", "--no-doc"])).toEqual({ rooms: 400, durationSeconds: 60, writeDoc: false });
  });

  it("answers --help and -h with \"help\" and refuses unknown options before anything runs", () => {
    expect(parseServerProfileArgs(["--help"])).toBe("help");
    expect(parseServerProfileArgs(["--bogus", "-h"])).toBe("help");
    expect(() => parseServerProfileArgs(["--bogus"])).toThrow(new Error('unknown option "--bogus"'));
    expect(() => parseServerProfileArgs(["--no-docs"])).toThrow(new Error('unknown option "--no-docs"'));
    expect(() => parseServerProfileArgs(["--rooms", "401"])).toThrow(new Error('--rooms must be a whole number from 1 to 400, got "401"'));
    expect(() => parseServerProfileArgs(["--duration", "2.5"])).toThrow(new Error('--duration must be a whole number from 1 to 120, got "2.5"'));
    expect(() => parseServerProfileArgs(["--rooms"])).toThrow(new Error("--rooms needs a value"));
  });

  it("says in its usage that it rewrites docs/server-profile.md, and lists --no-doc", () => {
    expect(SERVER_PROFILE_USAGE.split("\n")[0]).toBe("usage: npm run bench:server-profile -- [options]");
    expect(SERVER_PROFILE_USAGE).toContain("REWRITES docs/server-profile.md (overwriting it) with the figures, unless --no-doc.");
    expect(SERVER_PROFILE_USAGE).toContain("  --no-doc         print only; leave docs/server-profile.md as it is");
  });
});
