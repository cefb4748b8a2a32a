import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CloseCode, matchMaker } from "@colyseus/core";
import type { DungeonServer } from "../../server/src/app.ts";
import type { DungeonRoom } from "../../server/src/rooms/DungeonRoom.ts";
import { startInvasion } from "../../server/src/sim/invasions/party.ts";
import { quietServerOutput } from "../../server/test/server/harness.ts";
import { CommandValidationError, connect, type DungeonConnection, type MalignusClient } from "../src/index.ts";

/** Polls `check` every 25 ms until it returns a value other than undefined, or fails after `ms`. */
async function until<T>(what: string, check: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let app: DungeonServer;
let client: MalignusClient;
const open: DungeonConnection[] = [];
const keep = (c: DungeonConnection) => (open.push(c), c);
const roomOf = (id: string) => matchMaker.getLocalRoomById(id) as unknown as DungeonRoom;

// The refusals and the drop these tests provoke are expected: captured, not printed.
const quiet = quietServerOutput();

beforeAll(async () => {
  const { createServer } = await import("../../server/src/app.ts");
  app = await createServer({ transport: "ws", logger: quiet.appLogger() });
  const port = await app.listen(0, "127.0.0.1");
  client = connect(`ws://127.0.0.1:${port}`);
});

afterAll(async () => {
  await Promise.allSettled(open.map((c) => c.leave()));
  await app?.shutdown();
});

describe("client-sdk seats over a real server", () => {
  it("co-op keepers: createDungeon with keeperSeats 2, joinAsKeeper, each told its seat", async () => {
    const a = keep(await client.createDungeon({ keeperSeats: 2 }));
    const b = keep(await client.joinAsKeeper(a.roomId));
    await until("both seats", () => (a.seat && b.seat ? true : undefined));
    expect([a.seat!.role, b.seat!.role]).toEqual(["keeper", "keeper"]);
    expect(a.seat!.seatId).not.toBe(b.seat!.seatId);
    expect((await b.resume()).ok).toBe(false); // NOT_PAUSED, and b may command
    await expect(client.joinAsKeeper(a.roomId)).rejects.toThrow(/already has a keeper/);
  });

  it("joinAsAdventurer claims an open seat of the listing and the state shows no trap part", async () => {
    const keeper = keep(await client.createDungeon({ pauseOnSpot: false }));
    await keeper.placePart({ kind: "pressurePlate", x: 5, y: 15 });
    const party = startInvasion(roomOf(keeper.roomId).simulation);
    let listed: string[] = [];
    for (let i = 0; i < 100 && listed.length === 0; i++) {
      listed = (await client.listDungeons()).find((d) => d.roomId === keeper.roomId)?.openAdventurerSeats ?? [];
      if (listed.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(listed).toEqual(party.memberIds);
    const hero = keep(await client.joinAsAdventurer(keeper.roomId, listed[0], "Aldo"));
    await until("the seat", () => hero.seat);
    expect(hero.seat).toEqual({ seatId: expect.stringMatching(/^a\d+$/), role: "adventurer", unitId: party.memberIds[0] });
    await until("its unit in the state", () => hero.state.units.get(party.memberIds[0]!));
    expect(hero.state.parts.size).toBe(0);
    expect((await hero.placePart({ kind: "pressurePlate", x: 6, y: 15 })).ok).toBe(false);
  });

  it("moveTo walks the adventurer player's unit to the tile (decoded state); a malformed order is not sent; a keeper's is refused", async () => {
    const keeper = keep(await client.createDungeon({ pauseOnSpot: false, timeScale: 10 }));
    const party = startInvasion(roomOf(keeper.roomId).simulation);
    const unitId = party.memberIds[0]!;
    const hero = keep(await client.joinAsAdventurer(keeper.roomId, unitId));
    await until("the seat", () => hero.seat);
    expect(await keeper.moveTo({ x: 14, y: 11 })).toMatchObject({ ok: false, code: "NOT_ALLOWED_FOR_ROLE" });
    await expect(hero.moveTo({ x: -1, y: 11 })).rejects.toBeInstanceOf(CommandValidationError);
    expect(await hero.moveTo({ x: 14, y: 11 })).toEqual({ ok: true });
    const there = await until("the adventurer on (14, 11)", () => {
      const u = hero.state.units.get(unitId);
      return u && u.x === 14 && u.y === 11 ? u : undefined;
    }, 15_000);
    expect(there.controller).toBe(hero.seat!.seatId);
  });

  it("the SDK reconnects by itself after a drop (onDrop, then onReconnect) and keeps the seat", async () => {
    const keeper = keep(await client.createDungeon({ reconnectSeconds: 10 }));
    await until("the seat", () => keeper.seat);
    const seatId = keeper.seat!.seatId;
    keeper.room.reconnection.minUptime = 0;
    keeper.room.reconnection.minDelay = 50;
    const dropped = new Promise<number>((resolve) => keeper.onDrop((code) => resolve(code)));
    const back = new Promise<void>((resolve) => keeper.onReconnect(() => resolve()));
    keeper.room.connection.close(CloseCode.MAY_TRY_RECONNECT, "test drop");
    expect(await dropped).toBe(CloseCode.MAY_TRY_RECONNECT);
    await back;
    expect((await keeper.placePart({ kind: "pressurePlate", x: 5, y: 15 })).ok).toBe(true);
    expect(roomOf(keeper.roomId).inputLog.at(-1)!.actor).toEqual({ kind: "keeper", seatId });
  });

  it("reconnect(token) resumes a held seat; with a forged token it rejects", async () => {
    const keeper = keep(await client.createDungeon({ reconnectSeconds: 10 }));
    await until("the seat", () => keeper.seat);
    keeper.room.reconnection.enabled = false;
    const token = keeper.reconnectionToken;
    const left = new Promise<number>((resolve) => keeper.onLeave((code) => resolve(code)));
    keeper.room.connection.close(CloseCode.MAY_TRY_RECONNECT, "test drop");
    await left;
    await expect(client.reconnect(`${keeper.roomId}:forged`, "keeper")).rejects.toThrow(/invalid or expired/);
    const again = keep(await client.reconnect(token, "keeper"));
    expect(again.roomId).toBe(keeper.roomId);
    expect((await again.placePart({ kind: "pressurePlate", x: 5, y: 15 })).ok).toBe(true);
    expect(roomOf(keeper.roomId).seats.filter((s) => s.role === "keeper")).toHaveLength(1);
  });
});
