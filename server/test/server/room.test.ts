import { describe, expect, it, vi } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { COMMAND_TYPES, DUNGEON_ROOM, EVENT_MESSAGE, TICKS_PER_GAME_HOUR, type CommandResult, type DungeonListing, type SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import type { HealthResponse } from "../../src/app.ts";
import { handleServerMessages, rawServer } from "./harness.ts";
import { until } from "../until.ts";
import { Simulation } from "../../src/sim/index.ts";
import { loadMap } from "../../src/maps.ts";

const open: Room[] = [];
const server = rawServer(open);

async function join(how: (c: Client) => Promise<Room<any, DungeonState>>): Promise<Room<any, DungeonState>> {
  const room = await how(new Client(server.base()));
  handleServerMessages(room);
  open.push(room);
  return room;
}
const createKeeper = (options: Record<string, unknown> = {}) =>
  join((c) => c.create(DUNGEON_ROOM, { role: "keeper", ...options }, DungeonState));
const spectate = (roomId: string) => join((c) => c.joinById(roomId, { role: "spectator" }, DungeonState));
/** Resolves with the close code when `room` is left or closed. */
const leaveCode = (room: Room) => new Promise<number>((resolve) => room.onLeave((code: number) => resolve(code)));

describe("HTTP routes", () => {
  it("GET /health answers ok with the pid, the local room count and the transport", async () => {
    const before = (await (await fetch(`${server.base()}/health`)).json()) as HealthResponse;
    expect(before).toEqual({ status: "ok", pid: process.pid, rooms: before.rooms, transport: "ws" });
    await createKeeper();
    const after = (await (await fetch(`${server.base()}/health`)).json()) as HealthResponse;
    expect(after.rooms).toBe(before.rooms + 1);
  });

  it("GET /rooms lists a live dungeon with its map, ruleset, day, keepers and spectators", async () => {
    const keeper = await createKeeper({ ruleset: "d20" });
    await spectate(keeper.roomId);
    await spectate(keeper.roomId);
    const listing = await until("the listing to count 2 spectators", async () => {
      const rooms = (await (await fetch(`${server.base()}/rooms`)).json()) as DungeonListing[];
      const mine = rooms.find((r) => r.roomId === keeper.roomId);
      return mine?.spectators === 2 ? mine : undefined;
    });
    expect(listing).toEqual({
      roomId: keeper.roomId, map: "default", ruleset: "d20", day: 1, hour: 0, keepers: 1, spectators: 2,
      keeperSeats: 1, adventurers: 0, openAdventurerSeats: [],
    });
  });

  it("the listing follows the game clock hour by hour", async () => {
    // 600 game minutes per real second: a game hour every 100 ms.
    const keeper = await createKeeper({ timeScale: 600 });
    const listing = await until("the listing to reach hour 3", async () => {
      const rooms = (await (await fetch(`${server.base()}/rooms`)).json()) as DungeonListing[];
      const mine = rooms.find((r) => r.roomId === keeper.roomId);
      return mine && mine.hour >= 3 ? mine : undefined;
    });
    // Published at the step where the hour changes: the clients' clock reaches it too (patches lag ≤ 50 ms).
    await until("the keeper's clock to reach the listed hour", () =>
      (keeper.state.clock.tick >= ((listing.day - 1) * 24 + listing.hour) * TICKS_PER_GAME_HOUR ? true : undefined));
    expect(listing.day).toBe(1);
    expect(listing).toMatchObject({ map: "default", ruleset: "malignus", keepers: 1, spectators: 0 });
  });
});

describe("room creation", () => {
  it.each([
    [{ ruleset: "chess" }, /ruleset/],
    [{ map: "nope" }, /map: unknown map/],
    [{ timeScale: -1 }, /timeScale/],
    [{ timeScale: 1001 }, /timeScale/],
    [{ seed: 1.5 }, /seed/],
    [{ timescale: 5 }, /timescale/],
  ])("refuses bad options %j with a clear error", async (options, message) => {
    const err = await new Client(server.base()).create(DUNGEON_ROOM, options).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^invalid dungeon options: /);
    expect((err as Error).message).toMatch(message);
  });

  it("a created dungeon decodes for a spectator: 40 x 30 tiles, the clock advancing", async () => {
    const keeper = await createKeeper({ timeScale: 60 });
    const spectator = await spectate(keeper.roomId);
    const state = await until("the first state", () => (spectator.state?.width ? spectator.state : undefined));
    expect(state.width).toBe(40);
    expect(state.height).toBe(30);
    expect(state.tiles.length).toBe(40 * 30);
    expect(state.mapName).toBe("default");
    expect(state.ruleset).toBe("malignus");
    expect(state.clock.timeScale).toBe(60);
    const t0 = state.clock.tick;
    // timeScale 60 = 600 ticks per real second.
    await until("the clock to pass 300 ticks", () => (spectator.state.clock.tick >= t0 + 300 ? true : undefined));
    expect(spectator.state.clock.day).toBe(1);
  });
});

