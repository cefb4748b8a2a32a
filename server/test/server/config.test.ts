import { describe, expect, it } from "vitest";
import { pino } from "pino";
import { readConfig } from "../../src/config.ts";
import { createTransport } from "../../src/transport.ts";
import { parseCreateOptions, parseJoinOptions } from "../../src/rooms/options.ts";

const silent = pino({ level: "silent" });

describe("readConfig", () => {
  it("fills the defaults from an empty environment", () => {
    expect(readConfig({})).toEqual({
      port: 2567, redisUrl: undefined, redisKeyPrefix: undefined, publicAddress: undefined, transport: "auto", logLevel: "info",
      databaseUrl: undefined, dataDir: "./data", maxRoomsPerProcess: 500, joinRatePerAddress: 600, idleMemoryReleaseSeconds: 10,
    });
  });

  it("reads every variable, blank ones meaning unset", () => {
    expect(readConfig({
      PORT: "3000", REDIS_URL: "redis://10.0.0.1:6380/2", REDIS_KEY_PREFIX: "a:", PUBLIC_ADDRESS: "h:3000", TRANSPORT: "ws", LOG_LEVEL: "debug",
      DATABASE_URL: "postgres://u@db:5432/m", DATA_DIR: "/var/lib/malignus", LEASE_HOLDER: "pod-7",
      MAX_ROOMS_PER_PROCESS: "40", JOIN_RATE_PER_ADDRESS: "0", IDLE_MEMORY_RELEASE_SECONDS: "0",
    })).toEqual({
      port: 3000, redisUrl: "redis://10.0.0.1:6380/2", redisKeyPrefix: "a:", publicAddress: "h:3000", transport: "ws", logLevel: "debug",
      databaseUrl: "postgres://u@db:5432/m", dataDir: "/var/lib/malignus", leaseHolder: "pod-7", maxRoomsPerProcess: 40, joinRatePerAddress: 0,
      idleMemoryReleaseSeconds: 0,
    });
    expect(readConfig({ REDIS_URL: "", TRANSPORT: " " }).redisUrl).toBeUndefined();
    expect(readConfig({ DATABASE_URL: " ", DATA_DIR: "" })).toMatchObject({ databaseUrl: undefined, dataDir: "./data" });
  });

  it.each([
    [{ PORT: "http" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ REDIS_URL: "localhost:6379" }, /REDIS_URL: must start with redis:\/\//],
    [{ TRANSPORT: "tcp" }, /TRANSPORT/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL/],
    [{ DATABASE_URL: "mysql://db/m" }, /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//],
    [{ IDLE_MEMORY_RELEASE_SECONDS: "-1" }, /IDLE_MEMORY_RELEASE_SECONDS/],
  ])("refuses %j with an error naming the variable", (env, message) => {
    expect(() => readConfig(env)).toThrow(/^invalid environment: /);
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe("createTransport", () => {
  it("TRANSPORT=ws uses ws", async () => {
    const t = await createTransport("ws", silent);
    expect([t.kind, t.reason]).toEqual(["ws", "forced by TRANSPORT=ws"]);
  });

  it("auto tries uWebSockets.js and falls back to ws with the load error as the reason; uws forced fails the same way", async () => {
    const t = await createTransport("auto", silent);
    if (t.kind === "uws") {
      expect(t.reason).toBe("uWebSockets.js loaded");
      return;
    }
    expect(t.reason).toMatch(/^uWebSockets\.js did not load \(\S.*\); using ws$/);
    await expect(createTransport("uws", silent)).rejects.toThrow(/^TRANSPORT=uws but uWebSockets\.js failed to load: /);
  });

  it("the ws fallback logs one info line with the short reason and the full load error only at debug", async () => {
    // The load error uWebSockets.js v20.57 throws on glibc 2.36 (Debian 12), forced here so the
    // test runs the same wherever uWebSockets.js loads.
    const loadError = new Error("This version of uWS.js (v20.57.0) supports only Node.js versions 20, 22, 24 and 25 on (glibc) Linux, macOS and Windows, on Tier 1 platforms (https://github.com/nodejs/node/blob/master/BUILDING.md#platform-list).\n\n"
      + "Error: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.38' not found (required by /srv/node_modules/uWebSockets.js/uws_linux_x64_137.node)");
    const failing = () => Promise.reject(loadError);
    const capture = (level: "info" | "debug") => {
      const lines: Record<string, unknown>[] = [];
      const log = pino({ level, base: undefined, timestamp: false }, { write: (l: string) => { lines.push(JSON.parse(l)); } });
      return { log, lines };
    };
    const info = capture("info");
    const t = await createTransport("auto", info.log, failing);
    expect([t.kind, t.reason]).toEqual(["ws", "uWebSockets.js did not load (GLIBC_2.38 not found); using ws"]);
    expect(info.lines).toEqual([
      { level: 30, transport: "ws", reason: "uWebSockets.js did not load (GLIBC_2.38 not found); using ws", msg: "transport: ws — uWebSockets.js did not load (GLIBC_2.38 not found); using ws" },
    ]);
    const debug = capture("debug");
    await createTransport("auto", debug.log, failing);
    expect(debug.lines).toEqual([
      info.lines[0],
      { level: 20, err: { type: "Error", message: loadError.message, stack: loadError.stack }, msg: "uWebSockets.js load error" },
    ]);
    await expect(createTransport("uws", info.log, failing)).rejects.toThrow(
      "TRANSPORT=uws but uWebSockets.js failed to load: This version of uWS.js (v20.57.0) supports only Node.js versions 20, 22, 24 and 25 on (glibc) Linux, macOS and Windows, on Tier 1 platforms (https://github.com/nodejs/node/blob/master/BUILDING.md#platform-list). Error: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.38' not found (required by /srv/node_modules/uWebSockets.js/uws_linux_x64_137.node)");
    expect(info.lines).toHaveLength(1);
  });
});

describe("room options", () => {
  it("defaults: malignus ruleset, default map, timeScale 1, pauseOnSpot, a random 31-bit seed", () => {
    const o = parseCreateOptions(undefined);
    expect({ ...o, seed: 0 }).toEqual({
      seed: 0, ruleset: "malignus", map: "default", timeScale: 1, pauseOnSpot: true, startPaused: false, skipToInvasion: false,
      keeperSeats: 1, reconnectSeconds: 30, spectatorsSeeAll: false, maxMessagesPerSecond: 50, maxClients: 32, kickCooldownSeconds: 30,
    });
    expect(Number.isInteger(o.seed) && o.seed >= 0 && o.seed < 2 ** 31).toBe(true);
    const seeds = new Set(Array.from({ length: 20 }, () => parseCreateOptions({}).seed));
    expect(seeds.size).toBeGreaterThan(15);
  });

  it("keeps given values and accepts the join keys on create", () => {
    expect(parseCreateOptions({
      seed: 7, ruleset: "d100", timeScale: 1000, pauseOnSpot: false, startPaused: true, keeperSeats: 3, reconnectSeconds: 0,
      spectatorsSeeAll: true, maxMessagesPerSecond: 5, role: "keeper", name: "Ann", skipToInvasion: true,
    })).toEqual({
      seed: 7, ruleset: "d100", map: "default", timeScale: 1000, pauseOnSpot: false, startPaused: true, skipToInvasion: true,
      keeperSeats: 3, reconnectSeconds: 0, spectatorsSeeAll: true, maxMessagesPerSecond: 5, maxClients: 32, kickCooldownSeconds: 30,
    });
  });

  it.each([
    [{ keeperSeats: 0 }, /keeperSeats/],
    [{ keeperSeats: 9 }, /keeperSeats/],
    [{ reconnectSeconds: -1 }, /reconnectSeconds/],
    [{ reconnectSeconds: 601 }, /reconnectSeconds/],
    [{ maxMessagesPerSecond: 0 }, /maxMessagesPerSecond/],
    [{ spectatorsSeeAll: "yes" }, /spectatorsSeeAll/],
  ])("refuses seat and input options out of range: %j", (options, field) => {
    expect(() => parseCreateOptions(options)).toThrow(field);
  });

  it("join options: role adventurer with the unitId of the member to play", () => {
    expect(parseJoinOptions({ role: "adventurer", unitId: "12" })).toEqual({ role: "adventurer", name: undefined, unitId: "12" });
    expect(() => parseJoinOptions({ role: "adventurer", unitId: "twelve" })).toThrow(/^invalid join options: unitId/);
  });

  it("join options default to spectator and ignore the create keys", () => {
    expect(parseJoinOptions(undefined)).toEqual({ role: "spectator", name: undefined });
    expect(parseJoinOptions({ role: "keeper", name: "Ann", timeScale: 5 })).toEqual({ role: "keeper", name: "Ann" });
    expect(() => parseJoinOptions({ name: "" })).toThrow(/^invalid join options: name/);
  });
});
