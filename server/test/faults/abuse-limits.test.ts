import { describe, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { DUNGEON_ROOM } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { handleServerMessages } from "../server/harness.ts";
import { AddressRate, LimitErrorCode, processLimits } from "../../src/rooms/abuse.ts";
import { readConfig } from "../../src/config.ts";
import { until } from "../until.ts";
import { capturedServer, refusedOnSocket } from "./capture.ts";

/**
 * Issue 18, part 5: per-room maxClients, a per-process room cap and a per-address join rate,
 * each refused with a clear error the SDK surfaces with its code.
 */
const open: Room[] = [];
const JOIN_RATE = 12;
const server = capturedServer(open, { maxRoomsPerProcess: 2, joinRatePerAddress: JOIN_RATE });

async function joined(p: Promise<Room<any, DungeonState>>): Promise<Room<any, DungeonState>> {
  const room = handleServerMessages(await p);
  open.push(room);
  return room;
}

/** A POST /matchmake/<method>/<target> (room name, or room id for joinById) from `address` (x-forwarded-for, which Colyseus reads as the client's address). */
async function matchmake(method: string, target: string, body: object, address: string): Promise<{ status: number; body: { code?: number; error?: string; sessionId?: string } }> {
  const res = await fetch(`${server.base()}/matchmake/${method}/${target}`, {
    method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": address }, body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() as { code?: number; error?: string } };
}

describe("limits", () => {
  it("maxClients: the N+1-th client is refused ROOM_FULL; a seat freed lets the next one in; the room cap refuses TOO_MANY_ROOMS (HTTP 503) until a room goes; past JOIN_RATE_PER_ADDRESS an address is refused JOIN_RATE_LIMITED (HTTP 429), another address is not", async () => {
    // 1 request: create. maxClients 2.
    const keeper = await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 21, maxClients: 2 }, DungeonState));
    const second = await joined(new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState)); // 2
    const full = await refusedOnSocket(() => new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState)); // 3
    expect(full.err).toMatchObject({ code: LimitErrorCode.ROOM_FULL, message: `ROOM_FULL: dungeon ${keeper.roomId} holds its 2 clients (maxClients); try later` });
    expect(full.warnings).toEqual(["Room connection was closed unexpectedly (4002): "]);
    await second.leave();
    await joined(new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState)); // 4

    // Room cap 2: one more room fits, the third is refused; after one goes, a create fits again.
    const other = await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 22 }, DungeonState)); // 5
    expect(processLimits.rooms).toBe(2);
    await expect(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 23 }, DungeonState)) // 6
      .rejects.toMatchObject({ code: LimitErrorCode.TOO_MANY_ROOMS, message: "TOO_MANY_ROOMS: this server already runs 2 dungeons (MAX_ROOMS_PER_PROCESS 2); try again later" });
    const refusedCreate = await matchmake("create", DUNGEON_ROOM, { role: "keeper" }, "10.0.0.9");
    expect(refusedCreate).toEqual({ status: 503, body: { code: 503, error: "TOO_MANY_ROOMS: this server already runs 2 dungeons (MAX_ROOMS_PER_PROCESS 2); try again later" } });
    // A deliberate refusal: one info line each on the server's log, no error line, no stack.
    const capRefusals = server.lines.filter((l) => l.msg.includes("MAX_ROOMS_PER_PROCESS"));
    expect(capRefusals.map((l) => [l.level, l.msg, l.err === undefined])).toEqual(Array(2).fill([30, "refused: TOO_MANY_ROOMS: this server already runs 2 dungeons (MAX_ROOMS_PER_PROCESS 2); try again later", true]));
    await other.leave();
    await until("the second room to be disposed", () => (processLimits.rooms === 1 ? true : undefined));
    await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 24 }, DungeonState)); // 7

    // Join rate: this address has made 7 matchmaking requests; 5 more fit in the minute, the next is refused.
    for (let i = 0; i < JOIN_RATE - 7; i++) {
      const r = await matchmake("joinById", keeper.roomId, { role: "spectator" }, "127.0.0.1");
      expect(r.status).toBe(200);
    }
    const limited = await matchmake("joinById", keeper.roomId, { role: "spectator" }, "127.0.0.1");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 429, error: expect.stringMatching(/^JOIN_RATE_LIMITED: address 127\.0\.0\.1 made 12 matchmaking requests in the last minute \(JOIN_RATE_PER_ADDRESS\); try again in \d+ s$/) });
    await expect(new Client(server.base()).joinById(keeper.roomId, { role: "spectator" }, DungeonState)).rejects.toMatchObject({ code: 429 });
    // Another address is not limited.
    expect((await matchmake("joinById", keeper.roomId, { role: "spectator" }, "10.0.0.7")).status).toBe(200);
  });

  it("AddressRate: a sliding minute per address; 0 = no limit; addresses whose minute is over are forgotten", () => {
    let t = 1_000_000;
    const rate = new AddressRate(3, () => t);
    for (let i = 0; i < 3; i++) rate.hit("a");
    expect(() => rate.hit("a")).toThrow("JOIN_RATE_LIMITED: address a made 3 matchmaking requests in the last minute (JOIN_RATE_PER_ADDRESS); try again in 60 s");
    rate.hit("b");
    t += 30_000;
    rate.hit("c");
    expect(() => rate.hit("a")).toThrow(/try again in 30 s$/);
    t += 30_001; // a's three and b's one are over; c's is 30 s old
    rate.hit("a");
    t += 60_001;
    rate.hit("d"); // sweeps every address whose minute is over
    expect(rate.size).toBe(1);
    const off = new AddressRate(0, () => t);
    for (let i = 0; i < 1000; i++) off.hit("a");
    expect(off.size).toBe(0);
  });

  it("MAX_ROOMS_PER_PROCESS and JOIN_RATE_PER_ADDRESS are read from the environment, with defaults 500 and 600", () => {
    expect([readConfig({}).maxRoomsPerProcess, readConfig({}).joinRatePerAddress]).toEqual([500, 600]);
    expect([readConfig({ MAX_ROOMS_PER_PROCESS: "0", JOIN_RATE_PER_ADDRESS: "30" }).maxRoomsPerProcess, readConfig({ JOIN_RATE_PER_ADDRESS: "30" }).joinRatePerAddress]).toEqual([0, 30]);
    expect(() => readConfig({ JOIN_RATE_PER_ADDRESS: "-1" })).toThrow(/^invalid environment: JOIN_RATE_PER_ADDRESS: /);
  });
});