describe("skipToInvasion", () => {
  it("opens the room on its first invasion (the party and tick of the same seed run headless), and keeper and spectators sharing a view decode it", async () => {
    const sim = Simulation.create({ seed: 1000, ruleset: "malignus", map: loadMap("default"), pauseOnSpot: false });
    while (sim.state.invasion.partyId === "") sim.step();
    const { partyId } = sim.state.invasion;
    const startTick = sim.state.tick;
    expect(partyId).not.toBe("");
    const warnings: string[] = [];
    const spies = (["log", "warn", "error"] as const).map((f) => vi.spyOn(console, f).mockImplementation((...a: unknown[]) => { warnings.push(String(a[0])); }));
    try {
      const keeper = await createKeeper({ seed: 1000, skipToInvasion: true, pauseOnSpot: false });
      const spectators = [await spectate(keeper.roomId), await spectate(keeper.roomId)];
      for (const room of [keeper, ...spectators]) {
        const state = await until("the invasion in the state", () => (room.state?.invasion?.partyId ? room.state : undefined));
        expect(state.invasion.partyId).toBe(partyId);
        expect(state.clock.tick).toBeGreaterThanOrEqual(startTick);
        expect(state.clock.tick).toBeLessThan(startTick + 100); // timeScale 1: one tick per 100 ms step
      }
      const t0 = keeper.state.clock.tick;
      await until("three more steps", () => (spectators.every((s) => s.state.clock.tick >= t0 + 3) ? true : undefined));
      // Every client holds the same units (one shared view), and no decoder complained.
      const ids = (r: Room<any, DungeonState>) => [...r.state.units.keys()].sort().join(",");
      await until("the same units everywhere", () => (spectators.every((s) => ids(s) === ids(keeper)) ? true : undefined));
      expect(warnings.filter((w) => w.includes("refId"))).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe("roles and commands", () => {
  it("registers one request handler per command type: a spectator gets NOT_ALLOWED_FOR_ROLE for each, never no_handler", async () => {
    expect(COMMAND_TYPES).toEqual(expect.arrayContaining(["placePart", "wire", "removePart", "removeCable", "resume"]));
    const keeper = await createKeeper();
    const spectator = await spectate(keeper.roomId);
    const answers = await Promise.all(COMMAND_TYPES.map((type) =>
      spectator.request<unknown, CommandResult>(type, {}).then((r) => r.ok === false && r.code, (e: unknown) => String(e))));
    // A payload that fails the validator is answered with an error; every other reaches the handler.
    for (const [i, answer] of answers.entries()) {
      expect([COMMAND_TYPES[i], answer]).toEqual([COMMAND_TYPES[i], expect.not.stringMatching(/no_handler|has no onMessage/)]);
    }
    expect(answers.filter((a) => a === "NOT_ALLOWED_FOR_ROLE").length).toBeGreaterThanOrEqual(1);
  });

  it("a keeper's placePart is answered with the CommandResult and the site shows in the spectator's state", async () => {
    const keeper = await createKeeper();
    const spectator = await spectate(keeper.roomId);
    const result = await keeper.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: 5, y: 15 });
    expect(result).toEqual({ ok: true, id: expect.stringMatching(/^\d+$/) });
    const id = (result as { id: string }).id;
    const part = await until("the part in the spectator's state", () => spectator.state.parts.get(id));
    expect({ kind: part.kind, role: part.role, x: part.x, y: part.y, built: part.built, metalNeeded: part.metalNeeded })
      .toEqual({ kind: "pressurePlate", role: "trigger", x: 5, y: 15, built: false, metalNeeded: 2 });
  });

  it("a cable wiring two parts is projected with its path and one networkId shared by the parts", async () => {
    const keeper = await createKeeper();
    const spectator = await spectate(keeper.roomId);
    const plate = await keeper.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: 5, y: 15 });
    const darts = await keeper.request<unknown, CommandResult>("placePart", { kind: "dartLauncher", x: 8, y: 15 });
    const path = [5, 6, 7, 8].map((x) => ({ x, y: 15 }));
    const cable = await keeper.request<unknown, CommandResult>("wire", { path });
    expect([plate.ok, darts.ok, cable]).toEqual([true, true, { ok: true, id: expect.stringMatching(/^\d+$/) }]);
    const cableId = (cable as { id: string }).id;
    const c = await until("the cable in the spectator's state", () => spectator.state.cables.get(cableId));
    expect([...c.path]).toEqual([5, 15, 6, 15, 7, 15, 8, 15]);
    expect([...c.hops]).toEqual([]);
    expect(c.networkId).not.toBe("");
    const ids = [plate, darts].map((r) => (r as { id: string }).id);
    expect(ids.map((id) => spectator.state.parts.get(id)?.networkId)).toEqual([c.networkId, c.networkId]);
    expect(ids.map((id) => spectator.state.parts.get(id)?.role)).toEqual(["trigger", "mechanism"]);
  });

  it("simulation events reach clients as `event` messages; partPlaced, which only repeats the new TrapPart, reaches the keeper and not a spectator", async () => {
    const keeper = await createKeeper();
    const spectator = await spectate(keeper.roomId);
    const seen: SimEvent[] = [];
    const keeperSeen: SimEvent[] = [];
    spectator.onMessage(EVENT_MESSAGE, (e: SimEvent) => seen.push(e));
    keeper.onMessage(EVENT_MESSAGE, (e: SimEvent) => keeperSeen.push(e));
    const placed = await keeper.request<unknown, CommandResult>("placePart", { kind: "tripwire", x: 20, y: 15 });
    const id = (placed as { id: string }).id;
    const event = await until("the partPlaced event", () => keeperSeen.find((e) => e.type === "partPlaced"));
    expect(event).toEqual({ type: "partPlaced", partId: id, kind: "tripwire", x: 20, y: 15, tick: expect.any(Number) });
    // A step sends its events before its patch: had the event gone to the spectator, it would be here by now.
    await until("the part in the spectator's state", () => spectator.state.parts.get(id));
    const t0 = spectator.state.clock.tick;
    await until("three more steps", () => (spectator.state.clock.tick > t0 + 3 ? true : undefined));
    expect(seen.filter((e) => e.type === "partPlaced")).toEqual([]);
  });

  it("a refused keeper command is answered { ok: false, code, reason } and the keeper stays connected", async () => {
    const keeper = await createKeeper();
    const result = await keeper.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: 0, y: 0 });
    expect(result).toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(keeper.connection.isOpen).toBe(true);
  });

  it("a spectator's command is refused with NOT_ALLOWED_FOR_ROLE and the spectator stays connected", async () => {
    const keeper = await createKeeper();
    const spectator = await spectate(keeper.roomId);
    const result = await spectator.request<unknown, CommandResult>("placePart", { kind: "pressurePlate", x: 5, y: 15 });
    expect(result).toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "spectators cannot send commands" });
    const again = await spectator.request<unknown, CommandResult>("resume", {});
    expect(again).toMatchObject({ ok: false, code: "NOT_ALLOWED_FOR_ROLE" });
    expect(spectator.connection.isOpen).toBe(true);
    expect(spectator.state.parts.size).toBe(0);
  });

  it("a malformed payload closes that client with 4002 and the room keeps running", async () => {
    // reconnectSeconds 0: the kicked keeper's seat is not held for a reconnection.
    const keeper = await createKeeper({ timeScale: 60, reconnectSeconds: 0 });
    const spectator = await spectate(keeper.roomId);
    const closed = leaveCode(keeper);
    keeper.send("placePart", { kind: "catapult", x: -3 });
    expect(await closed).toBe(4002);
    const tick = spectator.state.clock.tick;
    await until("the clock to advance after the kick", () => (spectator.state.clock.tick > tick + 50 ? true : undefined));
    expect(spectator.connection.isOpen).toBe(true);
    // The keeper seat is free again.
    await until("the keeper count to drop", () => (spectator.state.keepers === 0 ? true : undefined));
    const newKeeper = await join((c) => c.joinById(keeper.roomId, { role: "keeper" }, DungeonState));
    expect(await newKeeper.request("placePart", { kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
  });

  it("a second keeper is refused with a clear error; spectators are not limited", async () => {
    const keeper = await createKeeper();
    const err = await new Client(server.base()).joinById(keeper.roomId, { role: "keeper" }).then(() => undefined, (e: unknown) => e);
    expect((err as Error).message).toMatch(/already has a keeper/);
    // The refusal is logged once, as a warning (captured by the harness, not printed).
    await until("the refusal logged", () => (server.logs().some((l) => String(l.roomRefusal).includes("already has a keeper")) ? true : undefined));
    expect(server.logs().filter((l) => String(l.roomRefusal).includes("already has a keeper")).map((l) => [l.level, l.msg]))
      .toEqual([[40, "room refused a client: this dungeon already has a keeper in each of its 1 keeper seat(s); join as a spectator"]]);
    for (let i = 0; i < 3; i++) await spectate(keeper.roomId);
    await until("3 spectators and 1 keeper in the state", () =>
      (open.at(-1)!.state.spectators === 3 && open.at(-1)!.state.keepers === 1 ? true : undefined));
  });

  it("an unknown role is refused", async () => {
    const keeper = await createKeeper();
    const err = await new Client(server.base()).joinById(keeper.roomId, { role: "god" }).then(() => undefined, (e: unknown) => e);
    expect((err as Error).message).toMatch(/invalid join options: role/);
  });
});
