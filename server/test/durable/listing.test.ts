import { describe, expect, it } from "vitest";
import { STORED_DUNGEONS_PAGE } from "@malignus/shared";
import { durableServer, rejection } from "./harness.ts";
import { fetchLists } from "../../../web/src/lobby.ts";

const h = durableServer();
const http = (path: string): Promise<Response> => fetch(`${h.url().replace("ws", "http")}${path}`);

describe("GET /dungeons (issue 16 part 2)", () => {
  it("pages the stored dungeons, oldest first, with their map, ruleset, day, owner and status", async () => {
    const a = h.track(await h.client().createDungeon({ seed: 1, startPaused: true }, { name: "Ann" }));
    const b = h.track(await h.client().createDungeon({ seed: 2, ruleset: "d20", startPaused: true }, { name: "Bo" }));
    const c = h.track(await h.client().createDungeon({ seed: 3, ruleset: "d100", startPaused: true, private: true }, { name: "Cy" }));
    await b.leave();
    await h.recordWhen(b.roomId, "b resting", (r) => r.status === "resting");

    const all = await h.client().listStoredDungeons();
    expect(all).toEqual({
      total: 3, offset: 0, limit: STORED_DUNGEONS_PAGE.defaultLimit,
      dungeons: [
        { dungeonId: a.roomId, map: "default", ruleset: "malignus", day: 1, ownerName: "Ann", private: false, status: "live" },
        { dungeonId: b.roomId, map: "default", ruleset: "d20", day: 1, ownerName: "Bo", private: false, status: "resting" },
        { dungeonId: c.roomId, map: "default", ruleset: "d100", day: 1, ownerName: "Cy", private: true, status: "live" },
      ],
    });
    expect(await h.client().listStoredDungeons({ offset: 1, limit: 1 })).toEqual({ total: 3, offset: 1, limit: 1, dungeons: [all.dungeons[1]] });
    expect(await h.client().listStoredDungeons({ offset: 5 })).toEqual({ total: 3, offset: 5, limit: 50, dungeons: [] });
    expect((await h.client().listStoredDungeons({ limit: 10_000 })).limit).toBe(STORED_DUNGEONS_PAGE.maxLimit);

    const one = await http(`/dungeons/${b.roomId}`);
    expect([one.status, await one.json()]).toEqual([200, all.dungeons[1]]);
    for (const c2 of [a, c]) await c2.leave();
  });

  it("the watch page lists the resting dungeons most recent first (GET /dungeons?order=newest); without order the list stays oldest first", async () => {
    const made = [];
    for (const seed of [11, 12, 13]) made.push(h.track(await h.client().createDungeon({ seed, startPaused: true }, { name: `S${seed}` })));
    for (const d of made) { await d.leave(); await h.recordWhen(d.roomId, `${d.roomId} resting`, (r) => r.status === "resting"); }
    const ids = made.map((d) => d.roomId);
    const lists = await fetchLists(h.url().replace("ws", "http"));
    expect(lists.stored?.filter((d) => !d.live && ids.includes(d.id)).map((d) => d.id)).toEqual([ids[2], ids[1], ids[0]]);
    const oldest = await (await http("/dungeons")).json() as { dungeons: { dungeonId: string }[] };
    expect(oldest.dungeons.map((d) => d.dungeonId).filter((id) => ids.includes(id))).toEqual(ids);
    const newestSecond = await (await http("/dungeons?order=newest&offset=1&limit=1")).json() as { dungeons: { dungeonId: string }[] };
    expect(newestSecond.dungeons.map((d) => d.dungeonId)).toEqual([ids[1]]);
  });

  it("bad paging: 400 JSON with a reason; an unknown or malformed id: 404 JSON with a reason", async () => {
    const bad = await http("/dungeons?offset=-1&limit=abc");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "BAD_PAGING", reason: 'offset must be a whole number ≥ 0 (got "-1"); limit must be a whole number ≥ 1 (got "abc")' });
    const order = await http("/dungeons?order=sideways");
    expect([order.status, await order.json()]).toEqual([400, { error: "BAD_PAGING", reason: 'order must be oldest or newest (got "sideways")' }]);
    const zero = await http("/dungeons?limit=0");
    expect([zero.status, await zero.json()]).toEqual([400, { error: "BAD_PAGING", reason: "limit must be ≥ 1" }]);
    const unknown = await http("/dungeons/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe("application/json");
    expect(await unknown.json()).toEqual({ error: "UNKNOWN_DUNGEON", reason: "no stored dungeon has id nope", dungeonId: "nope" });
    const malformed = await http(`/dungeons/${"x".repeat(65)}`);
    expect([malformed.status, await malformed.json()]).toEqual([404, { error: "UNKNOWN_DUNGEON", reason: "a dungeon id is 1-64 letters, digits, _ or -", dungeonId: "x".repeat(65) }]);
  });
});

