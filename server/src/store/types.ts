import { TICKS_PER_GAME_MINUTE } from "@malignus/shared";
import type { Input } from "../sim/inputs/types.ts";

/**
 * The dungeon store: where a dungeon lives between rooms, processes and deploys (issue 16).
 *
 * A dungeon is defined by its create options (seed inside) and its input log (the simulation's
 * `inputLog`, every input with its sequence number `seq`, 0 = the first input since creation);
 * snapshots only shorten a restore. Restore = latest snapshot + inputs with `seq >= snapshot.nextSeq`
 * (or create options + every input when there is no snapshot).
 *
 * Two implementations behind {@link DungeonStore}: SQLite in a file (`node:sqlite`, the default,
 * `DATA_DIR/malignus.sqlite`) and PostgreSQL (`DATABASE_URL=postgres://…`); `openDungeonStore`
 * (store/index.ts) picks one from the configuration. Rooms write through a `StoreWriter`
 * (store/writer.ts, {@link InputWriter}): batched, off the step's path.
 */

/** Version of the stored data format (dungeon rows, snapshots, inputs). `load()` refuses any other. */
export const STORE_FORMAT_VERSION = 1;

/**
 * A room saves a snapshot every this many game minutes of its clock (plus on dispose and
 * shutdown). A named choice: 60 game minutes = one real minute at `timeScale` 1.
 */
export const SNAPSHOT_EVERY_GAME_MINUTES = 60;

/** {@link SNAPSHOT_EVERY_GAME_MINUTES} in simulation ticks. */
export const SNAPSHOT_EVERY_TICKS = SNAPSHOT_EVERY_GAME_MINUTES * TICKS_PER_GAME_MINUTE;

/**
 * Where a stored dungeon stands:
 * - `live`: a room runs it now (or ran it when its process died: restore it at start);
 * - `resting`: saved and disposed (nobody there; its clock does not run);
 * - `damaged`: its data failed to load ({@link DungeonRecord.statusReason} says why); never
 *   written again (appends and snapshots are refused with `DAMAGED`), never overwritten.
 */
export type DungeonStatus = "live" | "resting" | "damaged";

/** Every {@link DungeonStatus}. */
export const DUNGEON_STATUSES: readonly DungeonStatus[] = ["live", "resting", "damaged"];

/**
 * The options a dungeon was created with, as JSON (the room's parsed create options; the store
 * does not interpret them beyond `seed`). Must survive `JSON.stringify`/`JSON.parse`.
 */
export interface StoredCreateOptions {
  /** 32-bit seed of every random draw. */
  seed: number;
  [key: string]: unknown;
}

/** What {@link DungeonStore.create} needs: everything known about a dungeon at its creation. */
export interface NewDungeon {
  /** The dungeon's id (= the Colyseus roomId while live); 1–64 characters. */
  dungeonId: string;
  /** Create options, seed inside. */
  options: StoredCreateOptions;
  /** The map's name (`options.map`, kept apart for listings). */
  map: string;
  /** The ruleset id (`malignus`, `d20`, `d100`). */
  ruleset: string;
  /** Display name of the owner (the creating keeper). */
  ownerName: string;
  /** `hashKeeperKey(key)` (store/keeperKey.ts): scrypt hash of the keeper key; the key itself is never stored. */
  keeperKeyHash: string;
  /** Only the owner may spectate when true. */
  private: boolean;
}

/** One stored dungeon's metadata (no snapshot, no log). Times are milliseconds since the Unix epoch (wall clock). */
export interface DungeonRecord extends NewDungeon {
  status: DungeonStatus;
  /** Why it is damaged (or resting/live, if the caller gave one); `null` when none. */
  statusReason: string | null;
  /** Game day (from 1) at the last save. */
  day: number;
  /** Simulation tick (ticks since day 1, 00:00) at the last save: after the last logged input, or the snapshot if later. */
  tick: number;
  /** `Simulation.hash()` (16 hex digits) at {@link DungeonRecord.tick}; `""` before any save. */
  hash: string;
  /** How many inputs are stored = the `seq` the next input must have. */
  inputCount: number;
  /** `nextSeq` of the latest snapshot, `null` when there is none. */
  snapshotSeq: number | null;
  /** Tick of the latest snapshot, `null` when there is none. */
  snapshotTick: number | null;
  createdAt: number;
  updatedAt: number;
  /** Who holds the lease and until when (ms since epoch); `null` when nobody ever took one or it was released. */
  lease: { holder: string; expiresAt: number } | null;
}

/** One row of {@link DungeonStore.list}: what `GET /dungeons` shows. */
export interface DungeonSummary {
  dungeonId: string;
  map: string;
  ruleset: string;
  ownerName: string;
  private: boolean;
  status: DungeonStatus;
  day: number;
  tick: number;
  createdAt: number;
  updatedAt: number;
}

