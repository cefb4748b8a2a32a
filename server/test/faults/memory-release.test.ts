import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { Client, type Room } from "@colyseus/sdk";
import { DUNGEON_ROOM, EVENT_MESSAGE, SEAT_MESSAGE } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { IdleMemoryRelease } from "../../src/lifecycle/memoryRelease.ts";
import { parseServerMemory } from "../../../chaos/src/scenarios.ts";
import { capturedServer } from "./capture.ts";
import { until } from "../crash/processes.ts";

/**
 * Issue 18 part 3: memory back to the system once a process ran no room for a while
 * (server/src/lifecycle/memoryRelease.ts). The collector is V8's own: `--expose-gc` is switched on
 * for this worker with `v8.setFlagsFromString` and the `gc` function taken from a new context
 * (vitest's workers run without the flag; `npm start` passes it).
 */

setFlagsFromString("--expose-gc");
const realGc = runInNewContext("gc") as NodeJS.GCFunction;
// The server of the last describe finds it where `npm start` puts it.
(globalThis as { gc?: NodeJS.GCFunction }).gc = realGc;
afterAll(() => { delete (globalThis as { gc?: unknown }).gc; });

function logged(): { log: pino.Logger; lines: { msg: string; [k: string]: unknown }[] } {
  const lines: { msg: string }[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split("\n")) if (l) lines.push(JSON.parse(l) as { msg: string }); done(); } });
  return { log: pino({ level: "debug" }, sink), lines };
}

const IDLE_MS = 5_000;

describe("IdleMemoryRelease", () => {
  it("releases once after IDLE_MS without a room, only when a room existed since the last release", () => {
    let rooms = 1;
    const { log, lines } = logged();
    const r = new IdleMemoryRelease({ roomCount: () => rooms, idleMs: IDLE_MS, log, gc: realGc });
    expect(r.available).toBe(true);
    expect(r.check(0)).toBeUndefined();
    rooms = 0;
    expect(r.check(1_000)).toBeUndefined(); // idle from here
    expect(r.check(1_000 + IDLE_MS - 1)).toBeUndefined();
    // Garbage the release collects: about 20 MB of small objects, unreachable once this block ends.
    {
      const garbage: { i: number; s: string }[] = [];
      for (let i = 0; i < 200_000; i++) garbage.push({ i, s: `x${i}` });
      expect(garbage.length).toBe(200_000);
    }
    const first = r.check(1_000 + IDLE_MS);
    expect(first?.at).toBe(1_000 + IDLE_MS);
    expect(first!.heapUsedBefore - first!.heapUsedAfter).toBeGreaterThan(5 * 1048576);
    expect(first!.rssAfter).toBeGreaterThan(0);
    expect([r.releases, r.last]).toEqual([1, first]);
    expect(lines.filter((l) => l.msg === "idle: memory released")).toHaveLength(1);
    // No room since: no second release, however long the idle.
    expect(r.check(1_000_000)).toBeUndefined();
    rooms = 2;
    expect(r.check(1_000_001)).toBeUndefined();
    rooms = 0;
    expect(r.check(1_000_002)).toBeUndefined();
    expect(r.check(1_000_002 + IDLE_MS)?.at).toBe(1_000_002 + IDLE_MS);
    expect(r.releases).toBe(2);
    // A room created and gone between two looks still counts (app.ts calls noteRoomCreated).
    r.noteRoomCreated();
    expect(r.check(2_000_000)).toBeUndefined();
    expect(r.check(2_000_000 + IDLE_MS)?.at).toBe(2_000_000 + IDLE_MS);
    expect(r.releases).toBe(3);
  });

  it("without a collector (no --expose-gc) or with IDLE_MEMORY_RELEASE_SECONDS=0 it is off and says why once", () => {
    const a = logged();
    const noGc = new IdleMemoryRelease({ roomCount: () => 0, idleMs: IDLE_MS, log: a.log, gc: undefined });
    noGc.start();
    noGc.stop();
    expect(noGc.available).toBe(false);
    expect(noGc.release()).toBeUndefined();
    expect(a.lines.map((l) => l.msg)).toEqual(["idle memory release off: no global gc (start node with --expose-gc; npm start does)"]);
    const b = logged();
    const zero = new IdleMemoryRelease({ roomCount: () => 0, idleMs: 0, log: b.log, gc: realGc });
    zero.start();
    expect(zero.available).toBe(false);
    expect(b.lines.map((l) => l.msg)).toEqual(["idle memory release off (IDLE_MEMORY_RELEASE_SECONDS=0)"]);
  });
});

describe("the server releases memory after its rooms are disposed", () => {
  const open: Room[] = [];
  const s = capturedServer(open, { idleMemoryReleaseSeconds: 1 });

  it("a dungeon created and left: one release about a second later, its figures in /metrics", async () => {
    const metrics = async () => parseServerMemory(await (await fetch(`${s.base()}/metrics`)).text());
    expect(await metrics()).toMatchObject({ releases: 0, releasedRss: 0, releasedHeapUsed: 0 });
    const room = await new Client(s.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 7, pauseOnSpot: false }, DungeonState);
    room.onMessage(SEAT_MESSAGE, () => {});
    room.onMessage(EVENT_MESSAGE, () => {});
    await room.leave();
    const m = await until("the idle release", async () => {
      const x = await metrics();
      return x && x.releases > 0 ? x : undefined;
    }, 10_000);
    expect(m.releases).toBe(1);
    expect(m.releasedRss).toBe(Math.round(s.app().memoryRelease.last!.rssAfter / 1e5) / 10);
    expect(m.releasedHeapUsed).toBe(Math.round(s.app().memoryRelease.last!.heapUsedAfter / 1e5) / 10);
    expect(s.lines.filter((l) => l.msg === "idle: memory released")).toHaveLength(1);
    // Idle on: no room since, no second release.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(s.app().memoryRelease.releases).toBe(1);
  });
});
