import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
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

/** Options of {@link SqliteDungeonStore}. */
export interface SqliteStoreOptions {
  /** The database file (its folder is created); `:memory:` for a private in-memory database. */
  file: string;
  /** Wall clock in ms since the epoch (timestamps, lease expiry); default `Date.now`. */
  now?: () => number;
  /** Milliseconds to wait for another connection's write lock (default {@link SQLITE_BUSY_TIMEOUT_MS}); the wait blocks the thread. */
  busyTimeoutMs?: number;
}

/** Milliseconds a statement waits for another process's write lock before failing `STORE_UNAVAILABLE`. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** SQLite result codes (primary) that mean "the database is unreachable now, retry": BUSY, LOCKED, IOERR, FULL, CANTOPEN. */
const UNAVAILABLE_CODES = new Set([5, 6, 10, 13, 14]);

const DUNGEON_SELECT = `SELECT d.*, s.next_seq AS snapshot_seq, s.tick AS snapshot_tick
  FROM dungeons d LEFT JOIN snapshots s ON s.dungeon_id = d.dungeon_id`;

/**
 * The embedded default store: SQLite in one file through Node's built-in `node:sqlite`
 * (`DatabaseSync`), in WAL mode with `synchronous = FULL` (a committed write survives a crash of
 * the process and of the machine). Calls are synchronous underneath (microseconds to a few
 * milliseconds, batched by the writer). Several processes may share the file (busy timeout
 * {@link SQLITE_BUSY_TIMEOUT_MS}); migrations run under `BEGIN IMMEDIATE`.
 *
 * @example
 * const store = new SqliteDungeonStore({ file: "./data/malignus.sqlite" });
 * await store.init();
 */
export class SqliteDungeonStore implements DungeonStore {
  readonly kind = "sqlite";
  readonly #file: string;
  readonly #now: () => number;
  readonly #busyTimeoutMs: number;
  #db: DatabaseSync | undefined;
  #closed = false;
  readonly #statements = new Map<string, StatementSync>();

  constructor(options: SqliteStoreOptions) {
    this.#file = options.file;
    this.#now = options.now ?? Date.now;
    this.#busyTimeoutMs = options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS;
  }

