import { logger } from "../logger.ts";
import type { Input } from "../sim/inputs/types.ts";
import {
  StoreError,
  type DungeonProgress, type DungeonSnapshot, type DungeonStore, type InputWriter, type SnapshotMeta, type StoreWrite,
} from "./types.ts";

/**
 * Most inputs one process keeps queued in memory (all dungeons together) while the database is
 * away or behind; one more is refused with StoreError `STORE_UNAVAILABLE` (the client's command
 * is answered with that code, nothing is lost that was acknowledged). At ~300 bytes an input,
 * about 3 MB.
 */
export const MAX_QUEUED_INPUTS = 10_000;
/** Most queued writes (inputs and snapshots) one flush takes into its transaction. */
export const MAX_WRITES_PER_FLUSH = 2_000;
/** First wait before retrying after the database was unreachable, in ms (doubles up to {@link RETRY_MAX_MS}). */
export const RETRY_MIN_MS = 50;
/** Longest wait between retries while the database is unreachable, in ms. */
export const RETRY_MAX_MS = 2_000;

/** Options of {@link StoreWriter}. */
export interface StoreWriterOptions {
  /** The bound of queued inputs (default {@link MAX_QUEUED_INPUTS}). */
  maxQueued?: number;
  /** First retry wait in ms (default {@link RETRY_MIN_MS}). */
  retryMinMs?: number;
  /** Longest retry wait in ms (default {@link RETRY_MAX_MS}). */
  retryMaxMs?: number;
  /**
   * Where the writer's two lines go: `warn` once when the database goes away, `info` once when
   * it is back. Default: the process logger (pino).
   */
  log?: (level: "warn" | "info", message: string) => void;
}

type Op = ({ kind: "input"; input: Input; seq: number; progress: DungeonProgress | undefined }
  | { kind: "snapshot"; snapshot: DungeonSnapshot; meta: SnapshotMeta }) & {
  dungeonId: string;
  done: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
  settled: boolean;
};

/** A write of the batch and the queued operations it carries. */
interface Planned { write: StoreWrite; ops: Op[] }

/**
 * The per-process write-behind queue over a {@link DungeonStore} (see {@link InputWriter}).
 * `append` only queues and schedules a flush with `setImmediate`, so the step that produced the
 * input finishes first; a flush writes everything queued (up to {@link MAX_WRITES_PER_FLUSH}) in
 * ONE `store.write` transaction, the inputs of a dungeon merged into one write. A refused write
 * (`DAMAGED`, `SEQ_CONFLICT`…) fails only its own dungeon's operations; `STORE_UNAVAILABLE`
 * keeps everything queued, sets {@link StoreWriter.degraded} and retries with back-off
 * ({@link RETRY_MIN_MS} doubling to {@link RETRY_MAX_MS}).
 *
 * @example
 * const writer = new StoreWriter(store);
 * await writer.append(dungeonId, sim.inputLog.at(-1)!, sim.inputLog.length - 1); // durable: answer the client now
 * await writer.close(); // at shutdown: everything queued is written
 */
export class StoreWriter implements InputWriter {
  readonly #store: DungeonStore;
  readonly #maxQueued: number;
  readonly #retryMinMs: number;
  readonly #retryMaxMs: number;
  readonly #log: (level: "warn" | "info", message: string) => void;
  #queue: Op[] = [];
  /** The ops of the flush under way (never replaced meanwhile). */
  #inFlight = new Set<Op>();
  #queuedInputs = 0;
  #scheduled = false;
  #writing = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #failures = 0;
  #degradedSince = 0;
  #degraded = false;
  #closed = false;

  constructor(store: DungeonStore, options: StoreWriterOptions = {}) {
    this.#store = store;
    this.#maxQueued = options.maxQueued ?? MAX_QUEUED_INPUTS;
    this.#retryMinMs = options.retryMinMs ?? RETRY_MIN_MS;
    this.#retryMaxMs = options.retryMaxMs ?? RETRY_MAX_MS;
    this.#log = options.log ?? ((level, message) => logger[level](message));
  }

