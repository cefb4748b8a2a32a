import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { matchMaker } from "@colyseus/core";
import { SEAT_MESSAGE } from "@malignus/shared";
import type { DungeonServer } from "../../server/src/app.ts";
import type { DungeonRoom } from "../../server/src/rooms/DungeonRoom.ts";
import { startInvasion } from "../../server/src/sim/invasions/party.ts";
import {
  FINAL_CLOSE_CODES, MalignusCloseCode, RECONNECT_MAX_RETRIES, RESUMABLE_CLOSE_CODES, connect,
  type DungeonConnection, type MalignusClient,
} from "../src/index.ts";
import { until } from "../../server/test/until.ts";

/**
 * Issue 18 finding 2 and issue 19 (client side): every join resolves with its seat known; after a
 * reconnection the seat is told again and `reconnectionToken` is the new token; an unexpected
 * drop is recovered by the SDK itself; a takeover (4101) ends the old connection for good.
 */
let app: DungeonServer;
let client: MalignusClient;
const open: DungeonConnection[] = [];
const keep = (c: DungeonConnection) => (open.push(c), c);
const roomOf = (id: string) => matchMaker.getLocalRoomById(id) as unknown as DungeonRoom;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  process.env.LOG_LEVEL ??= "warn";
  const { createServer } = await import("../../server/src/app.ts");
  app = await createServer({ transport: "ws" });
  client = connect(`ws://127.0.0.1:${await app.listen(0, "127.0.0.1")}`);
});

afterAll(async () => {
  await Promise.allSettled(open.map((c) => c.leave()));
  await app?.shutdown();
});

/**
 * Delays the seat message `room` sends each joining client by `ms` real milliseconds, so it reaches
 * the client well after the first full state, as on a slow link (issue 19 saw the seat undefined
 * at resolve on 4 of 12 joins).
 */
function slowSeatMessages(room: DungeonRoom, ms: number): void {
  const onJoin = room.onJoin.bind(room);
  room.onJoin = (c, options) => {
    const send = c.send.bind(c) as (type: string, message?: unknown) => void;
    (c as { send: unknown }).send = (type: string, message?: unknown) => {
      if (type === SEAT_MESSAGE) setTimeout(() => send(type, message), ms);
      else send(type, message);
    };
    return onJoin(c, options);
  };
}

/** The seat messages `conn`'s current room receives from now on. */
function countSeatMessages(conn: DungeonConnection): () => number {
  let n = 0;
  conn.room.onMessage(SEAT_MESSAGE, () => void n++);
  return () => n;
}