  /** The database file. */
  get file(): string { return this.#file; }

  async init(): Promise<void> {
    this.#guard(() => {
      if (this.#db) return;
      if (this.#file !== ":memory:") mkdirSync(dirname(this.#file), { recursive: true });
      const db = new DatabaseSync(this.#file);
      db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(this.#busyTimeoutMs))}; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;`);
      this.#db = db;
      this.#migrate(db);
    });
  }

  #migrate(db: DatabaseSync): void {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
      const applied = new Set(db.prepare("SELECT version FROM schema_migrations").all().map((r) => Number(r.version)));
      for (const m of MIGRATIONS) {
        if (applied.has(m.version)) continue;
        db.exec(m.sqlite);
        db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(m.version, m.name, this.#now());
      }
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw err;
    }
  }

  async create(dungeon: NewDungeon): Promise<DungeonRecord> {
    return this.#guard(() => {
      const now = this.#now();
      const result = this.#st(`INSERT INTO dungeons (dungeon_id, format, options, map, ruleset, owner_name, keeper_key_hash, private,
          status, status_reason, day, tick, hash, input_count, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'live', NULL, 1, 0, '', 0, ?, ?) ON CONFLICT (dungeon_id) DO NOTHING`).run(
        dungeon.dungeonId, STORE_FORMAT_VERSION, JSON.stringify(dungeon.options), dungeon.map, dungeon.ruleset,
        dungeon.ownerName, dungeon.keeperKeyHash, dungeon.private ? 1 : 0, now, now);
      if (result.changes === 0) throw dungeonExists(dungeon.dungeonId);
      return toRecord(this.#row(dungeon.dungeonId)!);
    });
  }

  async appendInputs(dungeonId: string, firstSeq: number, inputs: readonly Input[], progress?: DungeonProgress): Promise<void> {
    return this.write([{ kind: "inputs", dungeonId, firstSeq, inputs, progress }]);
  }

  async saveSnapshot(dungeonId: string, snapshot: DungeonSnapshot, meta: SnapshotMeta): Promise<void> {
    return this.write([{ kind: "snapshot", dungeonId, snapshot, meta }]);
  }

  async write(batch: readonly StoreWrite[]): Promise<void> {
    this.#guard(() => this.#transaction(() => {
      const read = this.#st("SELECT status, status_reason, input_count, day, tick, hash FROM dungeons WHERE dungeon_id = ?");
      const rows = new Map<string, WritableRow>();
      for (const id of new Set(batch.map((w) => w.dungeonId))) {
        const row = read.get(id) as WritableRow | undefined;
        if (row) rows.set(id, row);
      }
      const plan = planWrites(batch, rows);
      const now = this.#now();
      const insert = this.#st("INSERT INTO inputs (dungeon_id, seq, input) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
      for (const i of plan.inputs) insert.run(i.dungeonId, i.seq, i.text);
      const upsert = this.#st(`INSERT INTO snapshots (dungeon_id, format, next_seq, tick, hash, state, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (dungeon_id) DO UPDATE SET format = excluded.format, next_seq = excluded.next_seq, tick = excluded.tick,
          hash = excluded.hash, state = excluded.state, saved_at = excluded.saved_at`);
      for (const p of plan.snapshots) upsert.run(p.dungeonId, STORE_FORMAT_VERSION, p.nextSeq, p.tick, p.hash, p.text, now);
      const update = this.#st("UPDATE dungeons SET input_count = ?, day = ?, tick = ?, hash = ?, updated_at = ? WHERE dungeon_id = ?");
      for (const u of plan.updates) update.run(u.inputCount, u.day, u.tick, u.hash, now, u.dungeonId);
    }));
  }

  async get(dungeonId: string): Promise<DungeonRecord | undefined> {
    return this.#guard(() => {
      const row = this.#row(dungeonId);
      return row ? toRecord(row) : undefined;
    });
  }

  async load(dungeonId: string, options: LoadOptions = {}): Promise<LoadedDungeon> {
    return this.#guard(() => {
      const row = this.#row(dungeonId);
      if (!row) throw new DungeonDataError(dungeonId, "unknown-dungeon", "no dungeon with this id is stored");
      checkRecordFormat(row);
      const record = toRecord(row);
      const snapshotRow = this.#st("SELECT format, next_seq, tick, hash, state FROM snapshots WHERE dungeon_id = ?").get(dungeonId) as SnapshotRow | undefined;
      const snapshot = snapshotRow ? checkSnapshot(dungeonId, snapshotRow, record.inputCount, options) : null;
      const inputs = this.#inputs(dungeonId, snapshot?.nextSeq ?? 0, record.inputCount);
      return { record, snapshot, inputs };
    });
  }

  async inputs(dungeonId: string, fromSeq = 0): Promise<StoredInput[]> {
    return this.#guard(() => {
      const row = this.#row(dungeonId);
      if (!row) throw new DungeonDataError(dungeonId, "unknown-dungeon", "no dungeon with this id is stored");
      checkRecordFormat(row);
      return this.#inputs(dungeonId, fromSeq, Number(row.input_count));
    });
  }

  #inputs(dungeonId: string, fromSeq: number, inputCount: number): StoredInput[] {
    const rows = this.#st("SELECT seq, input FROM inputs WHERE dungeon_id = ? AND seq >= ? ORDER BY seq").all(dungeonId, fromSeq) as unknown as InputRow[];
    return checkInputs(dungeonId, rows, fromSeq, inputCount);
  }

  async list(query: ListQuery = {}): Promise<DungeonPage> {
    return this.#guard(() => {
      const { offset, limit } = pageOf(query);
      const status = statusFilter(query);
      const where = status ? "WHERE d.status = ?" : "";
      const params = status ? [status] : [];
      const total = Number((this.#st(`SELECT count(*) AS n FROM dungeons d ${where}`).get(...params) as { n: number }).n);
      const rows = this.#st(`${DUNGEON_SELECT} ${where} ${listOrder(query)} LIMIT ? OFFSET ?`).all(...params, limit, offset) as unknown as DungeonRow[];
      return { total, dungeons: rows.map(toSummary) };
    });
  }

  async setStatus(dungeonId: string, status: DungeonStatus, reason?: string): Promise<void> {
    this.#guard(() => {
      const result = this.#st("UPDATE dungeons SET status = ?, status_reason = ?, updated_at = ? WHERE dungeon_id = ?").run(status, reason ?? null, this.#now(), dungeonId);
      if (result.changes === 0) throw new StoreError("UNKNOWN_DUNGEON", `dungeon ${dungeonId}: unknown dungeon, nothing written`);
    });
  }

  async acquireLease(dungeonId: string, holder: string, ttlMs: number): Promise<boolean> {
    return this.#guard(() => {
      const now = this.#now();
      return this.#st(`UPDATE dungeons SET lease_holder = ?, lease_expires_at = ? WHERE dungeon_id = ?
        AND (lease_holder IS NULL OR lease_holder = ? OR lease_expires_at <= ?)`).run(holder, now + ttlMs, dungeonId, holder, now).changes === 1;
    });
  }

  async renewLease(dungeonId: string, holder: string, ttlMs: number): Promise<boolean> {
    return this.#guard(() => this.#st("UPDATE dungeons SET lease_expires_at = ? WHERE dungeon_id = ? AND lease_holder = ?")
      .run(this.#now() + ttlMs, dungeonId, holder).changes === 1);
  }

  async releaseLease(dungeonId: string, holder: string): Promise<void> {
    this.#guard(() => this.#st("UPDATE dungeons SET lease_holder = NULL, lease_expires_at = NULL WHERE dungeon_id = ? AND lease_holder = ?").run(dungeonId, holder));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#statements.clear();
    this.#db?.close();
    this.#db = undefined;
  }

  #row(dungeonId: string): DungeonRow | undefined {
    return this.#st(`${DUNGEON_SELECT} WHERE d.dungeon_id = ?`).get(dungeonId) as DungeonRow | undefined;
  }

  #st(sql: string): StatementSync {
    let st = this.#statements.get(sql);
    if (!st) {
      if (!this.#db) throw new StoreError("CLOSED", "sqlite store: not initialised (call init())");
      st = this.#db.prepare(sql);
      this.#statements.set(sql, st);
    }
    return st;
  }

  #transaction(body: () => void): void {
    const db = this.#db!;
    db.exec("BEGIN IMMEDIATE");
    try {
      body();
      db.exec("COMMIT");
    } catch (err) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw err;
    }
  }

  /** Runs `body`, refusing after close and turning "database unreachable" errors into StoreError `STORE_UNAVAILABLE`. */
  #guard<T>(body: () => T): T {
    if (this.#closed) throw new StoreError("CLOSED", "sqlite store: closed");
    try {
      return body();
    } catch (err) {
      const code = (err as { errcode?: unknown }).errcode;
      if (typeof code === "number" && UNAVAILABLE_CODES.has(code & 0xff)) {
        throw new StoreError("STORE_UNAVAILABLE", `sqlite store ${this.#file}: ${(err as Error).message}`);
      }
      throw err;
    }
  }
}
