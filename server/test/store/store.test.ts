import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StoreError, type DungeonStore } from "../../src/store/types.ts";
import { STORE_KINDS, newDungeon, openTestStore, plate, type TestStore } from "./harness.ts";

/** The promise's rejection as `{ name, code, message }`. */
async function refusal(p: Promise<unknown>): Promise<{ name: string; code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    const e = err as StoreError;
    return { name: e.name, code: e.code, message: e.message };
  }
  throw new Error("expected a rejection");
}

describe.each(STORE_KINDS)("DungeonStore (%s)", (kind) => {
  let t: TestStore;
  /** The store this test opened; unset when openTestStore failed (no PostgreSQL: its error is the one to see, not the teardown's). */
  let opened: TestStore | undefined;
  let store: DungeonStore;
  beforeEach(async () => {
    opened = undefined;
    t = opened = await openTestStore(kind);
    store = t.store;
  });
  afterEach(() => opened?.dispose());

  it("creates a dungeon live on day 1 at tick 0 with no snapshot and no input, and refuses its id twice", async () => {
    const record = await store.create(newDungeon("d1", { private: true }));
    expect({ ...record, createdAt: 0, updatedAt: 0 }).toEqual({
      dungeonId: "d1", options: { seed: 7, map: "default", ruleset: "d20", timeScale: 1 }, map: "default", ruleset: "d20",
      ownerName: "Ann", keeperKeyHash: "scrypt$16384$8$1$c2FsdA$aGFzaA", private: true, status: "live", statusReason: null,
      day: 1, tick: 0, hash: "", inputCount: 0, snapshotSeq: null, snapshotTick: null, createdAt: 0, updatedAt: 0, lease: null,
    });
    expect(Math.abs(record.createdAt - Date.now())).toBeLessThan(5000);
    expect(await store.get("d1")).toEqual(record);
    expect(await store.get("nope")).toBeUndefined();
    expect(await refusal(store.create(newDungeon("d1")))).toEqual({ name: "StoreError", code: "DUNGEON_EXISTS", message: "dungeon d1: already stored" });
    expect(kind).toBe(store.kind);
  });

  it("appends inputs by seq with progress; restore = snapshot + the inputs after it; the full log stays for replays", async () => {
    await store.create(newDungeon("d1"));
    await store.appendInputs("d1", 0, [plate(0, 5), plate(0, 6)], { day: 1, tick: 0, hash: "00000000000000a1" });
    await store.appendInputs("d1", 2, [plate(12, 7)]);
    let loaded = await store.load("d1");
    expect(loaded.snapshot).toBeNull();
    expect(loaded.inputs).toEqual([{ seq: 0, input: plate(0, 5) }, { seq: 1, input: plate(0, 6) }, { seq: 2, input: plate(12, 7) }]);
    expect([loaded.record.inputCount, loaded.record.tick, loaded.record.hash]).toEqual([3, 0, "00000000000000a1"]);

    await store.saveSnapshot("d1", { nextSeq: 2, tick: 10, hash: "00000000000000b2", state: { version: 1, tick: 10, units: { a: [1, 2] } } }, { day: 1 });
    await store.appendInputs("d1", 3, [plate(30, 8)], { day: 2, tick: 14_430, hash: "00000000000000c3" });
    loaded = await store.load("d1");
    expect(loaded.snapshot).toEqual({ nextSeq: 2, tick: 10, hash: "00000000000000b2", state: { version: 1, tick: 10, units: { a: [1, 2] } } });
    expect(loaded.inputs.map((i) => i.seq)).toEqual([2, 3]);
    expect(loaded.inputs[1]!.input).toEqual(plate(30, 8));
    expect([loaded.record.day, loaded.record.tick, loaded.record.hash, loaded.record.snapshotSeq, loaded.record.snapshotTick])
      .toEqual([2, 14_430, "00000000000000c3", 2, 10]);
    expect((await store.inputs("d1")).map((i) => i.seq)).toEqual([0, 1, 2, 3]);
    expect((await store.inputs("d1", 3)).map((i) => i.input)).toEqual([plate(30, 8)]);
  });

  it("keeps only the latest snapshot; a later snapshot moves day/tick/hash, an older one does not", async () => {
    await store.create(newDungeon("d1"));
    await store.appendInputs("d1", 0, [plate(0, 5)], { day: 1, tick: 600, hash: "0000000000000001" });
    await store.saveSnapshot("d1", { nextSeq: 1, tick: 1200, hash: "0000000000000002", state: { n: 1 } }, { day: 1 });
    expect(await store.get("d1")).toMatchObject({ day: 1, tick: 1200, hash: "0000000000000002", snapshotSeq: 1, snapshotTick: 1200 });
    await store.saveSnapshot("d1", { nextSeq: 1, tick: 900, hash: "0000000000000003", state: { n: 2 } }, { day: 1 });
    expect(await store.get("d1")).toMatchObject({ day: 1, tick: 1200, hash: "0000000000000002", snapshotSeq: 1, snapshotTick: 900 });
    expect((await store.load("d1")).snapshot).toEqual({ nextSeq: 1, tick: 900, hash: "0000000000000003", state: { n: 2 } });
  });

  it("an append repeated after a lost answer keeps the stored rows; a hole or an unknown id is refused", async () => {
    await store.create(newDungeon("d1"));
    await store.appendInputs("d1", 0, [plate(0, 5), plate(0, 6)]);
    await store.appendInputs("d1", 1, [plate(0, 99), plate(3, 7)]);
    expect((await store.inputs("d1")).map((i) => i.input)).toEqual([plate(0, 5), plate(0, 6), plate(3, 7)]);
    expect(await refusal(store.appendInputs("d1", 5, [plate(9, 9)]))).toEqual({
      name: "StoreError", code: "SEQ_CONFLICT", message: "dungeon d1: inputs from seq 5 would leave a hole (3 stored)",
    });
    expect(await refusal(store.saveSnapshot("d1", { nextSeq: 4, tick: 0, hash: "", state: {} }, { day: 1 }))).toEqual({
      name: "StoreError", code: "SEQ_CONFLICT", message: "dungeon d1: snapshot includes 4 inputs, only 3 stored",
    });
    expect(await refusal(store.appendInputs("zz", 0, [plate(0, 1)]))).toEqual({
      name: "StoreError", code: "UNKNOWN_DUNGEON", message: "dungeon zz: unknown dungeon, nothing written",
    });
    expect(await refusal(store.setStatus("zz", "resting"))).toMatchObject({ code: "UNKNOWN_DUNGEON" });
    expect((await store.get("d1"))!.inputCount).toBe(3);
  });

  it("write() is all or nothing across dungeons", async () => {
    await store.create(newDungeon("a"));
    await store.create(newDungeon("b"));
    await store.write([
      { kind: "inputs", dungeonId: "a", firstSeq: 0, inputs: [plate(0, 1)] },
      { kind: "inputs", dungeonId: "b", firstSeq: 0, inputs: [plate(0, 2), plate(1, 3)] },
      { kind: "snapshot", dungeonId: "b", snapshot: { nextSeq: 2, tick: 5, hash: "0000000000000005", state: { b: true } }, meta: { day: 1 } },
    ]);
    expect([(await store.get("a"))!.inputCount, (await store.get("b"))!.inputCount, (await store.get("b"))!.snapshotSeq]).toEqual([1, 2, 2]);
    const refused = await refusal(store.write([
      { kind: "inputs", dungeonId: "a", firstSeq: 1, inputs: [plate(2, 4)] },
      { kind: "inputs", dungeonId: "b", firstSeq: 9, inputs: [plate(2, 5)] },
    ]));
    expect(refused.code).toBe("SEQ_CONFLICT");
    expect((await store.inputs("a")).length).toBe(1);
  });

  it("a damaged dungeon is never written again; its status changes nothing else", async () => {
    await store.create(newDungeon("d1"));
    await store.appendInputs("d1", 0, [plate(0, 5)], { day: 1, tick: 0, hash: "0000000000000001" });
    await store.saveSnapshot("d1", { nextSeq: 1, tick: 0, hash: "0000000000000001", state: { s: 1 } }, { day: 1 });
    const before = await store.load("d1");
    await store.setStatus("d1", "damaged", "dungeon d1: seq-gap: input seq 7 missing");
    expect(await refusal(store.appendInputs("d1", 1, [plate(1, 6)]))).toEqual({
      name: "StoreError", code: "DAMAGED", message: "dungeon d1: damaged (dungeon d1: seq-gap: input seq 7 missing), nothing written",
    });
    expect(await refusal(store.saveSnapshot("d1", { nextSeq: 1, tick: 5, hash: "0000000000000009", state: { s: 2 } }, { day: 1 }))).toMatchObject({ code: "DAMAGED" });
    const after = await store.load("d1");
    expect(after.record).toEqual({ ...before.record, status: "damaged", statusReason: "dungeon d1: seq-gap: input seq 7 missing", updatedAt: after.record.updatedAt });
    expect([after.snapshot, after.inputs]).toEqual([before.snapshot, before.inputs]);
    await store.setStatus("d1", "resting");
    expect(await store.get("d1")).toMatchObject({ status: "resting", statusReason: null });
  });

  it("lists with paging, oldest first, and filters by status", async () => {
    for (const id of ["a", "b", "c", "d", "e"]) {
      await store.create(newDungeon(id, { ownerName: `owner-${id}`, ruleset: id === "c" ? "d100" : "d20" }));
      await new Promise((r) => setTimeout(r, 3));
    }
    await store.setStatus("b", "resting");
    await store.setStatus("d", "resting");
    const page = await store.list({ offset: 1, limit: 2 });
    expect(page.total).toBe(5);
    expect(page.dungeons.map((d) => ({ ...d, createdAt: 0, updatedAt: 0 }))).toEqual([
      { dungeonId: "b", map: "default", ruleset: "d20", ownerName: "owner-b", private: false, status: "resting", day: 1, tick: 0, createdAt: 0, updatedAt: 0 },
      { dungeonId: "c", map: "default", ruleset: "d100", ownerName: "owner-c", private: false, status: "live", day: 1, tick: 0, createdAt: 0, updatedAt: 0 },
    ]);
    expect((await store.list()).dungeons.map((d) => d.dungeonId)).toEqual(["a", "b", "c", "d", "e"]);
    expect(await store.list({ offset: 10, limit: 2 })).toEqual({ total: 5, dungeons: [] });
    const resting = await store.list({ status: "resting" });
    expect([resting.total, resting.dungeons.map((d) => d.dungeonId)]).toEqual([2, ["b", "d"]]);
    expect((await store.list({ limit: 0 })).dungeons.length).toBe(1);
  });

  it("leases: one holder at a time, renewed by its holder, taken over once expired, released by its holder only", async () => {
    await store.create(newDungeon("d1"));
    const other = t.reopen();
    await other.init();
    const [p1, p2] = await Promise.all([store.acquireLease("d1", "proc-1", 60_000), other.acquireLease("d1", "proc-2", 60_000)]);
    expect([p1, p2].filter(Boolean).length).toBe(1);
    const [holder, loser] = p1 ? ["proc-1", "proc-2"] : ["proc-2", "proc-1"];
    expect((await store.get("d1"))!.lease!.holder).toBe(holder);
    expect(await store.acquireLease("d1", loser, 60_000)).toBe(false);
    expect(await store.acquireLease("d1", holder, 60_000)).toBe(true);
    expect(await store.renewLease("d1", loser, 60_000)).toBe(false);
    expect(await store.renewLease("d1", holder, 80)).toBe(true);
    await store.releaseLease("d1", loser);
    expect((await store.get("d1"))!.lease!.holder).toBe(holder);
    await new Promise((r) => setTimeout(r, 150));
    expect(await store.acquireLease("d1", loser, 60_000)).toBe(true);
    expect(await store.renewLease("d1", holder, 60_000)).toBe(false);
    await store.releaseLease("d1", loser);
    expect((await store.get("d1"))!.lease).toBeNull();
    expect(await store.acquireLease("unknown", holder, 1000)).toBe(false);
  });

  it("another store over the same data sees every write (a restart); init() twice applies nothing twice; close() refuses later calls", async () => {
    await store.create(newDungeon("d1"));
    await store.appendInputs("d1", 0, [plate(0, 5)]);
    const again = t.reopen();
    await again.init();
    await again.init();
    expect((await again.load("d1")).inputs).toEqual([{ seq: 0, input: plate(0, 5) }]);
    await again.close();
    expect(await refusal(again.get("d1"))).toEqual({ name: "StoreError", code: "CLOSED", message: `${kind} store: closed` });
  });
});
