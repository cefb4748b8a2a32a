import { spawn, type ChildProcess } from "node:child_process";
import { createConnection, createServer as createNetServer } from "node:net";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { DUNGEON_ROOM, SEAT_MESSAGE, type DungeonListing, type SeatInfo } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import type { HealthResponse } from "../../src/app.ts";
import { handleServerMessages } from "./harness.ts";

/** The Redis to use: `TEST_REDIS_URL` (host and port), default redis://127.0.0.1:6379 (.ci/run exports it). */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const REDIS_HOST = new URL(TEST_REDIS_URL).hostname || "127.0.0.1";
const REDIS_PORT = Number(new URL(TEST_REDIS_URL).port || 6379);
const REPO = fileURLToPath(new URL("../../../", import.meta.url));
/** Keys of this run only: never FLUSHALL a Redis others may use. */
const KEY_PREFIX = `malignus-test-${process.pid}-${randomBytes(4).toString("hex")}:`;

/** Sends one RESP command and resolves with the raw reply (or rejects within `ms`). */
function redisCommand(args: string[], ms = 1000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: REDIS_HOST, port: REDIS_PORT });
    const timer = setTimeout(() => { socket.destroy(); reject(new Error("redis timeout")); }, ms);
    let reply = "";
    socket.on("connect", () => socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`));
    socket.on("data", (d) => { reply += d.toString(); if (reply.endsWith("\r\n")) { clearTimeout(timer); socket.end(); resolve(reply); } });
    socket.on("error", (e) => { clearTimeout(timer); reject(e); });
  });
}

// A PING that took over 1 s at load 20 skipped the tests as if no Redis ran: 10 s before saying so.
const redisUp = await redisCommand(["PING"], 10_000).then((r) => r.startsWith("+PONG"), () => false);
if (!redisUp) console.warn(`redis scale-out test skipped: no Redis answered PING on ${REDIS_HOST}:${REDIS_PORT}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/**
 * Real milliseconds a server process gets to answer /health: `tsx` transforms the whole server at
 * start, which took over 20 s at load 20 on 2 cores (two processes start at once), over 120 s at load 50.
 */
const START_MS = 180_000;
/**
 * Real milliseconds each condition below is waited for (a state, a listing, a tick count, an exit
 * after SIGTERM): a few hundred ms on an idle machine, many seconds at load 20.
 */
const WAIT_MS = 30_000;

interface Proc { child: ChildProcess; port: number; output: string[]; exited: Promise<number | null> }
const procs: Proc[] = [];
/** Each process's own `DATA_DIR` (its SQLite dungeon store), removed after the tests. */
const dataDirs: string[] = [];

async function startProcess(port: number): Promise<Proc> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      REDIS_URL: `redis://${REDIS_HOST}:${REDIS_PORT}`,
      REDIS_KEY_PREFIX: KEY_PREFIX,
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      TRANSPORT: "ws",
      LOG_LEVEL: "info",
      DATA_DIR: dataDirs[dataDirs.push(mkdtempSync(join(tmpdir(), "malignus-scaleout-"))) - 1],
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (d: Buffer) => output.push(d.toString()));
  child.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const proc = { child, port, output, exited };
  procs.push(proc);
  const deadline = Date.now() + START_MS;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (ok) return proc;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`server on port ${port} did not start:\n${output.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function getJson<T>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T;
}

afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  await Promise.all(procs.map((p) => p.exited));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (redisUp) {
    await redisCommand(["EVAL", "for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) end return 1", "0", `${KEY_PREFIX}*`])
      .catch(() => undefined);
  }
});

describe("scale-out over Redis", () => {
  it.skipIf(!redisUp)("a dungeon created through process A is joined by id through process B and listed by both", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const [a, b] = await Promise.all([startProcess(portA), startProcess(portB)]);
    const rooms: Room[] = [];
    try {
      const keeper = await new Client(`http://127.0.0.1:${a.port}`).create(DUNGEON_ROOM, { role: "keeper" }, DungeonState);
      rooms.push(keeper);
      handleServerMessages(keeper);

      // Join through the process that does NOT host the room, so the seat is reserved remotely.
      const healthA = await getJson<HealthResponse>(`http://127.0.0.1:${a.port}/health`);
      const healthB = await getJson<HealthResponse>(`http://127.0.0.1:${b.port}/health`);
      expect(healthA.rooms + healthB.rooms).toBe(1);
      const other = healthA.rooms === 1 ? b : a;
      expect(healthA.pid).not.toBe(healthB.pid);

      const spectator = await new Client(`http://127.0.0.1:${other.port}`).joinById(keeper.roomId, { role: "spectator" }, DungeonState);
      rooms.push(spectator);
      handleServerMessages(spectator);
      expect(spectator.roomId).toBe(keeper.roomId);
      const deadline = Date.now() + WAIT_MS;
      while (!(spectator.state?.width > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(spectator.state.width).toBe(40);
      expect(spectator.state.height).toBe(30);

      // Both processes list the room (the listing lives in Redis), with both clients counted.
      for (const p of [b, a]) {
        let mine: DungeonListing | undefined;
        const listedBy = Date.now() + WAIT_MS;
        while (Date.now() < listedBy) {
          mine = (await getJson<DungeonListing[]>(`http://127.0.0.1:${p.port}/rooms`)).find((r) => r.roomId === keeper.roomId);
          if (mine?.spectators === 1) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(mine).toEqual({
          roomId: keeper.roomId, map: "default", ruleset: "malignus", day: 1, hour: 0, keepers: 1, spectators: 1,
          keeperSeats: 1, adventurers: 0, openAdventurerSeats: [],
        });
      }
    } finally {
      await Promise.allSettled(rooms.map((r) => r.leave()));
    }

    // SIGTERM: both processes shut down gracefully and exit 0.
    for (const p of [a, b]) p.child.kill("SIGTERM");
    const codes = await Promise.race([
      Promise.all([a.exited, b.exited]),
      new Promise<"timeout">((r) => setTimeout(() => r("timeout"), WAIT_MS)),
    ]);
    expect(codes).toEqual([0, 0]);
  }, 400_000); // two processes start, most of it

  it.skipIf(!redisUp)("rooms spread over two processes; join and spectate across; SIGTERM on one disposes its rooms, the other keeps serving", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const [a, b] = await Promise.all([startProcess(portA), startProcess(portB)]);
    const url = (p: Proc) => `http://127.0.0.1:${p.port}`;
    const rooms: Room[] = [];
    const listed = async (p: Proc) => (await getJson<DungeonListing[]>(`${url(p)}/rooms`)).map((r) => r.roomId).sort();
    try {
      // Create four dungeons, alternating the process asked; note which process hosts each.
      const hostOf = new Map<string, Proc>();
      /** Each dungeon's keeper key, told to its creator in its seat message: a second keeper needs it. */
      const keys = new Map<string, string>();
      for (let i = 0; i < 4; i++) {
        const asked = i % 2 === 0 ? a : b;
        const before = (await getJson<HealthResponse>(`${url(a)}/health`)).rooms;
        // pauseOnSpot off: "B keeps serving" below looks for ticks passing, and at load 20 the test
        // reached it after the first party was spotted (tick ~25,000 at 600 ticks a second), the clock paused.
        const keeper = await new Client(url(asked)).create(DUNGEON_ROOM, { role: "keeper", keeperSeats: 2, timeScale: 60, pauseOnSpot: false }, DungeonState);
        handleServerMessages(keeper);
        keeper.onMessage(SEAT_MESSAGE, (seat: SeatInfo) => { if (seat.keeperKey) keys.set(keeper.roomId, seat.keeperKey); });
        rooms.push(keeper);
        const after = (await getJson<HealthResponse>(`${url(a)}/health`)).rooms;
        hostOf.set(keeper.roomId, after > before ? a : b);
      }
      const onA = [...hostOf].filter(([, p]) => p === a).map(([id]) => id).sort();
      const onB = [...hostOf].filter(([, p]) => p === b).map(([id]) => id).sort();
      expect(onA.length).toBeGreaterThan(0);
      expect(onB.length).toBeGreaterThan(0);
      expect((await getJson<HealthResponse>(`${url(b)}/health`)).rooms).toBe(onB.length);

      // Every room is joined by a second keeper and spectated through the process NOT hosting it.
      const spectators = new Map<string, Room<any, DungeonState>>();
      for (const [roomId, host] of hostOf) {
        const other = host === a ? b : a;
        const keyDeadline = Date.now() + WAIT_MS;
        while (!keys.has(roomId) && Date.now() < keyDeadline) await new Promise((r) => setTimeout(r, 20));
        const keeper2 = await new Client(url(other)).joinById(roomId, { role: "keeper", keeperKey: keys.get(roomId) }, DungeonState);
        handleServerMessages(keeper2);
        rooms.push(keeper2);
        expect(await keeper2.request("placePart", { kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
        const spectator = await new Client(url(other)).joinById(roomId, { role: "spectator" }, DungeonState);
        handleServerMessages(spectator);
        rooms.push(spectator);
        spectators.set(roomId, spectator);
      }
      for (const [roomId, spectator] of spectators) {
        const deadline = Date.now() + WAIT_MS;
        while (spectator.state.parts?.size !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect([roomId, spectator.state.parts.size]).toEqual([roomId, 1]);
      }
      const all = [...hostOf.keys()].sort();
      expect(await listed(a)).toEqual(all);
      expect(await listed(b)).toEqual(all);

      // SIGTERM on A: its rooms dispose (their clients are told), A exits 0, the listing forgets them.
      const leftA = onA.map((id) => new Promise<number>((resolve) => spectators.get(id)!.onLeave((code: number) => resolve(code))));
      a.child.kill("SIGTERM");
      expect(await Promise.race([a.exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), WAIT_MS))])).toBe(0);
      expect((await Promise.all(leftA)).length).toBe(onA.length);
      expect(a.output.join("")).toMatch(/dungeon disposed/);
      let remaining: string[] = [];
      const deadline = Date.now() + WAIT_MS;
      while (Date.now() < deadline) {
        remaining = await listed(b);
        if (remaining.length === onB.length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(remaining).toEqual(onB);

      // B keeps serving: its rooms tick on, and a new dungeon can be created and spectated.
      for (const id of onB) {
        const s = spectators.get(id)!;
        const t0 = s.state.clock.tick;
        const until = Date.now() + WAIT_MS;
        while (s.state.clock.tick <= t0 + 30 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        expect(s.state.clock.tick).toBeGreaterThan(t0 + 30);
        expect(s.connection.isOpen).toBe(true);
      }
      const fresh = await new Client(url(b)).create(DUNGEON_ROOM, { role: "keeper" }, DungeonState);
      handleServerMessages(fresh);
      rooms.push(fresh);
      expect(await fresh.request("placePart", { kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
    } finally {
      await Promise.allSettled(rooms.filter((r) => r.connection.isOpen).map((r) => r.leave()));
    }
    b.child.kill("SIGTERM");
    expect(await Promise.race([b.exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), WAIT_MS))])).toBe(0);
  }, 500_000);
});
