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
export async function createTestDatabase(server = TEST_DATABASE_URL): Promise<TestDatabase> {
  const name = `malignus_test_${randomBytes(6).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`, server);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, server) };
}

/**
 * The one-line error of a PostgreSQL test that cannot reach its server: where it tried (password
 * hidden), why, and how to get one (TEST_DATABASE_URL, a local server, or `bash .ci/run`).
 */
export function unreachableMessage(server: string, err: unknown): string {
  const url = new URL(server);
  if (url.password) url.password = "***";
  const why = err instanceof Error ? err.message : String(err);
  return `PostgreSQL is not reachable at ${url.toString()} (${why}). The PostgreSQL tests need one: start it `
    + "(e.g. `sudo service postgresql start`, with trust auth for user postgres on 127.0.0.1:5432), or set "
    + "TEST_DATABASE_URL=postgres://user:password@host:port/database to one, or run `bash .ci/run` (it installs and starts PostgreSQL and Redis, then runs the whole suite).";
}

/**
 * Runs one statement on the server's maintenance database (a fresh connection).
 * @throws Error {@link unreachableMessage} when the server cannot be reached.
 */
export async function admin(sql: string, server = TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => {});
    throw new Error(unreachableMessage(server, err), { cause: err });
  }
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
