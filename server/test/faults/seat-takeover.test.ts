import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { matchMaker } from "@colyseus/core";
import { DUNGEON_ROOM, EVENT_MESSAGE, MalignusCloseCode, SEAT_MESSAGE, type CommandResult, type SeatInfo } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import type { DungeonServer } from "../../src/app.ts";
import type { DungeonRoom } from "../../src/rooms/DungeonRoom.ts";
import { SEAT_TAKEN_OVER_REASON } from "../../src/rooms/seats.ts";
import { until } from "../until.ts";
import { freePort } from "../crash/processes.ts";

/**
 * Issue 18, finding 2: a `reconnect(token)` with the token of a seat whose connection is still
 * open takes the seat over, and the old connection is told (close code 4101), on the transport
 * `SEAT_TEST_TRANSPORT` names (default `ws`; `uws` where uWebSockets.js loads).
 */
const transport = (process.env.SEAT_TEST_TRANSPORT ?? "ws") as "ws" | "uws";

let app: DungeonServer | undefined;
let base = "";
const open: Room[] = [];

beforeAll(async () => {
  process.env.LOG_LEVEL ??= "warn";
  const { createServer } = await import("../../src/app.ts");
  app = await createServer({ transport });
  // uWebSockets.js does not report the port it bound for port 0: ask for a free one.
  base = `http://127.0.0.1:${await app.listen(transport === "uws" ? await freePort() : 0, "127.0.0.1")}`;
});

afterAll(async () => {
  await Promise.allSettled(open.map((r) => (r.connection.isOpen ? r.leave() : undefined)));
  await app?.shutdown();
});

/** A joined raw room: its seat messages in order, its patches counted, its close (code, reason). */
interface Tracked {
  room: Room<any, DungeonState>;
  seats: SeatInfo[];
  patches: () => number;
  closed: Promise<{ code: number; reason: string | undefined }>;
}

function track(room: Room<any, DungeonState>): Tracked {
  const seats: SeatInfo[] = [];
  let patches = 0;
  room.onMessage(SEAT_MESSAGE, (s: SeatInfo) => void seats.push(s));
  room.onMessage(EVENT_MESSAGE, () => {});
  room.onStateChange(() => void patches++);
  const closed = new Promise<{ code: number; reason: string | undefined }>((resolve) => room.onLeave((code, reason) => resolve({ code, reason })));
  open.push(room);
  return { room, seats, patches: () => patches, closed };
}

const roomOf = (roomId: string) => matchMaker.getLocalRoomById(roomId) as unknown as DungeonRoom;
const refusal = (p: Promise<unknown>) => p.then(() => "resolved", (e: unknown) => (e as Error).message);

async function createKeeper(options: Record<string, unknown>): Promise<Tracked> {
  const t = track(await new Client(base).create(DUNGEON_ROOM, { role: "keeper", timeScale: 1, ...options }, DungeonState));
  await until("the first seat message", () => t.seats[0]);
  return t;
}

