import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type SimEventOf } from "@malignus/client-sdk";
import type { HealthResponse } from "../../src/app.ts";
import { PostgresDungeonStore } from "../../src/store/postgres.ts";
import type { DungeonRecord } from "../../src/store/types.ts";
import { createTestDatabase, type TestDatabase } from "../store/pgTestDb.ts";
import {
  REDIS_HOST, REDIS_PORT, deleteRedisKeys, exitWithin, freePort, killAll, logLines, redisKeyPrefix, redisUp, startServer, until,
  type ServerProcess,
} from "./processes.ts";

const up = await redisUp();
if (!up) console.warn(`hand-over test skipped: no Redis answered PING on ${REDIS_HOST}:${REDIS_PORT}`);
const PREFIX = redisKeyPrefix();
let db: TestDatabase | undefined;
let store: PostgresDungeonStore | undefined;
/** The dungeon the first test handed over (the second reuses it). */
let handedOver: string | undefined;

beforeAll(async () => {
  if (!up) return;
  db = await createTestDatabase();
  store = new PostgresDungeonStore({ connectionString: db.url });
});

afterAll(async () => {
  killAll();
  await store?.close();
  await db?.drop();
  if (up) await deleteRedisKeys(PREFIX);
});

const health = async (p: ServerProcess) => (await (await fetch(`${p.url}/health`)).json()) as HealthResponse;
const start = async (slot: string) => {
  const port = await freePort();
  return await startServer(port, {
    DATABASE_URL: db!.url, REDIS_URL: `redis://${REDIS_HOST}:${REDIS_PORT}`, REDIS_KEY_PREFIX: PREFIX,
    PUBLIC_ADDRESS: `127.0.0.1:${port}`, LEASE_HOLDER: slot,
  });
};
const recordWhen = (id: string, what: string, check: (r: DungeonRecord) => boolean) =>
  until(what, async () => { const r = await store!.get(id); return r && check(r) ? r : undefined; });

