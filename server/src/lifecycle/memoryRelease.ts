import type { Logger } from "../logger.ts";

/**
 * Memory back to the system once a process is idle (issue 18 part 3).
 *
 * Why: V8 (13.6, Node 24) keeps the heap pages a garbage collection frees in a page pool, committed
 * and resident, to reuse them instead of asking the system again; it gives them back only on a
 * memory-reducing collection (memory pressure, or its memory reducer when it judges the process
 * idle, which it rarely does for a server). Busy rooms let the young generation grow to its Node 24
 * maximum (the new space went from 64 to 128 MB in the benchmark) and old space fill with garbage
 * between full collections, so after a burst of rooms the resident set (RSS) stays up by the peak
 * heap: +76 MB in `npm run bench:memory`, +135/+173 MB per server in a chaos run, after 1000
 * create-and-leave cycles, while the heap in use is back within 1 MB (docs/reliability.md,
 * "Memory after rooms are disposed").
 *
 * What: when this process has run no room for {@link IdleMemoryReleaseOptions.idleMs} and at least
 * one room existed since the last release, it runs one memory-reducing full collection
 * (`gc({ type: "major", execution: "sync", flavor: "last-resort" })`: V8's
 * `CollectAllAvailableGarbage`, what it does under critical memory pressure), which releases the
 * page pool and shrinks the young generation. It needs `global.gc`, so the process runs with
 * `--expose-gc` (`npm start` passes it); without it nothing runs and {@link IdleMemoryRelease.available}
 * is false. No room is running when it pauses the process (about 0.2 s of CPU for a 40 MB heap,
 * longer in real time on a loaded machine; HTTP requests and matchmaking wait that long).
 */

/** Default idle time before the release (`IDLE_MEMORY_RELEASE_SECONDS`), in real seconds. */
export const DEFAULT_IDLE_MEMORY_RELEASE_SECONDS = 10;

/** How often the idle watcher looks at the room count, in real milliseconds. */
export const IDLE_MEMORY_CHECK_EVERY_MS = 1_000;

/** One release's figures, in bytes (process.memoryUsage) and real milliseconds. */
export interface MemoryReleaseResult {
  rssBefore: number;
  rssAfter: number;
  heapUsedBefore: number;
  heapUsedAfter: number;
  /** Real time the collection paused the process, ms. */
  pauseMs: number;
  /** CPU time the process spent meanwhile (user + system, every thread: V8's GC helpers too), ms. */
  cpuMs: number;
  /** Date.now() when it ran. */
  at: number;
}

/** Options of {@link IdleMemoryRelease}. */
export interface IdleMemoryReleaseOptions {
  /** Rooms living in this process now (app.ts: `matchMaker.stats.local.roomCount`). */
  roomCount: () => number;
  /** Real ms with no room before the release; 0 = never release. */
  idleMs: number;
  log: Logger;
  /** Called after each release (metrics.ts records it). */
  onRelease?: (result: MemoryReleaseResult) => void;
  /** The collector; default `globalThis.gc` (present with `--expose-gc`). Tests pass none to check the absent case. */
  gc?: NodeJS.GCFunction | undefined;
  /** Look-up period, real ms (default {@link IDLE_MEMORY_CHECK_EVERY_MS}). */
  checkEveryMs?: number;
}

/**
 * Watches the room count and releases memory once the process is idle (see the file's doc).
 * Start after `listen`, stop on shutdown; its timer never keeps the process alive.
 */
export class IdleMemoryRelease {
  readonly #o: IdleMemoryReleaseOptions;
  readonly #gc: NodeJS.GCFunction | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** A room existed since the last release (or since start). */
  #dirty = false;
  /** Date.now() since which the process has had no room, or undefined while it has some. */
  #idleSince: number | undefined;
  #last: MemoryReleaseResult | undefined;
  #count = 0;

  constructor(options: IdleMemoryReleaseOptions) {
    this.#o = options;
    this.#gc = "gc" in options ? options.gc : (globalThis as { gc?: NodeJS.GCFunction }).gc;
  }

  /** True when a collector is there (`--expose-gc`) and releasing is on (`idleMs` > 0). */
  get available(): boolean {
    return this.#gc !== undefined && this.#o.idleMs > 0;
  }

  /** Releases done so far. */
  get releases(): number {
    return this.#count;
  }

  /** The last release's figures, or undefined before the first. */
  get last(): MemoryReleaseResult | undefined {
    return this.#last;
  }

  /** Starts watching (no-op when not {@link available}); logs once why it is off. */
  start(): void {
    if (this.#o.idleMs <= 0) {
      this.#o.log.info("idle memory release off (IDLE_MEMORY_RELEASE_SECONDS=0)");
      return;
    }
    if (!this.#gc) {
      this.#o.log.info("idle memory release off: no global gc (start node with --expose-gc; npm start does)");
      return;
    }
    if (this.#timer) return;
    this.#timer = setInterval(() => this.check(Date.now()), this.#o.checkEveryMs ?? IDLE_MEMORY_CHECK_EVERY_MS);
    this.#timer.unref();
  }

  /**
   * Tells the watcher a room was just created (app.ts, the room definitions' `create` event): a
   * room that lives less than one look ({@link IDLE_MEMORY_CHECK_EVERY_MS}) still counts.
   */
  noteRoomCreated(): void {
    this.#dirty = true;
    this.#idleSince = undefined;
  }

  /** Stops watching. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /**
   * One look at the room count at real time `now` (ms): marks the process busy while it has
   * rooms, and releases once it has had none for `idleMs` after having had some.
   * @returns the release's figures when it released now, else undefined.
   */
  check(now: number): MemoryReleaseResult | undefined {
    if (this.#o.roomCount() > 0) {
      this.#dirty = true;
      this.#idleSince = undefined;
      return undefined;
    }
    this.#idleSince ??= now;
    if (!this.#dirty || !this.available || now - this.#idleSince < this.#o.idleMs) return undefined;
    this.#dirty = false;
    return this.release(now);
  }

  /**
   * Runs the memory-reducing collection now, whatever the room count.
   * @returns its figures, or undefined without a collector.
   */
  release(now = Date.now()): MemoryReleaseResult | undefined {
    const gc = this.#gc;
    if (!gc) return undefined;
    const before = process.memoryUsage();
    const started = performance.now();
    const cpu = process.cpuUsage();
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    const pauseMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const after = process.memoryUsage();
    const result: MemoryReleaseResult = {
      rssBefore: before.rss, rssAfter: after.rss, heapUsedBefore: before.heapUsed, heapUsedAfter: after.heapUsed, pauseMs, cpuMs, at: now,
    };
    this.#last = result;
    this.#count++;
    const mb = (b: number) => Math.round(b / 104857.6) / 10;
    this.#o.log.info(
      { rssMb: [mb(before.rss), mb(after.rss)], heapUsedMb: [mb(before.heapUsed), mb(after.heapUsed)], pauseMs: Math.round(pauseMs), cpuMs: Math.round(cpuMs) },
      "idle: memory released",
    );
    this.#o.onRelease?.(result);
    return result;
  }
}