describe("client-sdk: seats known at resolve, reconnection tokens kept current (issues 18.2, 19)", () => {
  it("12 joinAsAdventurer in a row, the seat message arriving after the first state (a slow link): the seat is defined the moment each resolves", async () => {
    const keeper = keep(await client.createDungeon({ pauseOnSpot: false, reconnectSeconds: 0 }));
    expect(keeper.seat).toEqual({ seatId: "k1", role: "keeper" });
    const room = roomOf(keeper.roomId);
    slowSeatMessages(room, 60);
    const party = startInvasion(room.simulation);
    const unitId = party.memberIds[0]!;
    const seen: unknown[] = [];
    for (let i = 0; i < 12; i++) {
      const hero = await client.joinAsAdventurer(keeper.roomId, unitId);
      seen.push(hero.seat); // read synchronously at resolve: no wait in between
      await hero.leave();
      await until("the seat freed", () => (room.seats.length === 1 ? true : undefined));
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => ({ seatId: `a${i + 2}`, role: "adventurer", unitId })));
  });

  it("joinAsKeeper and spectate resolve with their seat too", async () => {
    const keeper = keep(await client.createDungeon({ keeperSeats: 2 }));
    const second = keep(await client.joinAsKeeper(keeper.roomId, "Brann"));
    const watcher = keep(await client.spectate(keeper.roomId));
    expect([keeper.seat, second.seat, watcher.seat]).toEqual([
      { seatId: "k1", role: "keeper" }, { seatId: "k2", role: "keeper" }, { seatId: "s3", role: "spectator" },
    ]);
    expect(await watcher.waitForSeat()).toBe(watcher.seat);
  });

  it("an unexpected drop (the server terminates the socket): the SDK reconnects by itself, the seat is told again, the token is new and reported", async () => {
    const keeper = keep(await client.createDungeon({ reconnectSeconds: 10 }));
    expect(keeper.room.reconnection.maxRetries).toBe(RECONNECT_MAX_RETRIES);
    const oldToken = keeper.reconnectionToken;
    const seatMessages = countSeatMessages(keeper);
    const tokens: string[] = [];
    const order: string[] = [];
    keeper.onReconnectionToken((t) => { tokens.push(t); order.push("token"); });
    const drops: number[] = [];
    keeper.onDrop((code) => drops.push(code));
    const back = new Promise<string>((resolve) => keeper.onReconnect(() => { order.push("reconnect"); resolve(keeper.reconnectionToken); }));
    const said = vi.spyOn(console, "info").mockImplementation(() => {}); // Colyseus' reconnection lines
    const server = roomOf(keeper.roomId).clients.find((c) => c.sessionId === keeper.room.sessionId)!;
    (server.ref as unknown as { terminate(): void }).terminate();

    let lines: string[] = [];
    const tokenInOnReconnect = await back.finally(() => {
      lines = said.mock.calls.map(([line]) => String(line).replace(/'[^']*'/g, "…"));
      said.mockRestore();
    });
    expect(lines).toEqual([
      "[Colyseus reconnection]: \u23f3 will retry in 0.2 seconds...",
      `[Colyseus reconnection]: \u{1F504} Re-establishing sessionId … with roomId …... (attempt 1 of ${RECONNECT_MAX_RETRIES})`,
      "[Colyseus reconnection]: \u2705 reconnection successful!",
    ]);
    expect(drops).toEqual([1006]);
    expect(tokenInOnReconnect).not.toBe(oldToken);
    expect(tokens).toEqual([tokenInOnReconnect]);
    expect(order).toEqual(["token", "reconnect"]);
    expect(keeper.reconnectionToken).toBe(tokenInOnReconnect);
    await until("the seat message again", () => (seatMessages() === 1 ? true : undefined));
    expect(keeper.seat).toEqual({ seatId: "k1", role: "keeper" });
    expect((await keeper.placePart({ kind: "pressurePlate", x: 5, y: 15 })).ok).toBe(true);
    await expect(client.reconnect(oldToken, "keeper")).rejects.toThrow(/reconnection token invalid or expired/);
  });

  it("reconnect(token) resolves with the seat defined and the new token; the old token is refused", async () => {
    const keeper = keep(await client.createDungeon({ reconnectSeconds: 10 }));
    keeper.room.reconnection.enabled = false;
    const token = keeper.reconnectionToken;
    const left = new Promise<number>((resolve) => keeper.onLeave((code) => resolve(code)));
    keeper.room.connection.close(4010, "test drop");
    expect(await left).toBe(4010);
    const again = keep(await client.reconnect(token, "keeper"));
    expect(again.seat).toEqual({ seatId: "k1", role: "keeper" });
    expect(again.reconnectionToken).not.toBe(token);
    expect(again.reconnectionToken).toBe(again.room.reconnectionToken);
    await expect(client.reconnect(token, "keeper")).rejects.toThrow(/reconnection token invalid or expired/);
  });

  it("a takeover: the old connection hears onLeave(4101, 'seat resumed elsewhere') and never reconnects nor resumes", async () => {
    expect(FINAL_CLOSE_CODES.has(MalignusCloseCode.SEAT_TAKEN_OVER)).toBe(true);
    expect(RESUMABLE_CLOSE_CODES.has(MalignusCloseCode.SEAT_TAKEN_OVER)).toBe(false);
    const old = keep(await client.createDungeon({ reconnectSeconds: 10 }));
    const events: string[] = [];
    old.onDrop((code) => events.push(`drop ${code}`));
    old.onReconnect(() => events.push("reconnect"));
    const left = new Promise<[number, string | undefined]>((resolve) => old.onLeave((code, reason) => resolve([code, reason])));
    const waiting = old.waitForEvent("hour", undefined, 60_000).then(() => "event", (e: Error) => e.message);

    const next = keep(await connect(client.url).reconnect(old.reconnectionToken, "keeper"));
    expect(next.seat).toEqual({ seatId: "k1", role: "keeper" });
    expect(await left).toEqual([4101, "seat resumed elsewhere"]);
    expect(await waiting).toBe('Connection closed (code 4101: seat resumed elsewhere) while waiting for "hour".');
    await sleep(1_000); // longer than the first waits of both reconnection layers
    expect(events).toEqual([]);
    expect(roomOf(next.roomId).seats.map((s) => [s.seatId, s.connected])).toEqual([["k1", true]]);
    expect((await next.placePart({ kind: "pressurePlate", x: 5, y: 15 })).ok).toBe(true);
  });
});
