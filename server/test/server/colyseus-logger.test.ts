import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { pino } from "pino";
import { Client, type Room } from "@colyseus/sdk";
import { DUNGEON_ROOM } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import type { DungeonServer } from "../../src/app.ts";
import { colyseusLogger, MAX_INVALID_MESSAGE_LOGS_PER_SECOND, MAX_ISSUE_SUMMARY_CHARS, parseRoomRefusal, parseValidationFailure, summariseIssues } from "../../src/colyseusLogger.ts";
import { handleServerMessages, quietServerOutput } from "./harness.ts";
import { until } from "../until.ts";

/**
 * The logger handed to Colyseus (server/src/colyseusLogger.ts): a client's message failing its
 * zod schema is an expected refusal, logged as one warn line, not an error with a stack trace;
 * anything else still reaches the error level unchanged.
 */

/** What the server's logger wrote, one parsed JSON line each. */
const lines: { level: number; msg: string; invalidMessage?: unknown; err?: unknown }[] = [];
const capture = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split("\n")) if (l) lines.push(JSON.parse(l)); done(); } });
let app: DungeonServer | undefined;
let base = "";
const open: Room[] = [];
// The rooms' process logger and the SDK's line about the 4002 close these tests provoke: captured, not printed.
quietServerOutput();