describe("private dungeons in public listings (fresh-user finding 2)", () => {
  const post = (path: string, body: unknown): Promise<Response> =>
    fetch(`${h.url().replace("ws", "http")}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("GET /rooms (the public lobby) leaves a live private dungeon out; GET /dungeons lists it with private: true", async () => {
    const open = h.track(await h.client().createDungeon({ seed: 31, startPaused: true }, { name: "Pub" }));
    const hidden = h.track(await h.client().createDungeon({ seed: 32, startPaused: true, private: true }, { name: "Priv" }));
    const live = (await h.client().listDungeons()).map((d) => d.roomId);
    expect([live.includes(open.roomId), live.includes(hidden.roomId)]).toEqual([true, false]);
    const lists = await fetchLists(h.url().replace("ws", "http"));
    expect(lists.live.map((d) => d.roomId).includes(hidden.roomId)).toBe(false);
    expect(lists.stored?.find((d) => d.id === hidden.roomId)).toEqual({ id: hidden.roomId, map: "default", ruleset: "malignus", day: 1, owner: "Priv", live: true, private: true });
    expect(lists.stored?.find((d) => d.id === open.roomId)?.private).toBe(false);
    await hidden.leave();
    await open.leave();
  });

  it("matchmaking refuses a private dungeon's replay or open without its key with 401, a wrong key with 403, an unknown id with 404 (never Colyseus' 523/525), the code in the body", async () => {
    const keeper = await h.client().createDungeon({ seed: 33, startPaused: true, private: true }, { name: "Priv" });
    const id = keeper.roomId;
    const key = keeper.keeperKey!;
    await keeper.leave();
    await h.recordWhen(id, "the private dungeon resting", (r) => r.status === "resting" && r.lease === null);
    const answer = async (r: Response) => [r.status, await r.json()];
    expect(await answer(await post("/matchmake/create/replay", { dungeonId: id }))).toEqual([401, { code: 401, error: `KEEPER_KEY_REQUIRED: dungeon ${id} is private: its replay needs its keeper key` }]);
    expect(await answer(await post("/matchmake/create/replay", { dungeonId: id, keeperKey: "wrong-key" }))).toEqual([403, { code: 403, error: `KEEPER_KEY_WRONG: that is not dungeon ${id}'s keeper key` }]);
    expect(await answer(await post("/matchmake/create/replay", { dungeonId: "no-such-dungeon" }))).toEqual([404, { code: 404, error: "UNKNOWN_DUNGEON: no stored dungeon has id no-such-dungeon" }]);
    expect(await answer(await post("/matchmake/create/replay", { dungeonId: id, speed: -1 }))).toEqual([400, { code: 400, error: "invalid replay options: speed: Too small: expected number to be >0" }]);
    expect(await answer(await post("/matchmake/joinOrCreate/dungeon", { dungeonId: id, role: "spectator" }))).toEqual([401, { code: 401, error: `KEEPER_KEY_REQUIRED: a spectator seat of this private dungeon needs dungeon ${id}'s keeper key` }]);
    expect(await answer(await post("/matchmake/joinOrCreate/dungeon", { dungeonId: id, role: "spectator", keeperKey: "wrong-key" }))).toEqual([403, { code: 403, error: `KEEPER_KEY_WRONG: that is not dungeon ${id}'s keeper key` }]);
    // The SDK turns the refusal into a DungeonAccessError; with the key the replay plays.
    const refused = await rejection(h.client().watchReplay(id));
    expect([refused.name, refused.code, refused.message]).toEqual(["DungeonAccessError", "KEEPER_KEY_REQUIRED", `KEEPER_KEY_REQUIRED: dungeon ${id} is private: its replay needs its keeper key`]);
    const replay = await h.client().watchReplay(id, { keeperKey: key, paused: true });
    expect(replay.status?.paused).toBe(true);
    await replay.leave();
  });
});
