import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { matchMaker } from "@colyseus/core";
import { connect, type DungeonConnection, type MalignusClient } from "@malignus/client-sdk";
import type { DungeonServer } from "../../src/app.ts";
import type { DungeonRoom } from "../../src/rooms/DungeonRoom.ts";
import { SqliteDungeonStore } from "../../src/store/sqlite.ts";
import type { DungeonRecord } from "../../src/store/types.ts";
import { until } from "../until.ts";

/** The live room of `roomId` in this process (tests read its simulation; never write it). */
export const roomOf = (roomId: string): DungeonRoom | undefined => matchMaker.getLocalRoomById(roomId) as unknown as DungeonRoom | undefined;

/**
 * The durable-dungeon tests' harness: the real server in-process on a free loopback port (ws
 * transport, local presence) with a real SQLite store in a fresh temporary `DATA_DIR`, started
 * before the file's tests; after them, every tracked connection leaves, the server shuts down
 * (rooms save, the store closes) and the folder is removed.
 */
export function durableServer(): {
  url(): string; app(): DungeonServer; store(): SqliteDungeonStore; client(): MalignusClient;
  track<T extends DungeonConnection>(c: T): T;
  /** The stored record once `check(record)` holds (polled; 5 s). */
  recordWhen(dungeonId: string, what: string, check: (r: DungeonRecord) => boolean): Promise<DungeonRecord>;
} {
  let app: DungeonServer | undefined;
  let store: SqliteDungeonStore | undefined;
  let url = "";
  let dir = "";
  const open: DungeonConnection[] = [];
  beforeAll(async () => {
    process.env.LOG_LEVEL ??= "warn";
    dir = mkdtempSync(join(tmpdir(), "malignus-durable-"));
    store = new SqliteDungeonStore({ file: join(dir, "malignus.sqlite") });
    const { createServer } = await import("../../src/app.ts");
    app = await createServer({ transport: "ws", store });
    url = `ws://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((c) => c.leave()));
    await app?.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });
  const storeOf = (): SqliteDungeonStore => { if (!store) throw new Error("the server is not started yet"); return store; };
  return {
    url: () => url,
    app: () => { if (!app) throw new Error("the server is not started yet"); return app; },
    store: storeOf,
    client: () => connect(url),
    track: (c) => { open.push(c); return c; },
    recordWhen: (dungeonId, what, check) => until(what, async () => {
      const r = await storeOf().get(dungeonId);
      return r && check(r) ? r : undefined;
    }),
  };
}

/** The rejection of `p` (fails the test when `p` resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error & { code?: unknown }> {
  try {
    await p;
  } catch (err) {
    return err as Error & { code?: unknown };
  }
  throw new Error("expected a rejection");
}
