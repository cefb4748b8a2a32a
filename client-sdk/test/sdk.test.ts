import { describe, expect, it, vi } from "vitest";
import { COMMAND_TYPES, EVENT_MESSAGE, type SimEvent } from "@malignus/shared";
import {
  CLOSED_ALREADY, CommandValidationError, DungeonConnection, EventTimeoutError, MalignusClient,
  connect, formatGameTime, gameTimeOfTick, httpBaseUrl, validateCommand,
} from "../src/index.ts";
import { fakeRoom } from "./fakeRoom.ts";

const hour = (tick: number, day: number, h: number): SimEvent => ({ type: "hour", tick, day, hour: h });
const wound = (tick: number, targetId: string): SimEvent => ({
  type: "wound", tick, targetId, sourceId: "9", severity: "serious", location: "torso", woundPoints: 2,
});

describe("local command validation", () => {
  it("accepts a well-formed payload and returns it", () => {
    expect(validateCommand("placePart", { kind: "pressurePlate", x: 6, y: 15 }))
      .toEqual({ kind: "pressurePlate", x: 6, y: 15 });
    expect(validateCommand("resume", undefined)).toEqual({});
  });

  it.each([
    ["an unknown part kind", "placePart", { kind: "catapult", x: 1, y: 1 }],
    ["a fractional coordinate", "placePart", { kind: "timer", x: 1.5, y: 1 }],
    ["a negative coordinate", "placePart", { kind: "timer", x: -1, y: 1 }],
    ["an extra field", "placePart", { kind: "timer", x: 1, y: 1, owner: "me" }],
    ["a missing field", "placePart", { kind: "timer", x: 1 }],
    ["a one-tile cable", "wire", { path: [{ x: 1, y: 1 }] }],
    ["a non-numeric id", "removePart", { partId: "abc" }],
    ["a payload on resume", "resume", { now: true }],
  ] as const)("refuses %s with a CommandValidationError", (_label, type, payload) => {
    let error: unknown;
    try {
      validateCommand(type, payload);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CommandValidationError);
    expect((error as CommandValidationError).commandType).toBe(type);
    expect((error as CommandValidationError).issues.length).toBeGreaterThan(0);
    expect((error as Error).message).toContain(`Invalid "${type}" payload (not sent)`);
  });

  it("refuses an unknown command type, naming the known ones", () => {
    expect(() => validateCommand("explode" as never, {})).toThrow(/Unknown command "explode"; expected one of placePart, wire/);
  });
});

describe("DungeonConnection commands", () => {
  it("has one method per command of COMMANDS", () => {
    const conn = new DungeonConnection(fakeRoom().asRoom, "keeper");
    for (const type of COMMAND_TYPES) expect(typeof conn[type]).toBe("function");
  });

  it("the server's internal translations of old are no methods (issue 15); the adventurer players' commands are the same as everyone's", () => {
    const conn = new DungeonConnection(fakeRoom().asRoom, "adventurer") as unknown as Record<string, unknown>;
    expect(["adventurerProposeDuel", "adventurerAnswerDuel", "adventurerDecideDuelMercy", "moveAdventurer"].map((m) => m in conn)).toEqual([false, false, false, false]);
    expect(["proposeDuel", "answerDuel", "decideDuelMercy", "planTurn", "moveTo"].map((m) => typeof conn[m])).toEqual(["function", "function", "function", "function", "function"]);
    expect(() => validateCommand("moveAdventurer" as never, {})).toThrow(/Unknown command "moveAdventurer"/);
  });

  it("a malformed payload rejects without sending anything", async () => {
    const fake = fakeRoom();
    const conn = new DungeonConnection(fake.asRoom, "keeper");
    await expect(conn.placePart({ kind: "pressurePlate", x: 6, y: -3 })).rejects.toBeInstanceOf(CommandValidationError);
    await expect(conn.command("wire", { path: [] })).rejects.toBeInstanceOf(CommandValidationError);
    await expect(conn.removeCable({ cableId: 7 as never })).rejects.toThrow(/Invalid "removeCable" payload/);
    expect(fake.room.request).not.toHaveBeenCalled();
  });

  it("a well-formed command is requested under its type and resolves with the server's answer", async () => {
    const answer = { ok: false, code: "TRIGGER_TOO_CLOSE", reason: "too close", rule: "TRAP-09" };
    const fake = fakeRoom(answer);
    const conn = new DungeonConnection(fake.asRoom, "keeper");
    await expect(conn.placePart({ kind: "pressurePlate", x: 6, y: 15 })).resolves.toEqual(answer);
    await expect(conn.resume()).resolves.toEqual(answer);
    const path = [{ x: 6, y: 15 }, { x: 7, y: 15 }];
    await expect(conn.command("wire", { path })).resolves.toEqual(answer);
    expect(fake.room.request.mock.calls).toEqual([
      ["placePart", { kind: "pressurePlate", x: 6, y: 15 }],
      ["resume", {}],
      ["wire", { path }],
    ]);
  });
});

