import { Relay } from "../store/relay.ts";
import { describe, expect, it } from "vitest";
import { PostgresDungeonStore } from "../../src/store/postgres.ts";
import { TEST_DATABASE_URL, createTestDatabase } from "../store/pgTestDb.ts";
import { until } from "../until.ts";
import { durableServer, roomOf } from "./harness.ts";

const target = new URL(TEST_DATABASE_URL);
const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
/** Most inputs the server queues while the database is away (the writer's bound, small here). */
const BOUND = 2;
const h = durableServer({
  writer: { maxQueued: BOUND, retryMinMs: 20, retryMaxMs: 100 },
  open: async () => {
    const db = await createTestDatabase();
    await relay.start();
    const url = new URL(db.url);
    url.host = `127.0.0.1:${relay.port}`;
    return {
      store: new PostgresDungeonStore({ connectionString: url.toString() }),
      dispose: async () => { await relay.stop(); await db.drop(); },
    };
  },
});
const health = async (): Promise<{ status: string }> => (await fetch(`${h.url().replace("ws", "http")}/health`)).json() as Promise<{ status: string }>;

describe("durable dungeons on PostgreSQL (issue 16 parts 1, 2, 6)", () => {
  it("leave and reopen: the same state hash and the trap", async () => {
    expect(h.store().kind).toBe("postgres");
    const keeper = h.track(await h.client().createDungeon({ seed: 51, timeScale: 60 }, { name: "Morag" }));
    const id = keeper.roomId;
    expect(await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 })).toMatchObject({ ok: true });
    await until("a few ticks", () => (roomOf(id)!.simulation.tick >= 30 ? true : undefined));
    await keeper.leave();
    const rested = await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting" && r.lease === null);
    const again = h.track(await h.client().openDungeon(id, { keeperKey: keeper.keeperKey! }));
    expect(roomOf(id)!.restoredAt).toEqual({ tick: rested.tick, hash: rested.hash });
    expect([...again.state.parts.values()].some((p) => p.kind === "pressurePlate" && p.x === 6 && p.y === 15)).toBe(true);
    await again.leave();
    await h.recordWhen(id, "the dungeon resting again", (r) => r.status === "resting" && r.lease === null && r.updatedAt > rested.updatedAt);
  });

  it("the database away: the room keeps ticking, commands wait (queued) up to the bound, then are refused STORE_UNAVAILABLE before they apply; /health degraded; all written when it is back", async () => {
    const keeper = h.track(await h.client().createDungeon({ seed: 52, timeScale: 60, reconnectSeconds: 0 }, { name: "Morag" }));
    const id = keeper.roomId;
    const room = roomOf(id)!;
    await h.recordWhen(id, "the keeper's seats input stored", (r) => r.inputCount === 1);
    expect(await health()).toEqual(expect.objectContaining({ status: "ok" }));

    await relay.stop();
    const queued = [
      keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 }),
      keeper.placePart({ kind: "spinningBlades", x: 9, y: 15 }),
    ];
    await until("the store degraded", async () => ((await health()).status === "degraded" ? true : undefined));
    const parts = Object.keys(room.simulation.state.parts).length;
    expect(await keeper.placePart({ kind: "spinningBlades", x: 12, y: 15 })).toEqual({
      ok: false, code: "STORE_UNAVAILABLE", reason: "the dungeon store is unavailable: try again later",
    });
    expect(Object.keys(room.simulation.state.parts).length).toBe(parts); // refused before it applied
    const tick = room.simulation.tick;
    await until("the room ticking on", () => (room.simulation.tick > tick + 10 ? true : undefined));

    await relay.start();
    expect(await Promise.all(queued)).toEqual([{ ok: true, id: expect.any(String) }, { ok: true, id: expect.any(String) }]);
    await until("the store back", async () => ((await health()).status === "ok" ? true : undefined));
    const log = await h.store().inputs(id);
    expect(log.slice(1).map((i) => i.input.command)).toEqual([
      { type: "placePart", kind: "pressurePlate", x: 6, y: 15 }, { type: "placePart", kind: "spinningBlades", x: 9, y: 15 },
    ]);
    const warned = h.logs().filter((l) => l.level === 40).map((l) => String(l.msg));
    expect(warned.some((m) => /unavailable|unreachable/i.test(m))).toBe(true);
    await keeper.leave();
    await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting" && r.lease === null);
  });
});
