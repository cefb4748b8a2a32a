import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connect, ServiceUnavailableError, type DungeonConnection } from "@malignus/client-sdk";
import type { DungeonListing } from "@malignus/shared";
import type { HealthResponse } from "../../src/app.ts";
import { REDIS_STARTUP_TIMEOUT_MS, REDIS_UNAVAILABLE } from "../../src/redis.ts";
import { REPO, exitWithin, freePort, killAll, logLines, sleep, startServer, until, type ServerProcess } from "../crash/processes.ts";
import { OwnRedis } from "./redis-server.ts";

/**
 * Issue 18 part 1: a server process on Redis survives the loss of Redis and works again when it
 * comes back, without a restart. Its Redis is a private redis-server on a free port, stopped
 * (SIGKILL) and started again empty on the same port.
 */

const haveRedis = await OwnRedis.available();
if (!haveRedis) console.warn("redis outage test skipped: no redis-server on the PATH");
const DATA_DIR = mkdtempSync(join(tmpdir(), "malignus-redis-outage-"));
let redis: OwnRedis | undefined;

afterAll(async () => {
  killAll();
  await redis?.stop();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** Fetches `path` and answers its status, JSON body and how long it took, in ms. */
async function timedGet(p: ServerProcess, path: string): Promise<{ status: number; body: unknown; ms: number }> {
  const t0 = Date.now();
  const r = await fetch(`${p.url}${path}`, { signal: AbortSignal.timeout(5_000) });
  const body: unknown = await r.json();
  return { status: r.status, body, ms: Date.now() - t0 };
}

/** Resolves once `c`'s state tick passed `ticks` more ticks and `patches` more patches came, or throws after `ms`. */
async function keepsTicking(c: DungeonConnection, ticks: number, patches: number, ms = 5_000): Promise<{ ticks: number; patches: number }> {
  const t0 = c.state.clock.tick;
  let n = 0;
  const off = c.onStateChange(() => n++);
  try {
    await until("ticks and patches", () => (c.state.clock.tick >= t0 + ticks && n >= patches ? true : undefined), ms);
  } finally {
    off();
  }
  return { ticks: c.state.clock.tick - t0, patches: n };
}

describe("Redis outage (issue 18 part 1)", () => {
  it.skipIf(!haveRedis)("rooms go on while Redis is away; listing and matchmaking answer 503 at once; one line each way; all works again when it is back", async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    const port = await freePort();
    const server = await startServer(port, { REDIS_URL: redis.url, REDIS_KEY_PREFIX: "outage:", PUBLIC_ADDRESS: `127.0.0.1:${port}`, DATA_DIR });
    const keeper = await connect(server.url).createDungeon({ seed: 11, timeScale: 60 });
    await keepsTicking(keeper, 10, 5);
    expect(await timedGet(server, "/health")).toMatchObject({ status: 200, body: { status: "ok", redis: "up", rooms: 1 } });

    // Redis vanishes.
    await redis.stop();
    const down = await until("health degraded", async () => {
      const h = (await timedGet(server, "/health")).body as HealthResponse;
      return h.status === "degraded" ? h : undefined;
    }, 3_000);
    expect(down).toMatchObject({ status: "degraded", redis: "down", rooms: 1 });

    // The room and its client go on.
    const during = await keepsTicking(keeper, 20, 10);
    expect(during.ticks).toBeGreaterThanOrEqual(20);
    expect(keeper.room.connection.isOpen).toBe(true);
    expect(await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 })).toMatchObject({ ok: true });

    // GET /rooms: 503 JSON at once.
    const rooms = await timedGet(server, "/rooms");
    expect(rooms.status).toBe(503);
    expect(rooms.ms).toBeLessThan(2_000);
    expect(rooms.body).toEqual({ error: REDIS_UNAVAILABLE, message: expect.stringMatching(/^Redis at redis:\/\/127\.0\.0\.1:\d+ is unreachable \(.*ECONNREFUSED.*\): listing and matchmaking are unavailable/) });

    // The SDK's create (and join) is refused at once with the typed error.
    const t0 = Date.now();
    const refused = await connect(server.url).createDungeon({ seed: 12 }).then(() => undefined, (e: unknown) => e);
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect((refused as ServiceUnavailableError).reason).toBe(REDIS_UNAVAILABLE);
    expect((refused as ServiceUnavailableError).status).toBe(503);
    expect((refused as ServiceUnavailableError).message).toMatch(/^REDIS_UNAVAILABLE: Redis at .* is unreachable/);
    const t1 = Date.now();
    await expect(connect(server.url).spectate(keeper.roomId)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(Date.now() - t1).toBeLessThan(2_000);
    await expect(connect(server.url).listDungeons()).rejects.toMatchObject({ name: "ServiceUnavailableError", reason: REDIS_UNAVAILABLE });

    // Three seconds of outage (three reconnection rounds at least): one line, with the error text.
    await sleep(3_000);
    const unreachable = logLines(server, "redis unreachable");
    expect(unreachable.length).toBe(1);
    expect(unreachable[0]).toMatchObject({ level: 50, redis: redis.url + "", error: expect.stringMatching(/ECONNREFUSED/) });
    const text = server.output.join("");
    expect(text).not.toMatch(/RedisPresence|unhandled rejection|MaxRetriesPerRequest|could not publish matchmaking metadata|heartbeat|ghost sweep failed/);

    // Redis comes back (empty: no persistence).
    await redis.start();
    const back = await until("GET /rooms answers 200 again", async () => {
      const r = await timedGet(server, "/rooms");
      return r.status === 200 ? (r.body as DungeonListing[]) : undefined;
    }, 5_000);
    // The open dungeon is listed again (its listing was written back), with the seat counts of now.
    await until("the open dungeon listed", async () => {
      const listed = (await timedGet(server, "/rooms")).body as DungeonListing[];
      return listed.some((l) => l.roomId === keeper.roomId && l.keepers === 1) ? true : undefined;
    }, 3_000);
    expect(back.every((l) => l.roomId === keeper.roomId)).toBe(true);
    expect(await timedGet(server, "/health")).toMatchObject({ status: 200, body: { status: "ok", redis: "up", rooms: 1 } });
    const backLines = await until("redis back line", () => logLines(server, "redis back")[0], 3_000);
    expect(backLines).toMatchObject({ level: 30, redis: redis.url + "", listingsRewritten: 1 });
    expect(backLines.downMs as number).toBeGreaterThan(3_000);

    // A new dungeon can be created and joined; the first one is still there and still joined.
    const second = await connect(server.url).createDungeon({ seed: 13, timeScale: 60 });
    const watcher = await connect(server.url).spectate(second.roomId);
    await keepsTicking(watcher, 5, 3);
    const watcher1 = await connect(server.url).spectate(keeper.roomId);
    expect(watcher1.state.parts.size).toBe(1);
    await keepsTicking(keeper, 5, 3);

    expect(logLines(server, "redis unreachable").length).toBe(1);
    expect(logLines(server, "redis back").length).toBe(1);
    expect(server.output.join("")).not.toMatch(/RedisPresence|unhandled rejection|MaxRetriesPerRequest/);

    await Promise.all([second, watcher, watcher1].map((c) => c.leave()));

    // SIGTERM while Redis is away again: the keeper is told, the process exits 0 without errors.
    await redis.stop();
    await until("degraded again", async () => (((await timedGet(server, "/health")).body as HealthResponse).status === "degraded" ? true : undefined), 3_000);
    await until("the second unreachable line", () => (logLines(server, "redis unreachable").length === 2 ? true : undefined), 3_000);
    const told = keeper.waitForEvent("serverShuttingDown", undefined, 10_000);
    server.child.kill("SIGTERM");
    expect((await told).reason).toMatch(/SIGTERM/);
    expect(await exitWithin(server, 10_000)).toBe(0);
    expect(server.output.join("")).not.toMatch(/error during shutdown|could not tell the clients|shutdown failed|unhandled rejection/);
  }, 60_000);

  it("a server whose Redis does not answer at start-up says so in one fatal line and exits 1", async () => {
    const redisPort = await freePort(); // nothing listens there
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
      cwd: REPO,
      env: { ...process.env, PORT: String(await freePort()), REDIS_URL: `redis://127.0.0.1:${redisPort}`, TRANSPORT: "ws", DATABASE_URL: "", LOG_LEVEL: "info", DATA_DIR },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code).toBe(1);
    const lines = out.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([
      `could not start: Redis at redis://127.0.0.1:${redisPort} did not answer within ${REDIS_STARTUP_TIMEOUT_MS} ms: connect ECONNREFUSED 127.0.0.1:${redisPort}`,
    ]);
    expect(out).not.toMatch(/RedisPresence|\[ioredis\]/);
  }, REDIS_STARTUP_TIMEOUT_MS + 30_000);
});
