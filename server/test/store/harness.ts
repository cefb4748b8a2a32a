import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { PostgresDungeonStore } from "../../src/store/postgres.ts";
import { SqliteDungeonStore } from "../../src/store/sqlite.ts";
import type { DungeonStore, NewDungeon } from "../../src/store/types.ts";
import type { Input } from "../../src/sim/inputs/types.ts";
import { createTestDatabase, type TestDatabase } from "./pgTestDb.ts";

/** The two stores every shared store test runs against. */
export const STORE_KINDS = ["sqlite", "postgres"] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/**
 * A fresh, initialised store of one kind in its own file or database, with a way to write the
 * tables behind its back (to damage data as a disk or an operator would).
 */
export interface TestStore {
  kind: StoreKind;
  store: DungeonStore;
  /** Where it lives: the SQLite file or the PostgreSQL URL. */
  location: string;
  /** A second store over the same data (another process, after a restart). */
  reopen(): DungeonStore;
  /** Runs one SQL statement directly on the data; parameters `$1, $2…` in both dialects. */
  raw(sql: string, params?: readonly unknown[]): Promise<void>;
  /** Closes the stores it opened and deletes the file or database. */
  dispose(): Promise<void>;
}

/** Opens a fresh {@link TestStore} of `kind` (PostgreSQL: a `malignus_test_<random>` database). */
export async function openTestStore(kind: StoreKind): Promise<TestStore> {
  const opened: DungeonStore[] = [];
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "malignus-store-"));
    const file = join(dir, "malignus.sqlite");
    const open = (): DungeonStore => { const s = new SqliteDungeonStore({ file }); opened.push(s); return s; };
    const store = open();
    await store.init();
    return {
      kind, store, location: file, reopen: open,
      raw: async (sql, params = []) => {
        const db = new DatabaseSync(file);
        try { db.prepare(sql.replace(/\$(\d+)/g, "?$1")).run(...(params as never[])); } finally { db.close(); }
      },
      dispose: async () => {
        for (const s of opened) await s.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const db: TestDatabase = await createTestDatabase();
  const open = (): DungeonStore => { const s = new PostgresDungeonStore({ connectionString: db.url }); opened.push(s); return s; };
  const store = open();
  await store.init();
  return {
    kind, store, location: db.url, reopen: open,
    raw: async (sql, params = []) => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try { await client.query(sql, params as unknown[]); } finally { await client.end(); }
    },
    dispose: async () => {
      for (const s of opened) await s.close();
      await db.drop();
    },
  };
}

/** A dungeon to create, `id` its id (other fields fixed). */
export function newDungeon(id: string, overrides: Partial<NewDungeon> = {}): NewDungeon {
  return {
    dungeonId: id,
    options: { seed: 7, map: "default", ruleset: "d20", timeScale: 1 },
    map: "default", ruleset: "d20", ownerName: "Ann", keeperKeyHash: "scrypt$16384$8$1$c2FsdA$aGFzaA", private: false,
    ...overrides,
  };
}

/** A keeper input at `tick` placing a pressure plate at (x, 15). */
export function plate(tick: number, x: number): Input {
  return { tick, actor: { kind: "keeper", seatId: "k1" }, command: { type: "placePart", kind: "pressurePlate", x, y: 15 } };
}
