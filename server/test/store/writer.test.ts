import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PostgresDungeonStore } from "../../src/store/postgres.ts";
import { SqliteDungeonStore } from "../../src/store/sqlite.ts";
import { StoreError, type DungeonStore, type StoreWrite } from "../../src/store/types.ts";
import { StoreWriter } from "../../src/store/writer.ts";
import { until } from "../until.ts";
import { newDungeon, openTestStore, plate, type TestStore } from "./harness.ts";
import { TEST_DATABASE_URL, createTestDatabase, type TestDatabase } from "./pgTestDb.ts";
import { Relay } from "./relay.ts";

/** A store that counts the batches written through it (the real store does the writing). */
function counting(store: DungeonStore): { store: DungeonStore; batches: StoreWrite[][] } {
  const batches: StoreWrite[][] = [];
  const write = store.write.bind(store);
  store.write = (batch) => { batches.push(batch.map((w) => ({ ...w }))); return write(batch); };
  return { store, batches };
}

async function rejection(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    return { code: (err as StoreError).code, message: (err as Error).message };
  }
  throw new Error("expected a rejection");
}

describe("StoreWriter over SQLite", () => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore("sqlite");
    await t.store.create(newDungeon("a"));
    await t.store.create(newDungeon("b"));
  });
  afterEach(() => t.dispose());

  it("queues off the caller's path and writes a step's inputs of every dungeon in one batch; the last progress wins", async () => {
    const { store, batches } = counting(t.store);
    const writer = new StoreWriter(store, { log: () => { throw new Error("no log expected"); } });
    const acks = [
      writer.append("a", plate(0, 5), 0, { day: 1, tick: 0, hash: "000000000000000a" }),
      writer.append("b", plate(0, 9), 0),
      writer.append("a", plate(0, 13), 1, { day: 1, tick: 0, hash: "000000000000000b" }),
      writer.snapshot("a", { nextSeq: 2, tick: 0, hash: "000000000000000b", state: { s: 1 } }, { day: 1 }),
      writer.append("a", plate(3, 17), 2),
    ];
    expect([writer.queued, batches.length, (await t.store.get("a"))!.inputCount]).toEqual([4, 0, 0]);
    await Promise.all(acks);
    expect(batches.length).toBe(1);
    expect(batches[0]!.map((w) => (w.kind === "inputs" ? `${w.dungeonId} inputs ${w.firstSeq}+${w.inputs.length}` : `${w.dungeonId} snapshot`)))
      .toEqual(["a inputs 0+2", "a snapshot", "a inputs 2+1", "b inputs 0+1"]);
    expect(await t.store.get("a")).toMatchObject({ inputCount: 3, hash: "000000000000000b", snapshotSeq: 2 });
    expect((await t.store.inputs("b")).map((i) => i.input)).toEqual([plate(0, 9)]);
    expect([writer.queued, writer.degraded, writer.full]).toEqual([0, false, false]);
  });

  it("a refused write fails only its own dungeon's writes", async () => {
    await t.store.setStatus("b", "damaged", "test");
    const writer = new StoreWriter(t.store);
    const a0 = writer.append("a", plate(0, 5), 0);
    const b0 = writer.append("b", plate(0, 5), 0);
    const a1 = writer.append("a", plate(0, 9), 1);
    const a9 = writer.append("a", plate(0, 13), 9);
    await Promise.all([a0, a1]);
    expect(await rejection(b0)).toEqual({ code: "DAMAGED", message: "dungeon b: damaged (test), nothing written" });
    expect(await rejection(a9)).toEqual({ code: "SEQ_CONFLICT", message: "dungeon a: inputs from seq 9 would leave a hole (2 stored)" });
    expect([(await t.store.get("a"))!.inputCount, (await t.store.get("b"))!.inputCount, writer.queued]).toEqual([2, 0, 0]);
  });

  it("flush() waits for everything queued; close() writes what is queued and refuses new writes", async () => {
    const writer = new StoreWriter(t.store);
    void writer.append("a", plate(0, 5), 0);
    void writer.append("a", plate(0, 9), 1);
    await writer.flush();
    expect((await t.store.get("a"))!.inputCount).toBe(2);
    void writer.append("a", plate(0, 13), 2);
    await writer.close();
    expect((await t.store.get("a"))!.inputCount).toBe(3);
    expect(await rejection(writer.append("a", plate(0, 17), 3))).toEqual({ code: "CLOSED", message: "dungeon a: input seq 3 refused: the store writer is closed" });
  });

  it("refuses past its bound even while the database answers slowly", async () => {
    const sqlite = t.store as SqliteDungeonStore;
    const writer = new StoreWriter(sqlite, { maxQueued: 2 });
    const acks = [writer.append("a", plate(0, 5), 0), writer.append("a", plate(0, 9), 1)];
    expect(writer.full).toBe(true);
    expect(await rejection(writer.append("a", plate(0, 13), 2))).toEqual({
      code: "STORE_UNAVAILABLE", message: "dungeon a: input seq 2 refused: the store is unavailable (2 inputs queued, the bound)",
    });
    await Promise.all(acks);
    expect(writer.full).toBe(false);
  });
});