/** Paging (and an optional status filter) of {@link DungeonStore.list}. */
export interface ListQuery {
  /** Rows to skip, ≥ 0 (default 0). */
  offset?: number;
  /** Most rows to return, 1–1000 (default 50). */
  limit?: number;
  /** Only dungeons with this status (e.g. `live` at start, to restore what a crash left). */
  status?: DungeonStatus;
  /** Most recent dungeon first (creation time, then id, both descending); default oldest first. */
  newestFirst?: boolean;
}

/** A page of {@link DungeonStore.list}, oldest dungeon first (creation time, then id), or newest first with `newestFirst`. */
export interface DungeonPage {
  /** How many dungeons match (all pages). */
  total: number;
  dungeons: DungeonSummary[];
}

/**
 * A snapshot as saved: the whole `SimState` at `tick` (JSON-safe), with the number of inputs of
 * the log it already includes.
 */
export interface DungeonSnapshot {
  /** How many inputs of the log this snapshot includes: restore replays inputs with `seq >= nextSeq`. */
  nextSeq: number;
  /** Simulation tick of `state` (ticks since day 1, 00:00). */
  tick: number;
  /** `Simulation.hash()` of `state` (16 hex digits). */
  hash: string;
  /** `Simulation.snapshot()`: the whole state, JSON-safe (stored as JSON text). */
  state: unknown;
}

/** What {@link DungeonStore.saveSnapshot} records beside the snapshot. */
export interface SnapshotMeta {
  /** Game day (from 1) of the snapshot. */
  day: number;
}

/**
 * Where the simulation stands after a batch of inputs (optional on {@link DungeonStore.appendInputs}):
 * sets the record's `day`, `tick` and `hash` (e.g. "the state hash after its last logged input").
 */
export interface DungeonProgress {
  day: number;
  tick: number;
  /** `Simulation.hash()`, 16 hex digits. */
  hash: string;
}

/** One input of a dungeon's log with its sequence number (index in the full log since creation). */
export interface StoredInput {
  seq: number;
  input: Input;
}

/**
 * One write of {@link DungeonStore.write}: inputs `firstSeq, firstSeq+1, …` of a dungeon (with
 * optional progress), or its new latest snapshot.
 */
export type StoreWrite =
  | { kind: "inputs"; dungeonId: string; firstSeq: number; inputs: readonly Input[]; progress?: DungeonProgress | undefined }
  | { kind: "snapshot"; dungeonId: string; snapshot: DungeonSnapshot; meta: SnapshotMeta };

/** Options of {@link DungeonStore.load}. */
export interface LoadOptions {
  /**
   * Recomputes the state hash of a parsed snapshot state (the store cannot: it does not load the
   * simulation), e.g. `(state) => Simulation.restore(state as SimState).hash()`. When given and
   * the result differs from the snapshot's recorded hash, `load` throws `hash-mismatch`. It may
   * throw itself (e.g. `unsupported snapshot version`): that becomes `unknown-format`.
   */
  verifyHash?: (state: unknown) => string;
}

/** What {@link DungeonStore.load} returns: enough to restore the dungeon. */
export interface LoadedDungeon {
  record: DungeonRecord;
  /** The latest snapshot, parsed; `null` when none was saved (restore from `record.options`). */
  snapshot: DungeonSnapshot | null;
  /** Inputs with `seq >= (snapshot?.nextSeq ?? 0)`, contiguous, in order. */
  inputs: StoredInput[];
}

/**
 * What is wrong with a stored dungeon's data (the `problem` of {@link DungeonDataError}):
 * - `unknown-dungeon`: no dungeon has that id (do not mark anything damaged);
 * - `corrupt-record`: the dungeon row's create options are not a JSON object with a numeric seed;
 * - `corrupt-snapshot`: the snapshot's JSON does not parse, or is not a state object;
 * - `truncated-snapshot`: the snapshot's JSON ends early;
 * - `hash-mismatch`: `verifyHash(state)` differs from the recorded hash;
 * - `corrupt-input`: an input row's JSON does not parse or is not an `{ tick, actor, command }`;
 * - `seq-gap`: the log after the snapshot has a hole (a `seq` missing);
 * - `truncated-log`: fewer inputs than the record's `inputCount`;
 * - `unknown-format`: a snapshot or input row of another {@link STORE_FORMAT_VERSION} (or a state
 *   version the simulation refuses).
 */
export type DungeonDataProblem =
  | "unknown-dungeon" | "corrupt-record" | "corrupt-snapshot" | "truncated-snapshot" | "hash-mismatch"
  | "corrupt-input" | "seq-gap" | "truncated-log" | "unknown-format";

