import { describe, expect, it, vi } from "vitest";
import { matchMaker } from "@colyseus/core";
import { DUNGEON_ROOM } from "@malignus/shared";
import { DungeonAccessError, type DungeonConnection } from "@malignus/client-sdk";
import { until } from "../until.ts";
import { durableServer, rejection, roomOf } from "./harness.ts";

const h = durableServer();

/**
 * The refusal of `p()` as `{ name, code, message }` (a DungeonAccessError expected). A join by
 * room id refused in `onAuth` closes its socket with 4002, and the Colyseus SDK warns so on the
 * console: `socketWarnings` of them are expected (captured and checked, not printed); an open
 * (`openDungeon`) is refused at matchmaking, before any socket.
 */
/**
 * The refusal `p` rejects with, checked to be a DungeonAccessError and to come alone: every
 * refusal is matchmaking's (HTTP), so no socket is opened and `@colyseus/sdk` prints no
 * "Room connection was closed unexpectedly (4002)" warning beside it (fresh-user finding 4; a
 * join by id used to be refused on its socket). `console.warn` is captured until a moment after
 * the rejection (the warning used to follow it within milliseconds) and must stay empty.
 */
async function refused(p: () => Promise<unknown>): Promise<{ name: string; code: unknown; message: string }> {
  const warnings: string[] = [];
  const spy = vi.spyOn(console, "warn").mockImplementation((...a: unknown[]) => { warnings.push(String(a[0])); });
  try {
    const err = await rejection(p());
    expect(err).toBeInstanceOf(DungeonAccessError);
    await new Promise((resolve) => setTimeout(resolve, SOCKET_SETTLE_MS));
    expect(warnings).toEqual([]);
    return { name: err.name, code: err.code, message: err.message };
  } finally {
    spy.mockRestore();
  }
}

/** How long after a refusal a socket's warning would have come, in real ms (it came within a few). */
const SOCKET_SETTLE_MS = 250;

/** A stored dungeon created by Morag, left at once: resting, with its id and key. */
async function restingDungeon(options: { private?: boolean } = {}): Promise<{ id: string; key: string }> {
  const keeper = await h.client().createDungeon({ seed: 21, startPaused: true, ...options }, { name: "Morag" });
  const id = keeper.roomId;
  const key = keeper.keeperKey!;
  await keeper.leave();
  await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting" && r.lease === null);
  return { id, key };
}

