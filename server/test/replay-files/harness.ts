import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { pino } from "pino";
import { connect, type DungeonConnection, type MalignusClient } from "@malignus/client-sdk";
import type { DungeonServer } from "../../src/app.ts";
import { SqliteDungeonStore } from "../../src/store/sqlite.ts";
import type { DungeonRecord } from "../../src/store/types.ts";
import { until } from "../until.ts";

/**
 * The replay tests' harness: the real server in-process on a free loopback port (ws transport,
 * local presence) with a real SQLite store in a fresh temporary folder, and a logger of its own
 * whose lines (level info and up) are kept for the tests to assert and never printed. Started
 * before the file's tests; after them every tracked connection leaves, the server shuts down
 * (rooms save, the store closes) and the folder is removed.
 */
export function replayServer(): {
  url(): string; http(): string; store(): SqliteDungeonStore; client(): MalignusClient;
  track<T extends DungeonConnection>(c: T): T;
  /** The server's log lines so far, parsed (`msg`, `level`: 30 info, 40 warn, 50 error…). */
  logs(): Record<string, unknown>[];
  /** The stored record once `check(record)` holds (polled; 5 s). */
  recordWhen(dungeonId: string, what: string, check: (r: DungeonRecord) => boolean): Promise<DungeonRecord>;
} {
  let app: DungeonServer | undefined;
  let store: SqliteDungeonStore | undefined;
  let url = "";
  let dir = "";
  const open: DungeonConnection[] = [];
  const lines: Record<string, unknown>[] = [];
  const capture = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  beforeAll(async () => {
    process.env.LOG_LEVEL ??= "warn";
    dir = mkdtempSync(join(tmpdir(), "malignus-replay-"));
    store = new SqliteDungeonStore({ file: join(dir, "malignus.sqlite") });
    const { createServer } = await import("../../src/app.ts");
    app = await createServer({ transport: "ws", store, logger: pino({ level: "info" }, capture) });
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
    http: () => url.replace(/^ws/, "http"),
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
export async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected a rejection");
}