describe(`seat takeover (${transport})`, () => {
  it("reconnect(token) of an open seat: the old socket is closed 4101 'seat resumed elsewhere', the new one gets the seat and patches, the old token is refused", async () => {
    const old = await createKeeper({ reconnectSeconds: 10 });
    old.room.reconnection.enabled = false; // a raw client: nothing may retry behind the test's back
    const roomId = old.room.roomId;
    const token = old.room.reconnectionToken;
    const seat = old.seats[0]!;
    expect(seat).toEqual({ seatId: "k1", role: "keeper" });

    const next = track(await new Client(base).reconnect(token, DungeonState));

    expect(await old.closed).toEqual({ code: MalignusCloseCode.SEAT_TAKEN_OVER, reason: SEAT_TAKEN_OVER_REASON });
    expect([MalignusCloseCode.SEAT_TAKEN_OVER, SEAT_TAKEN_OVER_REASON]).toEqual([4101, "seat resumed elsewhere"]);
    expect(await until("the seat message on the new connection", () => next.seats[0])).toEqual(seat);
    const before = next.patches();
    await until("two patches on the new connection", () => (next.patches() >= before + 2 ? true : undefined));
    const placed = await next.room.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: 5, y: 15 });
    expect(placed.ok).toBe(true);
    const room = roomOf(roomId);
    expect(room.inputLog.at(-1)!.actor).toEqual({ kind: "keeper", seatId: "k1" });
    expect(room.seats.map((s) => [s.seatId, s.connected])).toEqual([["k1", true]]);
    expect(next.room.reconnectionToken).not.toBe(token);

    // The token the old connection held is dead: a third client cannot take the seat with it.
    expect(await refusal(new Client(base).reconnect(token, DungeonState))).toMatch(/reconnection token invalid or expired/);
    expect(next.room.connection.isOpen).toBe(true);
    // The current token still takes it over (and the second connection is told in turn).
    const third = track(await new Client(base).reconnect(next.room.reconnectionToken, DungeonState));
    expect(await next.closed).toEqual({ code: 4101, reason: "seat resumed elsewhere" });
    expect(await until("the seat message on the third connection", () => third.seats[0])).toEqual(seat);
  });

  it("an adventurer's takeover keeps its unit: the seat message names the same unit", async () => {
    const keeper = await createKeeper({ reconnectSeconds: 10, pauseOnSpot: false });
    const { startInvasion } = await import("../../src/sim/invasions/party.ts");
    const party = startInvasion(roomOf(keeper.room.roomId).simulation);
    const unitId = party.memberIds[0]!;
    const hero = track(await new Client(base).joinById(keeper.room.roomId, { role: "adventurer", unitId }, DungeonState));
    const seat = await until("the adventurer's seat", () => hero.seats[0]);
    expect(seat).toEqual({ seatId: "a2", role: "adventurer", unitId });
    hero.room.reconnection.enabled = false;
    const next = track(await new Client(base).reconnect(hero.room.reconnectionToken, DungeonState));
    expect((await hero.closed).code).toBe(4101);
    expect(await until("the new seat message", () => next.seats[0])).toEqual(seat);
    expect(roomOf(keeper.room.roomId).seats.filter((s) => s.role === "adventurer").map((s) => [s.seatId, s.unitId, s.connected])).toEqual([["a2", unitId, true]]);
  });

  it("a spectator's token, or any token in a room with reconnectSeconds 0, is refused and its connection left open", async () => {
    const keeper = await createKeeper({ reconnectSeconds: 10 });
    const watcher = track(await new Client(base).joinById(keeper.room.roomId, { role: "spectator" }, DungeonState));
    await until("the spectator's seat", () => watcher.seats[0]);
    expect(await refusal(new Client(base).reconnect(watcher.room.reconnectionToken, DungeonState))).toMatch(/reconnection token invalid or expired/);

    const noHold = await createKeeper({ reconnectSeconds: 0 });
    expect(await refusal(new Client(base).reconnect(noHold.room.reconnectionToken, DungeonState))).toMatch(/reconnection token invalid or expired/);

    for (const t of [watcher, noHold]) {
      const before = t.patches();
      await until("patches still flowing", () => (t.patches() >= before + 2 ? true : undefined));
      expect(t.room.connection.isOpen).toBe(true);
    }
    expect(roomOf(keeper.room.roomId).seats.map((s) => [s.seatId, s.connected])).toEqual([["k1", true], ["s2", true]]);
  });

  it("a plain drop then reconnect(token): the seat message comes again, the new token replaces the old", async () => {
    const keeper = await createKeeper({ reconnectSeconds: 10 });
    keeper.room.reconnection.enabled = false;
    const token = keeper.room.reconnectionToken;
    keeper.room.connection.close(4010, "test drop");
    expect((await keeper.closed).code).toBe(4010);
    await until("the seat held", () => (roomOf(keeper.room.roomId).seats[0]?.connected === false ? true : undefined));
    const back = track(await new Client(base).reconnect(token, DungeonState));
    expect(await until("the seat message after the reconnection", () => back.seats[0])).toEqual({ seatId: "k1", role: "keeper" });
    expect(back.room.reconnectionToken).not.toBe(token);
    expect(await refusal(new Client(base).reconnect(token, DungeonState))).toMatch(/reconnection token invalid or expired/);
  });
});
