import pg from "pg";
import type { Input } from "../sim/inputs/types.ts";
import { MIGRATIONS } from "./migrations/index.ts";
import {
  checkInputs, checkRecordFormat, checkSnapshot, dungeonExists, listOrder, pageOf, planWrites, statusFilter, toRecord, toSummary,
  type DungeonRow, type InputRow, type SnapshotRow, type WritableRow,
} from "./rows.ts";
import {
  DungeonDataError, STORE_FORMAT_VERSION, StoreError,
  type DungeonPage, type DungeonProgress, type DungeonRecord, type DungeonSnapshot, type DungeonStatus, type DungeonStore,
  type ListQuery, type LoadOptions, type LoadedDungeon, type NewDungeon, type SnapshotMeta, type StoreWrite, type StoredInput,
} from "./types.ts";

/** Options of {@link PostgresDungeonStore}. */
export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` (pg's connection string). */
  connectionString: string;
  /** Most pooled connections (default {@link PG_POOL_SIZE}). */
  poolSize?: number;
  /** Milliseconds to wait for a connection before failing `STORE_UNAVAILABLE` (default {@link PG_CONNECT_TIMEOUT_MS}). */
  connectTimeoutMs?: number;
}

/** Default most connections of one process's pool. */
export const PG_POOL_SIZE = 8;
/** Default milliseconds to wait for a connection. */
export const PG_CONNECT_TIMEOUT_MS = 3000;
/** Key of the PostgreSQL advisory lock held while migrations run (so concurrent starts apply each once). */
export const MIGRATION_LOCK_KEY = 0x6d616c69; // "mali"

/** The database's clock in ms since the epoch (timestamps and leases agree across processes). */
const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

const DUNGEON_SELECT = `SELECT d.*, s.next_seq AS snapshot_seq, s.tick AS snapshot_tick
  FROM dungeons d LEFT JOIN snapshots s ON s.dungeon_id = d.dungeon_id`;

/** Node socket error codes meaning "cannot reach the database now". */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * Whether `err` means the database is unreachable now (retry later) rather than a refused
 * statement: a socket error, a connection timeout or termination, or SQLSTATE class 08
 * (connection exception), 57P01–57P03 (shutdown, `pg_terminate_backend`), 53300 (too many connections).
 */
export function isPgUnavailable(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === "string" && (NETWORK_CODES.has(e.code) || e.code.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(e.code))) return true;
  if (Array.isArray(e.errors) && e.errors.some(isPgUnavailable)) return true;
  const message = typeof e.message === "string" ? e.message : "";
  return /Connection terminated|timeout exceeded when trying to connect|connection error|Connection refused/i.test(message);
}

/**
 * The PostgreSQL store (`DATABASE_URL=postgres://…`) over a `pg` Pool. `init()` applies pending
 * migrations (migrations/) under an advisory lock, each in its own transaction, recording them
 * in `schema_migrations`. Writes lock their dungeon rows (`FOR UPDATE`); leases use the
 * database's clock.
 *
 * @example
 * const store = new PostgresDungeonStore({ connectionString: process.env.DATABASE_URL! });
 * await store.init();
 */
export class PostgresDungeonStore implements DungeonStore {
  readonly kind = "postgres";
  readonly #pool: pg.Pool;
  #closed = false;

