import { afterAll, afterEach, beforeAll } from "vitest";
import type { DungeonConnection, SimEvent, SimEventOf } from "@malignus/client-sdk";
import type { DungeonServer } from "../../src/app.ts";

/**
 * Real milliseconds the harness gives the server to start: importing the whole server (vite
 * transforms it on a cold cache) took over 30 s (the default hookTimeout) at load 20 on 2 cores.
 */
const SERVER_START_MS = 120_000;
/** Real milliseconds the harness gives the connections to leave and the server to shut down. */
const SERVER_STOP_MS = 60_000;

/**
 * The end-to-end tests' harness: the real server started in-process on a free loopback port
 * (ws transport, local presence) before the file's tests; every connection a test `track`s is
 * left after that test, so its room is disposed and does not run on (at its full `timeScale`)
 * beside the file's next tests, and the server shuts down after them.
 * @returns `url()` (valid once `beforeAll` ran), `track(connection)` and the server (`app()`).
 */
export function inProcessServer(): { url(): string; app(): DungeonServer; track<T extends DungeonConnection>(c: T): T } {
  let app: DungeonServer | undefined;
  let url = "";
  const open: DungeonConnection[] = [];
  beforeAll(async () => {
    process.env.LOG_LEVEL ??= "warn";
    const { createServer } = await import("../../src/app.ts");
    app = await createServer({ transport: "ws" });
    url = `ws://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
  }, SERVER_START_MS);
  afterEach(async () => {
    await Promise.allSettled(open.splice(0).map((c) => c.leave()));
  }, SERVER_STOP_MS);
  afterAll(async () => {
    await Promise.allSettled(open.splice(0).map((c) => c.leave()));
    await app?.shutdown();
  }, SERVER_STOP_MS);
  return {
    url: () => url,
    app: () => { if (!app) throw new Error("the server is not started yet"); return app; },
    track: (c) => { open.push(c); return c; },
  };
}

/**
 * Records every event `connection` receives from now on.
 * `eventually(type, match, ms)` resolves with the first recorded or future event of `type`
 * matching `match`, and rejects (EventTimeoutError) when none comes within `ms` milliseconds.
 */
export function recordEvents(connection: DungeonConnection): {
  seen: SimEvent[];
  eventually<T extends SimEvent["type"]>(type: T, match: (e: SimEventOf<T>) => boolean, ms: number): Promise<SimEventOf<T>>;
} {
  const seen: SimEvent[] = [];
  connection.onEvent((e) => seen.push(e));
  return {
    seen,
    eventually: async (type, match, ms) =>
      seen.find((e): e is SimEventOf<typeof type> => e.type === type && match(e as SimEventOf<typeof type>))
        ?? await connection.waitForEvent(type, match, ms),
  };
}
