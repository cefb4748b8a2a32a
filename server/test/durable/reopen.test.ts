import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_MINUTE } from "@malignus/shared";
import { SNAPSHOT_EVERY_TICKS } from "../../src/store/types.ts";
import { until } from "../until.ts";
import { durableServer, roomOf } from "./harness.ts";

const h = durableServer();

const plateAt = (parts: Iterable<{ kind: string; x: number; y: number }>, x: number, y: number): boolean =>
  [...parts].some((p) => p.kind === "pressurePlate" && p.x === x && p.y === y);

describe("a dungeon outlives its room (issue 16 part 2)", () => {
  it("stores the dungeon at creation and tells only its creator the keeper key", async () => {
    const keeper = h.track(await h.client().createDungeon({ seed: 11, timeScale: 1 }, { name: "Morag" }));
    const id = keeper.roomId;
    expect(keeper.dungeonId).toBe(id);
    expect(keeper.keeperKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(keeper.seat).toMatchObject({ role: "keeper", dungeonId: id, keeperKey: keeper.keeperKey });
    const record = await h.store().get(id);
    expect(record).toMatchObject({
      dungeonId: id, map: "default", ruleset: "malignus", ownerName: "Morag", private: false, status: "live",
      options: { seed: 11, map: "default", ruleset: "malignus", timeScale: 1 }, snapshotSeq: 0, snapshotTick: 0,
    });
    expect(record!.keeperKeyHash).toMatch(/^scrypt\$/);
    expect(Object.keys(record!.options)).not.toContain("creatorToken"); // the creator's secret is never stored
    expect(JSON.stringify(record)).not.toContain(keeper.keeperKey!);
    const watcher = h.track(await h.client().spectate(id, "Ann"));
    expect(watcher.seat).toMatchObject({ role: "spectator", dungeonId: id });
    expect(watcher.keeperKey).toBeUndefined();
    await watcher.leave();
    await keeper.leave();
    await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting");
  });

  it("answers a command only once its input is stored, with the state hash after it", async () => {
    const keeper = h.track(await h.client().createDungeon({ seed: 12, startPaused: true }, { name: "Morag" }));
    const id = keeper.roomId;
    expect(await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 })).toMatchObject({ ok: true });
    // No wait: the answer came after the append was committed.
    const inputs = await h.store().inputs(id);
    expect(inputs.map((i) => i.input.command.type)).toEqual(["seats", "placePart"]);
    expect(inputs[1]).toEqual({ seq: 1, input: { tick: 0, actor: { kind: "keeper", seatId: "k1" }, command: { type: "placePart", kind: "pressurePlate", x: 6, y: 15 } } });
    const room = roomOf(id)!;
    expect(await h.store().get(id)).toMatchObject({ tick: 0, hash: room.simulation.hash(), inputCount: 2 });
    await keeper.leave();
    await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting");
  });

  it("leave and reopen: the same state hash, the trap built before is there, and no time passed while nobody was there", async () => {
    const keeper = h.track(await h.client().createDungeon({ seed: 42, timeScale: 60 }, { name: "Morag" }));
    const id = keeper.roomId;
    const keeperKey = keeper.keeperKey!;
    expect(await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 })).toMatchObject({ ok: true });
    await until("two game minutes", () => (roomOf(id)!.simulation.tick >= 2 * TICKS_PER_GAME_MINUTE ? true : undefined));
    await keeper.leave();
    const rested = await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting");
    expect(roomOf(id)).toBeUndefined();
    expect(rested.snapshotTick).toBe(rested.tick);
    expect(rested.snapshotSeq).toBe(rested.inputCount);
    expect(rested.lease).toBeNull();

    await new Promise((r) => setTimeout(r, 300));
    expect(await h.store().get(id)).toEqual(rested); // resting: nothing runs, nothing is written

    const reopened = h.track(await h.client().openDungeon(id, { keeperKey, name: "Morag" }));
    expect(reopened.roomId).toBe(id);
    expect(reopened.seat).toMatchObject({ role: "keeper", dungeonId: id });
    expect(reopened.keeperKey).toBeUndefined(); // told once, at creation
    const room = roomOf(id)!;
    expect(room.restoredAt).toEqual({ tick: rested.tick, hash: rested.hash });
    expect(plateAt(Object.values(room.simulation.state.parts), 6, 15)).toBe(true);
    expect(plateAt(reopened.state.parts.values(), 6, 15)).toBe(true);
    expect((await h.store().get(id))!.status).toBe("live");

    // The log goes on after the restored one: the next input's seq follows the stored ones.
    expect(await reopened.placePart({ kind: "spinningBlades", x: 9, y: 15 })).toMatchObject({ ok: true });
    const log = await h.store().inputs(id);
    expect(log.map((i) => i.seq)).toEqual([...log.keys()]);
    expect(log.at(-1)!.input.command).toEqual({ type: "placePart", kind: "spinningBlades", x: 9, y: 15 });
    await reopened.leave();
    const again = await h.recordWhen(id, "the dungeon resting again", (r) => r.status === "resting" && r.updatedAt > rested.updatedAt && r.lease === null);
    const third = h.track(await h.client().openDungeon(id, { keeperKey }));
    expect(roomOf(id)!.restoredAt).toEqual({ tick: again.tick, hash: again.hash });
    expect([...third.state.parts.values()].some((p) => p.kind === "spinningBlades" && p.x === 9 && p.y === 15)).toBe(true);
    await third.leave();
    await h.recordWhen(id, "the dungeon resting a third time", (r) => r.status === "resting" && r.lease === null);
  });

  it("two opens of a resting dungeon at once make one room (joinOrCreate filtered by dungeonId)", async () => {
    const creator = await h.client().createDungeon({ seed: 14, startPaused: true }, { name: "Morag" });
    const id = creator.roomId;
    const keeperKey = creator.keeperKey!;
    await creator.leave();
    const rested = await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting" && r.lease === null);
    const created: string[] = [];
    const { matchMaker } = await import("@colyseus/core");
    const onCreate = (room: { roomId: string }) => created.push(room.roomId);
    matchMaker.getHandler("dungeon").on("create", onCreate);
    try {
      const [keeper, watcher] = await Promise.all([
        h.client().openDungeon(id, { keeperKey }), h.client().openDungeon(id, { name: "Ann" }),
      ]);
      h.track(keeper);
      h.track(watcher);
      expect([keeper.roomId, watcher.roomId]).toEqual([id, id]);
      expect(created).toEqual([id]);
      expect(roomOf(id)!.restoredAt).toEqual({ tick: rested.tick, hash: rested.hash });
      expect(roomOf(id)!.seats.map((s) => s.role).sort()).toEqual(["keeper", "spectator"]);
      await watcher.leave();
      await keeper.leave();
    } finally {
      matchMaker.getHandler("dungeon").off("create", onCreate);
    }
    await h.recordWhen(id, "the dungeon resting again", (r) => r.status === "resting" && r.lease === null && r.updatedAt > rested.updatedAt);
  });

  it("snapshots every SNAPSHOT_EVERY_GAME_MINUTES of game time, off the step", async () => {
    const keeper = h.track(await h.client().createDungeon({ seed: 13, timeScale: 1000 }, { name: "Morag" }));
    const id = keeper.roomId;
    const record = await h.recordWhen(id, "a snapshot after an hour of game time", (r) => (r.snapshotTick ?? 0) >= SNAPSHOT_EVERY_TICKS);
    expect(record.snapshotTick! % 1).toBe(0);
    expect(record.snapshotTick!).toBeLessThan(SNAPSHOT_EVERY_TICKS + 2 * 1000 * TICKS_PER_GAME_MINUTE); // within two steps' ticks
    const loaded = await h.store().load(id);
    expect(loaded.snapshot!.tick).toBe(record.snapshotTick);
    await keeper.leave();
    await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting");
  });
});
