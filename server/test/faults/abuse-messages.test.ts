import { describe, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { matchMaker } from "@colyseus/core";
import { COMMAND_TYPES, DUNGEON_ROOM } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { handleServerMessages } from "../server/harness.ts";
import { describeInvalidPayload } from "../../src/rooms/abuse.ts";
import type { DungeonRoom } from "../../src/rooms/DungeonRoom.ts";
import { capturedServer } from "./capture.ts";

/**
 * Issue 18, finding 7: a request for an unknown type ("" included) is answered naming the type;
 * a request whose payload fails its schema gets a readable message (first issue's path and
 * message, not zod's JSON); NaN and Infinity are named as such. None disconnects the client.
 */
const open: Room[] = [];
const server = capturedServer(open);
const roomOf = (roomId: string) => matchMaker.getLocalRoomById(roomId) as unknown as DungeonRoom;

async function errorOf(p: Promise<unknown>): Promise<{ name: string; message: string; code: unknown }> {
  try {
    await p;
  } catch (e) {
    const err = e as { name: string; message: string; code?: unknown };
    return { name: err.name, message: err.message, code: err.code };
  }
  throw new Error("the request was answered ok");
}

describe("request answers", () => {
  it("a request for type \"\" or an unknown type is answered UNKNOWN_TYPE naming it; counted as a refusal; the client stays", async () => {
    const keeper = handleServerMessages(await new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 11, pauseOnSpot: false }, DungeonState));
    open.push(keeper);
    const room = roomOf(keeper.roomId);
    const before = room.refusalCount;
    const empty = await errorOf(keeper.request("", {}));
    expect(empty.name).toBe("UNKNOWN_TYPE");
    expect(empty.code).toBe("UNKNOWN_TYPE");
    expect(empty.message).toBe(`unknown message type "": the commands are ${COMMAND_TYPES.join(", ")}`);
    expect(COMMAND_TYPES.length).toBeGreaterThan(5);
    const bogus = await errorOf(keeper.request("catapult", { x: 1 }));
    expect([bogus.name, bogus.message]).toEqual(["UNKNOWN_TYPE", `unknown message type "catapult": the commands are ${COMMAND_TYPES.join(", ")}`]);
    expect(room.refusalCount - before).toBe(2);
    expect(keeper.connection.isOpen).toBe(true);
  });

  it("a payload failing its schema is answered with the first issue's path and message, not zod's JSON; NaN and Infinity are named", async () => {
    const keeper = handleServerMessages(await new Client(server.base()).create(DUNGEON_ROOM, { role: "keeper", seed: 12, pauseOnSpot: false }, DungeonState));
    open.push(keeper);
    expect(await errorOf(keeper.request("placePart", { kind: "pressurePlate", x: "five", y: 15 }))).toEqual({
      name: "INVALID_PAYLOAD", code: "INVALID_PAYLOAD", message: "invalid placePart: x: Invalid input: expected number, received string",
    });
    expect(await errorOf(keeper.request("placePart", { kind: "pressurePlate", x: Number.NaN, y: 15 }))).toEqual({
      name: "INVALID_PAYLOAD", code: "INVALID_PAYLOAD", message: "invalid placePart: x: NaN is not a finite number",
    });
    expect(await errorOf(keeper.request("placePart", { kind: "pressurePlate", x: 5, y: Number.POSITIVE_INFINITY }))).toEqual({
      name: "INVALID_PAYLOAD", code: "INVALID_PAYLOAD", message: "invalid placePart: y: Infinity is not a finite number",
    });
    expect(await errorOf(keeper.request("placePart", { kind: "catapult", x: -1, y: 15 }))).toMatchObject({
      name: "INVALID_PAYLOAD", message: expect.stringMatching(/^invalid placePart: kind: .+ \(and 1 more problem\)$/),
    });
    // Still connected, and a good command still applies.
    expect(keeper.connection.isOpen).toBe(true);
    expect(await keeper.request("placePart", { kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
    // Logged as warn lines, one a second at most, without a stack.
    const warns = server.lines.filter((l) => l.abuse === "invalidRequest");
    expect(warns.length).toBeGreaterThanOrEqual(1);
    expect(warns[0]!.msg).toBe("invalid message refused (request): invalid placePart: x: Invalid input: expected number, received string");
    expect(warns.some((l) => "err" in l || "stack" in l)).toBe(false);
  });

  it("describeInvalidPayload: the payload itself, nested paths, -Infinity", () => {
    expect(describeInvalidPayload("wire", [{ path: [], message: "Invalid input: expected object, received null" }], null)).toBe("invalid wire: (payload): Invalid input: expected object, received null");
    expect(describeInvalidPayload("wire", [{ path: ["path", 1, "x"], message: "bad" }, { path: ["a"], message: "b" }, { path: ["c"], message: "d" }], { path: [{ x: 1 }, { x: -Infinity }] }))
      .toBe("invalid wire: path.1.x: -Infinity is not a finite number (and 2 more problems)");
    expect(describeInvalidPayload("resume", [], {})).toBe("invalid resume payload");
  });
});
