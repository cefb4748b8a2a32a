import { randomBytes } from "node:crypto";
import pg from "pg";

/** Where tests reach PostgreSQL to create their databases: `TEST_DATABASE_URL`, else the local trust-auth server. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A database of one test file: its URL, and `drop()` (terminates its connections, then drops it). */
export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty database `malignus_test_<12 hex>` on the server of {@link TEST_DATABASE_URL}
 * for one test run; call `drop()` after (e.g. in `afterAll`).
 * @example
 * let db: TestDatabase;
 * beforeAll(async () => { db = await createTestDatabase(); });
 * afterAll(() => db.drop());
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `malignus_test_${randomBytes(6).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Runs one statement on the server's maintenance database (a fresh connection). */
export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
