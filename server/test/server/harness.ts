import { afterAll, beforeAll } from "vitest";
import type { Room } from "@colyseus/sdk";
import type { DungeonServer } from "../../src/app.ts";

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
