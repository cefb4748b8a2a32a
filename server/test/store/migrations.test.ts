import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/store/migrations/index.ts";
import { PostgresDungeonStore } from "../../src/store/postgres.ts";
import { SqliteDungeonStore } from "../../src/store/sqlite.ts";
import { SQLITE_FILE_NAME, openDungeonStore } from "../../src/store/index.ts";
import { createTestDatabase, type TestDatabase } from "./pgTestDb.ts";

describe("migrations", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it("are numbered 1, 2, 3… without holes", () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it("PostgreSQL: four processes starting at once apply each migration exactly once; a later start applies nothing", async () => {
    const db: TestDatabase = await createTestDatabase();
    cleanups.push(() => db.drop());
    const stores = Array.from({ length: 4 }, () => new PostgresDungeonStore({ connectionString: db.url }));
    cleanups.push(() => Promise.all(stores.map((s) => s.close())).then(() => {}));
    await Promise.all(stores.map((s) => s.init()));
    await stores[0]!.init();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: number; name: string }>("SELECT version, name FROM schema_migrations ORDER BY version");
      expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
      const tables = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name");
      expect(tables.rows.map((r) => r.table_name)).toEqual(["dungeons", "inputs", "schema_migrations", "snapshots"]);
    } finally {
      await client.end();
    }
  });

  it("SQLite: the file and its folder are created under DATA_DIR; two stores on one file migrate once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "malignus-migrate-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dataDir = join(dir, "nested", "data");
    const a = openDungeonStore({ databaseUrl: undefined, dataDir });
    const b = new SqliteDungeonStore({ file: join(dataDir, SQLITE_FILE_NAME) });
    cleanups.push(() => Promise.all([a.close(), b.close()]).then(() => {}));
    expect(a.kind).toBe("sqlite");
    await a.init();
    await b.init();
    const db = new DatabaseSync(join(dataDir, SQLITE_FILE_NAME));
    try {
      expect(db.prepare("SELECT version, name FROM schema_migrations ORDER BY version").all().map((r) => ({ ...r })))
        .toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
      expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    } finally {
      db.close();
    }
  });

  it("openDungeonStore picks PostgreSQL when a DATABASE_URL is given", async () => {
    const store = openDungeonStore({ databaseUrl: "postgres://postgres@127.0.0.1:1/none", dataDir: "./unused" });
    expect(store.kind).toBe("postgres");
    await store.close();
  });
});
