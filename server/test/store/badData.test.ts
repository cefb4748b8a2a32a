import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMap } from "../../src/maps.ts";
import { createDungeonSimulation, type DungeonSimOptions } from "../../src/sim/inputs/create.ts";
import type { Input } from "../../src/sim/inputs/types.ts";
import { Simulation } from "../../src/sim/simulation.ts";
import type { SimState } from "../../src/sim/state.ts";
import { DungeonDataError, type DungeonStore, type LoadedDungeon } from "../../src/store/types.ts";
import { STORE_KINDS, newDungeon, openTestStore, type TestStore } from "./harness.ts";

const OPTIONS: DungeonSimOptions = { map: "default", seed: 7, ruleset: "d20", pauseOnSpot: true, skipToInvasion: false, startPaused: false };
const KEEPER = { kind: "keeper", seatId: "k1" } as const;

/** The real hash check a room passes to `load`. */
const verifyHash = (state: unknown): string => Simulation.restore(state as SimState).hash();

/** Restores a loaded dungeon the way a room does: snapshot (or creation) + the inputs after it, each at its tick. */
function restore(loaded: LoadedDungeon): Simulation {
  const sim = loaded.snapshot ? Simulation.restore(loaded.snapshot.state as SimState) : createDungeonSimulation(OPTIONS, loadMap("default"));
  for (const { input } of loaded.inputs) {
    while (sim.tick < input.tick) sim.step();
    expect(sim.enqueue(input.actor, input.command).ok).toBe(true);
  }
  return sim;
}

/** The rejection of `p`, which must be a DungeonDataError: `[problem, message]`. */
async function dataError(p: Promise<unknown>): Promise<[string, string]> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(DungeonDataError);
    const e = err as DungeonDataError;
    return [e.problem, e.message];
  }
  throw new Error("expected a DungeonDataError");
}

