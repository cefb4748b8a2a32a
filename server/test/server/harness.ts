import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, expect } from "vitest";
import type { Room } from "@colyseus/sdk";
import { COMMANDS, EVENT_MESSAGE, SEAT_MESSAGE, type Command, type CommandType } from "@malignus/shared";
import type { DungeonState } from "@malignus/shared/schema";
import type { DungeonServer } from "../../src/app.ts";
import type { Logger } from "../../src/logger.ts";
import type { Simulation } from "../../src/sim/index.ts";
import { chooseKeeperAction, type KeeperView } from "../../../loadtest/src/bots/keeper.ts";
import type { BotRandom } from "../../../loadtest/src/bots/rand.ts";

/**
 * The message types a dungeon room sends a client (shared/src/protocol.ts): the seat once after
 * joining, then the simulation's events. Command answers travel as requests and need no handler.
 */
export const SERVER_MESSAGE_TYPES = [SEAT_MESSAGE, EVENT_MESSAGE] as const;

/**
 * Registers a handler for every message type of {@link SERVER_MESSAGE_TYPES} on a raw Colyseus
 * client `room`, so the SDK does not warn "onMessage() not registered for type ..." for messages
 * a test does not read. A test that reads one registers its own handler as well (the SDK calls
 * every handler of a type).
 * @returns `room`, for chaining.
 */
export function handleServerMessages<R extends Room>(room: R): R {
  for (const type of SERVER_MESSAGE_TYPES) room.onMessage(type, () => {});
  return room;
}

/** What {@link quietServerOutput} captured, and the logger to give the app. */
export interface QuietOutput {
  /** A pino logger (warn and above) writing into the capture: pass it to `createServer`. */
  appLogger(): Logger;
  /** The captured log lines in order (pino's JSON objects: `level` 40 warn, 50 error; `msg`; the fields). */
  logs(): Record<string, unknown>[];
  /** The client SDK's captured console lines (4002 closes, reconnection steps). */
  sdkLines(): string[];
}

/**
 * Keeps a server test file's expected output off the console, for the file's duration (its own
 * `beforeAll`/`afterAll`; call it before the file starts its server):
 * - the server's log (the app's logger from {@link QuietOutput.appLogger} and the rooms' process
 *   logger, warn and above) is captured: the refusals these tests provoke are expected warnings,
 *   which a test asserts through `logs()`;
 * - the client SDK's own console lines about a connection the server closed (`Room connection was
 *   closed unexpectedly (4002)`) and its reconnection steps (`[Colyseus reconnection]: …`) are
 *   captured (`sdkLines()`); any other console output passes through.
 * After the file's tests no line of error level or above may have been logged, except those
 * matching `expectedErrors` (and each of those must have been): a server error fails the file
 * instead of scrolling by.
 */
export function quietServerOutput(expectedErrors: readonly RegExp[] = []): QuietOutput {
  const lines: Record<string, unknown>[] = [];
  const sdk: string[] = [];
  const sdkLine = /^(Room connection was closed unexpectedly|\[Colyseus reconnection\])/;
  const restore: (() => void)[] = [];
  const capture = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split("\n")) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const appLogger = pino({ level: "warn" }, capture);
  const streamSym = pino.symbols.streamSym as unknown as string;
  beforeAll(async () => {
    // A plain wrapper, not vi.spyOn: a test's own spy on console (and its mockRestore) stacks on it.
    for (const method of ["log", "error", "warn", "info"] as const) {
      const original = console[method];
      console[method] = (...args: unknown[]) => {
        const text = args.map(String).join(" ");
        if (sdkLine.test(text)) sdk.push(text);
        else original.apply(console, args);
      };
      restore.push(() => { console[method] = original; });
    }
    const { logger } = await import("../../src/logger.ts");
    const processLogger = logger as unknown as Record<string, unknown>;
    const stream = processLogger[streamSym], level = logger.level;
    processLogger[streamSym] = capture;
    logger.level = "warn";
    restore.push(() => { processLogger[streamSym] = stream; logger.level = level; });
  });
  afterAll(() => {
    for (const undo of restore.splice(0)) undo();
    const errors = lines.filter((l) => (l.level as number) >= 50).map((l) => String(l.msg));
    expect(errors.filter((m) => !expectedErrors.some((re) => re.test(m)))).toEqual([]);
    for (const re of expectedErrors) expect(errors.some((m) => re.test(m)), `an error line matching ${re}`).toBe(true);
  });
  return { appLogger: () => appLogger, logs: () => lines, sdkLines: () => sdk };
}

/**
 * The server tests' harness for the raw Colyseus client: the real server started in-process on a
 * free loopback port (ws transport, local presence) before the file's tests; after them, every
 * room in `open` still connected is left and the server shuts down. Its output is kept off the
 * console by {@link quietServerOutput}.
 * @param open the rooms the file's tests joined (they push to it).
 * @param expectedErrors error-level log lines the file provokes on purpose (see {@link quietServerOutput}).
 * @returns `base()`, the server's http URL (valid once `beforeAll` ran), and the captured `logs()` and `sdkLines()`.
 */
export function rawServer(open: readonly Room[], expectedErrors: readonly RegExp[] = []): {
  base(): string; logs(): Record<string, unknown>[]; sdkLines(): string[];
} {
  const quiet = quietServerOutput(expectedErrors);
  let app: DungeonServer | undefined;
  let base = "";
  beforeAll(async () => {
    const { createServer } = await import("../../src/app.ts");
    app = await createServer({ transport: "ws", logger: quiet.appLogger() });
    base = `http://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((r) => (r.connection.isOpen ? r.leave() : undefined)));
    await app?.shutdown();
  });
  return { base: () => base, logs: quiet.logs, sdkLines: quiet.sdkLines };
}

/**
 * One move of the load test's keeper bot (loadtest/src/bots/keeper.ts `chooseKeeperAction`) on the
 * projected `state`, checked against the command's schema and applied to `sim` as the room would.
 * @returns true when the command parsed and the simulation accepted it.
 */
export function applyKeeperBotAction(sim: Simulation, state: DungeonState, rand: BotRandom): boolean {
  const action = chooseKeeperAction(state as unknown as KeeperView, rand);
  const parsed = COMMANDS[action.type as CommandType].safeParse(action.payload);
  return parsed.success && sim.apply({ type: action.type, ...(parsed.data as object) } as Command).ok;
}