describe("several processes over Redis and PostgreSQL (issue 16 part 4)", () => {
  it.skipIf(!up)("SIGTERM: the room tells its clients, saves and rests; another process reopens it on the next join; two opens at once on two processes run it once", async () => {
    const [a, b] = await Promise.all([start("slot-a"), start("slot-b")]);

    // A dungeon hosted on A, with a trap.
    const keeper = await until("a dungeon hosted on A", async () => {
      const k = await connect(a.url).createDungeon({ seed: 77, timeScale: 1 }, { name: "Morag" });
      if ((await health(a)).rooms >= 1) return k;
      await k.leave();
      return undefined;
    });
    const id = keeper.dungeonId!;
    const keeperKey = keeper.keeperKey!;
    expect(await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 })).toMatchObject({ ok: true });
    expect((await store!.get(id))!.lease).toMatchObject({ holder: "slot-a" });
    const told: SimEventOf<"serverShuttingDown">[] = [];
    keeper.onEvent("serverShuttingDown", (e) => told.push(e));
    const dropped = new Promise<number>((resolve) => keeper.onDrop((code) => resolve(code)));

    // SIGTERM on A: its clients hear why, the dungeon is saved and rests, A exits 0.
    a.child.kill("SIGTERM");
    expect(await exitWithin(a, 10_000)).toBe(0);
    expect(await dropped).toBe(4001);
    expect(told).toEqual([{ type: "serverShuttingDown", tick: expect.any(Number), reason: "SIGTERM: the server is shutting down" }]);
    const rested = await store!.get(id);
    expect(rested).toMatchObject({ status: "resting", lease: null, snapshotSeq: rested!.inputCount, snapshotTick: rested!.tick });
    await keeper.leave(); // its resume would try A's address, which is gone

    // The next join, through B: B restores it (same hash: the room checks it) and runs it.
    const reopened = await connect(b.url).openDungeon(id, { keeperKey, name: "Morag" });
    expect(reopened.roomId).toBe(id);
    expect([...reopened.state.parts.values()].map((p) => `${p.kind}@${p.x},${p.y}`)).toEqual(["pressurePlate@6,15"]);
    expect(await store!.get(id)).toMatchObject({ status: "live", lease: { holder: "slot-b" } });
    expect((await health(b)).rooms).toBe(1);
    await reopened.leave();
    await recordWhen(id, "the dungeon resting again", (r) => r.status === "resting" && r.lease === null);

    // Two opens at once, one through each process: exactly one process runs the dungeon (its
    // lease); the other join is forwarded to that room or refused DUNGEON_BUSY, never a second room.
    const c = await start("slot-c");
    for (let round = 0; round < 2; round++) {
      const opens = await Promise.allSettled([connect(b.url).openDungeon(id), connect(c.url).openDungeon(id)]);
      const joined = opens.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      const refused = opens.flatMap((o) => (o.status === "rejected" ? [o.reason as { code?: string }] : []));
      expect(joined.length).toBeGreaterThanOrEqual(1);
      expect(joined.map((j) => j.roomId)).toEqual(joined.map(() => id));
      expect(refused.map((r) => r.code)).toEqual(refused.map(() => "DUNGEON_BUSY"));
      const [hb, hc] = [await health(b), await health(c)];
      expect(hb.rooms + hc.rooms).toBe(1);
      const holder = hb.rooms === 1 ? "slot-b" : "slot-c";
      expect(await store!.get(id)).toMatchObject({ status: "live", lease: { holder } });
      await Promise.all(joined.map((j) => j.leave()));
      await recordWhen(id, `the dungeon resting after round ${round}`, (r) => r.status === "resting" && r.lease === null);
    }

    for (const p of [b, c]) p.child.kill("SIGTERM");
    expect(await Promise.all([exitWithin(b, 10_000), exitWithin(c, 10_000)])).toEqual([0, 0]);
    handedOver = id;
  }, 40_000);

  it.skipIf(!up)("two processes starting at once both try to restore a dungeon a crash left live: the lease lets exactly one run it", async () => {
    const id = handedOver!;
    expect(id).toBeDefined();
    // As after a crash long ago: live, its lease expired (here: freed).
    await store!.setStatus(id, "live");
    expect(await store!.get(id)).toMatchObject({ status: "live", lease: null });
    const [d, e] = await Promise.all([start("slot-d"), start("slot-e")]);
    const outcome = (p: ServerProcess) => until(`${p.port}'s restore`, () => logLines(p, "live dungeons after start")[0]);
    const [od, oe] = [await outcome(d), await outcome(e)];
    const winner = od.restored === 1 ? d : e;
    const loser = winner === d ? e : d;
    expect([od.restored, oe.restored].sort()).toEqual([0, 1]);
    // The loser either saw the winner's lease in the store, or lost the race for it (DUNGEON_BUSY).
    const seen = logLines(loser, "live dungeon left to its lease holder")[0];
    const lost = logLines(loser, "live dungeon not restored at start")[0];
    expect(seen ?? lost).toBeDefined();
    if (seen) expect(seen).toMatchObject({ dungeonId: id, holder: winner === d ? "slot-d" : "slot-e" });
    else expect(lost!.reason).toMatch(/^DUNGEON_BUSY: dungeon .* is run by another process/);
    expect([(await health(winner)).rooms, (await health(loser)).rooms]).toEqual([1, 0]);
    expect(await store!.get(id)).toMatchObject({ status: "live", lease: { holder: winner === d ? "slot-d" : "slot-e" } });
    // The loser still serves the dungeon: a join through it reaches the winner's room.
    const watcher = await connect(loser.url).openDungeon(id);
    expect(watcher.roomId).toBe(id);
    await watcher.leave();
    for (const p of [d, e]) p.child.kill("SIGTERM");
    expect(await Promise.all([exitWithin(d, 10_000), exitWithin(e, 10_000)])).toEqual([0, 0]);
  }, 30_000);
});
