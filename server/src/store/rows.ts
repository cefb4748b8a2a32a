import type { Input } from "../sim/inputs/types.ts";
import {
  DUNGEON_STATUSES, DungeonDataError, STORE_FORMAT_VERSION, StoreError,
  type DungeonRecord, type DungeonSnapshot, type DungeonStatus, type DungeonSummary, type ListQuery,
  type LoadOptions, type StoreWrite, type StoredCreateOptions, type StoredInput,
} from "./types.ts";

/**
 * What both stores read from their tables, before any checking: the `dungeons` row joined with
 * its snapshot's `next_seq`/`tick`. Integers may arrive as strings (PostgreSQL int8) or numbers.
 */
export interface DungeonRow {
  dungeon_id: string;
  format: number | string;
  options: string;
  map: string;
  ruleset: string;
  owner_name: string;
  keeper_key_hash: string;
  private: number | boolean;
  status: string;
  status_reason: string | null;
  day: number | string;
  tick: number | string;
  hash: string;
  input_count: number | string;
  snapshot_seq: number | string | null;
  snapshot_tick: number | string | null;
  created_at: number | string;
  updated_at: number | string;
  lease_holder: string | null;
  lease_expires_at: number | string | null;
}

/** A `snapshots` row as read. */
export interface SnapshotRow {
  format: number | string;
  next_seq: number | string;
  tick: number | string;
  hash: string;
  state: string;
}

/** An `inputs` row as read. */
export interface InputRow {
  seq: number | string;
  input: string;
}

/** Default page size of `list` (rows). */
export const DEFAULT_LIST_LIMIT = 50;
/** Largest page of `list` (rows). */
export const MAX_LIST_LIMIT = 1000;

const num = (v: number | string | null): number => Number(v);

/** `offset` and `limit` of a list query, clamped: offset ≥ 0, 1 ≤ limit ≤ {@link MAX_LIST_LIMIT}. */
export function pageOf(query: ListQuery = {}): { offset: number; limit: number } {
  const offset = Math.max(0, Math.floor(query.offset ?? 0));
  const limit = Math.min(MAX_LIST_LIMIT, Math.max(1, Math.floor(query.limit ?? DEFAULT_LIST_LIMIT)));
  return { offset, limit };
}

/** The ORDER BY of a list query over `dungeons d`: creation time then id, descending with `newestFirst`. */
export function listOrder(query: ListQuery = {}): string {
  return query.newestFirst ? "ORDER BY d.created_at DESC, d.dungeon_id DESC" : "ORDER BY d.created_at, d.dungeon_id";
}

/** `status` of a list query, checked (a status filter is bound as a query parameter). */
export function statusFilter(query: ListQuery = {}): DungeonStatus | undefined {
  if (query.status !== undefined && !DUNGEON_STATUSES.includes(query.status)) throw new Error(`unknown status ${String(query.status)}`);
  return query.status;
}

/**
 * The record of a row.
 * @throws DungeonDataError `corrupt-record` when its options are not a JSON object with a numeric seed.
 */
export function toRecord(row: DungeonRow): DungeonRecord {
  let options: unknown;
  try {
    options = JSON.parse(row.options);
  } catch (err) {
    throw new DungeonDataError(row.dungeon_id, "corrupt-record", `create options: ${(err as Error).message}`);
  }
  if (!isObject(options) || typeof options.seed !== "number") {
    throw new DungeonDataError(row.dungeon_id, "corrupt-record", "create options: not a JSON object with a numeric seed");
  }
  return {
    dungeonId: row.dungeon_id,
    options: options as StoredCreateOptions,
    map: row.map,
    ruleset: row.ruleset,
    ownerName: row.owner_name,
    keeperKeyHash: row.keeper_key_hash,
    private: row.private === true || row.private === 1,
    status: row.status as DungeonStatus,
    statusReason: row.status_reason,
    day: num(row.day),
    tick: num(row.tick),
    hash: row.hash,
    inputCount: num(row.input_count),
    snapshotSeq: row.snapshot_seq === null ? null : num(row.snapshot_seq),
    snapshotTick: row.snapshot_tick === null ? null : num(row.snapshot_tick),
    createdAt: num(row.created_at),
    updatedAt: num(row.updated_at),
    lease: row.lease_holder === null || row.lease_expires_at === null ? null : { holder: row.lease_holder, expiresAt: num(row.lease_expires_at) },
  };
}

/** The listing row of a dungeon row (options not parsed: a corrupt record still lists). */
export function toSummary(row: DungeonRow): DungeonSummary {
  return {
    dungeonId: row.dungeon_id, map: row.map, ruleset: row.ruleset, ownerName: row.owner_name,
    private: row.private === true || row.private === 1, status: row.status as DungeonStatus,
    day: num(row.day), tick: num(row.tick), createdAt: num(row.created_at), updatedAt: num(row.updated_at),
  };
}