describe.each(STORE_KINDS)("bad data (%s): load() names the dungeon and what is wrong, and nothing is overwritten", (kind) => {
  let t: TestStore;
  /** The store this test opened; unset when openTestStore failed (no PostgreSQL: its error is the one to see, not the teardown's). */
  let opened: TestStore | undefined;
  let store: DungeonStore;
  /** JSON text of the stored snapshot (what the store wrote). */
  let snapshotText: string;
  let snapshotTick: number;
  let liveHash: string;

  /** Saves a real game: 4 inputs, a snapshot after the first 2 at tick 30, the last input at tick 45. */
  beforeEach(async () => {
    opened = undefined;
    t = opened = await openTestStore(kind);
    store = t.store;
    await store.create(newDungeon("d1", { options: { ...OPTIONS } }));
    const sim = createDungeonSimulation(OPTIONS, loadMap("default"));
    let seq = 0;
    const input = async (x: number): Promise<void> => {
      expect(sim.enqueue(KEEPER, { type: "placePart", kind: "pressurePlate", x, y: 15 })).toMatchObject({ ok: true });
      await store.appendInputs("d1", seq, [sim.inputLog[seq] as Input], { day: 1, tick: sim.tick, hash: sim.hash() });
      seq++;
    };
    await input(5);
    while (sim.tick < 20) sim.step();
    await input(9);
    while (sim.tick < 30) sim.step();
    const state = sim.snapshot();
    snapshotText = JSON.stringify(state);
    snapshotTick = sim.tick;
    await store.saveSnapshot("d1", { nextSeq: 2, tick: sim.tick, hash: sim.hash(), state }, { day: 1 });
    await input(13);
    while (sim.tick < 45) sim.step();
    await input(17);
    liveHash = sim.hash();
  });
  afterEach(() => opened?.dispose());

  it("sound data restores to the hash it had after its last logged input", async () => {
    const loaded = await store.load("d1", { verifyHash });
    expect([loaded.snapshot!.tick, loaded.snapshot!.nextSeq, loaded.inputs.map((i) => i.seq)]).toEqual([30, 2, [2, 3]]);
    expect(loaded.record.hash).toBe(liveHash);
    expect(restore(loaded).hash()).toBe(liveHash);
    expect(restore({ ...loaded, snapshot: null, inputs: await store.inputs("d1") }).hash()).toBe(liveHash);
  });

  it("an unknown dungeon id", async () => {
    expect(await dataError(store.load("nope"))).toEqual(["unknown-dungeon", "dungeon nope: unknown-dungeon: no dungeon with this id is stored"]);
    expect(await dataError(store.inputs("nope"))).toEqual(["unknown-dungeon", "dungeon nope: unknown-dungeon: no dungeon with this id is stored"]);
  });

  it("a truncated snapshot; marked damaged, its data stays as it was", async () => {
    const cut = snapshotText.slice(0, snapshotText.length - 40);
    await t.raw("UPDATE snapshots SET state = $1 WHERE dungeon_id = $2", [cut, "d1"]);
    const [problem, message] = await dataError(store.load("d1", { verifyHash }));
    expect(problem).toBe("truncated-snapshot");
    expect(message).toBe(`dungeon d1: truncated-snapshot: snapshot at tick 30 (nextSeq 2): ${cut.length} bytes of JSON: ${jsonError(cut)}`);
    await store.setStatus("d1", "damaged", message);
    expect(await dataError(store.load("d1"))).toEqual([problem, message]);
    expect(await store.get("d1")).toMatchObject({ status: "damaged", statusReason: message, inputCount: 4, snapshotSeq: 2, snapshotTick: snapshotTick });
  });

  it("a corrupt snapshot (bytes changed inside the JSON)", async () => {
    const bad = snapshotText.replace('"units":', '"units" ');
    await t.raw("UPDATE snapshots SET state = $1 WHERE dungeon_id = $2", [bad, "d1"]);
    const at = bad.indexOf('"units" ') + '"units"'.length;
    expect(await dataError(store.load("d1", { verifyHash }))).toEqual(["corrupt-snapshot",
      `dungeon d1: corrupt-snapshot: snapshot at tick 30 (nextSeq 2): ${bad.length} bytes of JSON: Expected ':' after property name in JSON at position ${at + 1} (line 1 column ${at + 2})`]);
    await t.raw("UPDATE snapshots SET state = $1 WHERE dungeon_id = $2", ["[1,2]", "d1"]);
    expect(await dataError(store.load("d1"))).toEqual(["corrupt-snapshot", "dungeon d1: corrupt-snapshot: snapshot at tick 30 (nextSeq 2): not a JSON object"]);
  });

  it("a snapshot whose state no longer hashes to its recorded hash (valid JSON, one number changed)", async () => {
    const metal = /"metal":(\d+)/.exec(snapshotText)!;
    const bad = snapshotText.replace(metal[0], `"metal":${Number(metal[1]) + 1}`);
    await t.raw("UPDATE snapshots SET state = $1 WHERE dungeon_id = $2", [bad, "d1"]);
    const recorded = (await store.load("d1")).snapshot!.hash;
    const actual = verifyHash(JSON.parse(bad));
    expect(actual).not.toBe(recorded);
    expect(await dataError(store.load("d1", { verifyHash }))).toEqual(["hash-mismatch",
      `dungeon d1: hash-mismatch: snapshot at tick 30 (nextSeq 2) hashes to ${actual}, recorded ${recorded}`]);
  });

  it("a snapshot state the simulation refuses (another state version)", async () => {
    await t.raw("UPDATE snapshots SET state = $1 WHERE dungeon_id = $2", [snapshotText.replace('"version":1', '"version":2'), "d1"]);
    expect(await dataError(store.load("d1", { verifyHash }))).toEqual(["corrupt-snapshot",
      "dungeon d1: corrupt-snapshot: snapshot at tick 30 (nextSeq 2): state refused: unsupported snapshot version 2"]);
  });

  it("a seq gap in the log after the snapshot, and at its start", async () => {
    await t.raw("DELETE FROM inputs WHERE dungeon_id = $1 AND seq = 2", ["d1"]);
    expect(await dataError(store.load("d1"))).toEqual(["seq-gap", "dungeon d1: seq-gap: input seq 2 missing (the log from seq 2 starts at seq 3)"]);
    expect(await dataError(store.inputs("d1"))).toEqual(["seq-gap", "dungeon d1: seq-gap: input seq 2 missing (after seq 1, next stored seq 3)"]);
  });

  it("a truncated log (its last inputs gone)", async () => {
    await t.raw("DELETE FROM inputs WHERE dungeon_id = $1 AND seq >= 3", ["d1"]);
    expect(await dataError(store.load("d1"))).toEqual(["truncated-log", "dungeon d1: truncated-log: the log ends at seq 2, the record says 4 inputs"]);
    await t.raw("DELETE FROM inputs WHERE dungeon_id = $1", ["d1"]);
    expect(await dataError(store.load("d1"))).toEqual(["truncated-log", "dungeon d1: truncated-log: no input from seq 2, the record says 4 inputs"]);
    await t.raw("UPDATE snapshots SET next_seq = 9 WHERE dungeon_id = $1", ["d1"]);
    expect(await dataError(store.load("d1"))).toEqual(["truncated-log", "dungeon d1: truncated-log: snapshot at tick 30 (nextSeq 9) includes 9 inputs, the log has 4"]);
  });

  it("a corrupt or truncated input row", async () => {
    await t.raw("UPDATE inputs SET input = $1 WHERE dungeon_id = $2 AND seq = 3", ['{"tick":45,"actor":{"kind":"keeper"', "d1"]);
    expect(await dataError(store.load("d1"))).toEqual(["corrupt-input",
      `dungeon d1: corrupt-input: input seq 3: ${jsonError('{"tick":45,"actor":{"kind":"keeper"')}`]);
    await t.raw("UPDATE inputs SET input = $1 WHERE dungeon_id = $2 AND seq = 3", ['{"tick":45}', "d1"]);
    expect(await dataError(store.load("d1"))).toEqual(["corrupt-input", "dungeon d1: corrupt-input: input seq 3: not an { tick, actor, command } object"]);
  });

  it("a snapshot or record of another format version", async () => {
    await t.raw("UPDATE snapshots SET format = 2 WHERE dungeon_id = $1", ["d1"]);
    expect(await dataError(store.load("d1"))).toEqual(["unknown-format",
      "dungeon d1: unknown-format: snapshot at tick 30 (nextSeq 2) has format 2, this server reads format 1"]);
    await t.raw("UPDATE dungeons SET format = 3 WHERE dungeon_id = $1", ["d1"]);
    expect(await dataError(store.load("d1"))).toEqual(["unknown-format", "dungeon d1: unknown-format: dungeon record format 3, this server reads format 1"]);
  });

  it("corrupt create options", async () => {
    await t.raw("UPDATE dungeons SET options = $1 WHERE dungeon_id = $2", ['{"seed":"x"}', "d1"]);
    expect(await dataError(store.load("d1"))).toEqual(["corrupt-record", "dungeon d1: corrupt-record: create options: not a JSON object with a numeric seed"]);
    expect((await store.list()).dungeons.map((d) => d.dungeonId)).toEqual(["d1"]);
  });
});

/** V8's JSON.parse message for `text` (the detail the store quotes). */
function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("valid JSON");
}