/**
 * A stored dungeon cannot be loaded. The message names the dungeon and what is wrong, in the
 * form `dungeon <id>: <problem>: <detail>`, e.g.
 * `dungeon abc123: seq-gap: input seq 7 missing (log has seq 5..6, then 8)`.
 * The caller marks the dungeon damaged (`setStatus(id, "damaged", err.message)`), except for
 * `unknown-dungeon`; the data itself is left untouched.
 */
export class DungeonDataError extends Error {
  override name = "DungeonDataError";
  readonly code = "DUNGEON_DATA";
  /** The dungeon whose data is wrong. */
  readonly dungeonId: string;
  readonly problem: DungeonDataProblem;
  constructor(dungeonId: string, problem: DungeonDataProblem, detail: string) {
    super(`dungeon ${dungeonId}: ${problem}: ${detail}`);
    this.dungeonId = dungeonId;
    this.problem = problem;
  }
}

/**
 * Codes of {@link StoreError}:
 * - `STORE_UNAVAILABLE`: the database is unreachable (a store call: retry later), or it is away
 *   and the writer's in-memory queue is full (the input is refused: answer the client with it);
 * - `DUNGEON_EXISTS`: `create` with an id already stored;
 * - `UNKNOWN_DUNGEON`: a write to an id never created;
 * - `DAMAGED`: a write to a damaged dungeon (never overwritten);
 * - `SEQ_CONFLICT`: `appendInputs` whose `firstSeq` would leave a hole (greater than `inputCount`);
 * - `CLOSED`: the store or writer was closed.
 */
export type StoreErrorCode = "STORE_UNAVAILABLE" | "DUNGEON_EXISTS" | "UNKNOWN_DUNGEON" | "DAMAGED" | "SEQ_CONFLICT" | "CLOSED";