describe("DungeonConnection events", () => {
  it("listens to the event message type from construction on", () => {
    const fake = fakeRoom();
    new DungeonConnection(fake.asRoom, "spectator");
    expect(fake.room.onMessage).toHaveBeenCalledWith(EVENT_MESSAGE, expect.any(Function));
  });

  it("onEvent(cb) gets every event, onEvent(type, cb) only its type, until unsubscribed", () => {
    const fake = fakeRoom();
    const conn = new DungeonConnection(fake.asRoom, "spectator");
    const all: string[] = [];
    const wounds: string[] = [];
    conn.onEvent((e) => all.push(e.type));
    const off = conn.onEvent("wound", (e) => wounds.push(`${e.targetId}:${e.severity}`));
    fake.push(EVENT_MESSAGE, hour(600, 1, 1));
    fake.push(EVENT_MESSAGE, wound(601, "4"));
    off();
    fake.push(EVENT_MESSAGE, wound(602, "5"));
    expect(all).toEqual(["hour", "wound", "wound"]);
    expect(wounds).toEqual(["4:serious"]);
  });

  it("waitForEvent resolves with the first matching event", async () => {
    const fake = fakeRoom();
    const conn = new DungeonConnection(fake.asRoom, "spectator");
    const waiting = conn.waitForEvent("hour", (e) => e.hour === 2, 1_000);
    fake.push(EVENT_MESSAGE, wound(10, "4"));
    fake.push(EVENT_MESSAGE, hour(600, 1, 1));
    fake.push(EVENT_MESSAGE, hour(1200, 1, 2));
    fake.push(EVENT_MESSAGE, hour(1800, 1, 3));
    await expect(waiting).resolves.toEqual(hour(1200, 1, 2));
  });

  it("waitForEvent rejects with EventTimeoutError when nothing matches in time", async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeRoom();
      const conn = new DungeonConnection(fake.asRoom, "spectator");
      // The connection itself listens to the room's close (to resume or tell its onLeave listeners).
      expect(fake.room.onLeave.size()).toBe(1);
      const waiting = conn.waitForEvent("invasionEnded", undefined, 5_000);
      fake.push(EVENT_MESSAGE, hour(600, 1, 1));
      vi.advanceTimersByTime(5_000);
      await expect(waiting).rejects.toBeInstanceOf(EventTimeoutError);
      await expect(waiting).rejects.toThrow('No "invasionEnded" event within 5000 ms.');
      // waitForEvent left no listener behind.
      expect(fake.room.onLeave.size()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("waitForEvent rejects when the connection closes first", async () => {
    const fake = fakeRoom();
    const conn = new DungeonConnection(fake.asRoom, "keeper");
    const waiting = conn.waitForEvent("trapFired", undefined, 60_000);
    fake.close(4002);
    await expect(waiting).rejects.toThrow(/Connection closed \(code 4002\) while waiting for "trapFired"/);
  });

  it("leave() stops event delivery, and does not wait on an already closed connection", async () => {
    const fake = fakeRoom();
    const conn = new DungeonConnection(fake.asRoom, "keeper");
    const seen: string[] = [];
    conn.onEvent((e) => seen.push(e.type));
    expect(await conn.leave()).toBe(4000);
    expect(fake.push(EVENT_MESSAGE, hour(600, 1, 1))).toBe(false);
    expect(seen).toEqual([]);
    expect(await conn.leave()).toBe(CLOSED_ALREADY);
    expect(fake.room.leave).toHaveBeenCalledTimes(1);
  });
});

describe("server URLs", () => {
  it.each([
    ["ws://127.0.0.1:2567", "http://127.0.0.1:2567"],
    ["ws://127.0.0.1:2567/", "http://127.0.0.1:2567"],
    ["wss://play.example.org/game/", "https://play.example.org/game"],
    ["wss://play.example.org:443", "https://play.example.org"],
    ["ws://localhost:2568/a/b?token=1#x", "http://localhost:2568/a/b"],
    ["http://10.0.0.2:8080", "http://10.0.0.2:8080"],
    ["https://h.example", "https://h.example"],
  ])("%s → %s", (ws, http) => {
    expect(httpBaseUrl(ws)).toBe(http);
  });

  it("refuses a relative URL and a foreign scheme", () => {
    expect(() => httpBaseUrl("localhost:2567")).toThrow(TypeError);
    expect(() => httpBaseUrl("/rooms")).toThrow(/not an absolute URL/);
    expect(() => httpBaseUrl("ftp://h:21")).toThrow(/scheme "ftp:"/);
    expect(() => connect("nope")).toThrow(TypeError);
  });

  it("connect() defaults to ws://127.0.0.1:2567", () => {
    const client = connect();
    expect(client.url).toBe("ws://127.0.0.1:2567");
    expect(client.httpUrl).toBe("http://127.0.0.1:2567");
  });

  it("listDungeons() GETs /rooms on the derived HTTP URL", async () => {
    const listing = [{ roomId: "abc", map: "default", ruleset: "malignus", day: 1, hour: 3, keepers: 1, spectators: 2 }];
    const fetchFn = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => Response.json(listing));
    const client = new MalignusClient("wss://play.example.org/game", { fetch: fetchFn as typeof fetch });
    await expect(client.listDungeons()).resolves.toEqual(listing);
    expect(fetchFn.mock.calls[0]?.[0]).toBe("https://play.example.org/game/rooms");
  });

  it("listDungeons() rejects on an error status", async () => {
    const fetchFn = vi.fn(async () => new Response("nope", { status: 503, statusText: "Service Unavailable" }));
    const client = connect("ws://127.0.0.1:1", { fetch: fetchFn as typeof fetch });
    await expect(client.listDungeons()).rejects.toThrow("GET http://127.0.0.1:1/rooms answered 503 Service Unavailable");
  });
});

describe("game clock of a tick", () => {
  it("matches the server clock: 10 ticks a minute, days from 1", () => {
    expect(gameTimeOfTick(0)).toEqual({ day: 1, hour: 0, minute: 0 });
    expect(gameTimeOfTick(599)).toEqual({ day: 1, hour: 0, minute: 59 });
    expect(gameTimeOfTick(15_010)).toEqual({ day: 2, hour: 1, minute: 1 });
    expect(formatGameTime(gameTimeOfTick(14_400 + 7 * 600 + 50))).toBe("day 2 07:05");
    expect(() => gameTimeOfTick(-1)).toThrow(RangeError);
  });
});