  get degraded(): boolean { return this.#degraded; }

  get queued(): number { return this.#queuedInputs; }

  get full(): boolean { return this.#queuedInputs >= this.#maxQueued; }

  append(dungeonId: string, input: Input, seq: number, progress?: DungeonProgress): Promise<void> {
    if (this.#closed) return Promise.reject(new StoreError("CLOSED", `dungeon ${dungeonId}: input seq ${seq} refused: the store writer is closed`));
    if (this.full) {
      return Promise.reject(new StoreError("STORE_UNAVAILABLE",
        `dungeon ${dungeonId}: input seq ${seq} refused: the store is unavailable (${this.#queuedInputs} inputs queued, the bound)`));
    }
    this.#queuedInputs++;
    return this.#enqueue({ kind: "input", dungeonId, input, seq, progress });
  }

  /**
   * Queues a snapshot (see {@link InputWriter.snapshot}). A queued snapshot of the same dungeon
   * not yet being written is replaced by this one (its promise settles with this one's): while
   * the database is away, each dungeon holds at most one snapshot or two in memory.
   */
  snapshot(dungeonId: string, snapshot: DungeonSnapshot, meta: SnapshotMeta): Promise<void> {
    if (this.#closed) return Promise.reject(new StoreError("CLOSED", `dungeon ${dungeonId}: snapshot refused: the store writer is closed`));
    const done = this.#enqueue({ kind: "snapshot", dungeonId, snapshot, meta });
    const replaced = this.#queue.filter((op, i) => i < this.#queue.length - 1 && op.kind === "snapshot" && op.dungeonId === dungeonId
      && !op.settled && !this.#inFlight.has(op));
    for (const old of replaced) {
      old.settled = true;
      done.then(old.resolve, old.reject);
    }
    if (replaced.length > 0) this.#queue = this.#queue.filter((op) => !replaced.includes(op));
    return done;
  }

  /** Snapshots waiting to be written now. */
  get queuedSnapshots(): number { return this.#queue.filter((op) => op.kind === "snapshot" && !op.settled).length; }

  async flush(timeoutMs?: number): Promise<boolean> {
    const all = Promise.allSettled(this.#queue.map((op) => op.done)).then(() => true);
    if (timeoutMs === undefined) return all;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); });
    try {
      return await Promise.race([all, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Refuses new writes (`CLOSED`) and waits for everything queued to be written (or failed), at
   * most `timeoutMs` when given; the same result as {@link StoreWriter.flush}.
   */
  async close(timeoutMs?: number): Promise<boolean> {
    this.#closed = true;
    return this.flush(timeoutMs);
  }

  #enqueue(fields: { kind: "input"; dungeonId: string; input: Input; seq: number; progress: DungeonProgress | undefined }
    | { kind: "snapshot"; dungeonId: string; snapshot: DungeonSnapshot; meta: SnapshotMeta }): Promise<void> {
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const done = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
    const op = { ...fields, done, resolve, reject, settled: false } as Op;
    this.#queue.push(op);
    this.#schedule();
    return done;
  }

  #schedule(): void {
    if (this.#scheduled || this.#writing || this.#retryTimer) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#run();
    });
  }

  async #run(): Promise<void> {
    if (this.#writing) return;
    this.#writing = true;
    try {
      while (this.#queue.length > 0) {
        const ops = this.#queue.slice(0, MAX_WRITES_PER_FLUSH);
        let unavailable: StoreError | undefined;
        try {
          for (const op of ops) this.#inFlight.add(op);
          await this.#write(ops);
        } catch (err) {
          unavailable = err as StoreError;
        } finally {
          this.#inFlight.clear();
        }
        this.#queue = this.#queue.filter((op) => !op.settled);
        if (unavailable) {
          this.#wentAway(unavailable);
          return;
        }
      }
    } finally {
      this.#writing = false;
    }
  }

  /**
   * Writes `ops` in one transaction; on a refusal, dungeon by dungeon, then write by write, so
   * only the refused ones fail. Settles every op it wrote or that was refused.
   * @throws StoreError `STORE_UNAVAILABLE` (the ops not yet written stay unsettled).
   */
  async #write(ops: Op[]): Promise<void> {
    const byDungeon = new Map<string, Planned[]>();
    for (const op of ops) {
      let planned = byDungeon.get(op.dungeonId);
      if (!planned) byDungeon.set(op.dungeonId, (planned = []));
      const last = planned.at(-1);
      if (op.kind === "input") {
        if (last?.write.kind === "inputs" && last.write.firstSeq + last.write.inputs.length === op.seq) {
          (last.write.inputs as Input[]).push(op.input);
          if (op.progress) last.write.progress = op.progress;
          last.ops.push(op);
        } else {
          planned.push({ write: { kind: "inputs", dungeonId: op.dungeonId, firstSeq: op.seq, inputs: [op.input], progress: op.progress }, ops: [op] });
        }
      } else {
        planned.push({ write: { kind: "snapshot", dungeonId: op.dungeonId, snapshot: op.snapshot, meta: op.meta }, ops: [op] });
      }
    }
    const groups = [...byDungeon.values()];
    if (await this.#try(groups.flat())) return;
    for (const group of groups) {
      if (group.length > 1 && await this.#try(group)) continue;
      for (const planned of group) await this.#try([planned], true);
    }
  }

  /**
   * One `store.write` of `planned`: resolves their ops on success (true); on a refusal, rejects
   * them when `final` (true) or leaves them (false).
   * @throws StoreError `STORE_UNAVAILABLE`.
   */
  async #try(planned: Planned[], final = planned.length === 1): Promise<boolean> {
    try {
      await this.#store.write(planned.map((p) => p.write));
    } catch (err) {
      if (err instanceof StoreError && err.code === "STORE_UNAVAILABLE") throw err;
      this.#cameBack(); // it answered (and refused): it is reachable
      if (final) for (const p of planned) for (const op of p.ops) this.#settle(op, err);
      return final;
    }
    this.#cameBack();
    for (const p of planned) for (const op of p.ops) this.#settle(op);
    return true;
  }

  #settle(op: Op, err?: unknown): void {
    if (op.settled) return;
    op.settled = true;
    if (op.kind === "input") this.#queuedInputs--;
    if (err === undefined) op.resolve();
    else op.reject(err);
  }

  #wentAway(err: StoreError): void {
    if (!this.#degraded) {
      this.#degraded = true;
      this.#degradedSince = Date.now();
      this.#log("warn", `store unavailable, writes queued in memory (at most ${this.#maxQueued} inputs) and retried: ${err.message}`);
    }
    const wait = Math.min(this.#retryMaxMs, this.#retryMinMs * 2 ** Math.min(this.#failures, 16));
    this.#failures++;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      void this.#run();
    }, wait);
    this.#retryTimer.unref();
  }

  #cameBack(): void {
    this.#failures = 0;
    if (!this.#degraded) return;
    this.#degraded = false;
    this.#log("info", `store back after ${Date.now() - this.#degradedSince} ms, queued writes saved`);
  }
}
