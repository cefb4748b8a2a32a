/**
 * The dungeon store of the servers the load tools start (issue 20 part 6: persistence is on in
 * the load runs). Every dungeon server started by `loadtest:compare` and `bench:doc` gets a fresh,
 * empty store of its own, so runs neither share nor restore each other's dungeons:
 *
 * - `sqlite` (the default, as in production): a new folder under `loadtest/reports/stores/` as
 *   `DATA_DIR` (inside the repository so that a server run through `in-trixie`, which bind-mounts
 *   the working directory and puts a tmpfs on /tmp, writes to the same disk as a ws one); removed
 *   after the run.
 * - `postgres`: a new database `malignus_load_<12 hex>` created on the PostgreSQL server of
 *   `pgUrl` (default `TEST_DATABASE_URL`, else the local trust-auth server) and handed to the server
 *   as `DATABASE_URL` (its migrations run at start); dropped after the run.
 *
 * After a load, {@link storedDungeons} reads `GET /dungeons` to show that the store held the rooms.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** The stores a load server may keep its dungeons in. */
export const STORE_KINDS = ["sqlite", "postgres"] as const;
/** One of {@link STORE_KINDS}. */
export type StoreKind = (typeof STORE_KINDS)[number];

/** The PostgreSQL server scratch databases are created on when no `--pg` is given. */
export const DEFAULT_PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Which store the load servers use: its kind, and the PostgreSQL server for `postgres`. */
export interface StoreChoice { kind: StoreKind; pgUrl: string }

/** The default choice: SQLite, as `npm start` runs. */
export const DEFAULT_STORE: StoreChoice = { kind: "sqlite", pgUrl: DEFAULT_PG_URL };

/** A fresh store prepared for one server: the environment to start it with, where it is, and how to remove it. */
export interface ServerStore {
  kind: StoreKind;
  /** `DATA_DIR` and `DATABASE_URL` for the server's environment (the unused one blank, which the server reads as unset). */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** For people: the SQLite folder, or the PostgreSQL database name. */
  where: string;
  /** Removes the folder or drops the database (after the server has stopped). Never throws. */
  dispose(): Promise<void>;
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Folder of the SQLite stores of load servers (git-ignored with loadtest/reports/). */
export const SQLITE_STORES_DIR = path.join(REPO, "loadtest/reports/stores");

/**
 * Parses a `--store` value.
 * @throws Error `--store must be sqlite or postgres, got "x"`.
 */
export function parseStoreKind(raw: string): StoreKind {
  if (!(STORE_KINDS as readonly string[]).includes(raw)) throw new Error(`--store must be ${STORE_KINDS.join(" or ")}, got "${raw}"`);
  return raw as StoreKind;
}

/** Runs one statement on the maintenance database of `pgUrl` (a fresh connection). */
async function admin(pgUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try { await client.query(sql); } finally { await client.end(); }
}

/**
 * Prepares an empty store for one server named `label` (e.g. `dungeon-ws`).
 * @throws Error when PostgreSQL cannot be reached or the database cannot be created.
 */
export async function prepareStore(choice: StoreChoice, label: string): Promise<ServerStore> {
  const tag = `${label.replace(/[^a-z0-9]/gi, "_")}_${randomBytes(6).toString("hex")}`.toLowerCase();
  if (choice.kind === "sqlite") {
    const dir = path.join(SQLITE_STORES_DIR, tag);
    mkdirSync(dir, { recursive: true });
    return {
      kind: "sqlite", env: { DATA_DIR: dir, DATABASE_URL: "" }, where: path.relative(REPO, dir),
      dispose: async () => { rmSync(dir, { recursive: true, force: true }); },
    };
  }
  const name = `malignus_load_${randomBytes(6).toString("hex")}`;
  await admin(choice.pgUrl, `CREATE DATABASE ${name}`);
  const url = new URL(choice.pgUrl);
  url.pathname = `/${name}`;
  return {
    kind: "postgres", env: { DATA_DIR: "", DATABASE_URL: url.toString() }, where: `database ${name} on ${url.host}`,
    dispose: async () => { try { await admin(choice.pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } catch { /* left behind: named malignus_load_* */ } },
  };
}

/**
 * How many dungeons the server at `endpoint` (`ws://host:port`, or its `http://` form) has stored
 * (`GET /dungeons?limit=1`, its `total`), or null when it answers otherwise (a server without a
 * store answers 503 `NO_STORE`; the bare server 404) or not at all within 5 s.
 */
export async function storedDungeons(endpoint: string): Promise<number | null> {
  try {
    const url = new URL("/dungeons?limit=1", endpoint.replace(/^ws/, "http"));
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) return null;
    const body = await res.json() as { total?: unknown };
    return typeof body.total === "number" ? body.total : null;
  } catch {
    return null;
  }
}
