import { afterAll, beforeAll } from "vitest";
import type { Room } from "@colyseus/sdk";
import { EVENT_MESSAGE, SEAT_MESSAGE } from "@malignus/shared";
import type { DungeonServer } from "../../src/app.ts";

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

/**
 * The server tests' harness for the raw Colyseus client: the real server started in-process on a
 * free loopback port (ws transport, local presence) before the file's tests; after them, every
 * room in `open` still connected is left and the server shuts down.
 * @param open the rooms the file's tests joined (they push to it).
 * @returns `base()`, the server's http URL (valid once `beforeAll` ran).
 */
export function rawServer(open: readonly Room[]): { base(): string } {
  let app: DungeonServer | undefined;
  let base = "";
  beforeAll(async () => {
    process.env.LOG_LEVEL ??= "warn";
    const { createServer } = await import("../../src/app.ts");
    app = await createServer({ transport: "ws" });
    base = `http://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((r) => (r.connection.isOpen ? r.leave() : undefined)));
    await app?.shutdown();
  });
  return { base: () => base };
}
