import { describe, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { matchMaker } from "@colyseus/core";
import { DUNGEON_ROOM, MalignusCloseCode } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { handleServerMessages } from "../server/harness.ts";
import { MAX_MALFORMED_FRAMES } from "../../src/rooms/abuse.ts";
import type { DungeonRoom } from "../../src/rooms/DungeonRoom.ts";
import { until } from "../until.ts";
import { capturedServer, leaveCode } from "./capture.ts";

/**
 * Issue 18, part 3: malformed frames cost the sender, not the server. Each is counted for its
 * client and refused; the process logs one warn line a second about them (never a stack); past
 * MAX_MALFORMED_FRAMES the sender is kicked with 4103. A frame over the transport's limit is one
 * warn line too.
 */
const open: Room[] = [];
const server = capturedServer(open);
const roomOf = (roomId: string) => matchMaker.getLocalRoomById(roomId) as unknown as DungeonRoom;

async function joined(p: Promise<Room<any, DungeonState>>): Promise<Room<any, DungeonState>> {
  const room = handleServerMessages(await p);
  open.push(room);
  return room;
}

/** A ROOM_REQUEST frame (protocol code 21) whose request id is a float64 cut after its prefix: a bad varint. */
const BAD_VARINT = new Uint8Array([21, 0xcb, 0x01]);

describe("malformed frames", () => {
  it("a bad-varint flood: one warn line for the window, no stack, no error; the sender is closed with 4103 after MAX_MALFORMED_FRAMES; the others stay", async () => {
    const keeper = await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 7, pauseOnSpot: false, maxMessagesPerSecond: 1000 }, DungeonState));
    const sender = await joined(new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState));
    const room = roomOf(keeper.roomId);
    await until("both seats", () => (room.seats.length === 2 ? true : undefined));
    const mark = server.lines.length;
    const closed = leaveCode(sender);
    const sentAt = Date.now();
    for (let i = 0; i < 135; i++) sender.connection.send(BAD_VARINT);
    expect(await closed).toBe(MalignusCloseCode.KICKED_MALFORMED);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    await until("the kick's log line", () => (server.lines.slice(mark).some((l) => /^client kicked/.test(l.msg)) ? true : undefined));
    const logged = server.lines.slice(mark);
    const warns = logged.filter((l) => l.level >= 40);
    expect(MAX_MALFORMED_FRAMES).toBe(5);
    expect(warns.map((l) => [l.level, l.abuse, l.msg])).toEqual([
      [40, "malformedFrame", "malformed frame refused: request id: bad varint (1 from this client; kicked past 5)"],
    ]);
    expect(warns.some((l) => "err" in l || "stack" in l || /\n\s+at /.test(l.msg))).toBe(false);
    expect(logged.filter((l) => /^client kicked/.test(l.msg)).map((l) => [l.level, l.msg, l.code])).toEqual([[30, "client kicked: more than 5 malformed frames", 4103]]);
    // The sender's spectator seat is gone; the keeper is still there and served.
    await until("the sender's seat to go", () => (room.seats.length === 1 ? true : undefined));
    expect(keeper.connection.isOpen).toBe(true);
    expect(await keeper.request("placePart", { kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
  });

  it("the next window's first malformed frame is logged again, counting those left out", async () => {
    const keeper = await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 8, pauseOnSpot: false }, DungeonState));
    const a = await joined(new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState));
    const b = await joined(new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState));
    await new Promise((r) => setTimeout(r, 1100)); // the previous test's window is over
    const mark = server.lines.length;
    for (let i = 0; i < 3; i++) a.connection.send(BAD_VARINT);
    await new Promise((r) => setTimeout(r, 1100));
    b.connection.send(new Uint8Array([13, 0xd9])); // ROOM_DATA whose type is a str8 without its length
    await until("the second window's line", () => (server.lines.slice(mark).filter((l) => l.abuse === "malformedFrame").length === 2 ? true : undefined));
    const warns = server.lines.slice(mark).filter((l) => l.level >= 40);
    expect(warns).toHaveLength(2);
    // The first line may carry the count left out of an earlier window (the previous test's).
    expect(warns[0]!.msg).toMatch(/^malformed frame refused: request id: bad varint \(1 from this client; kicked past 5\)/);
    expect([warns[1]!.msg, warns[1]!.suppressed]).toEqual(["malformed frame refused: message type: bad varint or truncated string (1 from this client; kicked past 5) (2 more like it not logged)", 2]);
    expect([a.connection.isOpen, b.connection.isOpen]).toEqual([true, true]); // under the limit: still connected
  });

  it("a frame over the transport's 4 KiB limit closes its socket (1009) with one warn line, no stack", async () => {
    const keeper = await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 9, pauseOnSpot: false }, DungeonState));
    const sender = await joined(new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState));
    await new Promise((r) => setTimeout(r, 1100));
    const mark = server.lines.length;
    const closed = leaveCode(sender);
    sender.connection.send(new Uint8Array(5000).fill(13));
    expect(await closed).toBe(1009);
    await until("the warn line", () => (server.lines.slice(mark).some((l) => l.level >= 40) ? true : undefined));
    const warns = server.lines.slice(mark).filter((l) => l.level >= 40);
    expect(warns.map((l) => [l.level, l.abuse, l.msg])).toEqual([[40, "oversizedFrame", "oversized frame refused, socket closed (1009): Max payload size exceeded"]]);
    expect(keeper.connection.isOpen).toBe(true);
  });
});