/** A store operation refused (see {@link StoreErrorCode}); the message names the dungeon when there is one. */
export class StoreError extends Error {
  override name = "StoreError";
  readonly code: StoreErrorCode;
  constructor(code: StoreErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * The dungeon store. All methods are async and reject with StoreError `STORE_UNAVAILABLE` when
 * the database is unreachable (the {@link InputWriter} retries those; any other error is final). Implementations: `SqliteDungeonStore`
 * (store/sqlite.ts) and `PostgresDungeonStore` (store/postgres.ts); one shared test suite runs
 * against both (server/test/store/).
 *
 * @example
 * const store = openDungeonStore(readConfig());   // store/index.ts
 * await store.init();
 * await store.create({ dungeonId: room.roomId, options, map: "default", ruleset: "d20", ownerName: "Ann", keeperKeyHash: await hashKeeperKey(key), private: false });
 * await store.appendInputs(room.roomId, 0, [sim.inputLog[0]!], { day: 1, tick: sim.tick, hash: sim.hash() });
 * await store.saveSnapshot(room.roomId, { nextSeq: sim.inputLog.length, tick: sim.tick, hash: sim.hash(), state: sim.snapshot() }, { day: 1 });
 * const { snapshot, inputs } = await store.load(room.roomId, { verifyHash: (s) => Simulation.restore(s as SimState).hash() });
 */
export interface DungeonStore {
  /** `sqlite` or `postgres`, for logs and `/health`. */
  readonly kind: "sqlite" | "postgres";
  /** Opens the database and applies pending migrations (idempotent; concurrent starts are safe). Call once before anything else. */
  init(): Promise<void>;
  /**
   * Stores a new dungeon with status `live`, day 1, tick 0, no snapshot, no input.
   * @throws StoreError `DUNGEON_EXISTS` when the id is taken.
   */
  create(dungeon: NewDungeon): Promise<DungeonRecord>;
  /**
   * Appends inputs `firstSeq, firstSeq+1, …` in one transaction (all or nothing). Rows already
   * stored with the same seq are kept as they are (an idempotent retry). `progress`, when given,
   * sets the record's day/tick/hash.
   * @throws StoreError `UNKNOWN_DUNGEON`, `DAMAGED`, or `SEQ_CONFLICT` when `firstSeq > inputCount`.
   */
  appendInputs(dungeonId: string, firstSeq: number, inputs: readonly Input[], progress?: DungeonProgress): Promise<void>;
  /**
   * Several writes (any dungeons) in ONE transaction, in order, all or nothing: what
   * `appendInputs` and `saveSnapshot` do, batched (the {@link InputWriter} flushes with it).
   * @throws StoreError as `appendInputs`/`saveSnapshot` for the first write refused (then nothing is written).
   */
  write(batch: readonly StoreWrite[]): Promise<void>;
  /**
   * Replaces the dungeon's latest snapshot (only the latest is kept; the log is kept whole) and,
   * when `snapshot.tick` ≥ the record's tick, sets its day/tick/hash from it.
   * @throws StoreError `UNKNOWN_DUNGEON`, `DAMAGED`, or `SEQ_CONFLICT` when `snapshot.nextSeq > inputCount`.
   */
  saveSnapshot(dungeonId: string, snapshot: DungeonSnapshot, meta: SnapshotMeta): Promise<void>;
  /**
   * The dungeon's metadata, `undefined` for an unknown id.
   * @throws DungeonDataError `corrupt-record` when its stored create options do not parse.
   */
  get(dungeonId: string): Promise<DungeonRecord | undefined>;
  /**
   * Everything needed to restore the dungeon, checked: snapshot JSON, format versions, the
   * snapshot hash (with `options.verifyHash`), the log after the snapshot (contiguous from
   * `nextSeq` up to `inputCount - 1`). Reads only; never marks anything.
   * @throws DungeonDataError naming the dungeon and the {@link DungeonDataProblem}.
   */
  load(dungeonId: string, options?: LoadOptions): Promise<LoadedDungeon>;
  /**
   * The full input log (seq 0 up), for replay files; from `fromSeq` when given.
   * @throws DungeonDataError `unknown-dungeon`, `corrupt-input`, `seq-gap`, `truncated-log`, `unknown-format`.
   */
  inputs(dungeonId: string, fromSeq?: number): Promise<StoredInput[]>;
  /** A page of stored dungeons (see {@link ListQuery}). */
  list(query?: ListQuery): Promise<DungeonPage>;
  /**
   * Sets the status (and its reason, `null` when omitted); touches nothing else.
   * @throws StoreError `UNKNOWN_DUNGEON`.
   */
  setStatus(dungeonId: string, status: DungeonStatus, reason?: string): Promise<void>;
  /**
   * Takes the dungeon's lease for `holder` (e.g. the process id) for `ttlMs` milliseconds when it
   * is free, expired, or already held by `holder` (then it is extended). Atomic: of two
   * processes racing, exactly one gets `true`. Only the holder may run the dungeon.
   * @returns false when another holder's lease has not expired (or the dungeon is unknown).
   */
  acquireLease(dungeonId: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Extends `holder`'s lease to now + `ttlMs`; false when `holder` no longer holds it (lost: stop running the dungeon). */
  renewLease(dungeonId: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Frees the lease when `holder` holds it (no-op otherwise). */
  releaseLease(dungeonId: string, holder: string): Promise<void>;
  /** Closes the database (connections, file handle). Later calls reject with StoreError `CLOSED`. */
  close(): Promise<void>;
}

/**
 * The per-process write-behind queue over a {@link DungeonStore} (store/writer.ts `StoreWriter`).
 * Writes are queued in call order and flushed in batches (one `DungeonStore.write` transaction
 * per flush, every dungeon together) after the current step, never on its path. While the
 * database is away, writes stay queued (up to the writer's bound `MAX_QUEUED_INPUTS` inputs; of
 * each dungeon's snapshots only the newest waits) and are retried with back-off.
 *
 * @example
 * const writer = new StoreWriter(store);
 * if (writer.full) return refuse("STORE_UNAVAILABLE");
 * const result = sim.enqueue(actor, command);
 * if (result.ok) await writer.append(roomId, sim.inputLog.at(-1)!, sim.inputLog.length - 1); // then answer the client
 */
export interface InputWriter {
  /**
   * Queues one input with its `seq`; resolves once it is durable (committed).
   * `progress`, when given, is saved with it (the last one of a batch wins).
   * @throws StoreError `STORE_UNAVAILABLE` (immediately) when the queue is full while the database is away,
   *   `DAMAGED`/`UNKNOWN_DUNGEON`/`SEQ_CONFLICT` from the store (not retried), `CLOSED` after `close()`.
   */
  append(dungeonId: string, input: Input, seq: number, progress?: DungeonProgress): Promise<void>;
  /** Queues a snapshot after the inputs queued before it; resolves once durable (same errors as `append`, never refused for the bound). */
  snapshot(dungeonId: string, snapshot: DungeonSnapshot, meta: SnapshotMeta): Promise<void>;
  /**
   * Resolves when everything queued before the call is durable (or has failed): `true`; or
   * `false` after `timeoutMs` milliseconds when given (the database still away; writes stay
   * queued). Without a timeout it waits as long as the database is away. For shutdown.
   */
  flush(timeoutMs?: number): Promise<boolean>;
  /** True while the database is unreachable (writes queued, retrying): `/health` reports `degraded`. */
  readonly degraded: boolean;
  /** Inputs waiting to be written now. */
  readonly queued: number;
  /**
   * True when the next `append` would be refused `STORE_UNAVAILABLE` (the bound is reached).
   * Check it BEFORE `sim.enqueue`: an input the simulation applied but the writer refused would
   * leave the simulation ahead of its stored log.
   */
  readonly full: boolean;
}
