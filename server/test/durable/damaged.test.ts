import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DungeonAccessError } from "@malignus/client-sdk";
import type { SqliteDungeonStore } from "../../src/store/sqlite.ts";
import { until } from "../until.ts";
import { durableServer, rejection, roomOf } from "./harness.ts";

const h = durableServer();
/** A second connection to the server's SQLite file, to damage stored data as a disk or a person would. */
let db: DatabaseSync;
beforeAll(() => { db = new DatabaseSync((h.store() as SqliteDungeonStore).file); });
afterAll(() => db.close());

/** A stored dungeon with a pressure plate and a few inputs, left: resting. */
async function restingDungeon(seed: number): Promise<{ id: string; key: string }> {
  const keeper = await h.client().createDungeon({ seed, startPaused: true }, { name: "Morag" });
  expect(await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 })).toMatchObject({ ok: true });
  const id = keeper.roomId;
  const key = keeper.keeperKey!;
  await keeper.leave();
  await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting" && r.lease === null);
  return { id, key };
}

/**
 * Opens `id` and expects the DUNGEON_DAMAGED refusal; returns its message. When the data was
 * found bad by this open (`found`), the server logged it once as an error naming the problem.
 */
async function damagedOpen(id: string, key: string, found = true): Promise<string> {
  const before = damagedLogs(id).length;
  const err = await rejection(h.client().openDungeon(id, { keeperKey: key }));
  expect(err).toBeInstanceOf(DungeonAccessError);
  expect(err.code).toBe("DUNGEON_DAMAGED");
  const logged = damagedLogs(id).slice(before);
  expect(logged).toEqual(found ? [{ level: 50, msg: `dungeon damaged: ${err.message.slice("DUNGEON_DAMAGED: ".length)}` }] : []);
  return err.message;
}

/** The error lines the server logged about dungeon `id` being damaged. */
const damagedLogs = (id: string) => h.logs().filter((l) => l.dungeonId === id && String(l.msg).startsWith("dungeon damaged")).map((l) => ({ level: l.level, msg: l.msg }));

const snapshotText = (id: string): string => (db.prepare("SELECT state FROM snapshots WHERE dungeon_id = ?").get(id) as { state: string }).state;

describe("bad data, room side (issue 16 part 6)", () => {
  it("a truncated snapshot: a clear refusal naming it, the dungeon marked damaged and never overwritten; other rooms keep running", async () => {
    const other = h.track(await h.client().createDungeon({ seed: 30, timeScale: 60 }, { name: "Ann" }));
    const { id, key } = await restingDungeon(31);
    const text = snapshotText(id);
    const truncated = text.slice(0, Math.floor(text.length / 2));
    db.prepare("UPDATE snapshots SET state = ? WHERE dungeon_id = ?").run(truncated, id);

    const message = await damagedOpen(id, key);
    expect(message).toMatch(new RegExp(`^DUNGEON_DAMAGED: dungeon ${id}: truncated-snapshot: `));
    expect(roomOf(id)).toBeUndefined();
    const record = (await h.store().get(id))!;
    expect([record.status, record.statusReason, record.lease]).toEqual(["damaged", message.slice("DUNGEON_DAMAGED: ".length), null]);
    expect(snapshotText(id)).toBe(truncated); // left as it is

    // Never opens again, and says why; GET /dungeons/:id shows it.
    expect(await damagedOpen(id, key, false)).toBe(`DUNGEON_DAMAGED: dungeon ${id} is damaged: ${record.statusReason}`);
    const answer = await fetch(`${h.url().replace("ws", "http")}/dungeons/${id}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ dungeonId: id, status: "damaged", statusReason: record.statusReason });
    expect(snapshotText(id)).toBe(truncated);

    // The other dungeon never stopped.
    const tick = roomOf(other.roomId)!.simulation.tick;
    await until("the other room's clock moving on", () => (roomOf(other.roomId)!.simulation.tick > tick ? true : undefined));
    await other.leave();
  });

  it("a log that does not give the stored hash: hash-mismatch, damaged", async () => {
    const { id, key } = await restingDungeon(32);
    // The snapshot taken on leave includes every input; drop it so the log is replayed from creation…
    db.prepare("DELETE FROM snapshots WHERE dungeon_id = ?").run(id);
    // …with one input changed: the replayed state no longer has the stored hash.
    const row = db.prepare("SELECT input FROM inputs WHERE dungeon_id = ? AND seq = 1").get(id) as { input: string };
    db.prepare("UPDATE inputs SET input = ? WHERE dungeon_id = ? AND seq = 1").run(row.input.replace('"x":6', '"x":5'), id);
    expect(await damagedOpen(id, key)).toMatch(new RegExp(`^DUNGEON_DAMAGED: dungeon ${id}: hash-mismatch: restored state hash [0-9a-f]{16} at tick 0, stored [0-9a-f]{16} at tick 0$`));
    expect((await h.store().get(id))!.status).toBe("damaged");
  });

  it("a stored record whose create options do not parse: corrupt-record, refused; GET /dungeons/:id names it", async () => {
    const { id, key } = await restingDungeon(34);
    db.prepare("UPDATE dungeons SET options = ? WHERE dungeon_id = ?").run('{"seed": 34, "map": "defa', id);
    const message = await damagedOpen(id, key);
    expect(message).toMatch(new RegExp(`^DUNGEON_DAMAGED: dungeon ${id}: corrupt-record: `));
    expect(roomOf(id)).toBeUndefined();
    const answer = await fetch(`${h.url().replace("ws", "http")}/dungeons/${id}`);
    expect([answer.status, await answer.json()]).toEqual([500, { error: "DUNGEON_DATA", reason: message.slice("DUNGEON_DAMAGED: ".length) }]);
  });

  it("a hole in the log: seq-gap, damaged", async () => {
    const { id, key } = await restingDungeon(33);
    db.prepare("DELETE FROM snapshots WHERE dungeon_id = ?").run(id);
    db.prepare("DELETE FROM inputs WHERE dungeon_id = ? AND seq = 1").run(id);
    expect(await damagedOpen(id, key)).toMatch(new RegExp(`^DUNGEON_DAMAGED: dungeon ${id}: seq-gap: `));
    expect((await h.store().get(id))!.status).toBe("damaged");
  });
});
