import { describe, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { matchMaker } from "@colyseus/core";
import { DUNGEON_ROOM, MalignusCloseCode } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { connect } from "@malignus/client-sdk";
import { handleServerMessages } from "../server/harness.ts";
import { LimitErrorCode } from "../../src/rooms/abuse.ts";
import type { DungeonRoom } from "../../src/rooms/DungeonRoom.ts";
import { until } from "../until.ts";
import { capturedServer, leaveCode, refusedOnSocket } from "./capture.ts";

/**
 * Issue 18, part 3: a keeper over maxMessagesPerSecond is really disconnected at once (4102), its
 * seat is freed at once, and its reconnection token and its address are refused for the room's
 * kickCooldownSeconds with a clear error; afterwards a new join is accepted.
 */
const open: Room[] = [];
const server = capturedServer(open);
const roomOf = (roomId: string) => matchMaker.getLocalRoomById(roomId) as unknown as DungeonRoom;

async function joined(p: Promise<Room<any, DungeonState>>): Promise<Room<any, DungeonState>> {
  const room = handleServerMessages(await p);
  open.push(room);
  return room;
}

describe("flood kick", () => {
  it("a flooding keeper is closed with 4102 within 1 s, leave() resolves at once, its seat is freed, its token and address refused for the cool-down, then a keeper may join again", async () => {
    // The keeper on the Malignus SDK (its leave() resolves on a socket already closed).
    const sdkKeeper = await connect(server.base()).createDungeon({
      seed: 3, pauseOnSpot: false, maxMessagesPerSecond: 20, kickCooldownSeconds: 2, reconnectSeconds: 30,
    }, { name: "Flooder" });
    const keeper = sdkKeeper.room;
    const watcher = await joined(new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState));
    const room = roomOf(keeper.roomId);
    await until("both seats", () => (room.seats.length === 2 ? true : undefined));
    const token = keeper.reconnectionToken;
    const closed = leaveCode(keeper);
    const started = Date.now();
    for (let i = 0; i < 200; i++) keeper.send("resume", {});
        expect(await closed).toBe(MalignusCloseCode.KICKED_FLOOD);
        expect(Date.now() - started).toBeLessThan(1000);
    expect(keeper.connection.isOpen).toBe(false);
    const leaving = Date.now();
        await sdkKeeper.leave();
        expect(Date.now() - leaving).toBeLessThan(200);

    // The seat rule: the kicked keeper's seat is freed at once (not held for a reconnection).
    await until("the keeper seat to be freed", () => (room.seats.length === 1 ? true : undefined));
    expect(room.seats.map((s) => s.role)).toEqual(["spectator"]);
    expect(server.lines.filter((l) => l.roomId === keeper.roomId && /^client (kicked|left|dropped)/.test(l.msg)).map((l) => [l.msg, l.code])).toEqual([
      ["client kicked: more than 20 messages a second", 4102],
      ["client left: seat freed", 4102],
    ]);

    // During the cool-down: the token is refused, and so is the address (a fresh join).
    const resumed = new Client(server.base()).reconnect(token, DungeonState);
    await expect(resumed).rejects.toMatchObject({ code: LimitErrorCode.KICKED_COOLDOWN, message: expect.stringMatching(/^KICKED_COOLDOWN: a client of this dungeon was kicked for flooding \(4102\): its reconnection token is refused for [12] s more$/) });
    const byAddress = await refusedOnSocket(() => new Client(server.base()).joinById(keeper.roomId, { role: "keeper" }, DungeonState));
    expect(byAddress.err).toMatchObject({ code: LimitErrorCode.KICKED_COOLDOWN, message: expect.stringMatching(/^KICKED_COOLDOWN: a client of this dungeon was kicked for flooding \(4102\): its address is refused for [12] s more$/) });
    expect(byAddress.warnings).toEqual(["Room connection was closed unexpectedly (4002): "]);
    expect(room.seats.map((s) => s.role)).toEqual(["spectator"]);

    // After it: the token stays dead (its seat is gone), a new keeper join is accepted.
    await new Promise((r) => setTimeout(r, 2100));
    await expect(new Client(server.base()).reconnect(token, DungeonState)).rejects.toMatchObject({ message: expect.stringMatching(/reconnection token invalid or expired/) });
    const again = await joined(new Client(server.base()).joinById(keeper.roomId, { role: "keeper" }, DungeonState));
    expect(await again.request("placePart", { kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
    expect(watcher.connection.isOpen).toBe(true);
  });

  it("a flooding spectator is closed with 4102 too; the keeper stays and is served", async () => {
    const keeper = await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 4, maxMessagesPerSecond: 20, kickCooldownSeconds: 0 }, DungeonState));
    const flooder = await joined(new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState));
    const closed = leaveCode(flooder);
    for (let i = 0; i < 200; i++) flooder.send("resume", {});
    expect(await closed).toBe(MalignusCloseCode.KICKED_FLOOD);
    expect(keeper.connection.isOpen).toBe(true);
    expect(await keeper.request("placePart", { kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
    // kickCooldownSeconds 0: no cool-down, the address may join at once.
    await joined(new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState));
  });

  it("exactly maxMessagesPerSecond frames in a second pass; the next one kicks", async () => {
    const keeper = await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 5, maxMessagesPerSecond: 10, kickCooldownSeconds: 0 }, DungeonState));
    const room = roomOf(keeper.roomId);
    await new Promise((r) => setTimeout(r, 1100)); // the join's own frames are in an earlier second
    const refusals = room.refusalCount;
    const closed = leaveCode(keeper);
    let code: number | undefined;
    void closed.then((c) => { code = c; });
    for (let i = 0; i < 10; i++) keeper.send("resume", {}); // not paused: refused, counted
    await until("the ten refusals", () => (room.refusalCount - refusals === 10 ? true : undefined));
    expect([code, keeper.connection.isOpen]).toEqual([undefined, true]);
    keeper.send("resume", {});
    expect(await closed).toBe(MalignusCloseCode.KICKED_FLOOD);
    expect(room.refusalCount - refusals).toBe(10);
  });
});

describe("flood kick: the commands sent before the kick are answered", () => {
  it("a keeper sending 15 placePart requests at once with maxMessagesPerSecond 10 gets a reply to each of its first 10 before the 4102 close, and the parts standing are exactly the ones answered ok", async () => {
    const keeper = await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 5, maxMessagesPerSecond: 10, kickCooldownSeconds: 0 }, DungeonState));
    const room = roomOf(keeper.roomId);
    const closed = leaveCode(keeper);
    await new Promise((r) => setTimeout(r, 1100)); // the join's own frames fall out of the one-second window
    const xs = Array.from({ length: 15 }, (_, i) => 1 + 2 * i);
    const replies = await Promise.allSettled(xs.map((x) => keeper.request("placePart", { kind: "pressurePlate", x, y: 15 })));
    expect(await closed).toBe(MalignusCloseCode.KICKED_FLOOD);
    // Frames 1..10 were taken in and answered (applied or refused); frame 11 kicked; 12..15 ignored.
    expect(replies.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill("fulfilled"));
    expect(replies.slice(10).map((r) => r.status)).toEqual(Array(5).fill("rejected"));
    const okAt = replies.slice(0, 10).flatMap((r, i) => (r.status === "fulfilled" && (r.value as { ok: boolean }).ok ? [xs[i]] : []));
    const placed = Object.values(room.simulation.state.parts).filter((p) => p.kind === "pressurePlate" && p.y === 15).map((p) => p.x).sort((a, b) => a - b);
    expect(okAt.length).toBeGreaterThan(0);
    expect(placed).toEqual(okAt);
  });
});
