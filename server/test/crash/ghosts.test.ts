import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "@malignus/client-sdk";
import type { DungeonListing } from "@malignus/shared";
import type { HealthResponse } from "../../src/app.ts";
import { PROCESS_HEARTBEAT_TTL_SECONDS, heartbeatKey } from "../../src/lifecycle/heartbeat.ts";
import {
  REDIS_HOST, REDIS_PORT, deleteRedisKeys, exitWithin, freePort, killAll, logLines, redisCommand, redisKeyPrefix, redisUp,
  startServer, until, type ServerProcess,
} from "./processes.ts";

const up = await redisUp();
if (!up) console.warn(`ghost-room test skipped: no Redis answered PING on ${REDIS_HOST}:${REDIS_PORT}`);
const PREFIX = redisKeyPrefix();
/** The SQLite store both processes share: a temp folder, never the repository's ./data. */
const DATA_DIR = mkdtempSync(join(tmpdir(), "malignus-ghosts-"));

afterAll(async () => {
  killAll();
  rmSync(DATA_DIR, { recursive: true, force: true });
  if (up) await deleteRedisKeys(PREFIX);
});

const listed = async (p: ServerProcess) => ((await (await fetch(`${p.url}/rooms`)).json()) as DungeonListing[]).map((r) => r.roomId);
const health = async (p: ServerProcess) => (await (await fetch(`${p.url}/health`)).json()) as HealthResponse;

describe("ghost rooms of a dead process (issue 16 part 4)", () => {
  it.skipIf(!up)("after kill -9 of one of two Redis processes, its rooms leave the listing within a few seconds and matchmaking forgets them", async () => {
    const env = (port: number) => ({ REDIS_URL: `redis://${REDIS_HOST}:${REDIS_PORT}`, REDIS_KEY_PREFIX: PREFIX, PUBLIC_ADDRESS: `127.0.0.1:${port}`, DATA_DIR });
    const [portA, portB] = [await freePort(), await freePort()];
    const [a, b] = await Promise.all([startServer(portA, env(portA)), startServer(portB, env(portB))]);
    // A dungeon hosted on A (asked through A until A hosts one: the matchmaker spreads rooms).
    const keeper = await until("a room hosted on A", async () => {
      const k = await connect(a.url).createDungeon({ seed: 5 });
      if ((await health(a)).rooms >= 1) return k;
      await k.leave();
      return undefined;
    });
    keeper.room.reconnection.enabled = false;
    const closed = new Promise<number>((resolve) => keeper.onLeave((code) => resolve(code)));
    // Dungeons the loop left may still be saving: wait until only the kept one is listed.
    await until("only the kept dungeon listed", async () => ((await listed(b)).join() === keeper.roomId ? true : undefined));
    const processIdA = String(logLines(a, "listening")[0]!.processId);
    expect(await redisCommand(["EXISTS", `${PREFIX}${heartbeatKey(processIdA)}`])).toBe(":1\r\n");

    a.child.kill("SIGKILL");
    const killedAt = Date.now();
    expect(await exitWithin(a, 5_000)).toBe(null);
    expect(await closed).toBe(1006);

    // The listing drops it once A's heartbeat key expired (TTL 3 s, written every second).
    await until("the ghost room gone from B's listing", async () => ((await listed(b)).length === 0 ? true : undefined), 8_000);
    const listingGone = Date.now() - killedAt;
    expect(listingGone).toBeLessThanOrEqual((PROCESS_HEARTBEAT_TTL_SECONDS + 1) * 1000 + 500);
    expect(await redisCommand(["EXISTS", `${PREFIX}${heartbeatKey(processIdA)}`])).toBe(":0\r\n");

    // B's sweep confirms A is gone (Colyseus health check) and removes its room caches.
    const swept = await until("B's sweep of A", () => logLines(b, "ghost rooms of a dead process removed")[0], 8_000);
    expect(swept.deadProcessId).toBe(processIdA);
    expect(swept.rooms).toEqual([keeper.roomId]);
    expect(Date.now() - killedAt).toBeLessThanOrEqual(7_000);
    // Matchmaking no longer finds the ghost: joining it by id is refused at once.
    await expect(connect(b.url).spectate(keeper.roomId)).rejects.toThrow(/not found|no rooms found|invalid/i);

    b.child.kill("SIGTERM");
    expect(await exitWithin(b, 10_000)).toBe(0);
  }, 40_000);
});