beforeAll(async () => {
  const { createServer } = await import("../../src/app.ts");
  app = await createServer({ transport: "ws", logger: pino({ level: "info" }, capture) });
  base = `http://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
});
afterAll(async () => {
  await Promise.allSettled(open.map((r) => (r.connection.isOpen ? r.leave() : undefined)));
  await app?.shutdown();
});

/** A stand-in pino logger recording each call as [level, ...args]. */
function spyLog(): { calls: unknown[][]; log: never } {
  const calls: unknown[][] = [];
  const at = (level: string) => (...args: unknown[]) => { calls.push([level, ...args]); };
  return { calls, log: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error"), trace: at("trace") } as never };
}

describe("Colyseus's log of refused messages", () => {
  it("a send failing its schema closes the client with 4002, one warn line (a request failing it is answered by the room before Colyseus validates it: server/test/faults/abuse-messages.test.ts)", async () => {
    const keeper = handleServerMessages(await new Client(base).create(DUNGEON_ROOM, { role: "keeper", seed: 1, pauseOnSpot: false }, DungeonState));
    open.push(keeper);
    const before = lines.length;
    await expect(keeper.request("placePart", { kind: "pressurePlate", x: "five", y: 15 })).rejects.toThrow("invalid placePart: x: Invalid input: expected number, received string");
    expect(lines.slice(before).filter((l) => l.level >= 40 && "invalidMessage" in l)).toEqual([]);

    const closed = new Promise<number>((resolve) => keeper.onLeave((code: number) => resolve(code)));
    const mark = lines.length;
    keeper.send("removePart", { partId: 5, extra: true });
    expect(await closed).toBe(4002);
    await until("the refusal's log line", () => (lines.slice(mark).some((l) => l.level === 40) ? true : undefined));
    const warned = lines.slice(mark).filter((l) => l.level >= 40);
    expect(warned.map((l) => [l.level, l.msg])).toEqual([[40, "invalid message refused (send): partId: Invalid input: expected string, received number (invalid_type); (payload): Unrecognized key: \"extra\" (unrecognized_keys)"]]);
  });

  it("anything else Colyseus logs as an error stays an error, unchanged", () => {
    const { calls, log } = spyLog();
    const logger = colyseusLogger(log);
    const genuine = new Error("boom").stack!;
    logger.error(genuine);
    // An array-looking message thrown elsewhere than the validator is not a refusal either.
    const elsewhere = `Error: [1, 2]\n    at somethingElse (file:///x.mjs:1:1)`;
    logger.error(elsewhere);
    logger.error("two", "args");
    logger.warn("w");
    logger.info("i");
    expect(calls).toEqual([["error", genuine], ["error", elsewhere], ["error", "two", "args"], ["warn", "w"], ["info", "i"]]);
    expect(parseValidationFailure(genuine)).toBeUndefined();
    expect(parseValidationFailure(elsewhere)).toBeUndefined();
    expect(parseValidationFailure(42)).toBeUndefined();
  });

  it("Colyseus's note that an instance onAuth is ignored (untrue for the dungeon room) is a debug line, not info", () => {
    const { calls, log } = spyLog();
    const note = `\u274C "dungeon"'s onAuth() defined at the instance level will be ignored.`;
    colyseusLogger(log).info(note);
    expect(calls).toEqual([["debug", { colyseus: note }, "a static and an instance onAuth are both defined; the instance one still runs when the static one returns true (the keeper-key check)"]]);
  });

  it("the validator's stack is parsed into its issues, summarised on one line of at most MAX_ISSUE_SUMMARY_CHARS characters", () => {
    const issues = [{ origin: "string", code: "invalid_format", format: "regex", path: ["partId"], message: "Invalid string:\nmust match" }];
    const stack = `Error: ${JSON.stringify(issues, null, 2)}\n    at standardValidate (file:///c/StandardSchema.mjs:9:11)\n    at RoomMessages.onData (file:///c/RoomMessages.mjs:125:19)`;
    const failure = parseValidationFailure(stack);
    expect(failure).toEqual({ via: "send", issues: [{ path: ["partId"], code: "invalid_format", message: "Invalid string:\nmust match" }] });
    expect(summariseIssues(failure!.issues)).toBe("partId: Invalid string: must match (invalid_format)");
    const many = Array.from({ length: 40 }, (_, i) => ({ path: [i], code: "too_big", message: "Too big" }));
    const long = summariseIssues(many);
    expect([long.length, long.endsWith("…"), long.startsWith("0: Too big (too_big); 1: Too big (too_big)")]).toEqual([MAX_ISSUE_SUMMARY_CHARS, true, true]);
    const { calls, log } = spyLog();
    colyseusLogger(log).error(stack.replace("RoomMessages.onData", "RoomMessages.onDataBytes"));
    expect(calls).toEqual([["warn", { invalidMessage: { via: "bytes", issues: failure!.issues } }, "invalid message refused (bytes): partId: Invalid string: must match (invalid_format)"]]);
  });

  it("at most MAX_INVALID_MESSAGE_LOGS_PER_SECOND refusal lines a second; the next line after a busy second counts the ones left out", () => {
    const stack = `Error: ${JSON.stringify([{ code: "invalid_type", path: ["x"], message: "bad" }])}\n    at standardValidate (s.mjs:1:1)\n    at RoomMessages.onRequest (r.mjs:1:1)`;
    const { calls, log } = spyLog();
    let t = 5000;
    const logger = colyseusLogger(log, () => t);
    for (let i = 0; i < 25; i++) logger.error(stack);
    logger.error("a genuine error"); // never limited
    t = 5999;
    logger.error(stack); // same second: left out
    t = 6000;
    logger.error(stack);
    const line = ["warn", { invalidMessage: { via: "request", issues: [{ path: ["x"], code: "invalid_type", message: "bad" }] } }, "invalid message refused (request): x: bad (invalid_type)"];
    expect(MAX_INVALID_MESSAGE_LOGS_PER_SECOND).toBe(10);
    expect(calls).toEqual([
      ...Array.from({ length: 10 }, () => line),
      ["error", "a genuine error"],
      ["warn", { suppressed: 16 }, "16 more invalid message(s) refused without a log line (over 10 a second)"],
      line,
    ]);
  });

  it("a room's deliberate refusal of a join is one warn line with its reason, not an error with a stack", async () => {
    const keeper = handleServerMessages(await new Client(base).create(DUNGEON_ROOM, { role: "keeper", seed: 2, pauseOnSpot: false }, DungeonState));
    open.push(keeper);
    const mark = lines.length;
    await expect(new Client(base).joinById(keeper.roomId, { role: "keeper" }, DungeonState)).rejects.toThrow();
    await until("the refusal's log line", () => (lines.slice(mark).some((l) => l.level === 40) ? true : undefined));
    expect(lines.slice(mark).filter((l) => l.level >= 40).map((l) => [l.level, l.msg])).toEqual([[40, "room refused a client: this dungeon already has a keeper in each of its 1 keeper seat(s); join as a spectator"]]);
    expect(parseRoomRefusal("RoomRefusal: bad\n    at x (y.ts:1:1)")).toBe("bad");
    expect(parseRoomRefusal("Error: RoomRefusal: no")).toBeUndefined();
  });
});
