import { describe, expect, it } from "vitest";
import { STORED_DUNGEONS_PAGE } from "@malignus/shared";
import { durableServer } from "./harness.ts";
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
    expect(await unknown.json()).toEqual({ error: "UNKNOWN_DUNGEON", reason: "no stored dungeon has id nope" });
    const malformed = await http(`/dungeons/${"x".repeat(65)}`);
    expect([malformed.status, await malformed.json()]).toEqual([404, { error: "UNKNOWN_DUNGEON", reason: "a dungeon id is 1-64 letters, digits, _ or -" }]);
  });
});
