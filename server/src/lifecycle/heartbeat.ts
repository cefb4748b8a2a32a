import { matchMaker, type IRoomCache, type Presence } from "@colyseus/core";
import type { Logger } from "../logger.ts";

/**
 * Ghost rooms (issue 16 part 4). With Redis, every process writes a heartbeat key
 * `malignus:process:<processId>` that expires after {@link PROCESS_HEARTBEAT_TTL_SECONDS} and is
 * written again every {@link PROCESS_HEARTBEAT_EVERY_MS}. A process that dies (kill -9, crash,
 * lost network) stops writing it, so within the TTL:
 * - the listing (`GET /rooms`, {@link ProcessHeartbeat.filterLive}) drops the rooms of a
 *   process whose key expired, at once, in every surviving process;
 * - every {@link GHOST_SWEEP_EVERY_MS} each survivor looks for rooms of such processes in the
 *   matchmaking cache and asks Colyseus to confirm the process is gone
 *   (`matchMaker.healthCheckProcessId`: an IPC ping with a 2 s timeout), which then removes the
 *   process's room caches and stats, so matchmaking (join by id, joinOrCreate) no longer picks them.
 *
 * The figure: a dead process's rooms leave the listing within TTL + 1 beat ≤ 4 s of its death
 * (3 s TTL, written every 1 s), and the matchmaking cache within TTL + sweep + IPC timeout ≤ 6 s.
 * The matchmaking driver (redis.ts `ResilientRedisDriver.liveFilter`) uses the same test, so
 * matchmaking (join by id, joinOrCreate, room placement) stops offering them as soon as the
 * listing does (issue 18 part 4).
 * Without Redis (one process) there are no ghosts and nothing runs.
 *
 * While Redis is away (redis.ts `RedisLink`) the beat and the sweep skip their turn silently; when
 * it is back the key is written at once, and the sweep waits {@link SWEEP_GRACE_AFTER_OUTAGE_MS}
 * so that other processes, which lost their keys too, have written theirs again.
 */

/** Lifetime of a process's heartbeat key, in seconds (Redis `SETEX` granularity). */
export const PROCESS_HEARTBEAT_TTL_SECONDS = 3;
/** How often a process writes its heartbeat key again, in real milliseconds. */
export const PROCESS_HEARTBEAT_EVERY_MS = 1_000;
/** How often a process looks for rooms of dead processes in the matchmaking cache, in real milliseconds. */
export const GHOST_SWEEP_EVERY_MS = 1_000;

/** How long after a Redis outage the sweep waits before judging other processes, in real milliseconds (TTL + 1 beat). */
export const SWEEP_GRACE_AFTER_OUTAGE_MS = PROCESS_HEARTBEAT_TTL_SECONDS * 1_000 + PROCESS_HEARTBEAT_EVERY_MS;

/** What the heartbeat needs besides the presence (all optional; redis.ts gives them). */
export interface HeartbeatOptions {
  /** False while Redis is away: the beat and the sweep skip their turn. Default: always up. */
  isUp?: () => boolean;
  /** Every room cache matching `conditions`, rooms of dead processes included. Default: `matchMaker.query`. */
  queryAll?: (conditions: Partial<IRoomCache>) => Promise<IRoomCache[]>;
}

/** The heartbeat key of `processId` (the presence adds the REDIS_KEY_PREFIX). */
export function heartbeatKey(processId: string): string {
  return `malignus:process:${processId}`;
}

/**
 * One process's heartbeat and its sweep of other processes' ghost rooms (see the file's doc).
 * Start it once the matchmaker is ready (after `listen`); stop it before shutting down (its key
 * is deleted then, so survivors drop this process's rooms at once).
 */
export class ProcessHeartbeat {
  readonly #presence: Presence;
  readonly #log: Logger;
  #beat: ReturnType<typeof setInterval> | undefined;
  #sweep: ReturnType<typeof setInterval> | undefined;
  #sweeping = false;
  readonly #isUp: () => boolean;
  readonly #queryAll: (conditions: Partial<IRoomCache>) => Promise<IRoomCache[]>;
  /** No sweep before this time (ms since the epoch): set when Redis comes back. */
  #sweepAfter = 0;
  /** Processes whose ghost rooms were swept (count), for tests and logs. */
  swept = 0;

