import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "@malignus/client-sdk";
import { freePort, killAll, logLines, redisCommand, sleep, startServer, until, type ServerProcess } from "../crash/processes.ts";
import { OwnRedis } from "./redis-server.ts";

/**
 * Issue 18 part 1, "when Redis returns, everything works again without a restart", on two
 * processes under the load of the chaos scenario "redis-down": `/rooms` polled on both while
 * Redis is away (SIGKILL) for 3 s, then back empty on the same port; three outages in a row.
 * After each: `/rooms` answers 200 on both, a dungeon can be created on each, and no ghost sweep
 * fails (before the fix of redis.ts `forgetFailedRoomCacheRequests`, a room-cache read cut by the
 * outage made every later query fail with `MaxRetriesPerRequestError` until a restart). Redis
 * stops answering (`CLIENT PAUSE`) for {@link PAUSE_MS} before it dies, so that reads are in
 * flight when it does (the bug's condition, otherwise left to chance: ~4 runs in 6 under load).
 * Then a pause alone, longer than the command timeout: reads time out, and must not stick either.
 */

const haveRedis = await OwnRedis.available();
if (!haveRedis) console.warn("redis recovery test skipped: no redis-server on the PATH");
const DATA_DIR = mkdtempSync(join(tmpdir(), "malignus-redis-recovery-"));
let redis: OwnRedis | undefined;

afterAll(async () => {
  killAll();
  await redis?.stop();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** How long Redis stays away in each outage, in real ms (the chaos scenario's short run). */
const OUTAGE_MS = 3_000;
/** How long Redis holds every command before it is killed, in real ms (< REDIS_COMMAND_TIMEOUT_MS). */
const PAUSE_MS = 1_200;
/** Outages in a row. */
const OUTAGES = 3;

describe("two processes after Redis outages (issue 18 part 1)", () => {
  it.skipIf(!haveRedis)("listing, matchmaking and the ghost sweep work again on both processes after each of three outages", async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    const at = { host: "127.0.0.1", port: redis.port };
    const servers: ServerProcess[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      servers.push(await startServer(port, { REDIS_URL: redis.url, REDIS_KEY_PREFIX: "recovery:", PUBLIC_ADDRESS: `127.0.0.1:${port}`, DATA_DIR: join(DATA_DIR, String(i)) }));
    }
    const keepers = await Promise.all(servers.map((s, i) => connect(s.url).createDungeon({ seed: 20 + i, timeScale: 60 })));
    const rounds: string[] = [];
    for (let outage = 1; outage <= OUTAGES; outage++) {
      // Redis stops answering: the ghost sweeps (one a second) and these listings wait on it.
      expect(await redisCommand(["CLIENT", "PAUSE", String(PAUSE_MS + 1_000), "ALL"], 1_000, at)).toBe("+OK\r\n");
      const cut = Promise.all(servers.map((s) => fetch(`${s.url}/rooms`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status)));
      await sleep(PAUSE_MS);
      await redis.stop();
      // Cut by the outage: 503.
      expect(await cut).toEqual([503, 503]);
      const downAt = Date.now();
      while (Date.now() - downAt < OUTAGE_MS) {
        await Promise.all(servers.map((s) => fetch(`${s.url}/rooms`, { signal: AbortSignal.timeout(5_000) })));
        await sleep(100);
      }
      await redis.start();
      const listed = await until("GET /rooms 200 on both", async () => {
        const statuses = await Promise.all(servers.map((s) => fetch(`${s.url}/rooms`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status)));
        return statuses.every((st) => st === 200) ? "200" : undefined;
      }, 20_000).catch(() => "not 200");
      const creates = await Promise.all(servers.map((s, i) => connect(s.url).createDungeon({ seed: 100 * outage + i })
        .then(async (c) => { await c.leave(); return "created"; }, (e: unknown) => (e instanceof Error ? e.name : String(e)))));
      // Two sweeps at least (one a second), after the sweep's grace after an outage (heartbeat.ts).
      await sleep(6_000);
      rounds.push(`outage ${outage}: /rooms ${listed}, creates ${creates.join(" ")}, ghost sweeps failed ${servers.map((s) => logLines(s, "ghost sweep failed").length).join(" ")}`);
    }
    expect(rounds).toEqual([1, 2, 3].map((n) => `outage ${n}: /rooms 200, creates created created, ghost sweeps failed 0 0`));

    // A silent Redis (no disconnection) past the command timeout: the reads time out, then work again.
    expect(await redisCommand(["CLIENT", "PAUSE", "3000", "ALL"], 1_000, at)).toBe("+OK\r\n");
    const timedOut = await Promise.all(servers.map((s) => fetch(`${s.url}/rooms`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status)));
    expect(timedOut).toEqual([503, 503]);
    await sleep(1_500);
    const after = await Promise.all(servers.map((s) => fetch(`${s.url}/rooms`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status)));
    expect(after).toEqual([200, 200]);
    const created = await Promise.all(servers.map((s, i) => connect(s.url).createDungeon({ seed: 900 + i }).then(async (c) => { await c.leave(); return "created"; })));
    expect(created).toEqual(["created", "created"]);
    for (const s of servers) {
      expect(logLines(s, "redis unreachable").length).toBe(OUTAGES);
      expect(logLines(s, "redis back").length).toBe(OUTAGES);
      expect(s.output.join("")).not.toMatch(/unhandled rejection|RedisPresence/);
    }
    // Expected warnings: a room's listing write cut by an outage (written again when Redis is back),
    // and, while Redis is silent but connected, reads and writes that time out. Nothing else.
    for (const s of servers) {
      const warned = logLines(s, "could not publish matchmaking metadata").concat(logLines(s, "ghost sweep failed"));
      const lines = s.output.join("").split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { level: number; msg: string });
      expect(lines.filter((l) => l.level >= 40 && l.msg !== "redis unreachable").length).toBe(warned.length);
      const why = (l: Record<string, unknown>) => `${l.msg as string}: ${(l.err as { message: string }).message}`;
      expect(warned.map(why).filter((w) => !/^could not publish matchmaking metadata: (Reached the max retries per request limit \(which is 0\)|Command timed out)/.test(w)
        && w !== "ghost sweep failed: Command timed out")).toEqual([]);
      // Bounded, not one a second: the cached failed read this test guards against logged a failed
      // sweep every second (22, 45 and 68 lines after the three outages). How many writes and sweeps an
      // outage or a silent second cuts depends on timing (7 were seen on a loaded machine): at most 3
      // per outage and 3 for the silent pause.
      expect(warned.length).toBeLessThanOrEqual(3 * OUTAGES + 3);
    }
    await Promise.all(keepers.map((k) => k.leave()));
  }, 120_000);
});