/** @throws DungeonDataError `unknown-format` when the dungeon row is not of {@link STORE_FORMAT_VERSION}. */
export function checkRecordFormat(row: DungeonRow): void {
  if (num(row.format) !== STORE_FORMAT_VERSION) {
    throw new DungeonDataError(row.dungeon_id, "unknown-format", `dungeon record format ${num(row.format)}, this server reads format ${STORE_FORMAT_VERSION}`);
  }
}

/**
 * The snapshot of a row, parsed and checked: format, JSON (truncated or corrupt), an object,
 * not past the log (`next_seq ≤ inputCount`), and its hash with `options.verifyHash`.
 * @throws DungeonDataError `unknown-format`, `truncated-snapshot`, `corrupt-snapshot`, `truncated-log`, `hash-mismatch`.
 */
export function checkSnapshot(dungeonId: string, row: SnapshotRow, inputCount: number, options: LoadOptions = {}): DungeonSnapshot {
  const nextSeq = num(row.next_seq);
  const tick = num(row.tick);
  const where = `snapshot at tick ${tick} (nextSeq ${nextSeq})`;
  if (num(row.format) !== STORE_FORMAT_VERSION) {
    throw new DungeonDataError(dungeonId, "unknown-format", `${where} has format ${num(row.format)}, this server reads format ${STORE_FORMAT_VERSION}`);
  }
  let state: unknown;
  try {
    state = JSON.parse(row.state);
  } catch (err) {
    const message = (err as Error).message;
    const at = /at position (\d+)/.exec(message);
    const truncated = message.includes("end of JSON input") || (at !== null && Number(at[1]) >= row.state.length);
    throw new DungeonDataError(dungeonId, truncated ? "truncated-snapshot" : "corrupt-snapshot",
      `${where}: ${row.state.length} bytes of JSON: ${message}`);
  }
  if (!isObject(state)) throw new DungeonDataError(dungeonId, "corrupt-snapshot", `${where}: not a JSON object`);
  if (nextSeq > inputCount) {
    throw new DungeonDataError(dungeonId, "truncated-log", `${where} includes ${nextSeq} inputs, the log has ${inputCount}`);
  }
  if (options.verifyHash) {
    let actual: string;
    try {
      actual = options.verifyHash(state);
    } catch (err) {
      throw new DungeonDataError(dungeonId, "corrupt-snapshot", `${where}: state refused: ${(err as Error).message}`);
    }
    if (actual !== row.hash) throw new DungeonDataError(dungeonId, "hash-mismatch", `${where} hashes to ${actual}, recorded ${row.hash}`);
  }
  return { nextSeq, tick, hash: row.hash, state };
}

/**
 * Input rows (ordered by seq) checked to be exactly `fromSeq … inputCount - 1`, each a JSON
 * `{ tick, actor, command }`.
 * @throws DungeonDataError `seq-gap`, `truncated-log`, `corrupt-input`.
 */
export function checkInputs(dungeonId: string, rows: readonly InputRow[], fromSeq: number, inputCount: number): StoredInput[] {
  const out: StoredInput[] = [];
  let expected = fromSeq;
  for (const row of rows) {
    const seq = num(row.seq);
    if (seq >= inputCount) break;
    if (seq !== expected) {
      const after = expected === fromSeq ? `the log from seq ${fromSeq} starts at seq ${seq}` : `after seq ${expected - 1}, next stored seq ${seq}`;
      throw new DungeonDataError(dungeonId, "seq-gap", `input seq ${expected} missing (${after})`);
    }
    out.push({ seq, input: parseInput(dungeonId, seq, row.input) });
    expected++;
  }
  if (expected < inputCount) {
    const last = expected === fromSeq ? `no input from seq ${fromSeq}` : `the log ends at seq ${expected - 1}`;
    throw new DungeonDataError(dungeonId, "truncated-log", `${last}, the record says ${inputCount} inputs`);
  }
  return out;
}

function parseInput(dungeonId: string, seq: number, text: string): Input {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new DungeonDataError(dungeonId, "corrupt-input", `input seq ${seq}: ${(err as Error).message}`);
  }
  if (!isObject(value) || typeof value.tick !== "number" || !isObject(value.actor) || typeof value.actor.kind !== "string"
    || !isObject(value.command) || typeof value.command.type !== "string") {
    throw new DungeonDataError(dungeonId, "corrupt-input", `input seq ${seq}: not an { tick, actor, command } object`);
  }
  return value as unknown as Input;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * What a write may do to a dungeon given its row (`undefined` = unknown id).
 * @throws StoreError `UNKNOWN_DUNGEON` or `DAMAGED`.
 */