  constructor(presence: Presence, log: Logger, options: HeartbeatOptions = {}) {
    this.#presence = presence;
    this.#log = log;
    this.#isUp = options.isUp ?? (() => true);
    this.#queryAll = options.queryAll ?? ((conditions) => Promise.resolve(matchMaker.query(conditions)));
  }

  /** Redis is back after an outage: writes the key now and holds the sweep for {@link SWEEP_GRACE_AFTER_OUTAGE_MS}. */
  async resumed(): Promise<void> {
    this.#sweepAfter = Date.now() + SWEEP_GRACE_AFTER_OUTAGE_MS;
    await this.#write();
  }

  /** Writes the key now, then every {@link PROCESS_HEARTBEAT_EVERY_MS}; sweeps every {@link GHOST_SWEEP_EVERY_MS}. */
  async start(): Promise<void> {
    await this.#write();
    this.#beat = setInterval(() => void this.#write(), PROCESS_HEARTBEAT_EVERY_MS);
    this.#beat.unref();
    this.#sweep = setInterval(() => void this.sweep(), GHOST_SWEEP_EVERY_MS);
    this.#sweep.unref();
  }

  /** Stops beating and sweeping and deletes this process's key (a stopping process is gone at once). */
  async stop(): Promise<void> {
    clearInterval(this.#beat);
    clearInterval(this.#sweep);
    this.#beat = this.#sweep = undefined;
    try {
      // Typed `void`; RedisPresence returns ioredis' promise.
      await (this.#presence.del(heartbeatKey(matchMaker.processId)) as unknown);
    } catch {
      // Redis away: the key expires by itself within the TTL.
    }
  }

  /** True when `processId` is this process or its heartbeat key has not expired. */
  async isAlive(processId: string): Promise<boolean> {
    if (processId === matchMaker.processId) return true;
    return await this.#presence.exists(heartbeatKey(processId));
  }

  /** The caches whose process is alive ({@link isAlive}), in their order. */
  async filterLive<T extends IRoomCache>(caches: T[]): Promise<T[]> {
    const alive = new Map<string, boolean>();
    for (const c of caches) if (!alive.has(c.processId)) alive.set(c.processId, await this.isAlive(c.processId));
    return caches.filter((c) => alive.get(c.processId));
  }

  /**
   * One sweep: for each other process with rooms in the matchmaking cache whose heartbeat
   * expired, Colyseus' health check (IPC ping) removes its rooms when it does not answer.
   * @returns the process ids found dead and swept.
   */
  async sweep(): Promise<string[]> {
    if (this.#sweeping || !this.#isUp() || Date.now() < this.#sweepAfter) return [];
    this.#sweeping = true;
    const dead: string[] = [];
    try {
      const caches = await this.#queryAll({});
      const others = [...new Set(caches.map((c) => c.processId))].filter((p) => p !== matchMaker.processId);
      for (const processId of others) {
        if (await this.isAlive(processId)) continue;
        const answered = await matchMaker.healthCheckProcessId(processId);
        if (answered) continue;
        dead.push(processId);
        this.swept++;
        this.#log.warn({ deadProcessId: processId, rooms: caches.filter((c) => c.processId === processId).map((c) => c.roomId) }, "ghost rooms of a dead process removed");
      }
    } catch (err) {
      if (this.#isUp()) this.#log.warn({ err }, "ghost sweep failed");
    } finally {
      this.#sweeping = false;
    }
    return dead;
  }

  async #write(): Promise<void> {
    if (!this.#isUp()) return;
    try {
      await this.#presence.setex(heartbeatKey(matchMaker.processId), String(Date.now()), PROCESS_HEARTBEAT_TTL_SECONDS);
    } catch (err) {
      if (this.#isUp()) this.#log.warn({ err }, "could not write the process heartbeat");
    }
  }
}