  constructor(options: PostgresStoreOptions) {
    this.#pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.poolSize ?? PG_POOL_SIZE,
      connectionTimeoutMillis: options.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
    });
    // An idle connection that dies (server restart, pg_terminate_backend) is dropped by the pool;
    // without a listener the 'error' event would crash the process. The next query reconnects.
    this.#pool.on("error", () => {});
  }

  async init(): Promise<void> {
    await this.#guard(async () => {
      const client = await this.#pool.connect();
      let broken = false;
      const onError = (): void => { broken = true; };
      client.on("error", onError);
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)");
          const applied = new Set((await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((r) => r.version));
          for (const m of MIGRATIONS) {
            if (applied.has(m.version)) continue;
            await client.query("BEGIN");
            try {
              await client.query(m.postgres);
              await client.query(`INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, ${NOW_MS})`, [m.version, m.name]);
              await client.query("COMMIT");
            } catch (err) {
              await client.query("ROLLBACK").catch(() => {});
              throw err;
            }
          }
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        }
      } finally {
        client.removeListener("error", onError);
        client.release(broken);
      }
    });
  }

  async create(dungeon: NewDungeon): Promise<DungeonRecord> {
    return this.#guard(async () => {
      const result = await this.#pool.query(`INSERT INTO dungeons (dungeon_id, format, options, map, ruleset, owner_name, keeper_key_hash, private,
          status, status_reason, day, tick, hash, input_count, created_at, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'live', NULL, 1, 0, '', 0, ${NOW_MS}, ${NOW_MS}) ON CONFLICT (dungeon_id) DO NOTHING`,
      [dungeon.dungeonId, STORE_FORMAT_VERSION, JSON.stringify(dungeon.options), dungeon.map, dungeon.ruleset,
        dungeon.ownerName, dungeon.keeperKeyHash, dungeon.private]);
      if (result.rowCount === 0) throw dungeonExists(dungeon.dungeonId);
      return toRecord((await this.#row(dungeon.dungeonId))!);
    });
  }

  async appendInputs(dungeonId: string, firstSeq: number, inputs: readonly Input[], progress?: DungeonProgress): Promise<void> {
    return this.write([{ kind: "inputs", dungeonId, firstSeq, inputs, progress }]);
  }

  async saveSnapshot(dungeonId: string, snapshot: DungeonSnapshot, meta: SnapshotMeta): Promise<void> {
    return this.write([{ kind: "snapshot", dungeonId, snapshot, meta }]);
  }

  async write(batch: readonly StoreWrite[]): Promise<void> {
    if (batch.length === 0) return;
    // Five round trips whatever the batch: lock the rows (in id order: no deadlock between
    // writers), plan and check in JS, then one statement per table.
    await this.#transaction(async (client) => {
      const ids = [...new Set(batch.map((w) => w.dungeonId))].sort();
      const { rows } = await client.query<WritableRow & { dungeon_id: string }>(
        "SELECT dungeon_id, status, status_reason, input_count, day, tick, hash FROM dungeons WHERE dungeon_id = ANY($1::text[]) ORDER BY dungeon_id FOR UPDATE", [ids]);
      const plan = planWrites(batch, new Map(rows.map((r) => [r.dungeon_id, r])));
      if (plan.inputs.length > 0) {
        await client.query(`INSERT INTO inputs (dungeon_id, seq, input)
          SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[]) ON CONFLICT DO NOTHING`,
        [plan.inputs.map((i) => i.dungeonId), plan.inputs.map((i) => i.seq), plan.inputs.map((i) => i.text)]);
      }
      for (const p of plan.snapshots) {
        await client.query(`INSERT INTO snapshots (dungeon_id, format, next_seq, tick, hash, state, saved_at) VALUES ($1, $2, $3, $4, $5, $6, ${NOW_MS})
          ON CONFLICT (dungeon_id) DO UPDATE SET format = excluded.format, next_seq = excluded.next_seq, tick = excluded.tick,
            hash = excluded.hash, state = excluded.state, saved_at = excluded.saved_at`,
        [p.dungeonId, STORE_FORMAT_VERSION, p.nextSeq, p.tick, p.hash, p.text]);
      }
      const u = plan.updates;
      await client.query(`UPDATE dungeons d SET input_count = u.input_count, day = u.day, tick = u.tick, hash = u.hash, updated_at = ${NOW_MS}
        FROM unnest($1::text[], $2::bigint[], $3::integer[], $4::bigint[], $5::text[]) AS u(dungeon_id, input_count, day, tick, hash)
        WHERE d.dungeon_id = u.dungeon_id`,
      [u.map((x) => x.dungeonId), u.map((x) => x.inputCount), u.map((x) => x.day), u.map((x) => x.tick), u.map((x) => x.hash)]);
    });
  }

  async get(dungeonId: string): Promise<DungeonRecord | undefined> {
    return this.#guard(async () => {
      const row = await this.#row(dungeonId);
      return row ? toRecord(row) : undefined;
    });
  }

  async load(dungeonId: string, options: LoadOptions = {}): Promise<LoadedDungeon> {
    // One REPEATABLE READ transaction: the record, snapshot and log are read as of one moment.
    return this.#transaction(async (client) => {
      const row = await this.#row(dungeonId, client);
      if (!row) throw new DungeonDataError(dungeonId, "unknown-dungeon", "no dungeon with this id is stored");
      checkRecordFormat(row);
      const record = toRecord(row);
      const snapshotRow = (await client.query<SnapshotRow>("SELECT format, next_seq, tick, hash, state FROM snapshots WHERE dungeon_id = $1", [dungeonId])).rows[0];
      const snapshot = snapshotRow ? checkSnapshot(dungeonId, snapshotRow, record.inputCount, options) : null;
      const inputs = await this.#inputs(client, dungeonId, snapshot?.nextSeq ?? 0, record.inputCount);
      return { record, snapshot, inputs };
    }, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  }

  async inputs(dungeonId: string, fromSeq = 0): Promise<StoredInput[]> {
    return this.#transaction(async (client) => {
      const row = await this.#row(dungeonId, client);
      if (!row) throw new DungeonDataError(dungeonId, "unknown-dungeon", "no dungeon with this id is stored");
      checkRecordFormat(row);
      return this.#inputs(client, dungeonId, fromSeq, Number(row.input_count));
    }, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  }

  async #inputs(client: pg.PoolClient, dungeonId: string, fromSeq: number, inputCount: number): Promise<StoredInput[]> {
    const { rows } = await client.query<InputRow>("SELECT seq, input FROM inputs WHERE dungeon_id = $1 AND seq >= $2 ORDER BY seq", [dungeonId, fromSeq]);
    return checkInputs(dungeonId, rows, fromSeq, inputCount);
  }

  async list(query: ListQuery = {}): Promise<DungeonPage> {
    return this.#guard(async () => {
      const { offset, limit } = pageOf(query);
      const status = statusFilter(query);
      const where = status ? "WHERE d.status = $3" : "";
      const { rows } = await this.#pool.query<DungeonRow & { total: string }>(
        `${DUNGEON_SELECT.replace("SELECT d.*,", "SELECT d.*, count(*) OVER () AS total,")} ${where} ${listOrder(query)} LIMIT $1 OFFSET $2`,
        status ? [limit, offset, status] : [limit, offset]);
      let total = rows[0] ? Number(rows[0].total) : 0;
      if (rows.length === 0 && offset > 0) {
        total = Number((await this.#pool.query<{ n: string }>(`SELECT count(*) AS n FROM dungeons d ${status ? "WHERE d.status = $1" : ""}`, status ? [status] : [])).rows[0]!.n);
      }
      return { total, dungeons: rows.map(toSummary) };
    });
  }

  async setStatus(dungeonId: string, status: DungeonStatus, reason?: string): Promise<void> {
    await this.#guard(async () => {
      const result = await this.#pool.query(`UPDATE dungeons SET status = $2, status_reason = $3, updated_at = ${NOW_MS} WHERE dungeon_id = $1`, [dungeonId, status, reason ?? null]);
      if (result.rowCount === 0) throw new StoreError("UNKNOWN_DUNGEON", `dungeon ${dungeonId}: unknown dungeon, nothing written`);
    });
  }

  async acquireLease(dungeonId: string, holder: string, ttlMs: number): Promise<boolean> {
    return this.#guard(async () => (await this.#pool.query(`UPDATE dungeons SET lease_holder = $2, lease_expires_at = ${NOW_MS} + $3
      WHERE dungeon_id = $1 AND (lease_holder IS NULL OR lease_holder = $2 OR lease_expires_at <= ${NOW_MS})`, [dungeonId, holder, Math.ceil(ttlMs)])).rowCount === 1);
  }

  async renewLease(dungeonId: string, holder: string, ttlMs: number): Promise<boolean> {
    return this.#guard(async () => (await this.#pool.query(`UPDATE dungeons SET lease_expires_at = ${NOW_MS} + $3 WHERE dungeon_id = $1 AND lease_holder = $2`,
      [dungeonId, holder, Math.ceil(ttlMs)])).rowCount === 1);
  }

  async releaseLease(dungeonId: string, holder: string): Promise<void> {
    await this.#guard(() => this.#pool.query("UPDATE dungeons SET lease_holder = NULL, lease_expires_at = NULL WHERE dungeon_id = $1 AND lease_holder = $2", [dungeonId, holder]));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.end();
  }

  async #row(dungeonId: string, client: pg.Pool | pg.PoolClient = this.#pool): Promise<DungeonRow | undefined> {
    return (await client.query<DungeonRow>(`${DUNGEON_SELECT} WHERE d.dungeon_id = $1`, [dungeonId])).rows[0];
  }

  /** `body` in one transaction on one pooled connection (rolled back on any error). */
  async #transaction<T>(body: (client: pg.PoolClient) => Promise<T>, begin = "BEGIN"): Promise<T> {
    return this.#guard(async () => {
      const client = await this.#pool.connect();
      let broken = false;
      // A checked-out client has no pool listener: without this, its connection dying between
      // two queries would be an uncaught 'error' event.
      const onError = (): void => { broken = true; };
      client.on("error", onError);
      try {
        await client.query(begin);
        const result = await body(client);
        await client.query("COMMIT");
        return result;
      } catch (err) {
        broken = isPgUnavailable(err);
        if (!broken) await client.query("ROLLBACK").catch(() => { broken = true; });
        throw err;
      } finally {
        client.removeListener("error", onError);
        client.release(broken);
      }
    });
  }

  /** Runs `body`, refusing after close and turning "database unreachable" errors into StoreError `STORE_UNAVAILABLE`. */
  async #guard<T>(body: () => Promise<T>): Promise<T> {
    if (this.#closed) throw new StoreError("CLOSED", "postgres store: closed");
    try {
      return await body();
    } catch (err) {
      if (err instanceof StoreError || err instanceof DungeonDataError) throw err;
      if (isPgUnavailable(err)) throw new StoreError("STORE_UNAVAILABLE", `postgres store: ${(err as Error).message || (err as { code?: string }).code}`);
      throw err;
    }
  }
}
