import { readdirSync, readFileSync } from "node:fs";
import { join as joinPath } from "node:path";
import { describe, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { CloseCode, matchMaker } from "@colyseus/core";
import { DUNGEON_ROOM, SEAT_MESSAGE, type CommandResult, type SeatInfo } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { handleServerMessages, rawServer } from "./harness.ts";
import type { DungeonRoom } from "../../src/rooms/DungeonRoom.ts";
import { replay } from "../../src/sim/index.ts";
import { loadMap } from "../../src/maps.ts";
import { until } from "../until.ts";

/**
 * The one input log over a real WebSocket (issue 15 part 1): everything that changes the
 * simulation from outside is in `room.inputLog` with its actor — the room's seat facts (a keeper
 * leaving and returning, a player seated), keepers' commands, adventurer players' duel answers
 * and turn plans — and replays to the room's hash; the room never writes the simulation's state.
 */

const open: Room[] = [];
const server = rawServer(open);
const roomOf = (roomId: string) => matchMaker.getLocalRoomById(roomId) as unknown as DungeonRoom;

async function joined(p: Promise<Room<any, DungeonState>>): Promise<{ room: Room<any, DungeonState>; seat: Promise<SeatInfo> }> {
  const room = await p;
  const seat = new Promise<SeatInfo>((resolve) => room.onMessage(SEAT_MESSAGE, (s: SeatInfo) => resolve(s)));
  handleServerMessages(room);
  open.push(room);
  return { room, seat };
}

/**
 * seed 424242, d100, skipToInvasion: the room opens on the first party's arrival (one peasant),
 * 123 ticks before the keeper spots it; timeScale 0.01 runs about one tick a second, so nothing
 * in the dungeon moves on during the test.
 */
const D100_ROOM = { role: "keeper", seed: 424242, ruleset: "d100", timeScale: 0.01, skipToInvasion: true, pauseOnSpot: false, reconnectSeconds: 10 } as const;

describe("the room's input log", () => {
  it("logs the seat facts (a player seated, a keeper dropping and back), a keeper's duel, the player's answer and plan, each with its actor, and replays to the room's hash", async () => {
    const keeper = await joined(new Client(server.base()).create(DUNGEON_ROOM, D100_ROOM, DungeonState));
    const k = await keeper.seat;
    const room = roomOf(keeper.room.roomId);
    const [peasantId] = room.openAdventurerSeats();
    const minionId = Object.values(room.simulation.state.units).find((u) => u.kind === "minion")!.id;
    const hero = await joined(new Client(server.base()).joinById(keeper.room.roomId, { role: "adventurer", unitId: peasantId }, DungeonState));
    const a = await hero.seat;

    const proposed = await keeper.room.request<unknown, CommandResult>("proposeDuel", { unitId: minionId, opponentId: peasantId, toDeath: false });
    expect(proposed).toMatchObject({ ok: true, id: expect.any(String) });
    const proposalId = (proposed as { id: string }).id;
    // A refused answer (someone else's proposal id) is answered and not logged.
    expect(await hero.room.request("answerDuel", { proposalId: "999999", accept: true })).toMatchObject({ ok: false, code: "NO_DUEL_PROPOSAL" });
    expect(await hero.room.request("answerDuel", { proposalId, accept: true })).toEqual({ ok: true });
    expect(await hero.room.request("planTurn", { action: "attack", targetId: minionId })).toEqual({ ok: true });

    // The keeper drops and comes back: two seat facts from the room.
    keeper.room.reconnection.minUptime = 0;
    keeper.room.reconnection.minDelay = 50;
    const back = new Promise<void>((resolve) => keeper.room.onReconnect(() => resolve()));
    keeper.room.connection.close(CloseCode.MAY_TRY_RECONNECT, "test drop");
    await back;
    await until("the keeper's seat connected again", () => (room.seats.some((s) => s.seatId === k.seatId && s.connected) ? true : undefined));

    const hero1 = { seatId: a.seatId, unitId: peasantId!, connected: true };
    expect(room.inputLog.map((i) => [i.actor, i.command])).toEqual([
      [{ kind: "room" }, { type: "seats", keepers: 1, adventurers: [] }],
      [{ kind: "room" }, { type: "seats", keepers: 1, adventurers: [hero1] }],
      [{ kind: "keeper", seatId: k.seatId }, { type: "proposeDuel", unitId: minionId, opponentId: peasantId, toDeath: false }],
      [{ kind: "adventurer", seatId: a.seatId, unitId: peasantId }, { type: "answerDuel", proposalId, accept: true }],
      [{ kind: "adventurer", seatId: a.seatId, unitId: peasantId }, { type: "planTurn", action: "attack", targetId: minionId }],
      [{ kind: "room" }, { type: "seats", keepers: 0, adventurers: [hero1] }],
      [{ kind: "room" }, { type: "seats", keepers: 1, adventurers: [hero1] }],
    ]);
    // Ticks only grow along the log, and the log replays to the room's state.
    const ticks = room.inputLog.map((i) => i.tick);
    expect([...ticks].sort((x, y) => x - y)).toEqual(ticks);
    const tick = room.simulation.tick;
    const hash = room.simulation.hash();
    expect(replay(room.createOptions, loadMap(room.createOptions.map), room.inputLog, { untilTick: tick }).hash()).toBe(hash);
    expect(room.createOptions).toEqual({ map: "default", seed: 424242, ruleset: "d100", pauseOnSpot: false, skipToInvasion: true, startPaused: false });
  });

  it("CHECKPOINT_EVERY_TICKS: the room records its simulation's hash every that many ticks (off by default)", async () => {
    const plain = await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", timeScale: 1000 }, DungeonState));
    process.env.CHECKPOINT_EVERY_TICKS = "100";
    try {
      const keeper = await joined(new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", timeScale: 1000, seed: 5, pauseOnSpot: false }, DungeonState));
      const room = roomOf(keeper.room.roomId);
      await until("three checkpoints", () => (room.checkpoints.length >= 3 ? true : undefined), 10_000);
      expect(room.checkpoints.slice(0, 3).map((c) => c.tick)).toEqual([100, 200, 300]);
      // Under load the room may have run on and logged later inputs (seat facts): replay only up to tick 300.
      const again = replay(room.createOptions, loadMap("default"), room.inputLog.filter((i) => i.tick <= 300), { untilTick: 300, checkpointEvery: 100 });
      expect(again.checkpoints).toEqual(room.checkpoints.slice(0, 3));
    } finally {
      delete process.env.CHECKPOINT_EVERY_TICKS;
    }
    expect(roomOf(plain.room.roomId).checkpoints).toEqual([]);
  });
});

describe("the room never writes the simulation's state", () => {
  /** Every .ts source of server/src/rooms with its text. */
  const ROOMS = joinPath(import.meta.dirname, "../../src/rooms");
  const sources = readdirSync(ROOMS).filter((f) => f.endsWith(".ts")).map((f) => ({ file: f, text: readFileSync(joinPath(ROOMS, f), "utf8") }));
  /** An assignment, update or delete whose target goes through a simulation's `state` (`sim.state.x = …`, `#sim.state.units[id].y++`, `delete sim.state.z`). */
  const WRITE = /(?:\bsim|#sim|\.simulation)\.state(?:\.[\w$]+|\[[^\]]+\]|!)*\s*(?:[-+*/%&|^]|\?\?|&&|\|\|)?=(?!=)|(?:\+\+|--)\s*(?:this\.)?#?sim\.state\b|(?:\bsim|#sim)\.state(?:\.[\w$]+|\[[^\]]+\]|!)*\s*(?:\+\+|--)|\bdelete\s+(?:this\.)?#?sim\.state\b/;

  it("the pattern finds writes (it can fail)", () => {
    for (const line of ["this.#sim.state.pauseOnSpot = false;", "sim.state.units[id]!.controller = seatId;", "delete sim.state.keeperAway;", "this.#sim.state.metal += 2;", "sim.state.tick++;"]) {
      expect([line, WRITE.test(line)]).toEqual([line, true]);
    }
    for (const line of ["if (sim.state.paused) {", "const t = sim.state.tick;", "x === sim.state.tick", "records[id]?.controller ?? \"\""]) {
      expect([line, WRITE.test(line)]).toEqual([line, false]);
    }
  });

  it("no source of server/src/rooms assigns, updates or deletes through the simulation's state", () => {
    expect(sources.map((s) => s.file)).toContain("DungeonRoom.ts");
    const writes = sources.flatMap(({ file, text }) => text.split("\n").flatMap((line, i) => (WRITE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])));
    expect(writes).toEqual([]);
  });
});