export function checkWritable(dungeonId: string, row: { status: string; status_reason: string | null } | undefined): void {
  if (row === undefined) throw new StoreError("UNKNOWN_DUNGEON", `dungeon ${dungeonId}: unknown dungeon, nothing written`);
  if (row.status === "damaged") {
    throw new StoreError("DAMAGED", `dungeon ${dungeonId}: damaged (${row.status_reason ?? "no reason"}), nothing written`);
  }
}

/** @throws StoreError `SEQ_CONFLICT` when inputs from `firstSeq` would leave a hole after `inputCount` stored ones. */
export function checkAppendSeq(dungeonId: string, firstSeq: number, inputCount: number): void {
  if (!Number.isInteger(firstSeq) || firstSeq < 0 || firstSeq > inputCount) {
    throw new StoreError("SEQ_CONFLICT", `dungeon ${dungeonId}: inputs from seq ${firstSeq} would leave a hole (${inputCount} stored)`);
  }
}

/** @throws StoreError `SEQ_CONFLICT` when a snapshot includes more inputs than stored. */
export function checkSnapshotSeq(dungeonId: string, nextSeq: number, inputCount: number): void {
  if (!Number.isInteger(nextSeq) || nextSeq < 0 || nextSeq > inputCount) {
    throw new StoreError("SEQ_CONFLICT", `dungeon ${dungeonId}: snapshot includes ${nextSeq} inputs, only ${inputCount} stored`);
  }
}

/** @throws StoreError `DUNGEON_EXISTS`. */
export function dungeonExists(dungeonId: string): StoreError {
  return new StoreError("DUNGEON_EXISTS", `dungeon ${dungeonId}: already stored`);
}

/** A dungeon row as a write batch reads it (locked) before planning. */
export interface WritableRow {
  status: string;
  status_reason: string | null;
  input_count: number | string;
  day: number | string;
  tick: number | string;
  hash: string;
}

/** What one batch does to the tables, checked (see {@link planWrites}). */
export interface WritePlan {
  /** Rows to insert into `inputs` (`ON CONFLICT DO NOTHING`: an idempotent retry keeps the stored row). */
  inputs: { dungeonId: string; seq: number; text: string }[];
  /** Snapshots to upsert, in batch order (a later one of the same dungeon wins). */
  snapshots: { dungeonId: string; nextSeq: number; tick: number; hash: string; text: string }[];
  /** The new `input_count`, `day`, `tick`, `hash` of every dungeon the batch touches. */
  updates: { dungeonId: string; inputCount: number; day: number; tick: number; hash: string }[];
}

/**
 * Plans a write batch over the dungeons' current rows (`rows`, locked by the caller): checks
 * each write in order against the state the earlier ones leave, as if applied one by one.
 * JSON is serialized here, before any statement runs. Pure.
 * @throws StoreError `UNKNOWN_DUNGEON`, `DAMAGED`, `SEQ_CONFLICT` for the first write refused.
 */
export function planWrites(batch: readonly StoreWrite[], rows: ReadonlyMap<string, WritableRow>): WritePlan {
  const plan: WritePlan = { inputs: [], snapshots: [], updates: [] };
  const next = new Map<string, WritePlan["updates"][number]>();
  for (const w of batch) {
    const row = rows.get(w.dungeonId);
    checkWritable(w.dungeonId, row);
    let u = next.get(w.dungeonId);
    if (!u) {
      u = { dungeonId: w.dungeonId, inputCount: num(row!.input_count), day: num(row!.day), tick: num(row!.tick), hash: row!.hash };
      next.set(w.dungeonId, u);
      plan.updates.push(u);
    }
    if (w.kind === "inputs") {
      checkAppendSeq(w.dungeonId, w.firstSeq, u.inputCount);
      w.inputs.forEach((input, k) => plan.inputs.push({ dungeonId: w.dungeonId, seq: w.firstSeq + k, text: JSON.stringify(input) }));
      u.inputCount = Math.max(u.inputCount, w.firstSeq + w.inputs.length);
      if (w.progress) Object.assign(u, { day: w.progress.day, tick: w.progress.tick, hash: w.progress.hash });
    } else {
      const s = w.snapshot;
      checkSnapshotSeq(w.dungeonId, s.nextSeq, u.inputCount);
      plan.snapshots.push({ dungeonId: w.dungeonId, nextSeq: s.nextSeq, tick: s.tick, hash: s.hash, text: JSON.stringify(s.state) });
      if (s.tick >= u.tick) Object.assign(u, { day: w.meta.day, tick: s.tick, hash: s.hash });
    }
  }
  return plan;
}
