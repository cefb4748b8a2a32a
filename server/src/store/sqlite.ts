import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { Input } from "../sim/inputs/types.ts";
import { MIGRATIONS } from "./migrations/index.ts";
import {
  checkAppendSeq, checkInputs, checkRecordFormat, checkSnapshot, checkSnapshotSeq, checkWritable, dungeonExists,
  pageOf, statusFilter, toRecord, toSummary, type DungeonRow, type InputRow, type SnapshotRow,
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
  #db: DatabaseSync | undefined;
  #closed = false;
  readonly #statements = new Map<string, StatementSync>();

  constructor(options: SqliteStoreOptions) {
    this.#file = options.file;
    this.#now = options.now ?? Date.now;
  }

  /** The database file. */
  get file(): string { return this.#file; }

  async init(): Promise<void> {
    this.#guard(() => {
      if (this.#db) return;
      if (this.#file !== ":memory:") mkdirSync(dirname(this.#file), { recursive: true });
      const db = new DatabaseSync(this.#file);
      db.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;`);
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
    // Serialized before the transaction: a state that cannot be stringified writes nothing.
    const texts = batch.map((w) => (w.kind === "snapshot" ? JSON.stringify(w.snapshot.state) : w.inputs.map((i) => JSON.stringify(i))));
    this.#guard(() => this.#transaction(() => {
      const now = this.#now();
      batch.forEach((w, i) => {
        const row = this.#st("SELECT status, status_reason, input_count, tick FROM dungeons WHERE dungeon_id = ?").get(w.dungeonId) as
          { status: string; status_reason: string | null; input_count: number; tick: number } | undefined;
        checkWritable(w.dungeonId, row);
        if (w.kind === "inputs") {
          checkAppendSeq(w.dungeonId, w.firstSeq, row!.input_count);
          const insert = this.#st("INSERT INTO inputs (dungeon_id, seq, input) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
          (texts[i] as string[]).forEach((text, k) => insert.run(w.dungeonId, w.firstSeq + k, text));
          const count = Math.max(row!.input_count, w.firstSeq + w.inputs.length);
          if (w.progress) {
            this.#st("UPDATE dungeons SET input_count = ?, day = ?, tick = ?, hash = ?, updated_at = ? WHERE dungeon_id = ?")
              .run(count, w.progress.day, w.progress.tick, w.progress.hash, now, w.dungeonId);
          } else {
            this.#st("UPDATE dungeons SET input_count = ?, updated_at = ? WHERE dungeon_id = ?").run(count, now, w.dungeonId);
          }
        } else {
          const s = w.snapshot;
          checkSnapshotSeq(w.dungeonId, s.nextSeq, row!.input_count);
          this.#st(`INSERT INTO snapshots (dungeon_id, format, next_seq, tick, hash, state, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (dungeon_id) DO UPDATE SET format = excluded.format, next_seq = excluded.next_seq, tick = excluded.tick,
              hash = excluded.hash, state = excluded.state, saved_at = excluded.saved_at`)
            .run(w.dungeonId, STORE_FORMAT_VERSION, s.nextSeq, s.tick, s.hash, texts[i] as string, now);
          if (s.tick >= row!.tick) {
            this.#st("UPDATE dungeons SET day = ?, tick = ?, hash = ?, updated_at = ? WHERE dungeon_id = ?").run(w.meta.day, s.tick, s.hash, now, w.dungeonId);
          } else {
            this.#st("UPDATE dungeons SET updated_at = ? WHERE dungeon_id = ?").run(now, w.dungeonId);
          }
        }
      });
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
      const rows = this.#st(`${DUNGEON_SELECT} ${where} ORDER BY d.created_at, d.dungeon_id LIMIT ? OFFSET ?`).all(...params, limit, offset) as unknown as DungeonRow[];
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
