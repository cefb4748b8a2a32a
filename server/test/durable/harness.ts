import { mkdtempSync, rmSync } from "node:fs";
import { Writable } from "node:stream";
import { pino } from "pino";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { matchMaker } from "@colyseus/core";
import { connect, type DungeonConnection, type MalignusClient } from "@malignus/client-sdk";
import type { DungeonServer } from "../../src/app.ts";
import type { DungeonRoom } from "../../src/rooms/DungeonRoom.ts";
import { SqliteDungeonStore } from "../../src/store/sqlite.ts";
import type { DungeonRecord, DungeonStore } from "../../src/store/types.ts";
import type { StoreWriterOptions } from "../../src/store/writer.ts";
import { until } from "../until.ts";

/** The live room of `roomId` in this process (tests read its simulation; never write it). */
export const roomOf = (roomId: string): DungeonRoom | undefined => matchMaker.getLocalRoomById(roomId) as unknown as DungeonRoom | undefined;

/** A store for one test file and how to clean up after it (once the server closed the store). */
export interface OpenedStore { store: DungeonStore; dispose(): Promise<void> }

/** The default store of {@link durableServer}: SQLite in a fresh temporary `DATA_DIR`. */
export async function temporarySqlite(): Promise<OpenedStore> {
  const dir = mkdtempSync(join(tmpdir(), "malignus-durable-"));
  return { store: new SqliteDungeonStore({ file: join(dir, "malignus.sqlite") }), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The durable-dungeon tests' harness: the real server in-process on a free loopback port (ws
 * transport, local presence) with a real store (`open`: SQLite in a fresh temporary `DATA_DIR`
 * by default), started before the file's tests; after them, every tracked connection leaves, the
 * server shuts down (rooms save, the store closes) and the store is disposed.
 * @param options.writer the server's write-behind queue options (bound, retry timing).
 */
export function durableServer(options: { open?: () => Promise<OpenedStore>; writer?: Omit<StoreWriterOptions, "log"> } = {}): {
  url(): string; app(): DungeonServer; store(): DungeonStore; client(): MalignusClient;
  track<T extends DungeonConnection>(c: T): T;
  /** What the server logged (level info and up), one parsed JSON line each: asserted, never printed. */
  logs(): Record<string, unknown>[];
  /** The stored record once `check(record)` holds (polled; 5 s). */
  recordWhen(dungeonId: string, what: string, check: (r: DungeonRecord) => boolean): Promise<DungeonRecord>;
} {
  let app: DungeonServer | undefined;
  let store: DungeonStore | undefined;
  let opened: OpenedStore | undefined;
  let url = "";
  const open: DungeonConnection[] = [];
  const lines: Record<string, unknown>[] = [];
  const capture = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split("\n")) if (l) lines.push(JSON.parse(l) as Record<string, unknown>); done(); } });
  beforeAll(async () => {
    process.env.LOG_LEVEL ??= "warn";
    opened = await (options.open ?? temporarySqlite)();
    store = opened.store;
    const { createServer } = await import("../../src/app.ts");
    app = await createServer({ transport: "ws", store, logger: pino({ level: "info" }, capture), writer: options.writer });
    url = `ws://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((c) => c.leave()));
    await app?.shutdown();
    await opened?.dispose();
  });
  const storeOf = (): DungeonStore => { if (!store) throw new Error("the server is not started yet"); return store; };
  return {
    url: () => url,
    app: () => { if (!app) throw new Error("the server is not started yet"); return app; },
    store: storeOf,
    client: () => connect(url),
    track: (c) => { open.push(c); return c; },
    logs: () => lines,
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
