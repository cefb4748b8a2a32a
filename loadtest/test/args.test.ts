import { describe, expect, it } from "vitest";
import { DEFAULTS, LIMITS, USAGE, clientsPerRoom, isLoopbackHost, parseArgs, wantsHelp } from "../src/args.ts";

describe("loadtest arguments", () => {
  it("parses the issue's command line", () => {
    const o = parseArgs(["--endpoint", "ws://127.0.0.1:2567", "--rooms", "400", "--keepers", "1", "--adventurers", "0", "--spectators", "4", "--duration", "60"]);
    expect([o.endpoint, o.rooms, o.keepers, o.adventurers, o.spectators, o.durationSeconds]).toEqual(["ws://127.0.0.1:2567", 400, 1, 0, 4, 60]);
    expect(o.findCapacity).toBe(false);
    expect(clientsPerRoom(o)).toBe(5);
  });

  it("uses the defaults and accepts --flag=value", () => {
    expect(parseArgs([])).toEqual(DEFAULTS);
    expect(parseArgs(["--rooms=7", "--target=bare", "--keepers=0"]).rooms).toBe(7);
    expect(parseArgs(["--find-capacity", "--steps", "5,10,20", "--p99-ms", "100"])).toMatchObject({ findCapacity: true, capacitySteps: [5, 10, 20], capacityP99Ms: 100 });
    expect([DEFAULTS.workers, parseArgs(["--workers", "2", "--light-spectators"]).workers, LIMITS.workers]).toEqual([1, 2, 8]);
  });

  it("refuses non-loopback endpoints unless --allow-remote", () => {
    expect(() => parseArgs(["--endpoint", "ws://10.0.0.5:2567"])).toThrow("not a loopback address");
    expect(() => parseArgs(["--endpoint", "wss://example.com"])).toThrow("--allow-remote");
    expect(parseArgs(["--endpoint", "wss://example.com", "--allow-remote"]).endpoint).toBe("wss://example.com");
    expect(parseArgs(["--endpoint", "ws://localhost:1"]).endpoint).toBe("ws://localhost:1");
    expect(parseArgs(["--endpoint", "ws://[::1]:2567"]).endpoint).toBe("ws://[::1]:2567");
    expect([isLoopbackHost("127.8.9.10"), isLoopbackHost("128.0.0.1"), isLoopbackHost("localhost.evil.com")]).toEqual([true, false, false]);
  });

  it("refuses bad values with a readable message", () => {
    expect(() => parseArgs(["--endpoint", "http://127.0.0.1:2567"])).toThrow("ws:// or wss://");
    expect(() => parseArgs(["--endpoint", "nope"])).toThrow("is not a URL");
    expect(() => parseArgs(["--rooms", "0"])).toThrow("--rooms must be from 1 to 1000, got 0");
    expect(() => parseArgs(["--rooms", "2.5"])).toThrow("--rooms needs a whole number");
    expect(() => parseArgs(["--duration"])).toThrow("--duration needs a value");
    expect(() => parseArgs(["--duration", "601"])).toThrow("from 1 to 600");
    expect(() => parseArgs(["--keepers", "0"])).toThrow("at least 1 for dungeon rooms");
    expect(() => parseArgs(["--target", "other"])).toThrow("dungeon or bare");
    expect(() => parseArgs(["--steps", "10,5"])).toThrow("--steps must increase");
    expect(() => parseArgs(["--workers", "0"])).toThrow("--workers must be from 1 to 8, got 0");
    expect(() => parseArgs(["--workers", "9"])).toThrow("--workers must be from 1 to 8, got 9");
    expect(() => parseArgs(["--bogus"])).toThrow(new Error('unknown option "--bogus"'));
  });

  it("asks for the usage on --help or -h anywhere, and the usage names the tool and -h", () => {
    expect([wantsHelp(["--help"]), wantsHelp(["--rooms", "5", "-h"]), wantsHelp(["--bogus", "--help"]), wantsHelp([]), wantsHelp(["--rooms", "5"])]).toEqual([true, true, true, false, false]);
    expect(() => parseArgs(["--help"])).toThrow(new Error('unknown option "--help"')); // main asks wantsHelp first
    expect(USAGE.split("\n")[0]).toBe("usage: npm run loadtest -- [options]");
    expect(USAGE).toContain("  -h, --help              print this usage and exit");
  });

  it("bounds clients per room and in all", () => {
    expect(() => parseArgs(["--spectators", "50"])).toThrow("at most 50 clients per room, asked 51");
    expect(() => parseArgs(["--rooms", "1000", "--spectators", "5"])).toThrow(`at most ${LIMITS.totalClients} clients in all, asked 6000 (1000 rooms × 6)`);
    expect(parseArgs(["--find-capacity", "--steps", "100,1000"]).capacitySteps).toEqual([100, 1000]); // 1000 × 5 = 5000: at the limit
    expect(() => parseArgs(["--find-capacity", "--steps", "100,1000", "--spectators", "5"])).toThrow("asked 6000");
  });
});