describe("StoreWriter over SQLite locked by another process", () => {
  let t: TestStore;
  beforeEach(async () => { t = await openTestStore("sqlite"); });
  afterEach(() => t.dispose());

  it("a write lock held elsewhere past the busy timeout is STORE_UNAVAILABLE; the writer queues and writes once it is released", async () => {
    const store = new SqliteDungeonStore({ file: t.location, busyTimeoutMs: 20 });
    await store.init();
    await store.create(newDungeon("d1"));
    const other = new DatabaseSync(t.location);
    other.exec("BEGIN IMMEDIATE");
    expect(await rejection(store.appendInputs("d1", 0, [plate(0, 5)]))).toEqual({
      code: "STORE_UNAVAILABLE", message: `sqlite store ${t.location}: database is locked`,
    });
    const logs: string[] = [];
    const writer = new StoreWriter(store, { retryMinMs: 10, retryMaxMs: 20, log: (level) => logs.push(level) });
    const acks = [writer.append("d1", plate(0, 5), 0), writer.append("d1", plate(0, 9), 1)];
    await until("the writer degraded", () => writer.degraded || undefined);
    expect([writer.queued, logs]).toEqual([2, ["warn"]]);
    other.exec("ROLLBACK");
    other.close();
    await Promise.all(acks);
    expect([writer.degraded, writer.queued, logs]).toEqual([false, 0, ["warn", "info"]]);
    expect((await store.inputs("d1")).map((i) => i.input)).toEqual([plate(0, 5), plate(0, 9)]);
    await store.close();
  });
});


describe("StoreWriter over PostgreSQL that goes away", () => {
  let db: TestDatabase;
  let relay: Relay;
  let store: PostgresDungeonStore;
  let direct: PostgresDungeonStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    const target = new URL(TEST_DATABASE_URL);
    relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
    await relay.start();
    const url = new URL(db.url);
    url.hostname = "127.0.0.1";
    url.port = String(relay.port);
    store = new PostgresDungeonStore({ connectionString: url.toString(), connectTimeoutMs: 500 });
    await store.init();
    direct = new PostgresDungeonStore({ connectionString: db.url });
    await direct.init();
    await store.create(newDungeon("d1"));
  });
  afterAll(async () => {
    await store.close();
    await direct.close();
    await relay.stop();
    await db.drop();
  });

  it("keeps inputs queued up to its bound, refuses past it, logs once each way, and writes them all when it returns", async () => {
    const logs: string[] = [];
    const { batches } = counting(store);
    const writer = new StoreWriter(store, { maxQueued: 5, retryMinMs: 20, retryMaxMs: 80, log: (level, m) => logs.push(`${level}: ${m}`) });
    await writer.append("d1", plate(0, 5), 0);
    expect([writer.degraded, logs]).toEqual([false, []]);

    await relay.stop();
    const queued = [1, 2, 3, 4, 5].map((seq) => writer.append("d1", plate(seq, 5), seq));
    await until("the writer degraded", () => writer.degraded || undefined);
    expect([writer.queued, writer.full]).toEqual([5, true]);
    expect(await rejection(writer.append("d1", plate(6, 5), 6))).toEqual({
      code: "STORE_UNAVAILABLE", message: "dungeon d1: input seq 6 refused: the store is unavailable (5 inputs queued, the bound)",
    });
    const snapshots = [3, 5].map((n) => writer.snapshot("d1", { nextSeq: n, tick: n, hash: `000000000000000${n}`, state: { n } }, { day: 1 }));
    expect(writer.queuedSnapshots).toBe(1); // the newer replaced the older, not yet written
    const tries = batches.length;
    expect(await writer.flush(300)).toBe(false); // several retries fail meanwhile: 20, 40, 80, 80… ms apart
    expect(batches.length - tries).toBeGreaterThanOrEqual(3);
    expect(batches.slice(tries).every((b) => b.map((w) => w.kind).join() === "inputs,snapshot")).toBe(true);
    expect(logs.length).toBe(1);
    expect(logs[0]).toMatch(/^warn: store unavailable, writes queued in memory \(at most 5 inputs\) and retried: postgres store: \S/);
    expect((await direct.get("d1"))!.inputCount).toBe(1);

    await relay.start();
    expect(await writer.flush(5000)).toBe(true);
    await Promise.all([...queued, ...snapshots]);
    expect([writer.degraded, writer.queued, writer.full, writer.queuedSnapshots]).toEqual([false, 0, false, 0]);
    expect((await direct.load("d1")).snapshot).toEqual({ nextSeq: 5, tick: 5, hash: "0000000000000005", state: { n: 5 } });
    expect(logs.length).toBe(2);
    expect(logs[1]).toMatch(/^info: store back after \d+ ms, queued writes saved$/);
    expect((await direct.inputs("d1")).map((i) => [i.seq, i.input.tick])).toEqual([[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [5, 5]]);
    await writer.append("d1", plate(6, 5), 6);
    expect((await direct.get("d1"))!.inputCount).toBe(7);
  });

  it("a store call while the database is away rejects STORE_UNAVAILABLE; connections killed by pg_terminate_backend are replaced", async () => {
    await relay.stop();
    expect(await rejection(store.get("d1"))).toMatchObject({ code: "STORE_UNAVAILABLE" });
    await relay.start();
    expect((await store.get("d1"))!.inputCount).toBe(7);
    expect((await direct.inputs("d1")).length).toBe(7); // `direct` holds a pooled connection now
    const logs: string[] = [];
    const writer = new StoreWriter(direct, { retryMinMs: 10, log: (level) => logs.push(level) });
    const terminated = await terminateBackends(db);
    expect(terminated).toBeGreaterThan(0);
    await writer.append("d1", plate(7, 5), 7);
    expect((await direct.get("d1"))!.inputCount).toBe(8);
    expect(logs.length === 0 || logs.join() === "warn,info").toBe(true); // a killed idle connection may or may not be met first
  });
});

/** Terminates every other connection to the test database; returns how many. */
async function terminateBackends(db: TestDatabase): Promise<number> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [db.name]);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}