describe("owners: the keeper key (issue 16 part 3)", () => {
  it("reopening as keeper needs the key: missing or wrong, a clear refusal, no room, nothing stored changes", async () => {
    const { id, key } = await restingDungeon();
    const before = await h.store().get(id);
    expect(await refused(() => h.client().openDungeon(id, { role: "keeper" }))).toEqual({
      name: "DungeonAccessError", code: "KEEPER_KEY_REQUIRED", message: `KEEPER_KEY_REQUIRED: a keeper seat needs dungeon ${id}'s keeper key`,
    });
    expect(await refused(() => h.client().openDungeon(id, { keeperKey: "not-the-key-at-all" }))).toEqual({
      name: "DungeonAccessError", code: "KEEPER_KEY_WRONG", message: `KEEPER_KEY_WRONG: that is not dungeon ${id}'s keeper key`,
    });
    expect(await refused(() => h.client().openDungeon(id, { keeperKey: key.slice(1) + key[0] }))).toMatchObject({ code: "KEEPER_KEY_WRONG" });
    expect(roomOf(id)).toBeUndefined();
    expect(await matchMaker.query({ name: DUNGEON_ROOM, roomId: id })).toEqual([]);
    expect(await h.store().get(id)).toEqual(before);
    // The right key opens it.
    const keeper = h.track(await h.client().openDungeon(id, { keeperKey: key }));
    expect(keeper.seat?.role).toBe("keeper");
    await keeper.leave();
    await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting" && r.lease === null);
  });

  it("a live dungeon: its keeper seat needs the key; spectating a public one does not", async () => {
    const creator = h.track(await h.client().createDungeon({ seed: 22, startPaused: true, keeperSeats: 2 }, { name: "Morag" }));
    const id = creator.roomId;
    const key = creator.keeperKey!;
    const inputsBefore = (await h.store().inputs(id)).length;
    expect(await refused(() => h.client().joinAsKeeper(id, "Eve"))).toMatchObject({ code: "KEEPER_KEY_REQUIRED" });
    expect(await refused(() => h.client().joinAsKeeper(id, "Eve", "wrong-key"))).toMatchObject({ code: "KEEPER_KEY_WRONG" });
    expect(await refused(() => h.client().openDungeon(id, { keeperKey: "wrong-key" }))).toMatchObject({ code: "KEEPER_KEY_WRONG" });
    expect(roomOf(id)!.seats.map((s) => s.role)).toEqual(["keeper"]);
    expect((await h.store().inputs(id)).length).toBe(inputsBefore); // no seat, no input
    const watcher = h.track(await h.client().spectate(id, "Ann"));
    const opener = h.track(await h.client().openDungeon(id)); // joins the live room, as a spectator
    expect([watcher.seat?.role, opener.seat?.role, opener.roomId]).toEqual(["spectator", "spectator", id]);
    const coKeeper: DungeonConnection = h.track(await h.client().joinAsKeeper(id, "Bo", key));
    expect(coKeeper.seat?.role).toBe("keeper");
    expect(coKeeper.keeperKey).toBeUndefined();
    expect(roomOf(id)!.seats.map((s) => s.role).sort()).toEqual(["keeper", "keeper", "spectator", "spectator"]);
    for (const c of [watcher, opener, coKeeper, creator]) await c.leave();
    await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting" && r.lease === null);
  });

  it("a private dungeon: every seat needs the key, live or resting", async () => {
    const creator = h.track(await h.client().createDungeon({ seed: 23, startPaused: true, private: true }, { name: "Morag" }));
    const id = creator.roomId;
    const key = creator.keeperKey!;
    expect((await h.store().get(id))!.private).toBe(true);
    expect(await refused(() => h.client().spectate(id, "Ann"))).toEqual({
      name: "DungeonAccessError", code: "KEEPER_KEY_REQUIRED", message: `KEEPER_KEY_REQUIRED: a spectator seat of this private dungeon needs dungeon ${id}'s keeper key`,
    });
    expect(await refused(() => h.client().spectate(id, "Ann", "wrong-key"))).toMatchObject({ code: "KEEPER_KEY_WRONG" });
    const watcher = h.track(await h.client().spectate(id, "Ann", key));
    expect(watcher.seat?.role).toBe("spectator");
    await watcher.leave();
    await creator.leave();
    await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting" && r.lease === null);
    expect(await refused(() => h.client().openDungeon(id))).toMatchObject({ code: "KEEPER_KEY_REQUIRED" });
    expect(roomOf(id)).toBeUndefined();
    const owner = h.track(await h.client().openDungeon(id, { keeperKey: key, role: "spectator" }));
    expect(owner.seat?.role).toBe("spectator");
    await owner.leave();
    await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting" && r.lease === null);
  });

  it("adventurer players: a public dungeon's party may be played without the key, a private one's only with it", async () => {
    for (const isPrivate of [false, true]) {
      const creator = h.track(await h.client().createDungeon({ seed: 1000, skipToInvasion: true, pauseOnSpot: false, private: isPrivate }, { name: "Morag" }));
      const id = creator.roomId;
      const [unitId] = roomOf(id)!.openAdventurerSeats();
      expect(unitId).toBeDefined();
      if (isPrivate) {
        expect(await refused(() => h.client().joinAsAdventurer(id, unitId, "Hero"))).toMatchObject({ code: "KEEPER_KEY_REQUIRED" });
        expect(roomOf(id)!.seats.map((s) => s.role)).toEqual(["keeper"]);
      }
      const hero = h.track(await h.client().joinAsAdventurer(id, unitId, "Hero", isPrivate ? creator.keeperKey : undefined));
      expect(hero.seat).toMatchObject({ role: "adventurer", unitId, dungeonId: id });
      await hero.leave();
      await creator.leave();
      await h.recordWhen(id, "the dungeon resting", (r) => r.status === "resting" && r.lease === null);
    }
  });

  it("an unknown or malformed dungeon id: UNKNOWN_DUNGEON", async () => {
    expect(await refused(() => h.client().openDungeon("no-such-dungeon", { keeperKey: "x" }))).toEqual({
      name: "DungeonAccessError", code: "UNKNOWN_DUNGEON", message: "UNKNOWN_DUNGEON: no stored dungeon has id no-such-dungeon",
    });
    expect(await refused(() => h.client().openDungeon("../etc/passwd"))).toMatchObject({ code: "UNKNOWN_DUNGEON" });
  });
});
