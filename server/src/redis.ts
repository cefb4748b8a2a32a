import { Redis, type RedisOptions } from "ioredis";
import { matchMaker, ServerError, type IRoomCache, type SortOptions } from "@colyseus/core";
import { RedisPresence } from "@colyseus/redis-presence";
import { RedisDriver } from "@colyseus/redis-driver";
import type { Logger } from "./logger.ts";

/**
 * Redis for scale-out (issue 18 part 1): presence and matchmaking driver on ioredis clients set
 * up to survive an outage, and the {@link RedisLink} that watches them.
 *
 * While Redis is away:
 * - every Redis command fails at once (no offline queue, no per-request retries) instead of
 *   waiting, and the clients reconnect by themselves every ≤ {@link REDIS_RETRY_MAX_DELAY_MS};
 * - local rooms and their clients go on: the driver keeps their listing changes in memory
 *   ({@link ResilientRedisDriver}) and writes them back when Redis returns;
 * - `GET /rooms` and matchmaking answer HTTP 503 at once (app.ts), `GET /health` says `degraded`;
 * - the log says once `redis unreachable` (with the error text) and once `redis back`.
 * When Redis returns (even empty, after a restart without persistence), this process writes its
 * rooms' listings and its room count again (the heartbeat writes its key), so everything works
 * again without a restart.
 */

/** Longest wait between two reconnection attempts, in real milliseconds. */
export const REDIS_RETRY_MAX_DELAY_MS = 1_000;
/** Longest TCP connect (and handshake) to Redis, in real milliseconds. */
export const REDIS_CONNECT_TIMEOUT_MS = 2_000;
/** Longest wait for a Redis reply before the command fails (a silent network), in real milliseconds. */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;
/** Longest wait for Redis at start-up before the server refuses to start, in real milliseconds. */
export const REDIS_STARTUP_TIMEOUT_MS = 10_000;
/** How long after the first failure the `redis unreachable` line waits for an error text, in real milliseconds. */
export const REDIS_DOWN_LOG_DELAY_MS = 300;
/** The `error` of the 503 answers given while Redis is away (GET /rooms body, matchmaking message prefix). */
export const REDIS_UNAVAILABLE = "REDIS_UNAVAILABLE";

/**
 * ioredis options from a `redis://[user:pass@]host[:port][/db]` (or `rediss://`) URL, a key
 * prefix, and the outage settings above: no offline queue, `maxRetriesPerRequest` 0, reconnect
 * forever with a delay of 50 ms × attempt up to {@link REDIS_RETRY_MAX_DELAY_MS}.
 * @throws TypeError when `url` is not a URL.
 */
export function redisOptionsFromUrl(url: string, keyPrefix: string | undefined): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname || "127.0.0.1",
    port: u.port ? Number(u.port) : 6379,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    ...(u.protocol === "rediss:" ? { tls: {} } : {}),
    ...(keyPrefix ? { keyPrefix } : {}),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt: number) => Math.min(attempt * 50, REDIS_RETRY_MAX_DELAY_MS),
  };
}

/** `url` with its password replaced by `***` (for logs). */
export function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

/**
 * Messages of the errors ioredis rejects a command with while the connection is down (its socket
 * errors, ECONNREFUSED and the like, are "error" events, not rejections: a PostgreSQL
 * ECONNREFUSED is not mistaken for Redis).
 */
const CONNECTION_ERRORS = [/enableOfflineQueue/i, /max retries per request/i, /^Connection is closed/i, /^Command timed out/i];

/** True when `err` is (or wraps) an ioredis "not connected" error: the outage the {@link RedisLink} already reports. */
export function isRedisConnectionError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const message = e instanceof Error ? e.message : typeof e === "string" ? e : "";
    if (e instanceof Error && e.name === "MaxRetriesPerRequestError") return true;
    if (CONNECTION_ERRORS.some((re) => re.test(message))) return true;
  }
  return false;
}

/**
 * `RedisPresence` whose two connections the {@link RedisLink} can watch. While a connection is
 * down, the writes Colyseus fires and forgets (room counts `hset`/`hdel`, a disposed room's
 * `unsubscribe`) are skipped instead of failing: the room counts are written again when Redis is
 * back (`RedisLink`), and a stale channel subscription is harmless.
 */
export class WatchedRedisPresence extends RedisPresence {
  /** Its publishing and subscribing connections. */
  get connections(): Redis[] {
    return [this.pub as Redis, this.sub as Redis];
  }

  override async hset(key: string, field: string, value: string): Promise<boolean> {
    return (this.pub as Redis).status === "ready" ? await super.hset(key, field, value) : false;
  }

  override async hdel(key: string, field: string): Promise<boolean> {
    return (this.pub as Redis).status === "ready" ? await super.hdel(key, field) : false;
  }

  override async unsubscribe(topic: string, callback?: (...args: any[]) => void): Promise<this> {
    if ((this.sub as Redis).status === "ready") return await super.unsubscribe(topic, callback);
    if (callback) this.subscriptions.removeListener(topic, callback);
    else this.subscriptions.removeAllListeners(topic);
    return this;
  }

  /** Closes both connections: politely when they are up, at once when they are not (never waits on a dead Redis). */
  override shutdown(): void {
    for (const c of this.connections) closeClient(c);
  }
}

/** Which of the caches to keep: those of live processes (lifecycle/heartbeat.ts). */
export type LiveFilter = <T extends IRoomCache>(caches: T[]) => Promise<T[]>;

/**
 * The Redis matchmaking driver, with two changes:
 * - rooms of dead processes are never offered: `query` and `findOne` drop the caches whose
 *   process's heartbeat expired ({@link ResilientRedisDriver.liveFilter}; ghost rooms, issue 18
 *   part 4). A query that names a `processId` is not filtered (Colyseus' cleanup of a dead
 *   process needs its caches); {@link ResilientRedisDriver.queryAll} is the unfiltered query;
 * - while Redis is away, this process's listing changes (`update`, `persist`, `remove`) are kept
 *   in memory and succeed; {@link ResilientRedisDriver.rewrite} writes them when it is back.
 */
export class ResilientRedisDriver extends RedisDriver {
  readonly client: Redis;
  /** Set by app.ts once the heartbeat exists. Unset: no filtering. */
  liveFilter: LiveFilter | undefined;
  /** False while Redis is away (set by the {@link RedisLink}). */
  up = true;
  /** This process's room listings, by room id: what to write again when Redis returns. */
  readonly #local = new Map<string, IRoomCache>();
  /** Rooms disposed while Redis was away: their caches are removed when it returns. */
  readonly #removed = new Set<string>();

  constructor(client: Redis) {
    super(client);
    this.client = client;
    forgetFailedRoomCacheRequests(this);
  }

  /**
   * Drops the room-cache reads `RedisDriver` shares between concurrent queries (nothing is lost:
   * the next query reads Redis again). Called when Redis is back, in case one is still pending.
   */
  resetRoomCacheRequests(): void {
    const self = this as unknown as RoomCacheCoalescing;
    self._concurrentRoomCacheRequest = undefined;
    self._roomCacheRequestByName = {};
  }

  /** The caches matching `conditions`, rooms of dead processes included. */
  async queryAll(conditions: Partial<IRoomCache>, sortOptions?: SortOptions): Promise<IRoomCache[]> {
    return await super.query(conditions, sortOptions);
  }

  /**
   * While Redis is away, a query for this process's own rooms (`processId` = this process: e.g.
   * the shutdown's "tell every client") is answered from memory; any other query fails.
   */
  override async query(conditions: Partial<IRoomCache>, sortOptions?: SortOptions): Promise<IRoomCache[]> {
    if (!this.up && conditions.processId === matchMaker.processId) {
      const wanted = Object.entries(conditions) as Array<[string, unknown]>;
      return [...this.#local.values()].filter((c) => wanted.every(([k, v]) => (c as unknown as Record<string, unknown>)[k] === v));
    }
    const all = await super.query(conditions, sortOptions);
    return this.liveFilter && conditions.processId === undefined ? await this.liveFilter(all) : all;
  }

  override async findOne(conditions: Partial<IRoomCache>, sortOptions?: SortOptions): Promise<IRoomCache> {
    if (conditions.roomId !== undefined) {
      const cache = await super.findOne(conditions, sortOptions);
      if (!cache || !this.liveFilter) return cache;
      return (await this.liveFilter([cache]))[0] as IRoomCache;
    }
    return (await this.query(conditions, sortOptions))[0] as IRoomCache;
  }

  override async update(room: IRoomCache, operations: Partial<{ $set: Partial<IRoomCache>; $inc: Partial<IRoomCache> }>): Promise<boolean> {
    if (room.roomId) this.#local.set(room.roomId, room);
    if (this.up) return await super.update(room, operations);
    // The same in-memory change RedisDriver.update makes before writing.
    const r = room as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(operations.$set ?? {})) r[k] = v;
    for (const [k, v] of Object.entries(operations.$inc ?? {})) r[k] = (r[k] as number) + (v as number);
    return true;
  }

  override async persist(room: IRoomCache, create = false): Promise<boolean> {
    if (room.roomId && room.processId === matchMaker.processId) this.#local.set(room.roomId, room);
    if (this.up) return await super.persist(room, create);
    return Boolean(room.roomId);
  }

  override async remove(roomId: string): Promise<boolean> {
    const mine = this.#local.delete(roomId);
    if (this.up) return await super.remove(roomId);
    if (mine) this.#removed.add(roomId);
    return mine;
  }

  /**
   * Writes this process's room listings again and removes the caches of rooms disposed while
   * Redis was away. Called when Redis is back.
   * @returns how many listings were written.
   */
  async rewrite(): Promise<number> {
    this.resetRoomCacheRequests();
    for (const roomId of this.#removed) await super.remove(roomId);
    this.#removed.clear();
    let n = 0;
    for (const listing of this.#local.values()) {
      if (await super.persist(listing)) n++;
    }
    return n;
  }

  override async shutdown(): Promise<void> {
    closeClient(this.client);
  }
}

/**
 * The private fields of `RedisDriver` (@colyseus/redis-driver 0.18) behind its `getRooms`: one
 * `HGETALL roomcaches` shared by every query made while it is pending (`_concurrentRoomCacheRequest`),
 * and per room name the promise of its parsed caches (`_roomCacheRequestByName`, key `"undefined"`
 * for a query without a name). Both are cleared only when the read succeeds.
 *
 * Why private fields: no public API of `RedisDriver` (checked in @colyseus/redis-driver 0.18.3:
 * `has`, `query`, `cleanup`, `findByIds`, `findOne`, `update`, `persist`, `remove`, `shutdown`,
 * `clear`) drops a rejected shared read or bypasses the coalescing, and every query goes through
 * `getRooms`; the only way around would be re-implementing `query`/`findOne` (the `roomcaches`
 * key, the cache parsing, the `Query` class of a deep import not in the package's index), more
 * of its private workings than these two fields.
 * {@link forgetFailedRoomCacheRequests} checks that `getRooms` exists and otherwise does nothing.
 */
interface RoomCacheCoalescing {
  _concurrentRoomCacheRequest?: Promise<unknown> | undefined;
  _roomCacheRequestByName: Record<string, Promise<IRoomCache[]> | undefined>;
  getRooms(roomName?: string): Promise<IRoomCache[]>;
}

/**
 * Makes `driver` forget a room-cache read that failed. `RedisDriver.getRooms` keeps its shared
 * `HGETALL` promise until it succeeds: when Redis went away while one was in flight (rejected with
 * `MaxRetriesPerRequestError`; or `Command timed out` on a silent Redis), the rejected promise stayed and every later `query`/`findOne`
 * failed with it forever, although every connection was ready again (issue 18 part 1: "ghost sweep
 * failed … MaxRetriesPerRequestError" every second, `/rooms` 503 and matchmaking refused after
 * Redis came back, until a restart). Wraps `getRooms` on the instance so that a rejected read is
 * removed from both caches (only if they still hold it), then rejects as before. Does nothing when
 * the driver has no `getRooms` (another version without this coalescing).
 */
function forgetFailedRoomCacheRequests(driver: RedisDriver): void {
  const self = driver as unknown as RoomCacheCoalescing;
  const getRooms = (RedisDriver.prototype as unknown as Partial<RoomCacheCoalescing>).getRooms;
  if (typeof getRooms !== "function") return;
  self.getRooms = function (roomName?: string): Promise<IRoomCache[]> {
    const result = getRooms.call(self, roomName);
    const shared = self._concurrentRoomCacheRequest;
    result.catch(() => {
      const key = String(roomName);
      if (self._roomCacheRequestByName[key] === result) delete self._roomCacheRequestByName[key];
      if (shared !== undefined && self._concurrentRoomCacheRequest === shared) self._concurrentRoomCacheRequest = undefined;
    });
    return result;
  };
}

/** `quit` when the connection is ready, else `disconnect` (a quit would fail or wait on a dead Redis). */
function closeClient(c: Redis): void {
  if (c.status === "ready") void c.quit().catch(() => c.disconnect());
  else c.disconnect();
}

/**
 * The presence and driver over Redis at `url`, and whether Redis answers (see the file's doc).
 * Logs `redis unreachable` once per outage, with the error text, and `redis back` once.
 */
export class RedisLink {
  readonly presence: WatchedRedisPresence;
  readonly driver: ResilientRedisDriver;
  /** `url` without its password. */
  readonly url: string;
  readonly #log: Logger;
  readonly #connections: Redis[];
  /** Each connection's last error text. */
  #lastError = "";
  #up = false;
  /** True once every connection was ready (start-up is over: outages are logged). */
  #started = false;
  #downSince = 0;
  #downLogged = false;
  #downLogTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #onBack: Array<() => Promise<unknown> | void> = [];
  /** Outages seen (count), for tests. */
  outages = 0;

  /**
   * @param url `redis://…` (or `rediss://…`) URL.
   * @param keyPrefix prefix of every key (REDIS_KEY_PREFIX).
   * @throws TypeError when `url` is not a URL.
   */
  constructor(url: string, keyPrefix: string | undefined, log: Logger) {
    const options = redisOptionsFromUrl(url, keyPrefix);
    this.url = redactUrl(url);
    this.#log = log;
    this.presence = new WatchedRedisPresence(new Redis(options));
    this.driver = new ResilientRedisDriver(new Redis(options));
    this.#connections = [...this.presence.connections, this.driver.client];
    for (const c of this.#connections) {
      // RedisPresence logs a warn line per failed attempt: the link reports an outage once instead.
      c.removeAllListeners("error");
      c.on("error", (err: Error) => this.#error(err));
      for (const status of ["ready", "close", "reconnecting", "end"]) c.on(status, () => this.#update());
    }
  }

  /** True when every connection is ready. */
  get available(): boolean {
    return this.#up;
  }

  /** The sentence of the 503 answers while Redis is away. */
  unavailableMessage(): string {
    const why = this.#lastError ? ` (${this.#lastError})` : "";
    return `Redis at ${this.url} is unreachable${why}: listing and matchmaking are unavailable until it is back; dungeons already open keep running`;
  }

  /** Runs `fn` each time Redis comes back after an outage (after the listings were written again). */
  onBack(fn: () => Promise<unknown> | void): void {
    this.#onBack.push(fn);
  }

  /**
   * Resolves once every connection is ready.
   * @throws Error naming the URL and the last error when they are not within `timeoutMs`.
   */
  async waitReady(timeoutMs = REDIS_STARTUP_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.#connections.every((c) => c.status === "ready")) {
      if (Date.now() > deadline) {
        throw new Error(`Redis at ${this.url} did not answer within ${timeoutMs} ms${this.#lastError ? `: ${this.#lastError}` : ""}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    this.#started = true;
    this.#up = true;
    this.driver.up = true;
  }

  /** Stops the down-log timer (the connections are closed by Colyseus' shutdown of presence and driver). */
  close(): void {
    clearTimeout(this.#downLogTimer);
  }

  #error(err: Error): void {
    const text = err.message || err.name || String(err);
    this.#lastError = text;
    if (!this.#up && this.#started && !this.#downLogged) this.#logDown();
  }

  #update(): void {
    if (!this.#started) return;
    const up = this.#connections.every((c) => c.status === "ready");
    if (up === this.#up) return;
    this.#up = up;
    this.driver.up = up;
    if (!up) {
      this.outages++;
      this.#downSince = Date.now();
      this.#downLogged = false;
      this.#lastError = "";
      // A stopped Redis closes the socket without an error: wait a moment for the reconnect's error text.
      this.#downLogTimer = setTimeout(() => this.#logDown(), REDIS_DOWN_LOG_DELAY_MS);
      this.#downLogTimer.unref();
    } else {
      clearTimeout(this.#downLogTimer);
      if (!this.#downLogged) this.#logDown();
      void this.#back();
    }
  }

  #logDown(): void {
    clearTimeout(this.#downLogTimer);
    if (this.#downLogged) return;
    this.#downLogged = true;
    this.#log.error({ redis: this.url, error: this.#lastError || "connection closed" },
      "redis unreachable");
  }

  async #back(): Promise<void> {
    const downMs = Date.now() - this.#downSince;
    try {
      const listings = await this.driver.rewrite();
      await matchMaker.stats.persist(true);
      for (const fn of this.#onBack) await fn();
      this.#log.info({ redis: this.url, downMs, listingsRewritten: listings }, "redis back");
    } catch (err) {
      this.#log.info({ redis: this.url, downMs, error: err instanceof Error ? err.message : String(err) }, "redis back");
    }
  }
}

/** The HTTP status of the answers given while Redis is away. */
export const REDIS_UNAVAILABLE_STATUS = 503;

/** Body of `GET /rooms` (and other JSON routes) while Redis is away. */
export interface RedisUnavailableBody {
  error: typeof REDIS_UNAVAILABLE;
  message: string;
}

/** The link whose outages the matchmaking routes answer 503 for (one server per process). */
let guarded: RedisLink | undefined;
let installed = false;

/**
 * Makes Colyseus' matchmaking (`POST /matchmake/:method/:room`) answer HTTP 503 at once while
 * `link`'s Redis is away, and when a Redis command fails inside it, instead of waiting or
 * answering 523. The body is Colyseus' error shape `{ "code": 503, "error": "REDIS_UNAVAILABLE: <sentence>" }`;
 * `@colyseus/sdk` raises it as a `MatchMakeError` with `code` 503 (the client SDK maps it to
 * `ServiceUnavailableError`). `undefined` removes the guard.
 */
export function guardMatchmaking(link: RedisLink | undefined): void {
  guarded = link;
  if (installed) return;
  installed = true;
  const controller = matchMaker.controller;
  const original = controller.invokeMethod;
  controller.invokeMethod = async function (this: typeof controller, ...args: Parameters<typeof original>) {
    const link = guarded;
    if (link && !link.available) throw new ServerError(REDIS_UNAVAILABLE_STATUS, `${REDIS_UNAVAILABLE}: ${link.unavailableMessage()}`);
    try {
      return await original.apply(this, args);
    } catch (err) {
      if (link && isRedisConnectionError(err)) {
        throw new ServerError(REDIS_UNAVAILABLE_STATUS, `${REDIS_UNAVAILABLE}: ${link.unavailableMessage()}`);
      }
      throw err;
    }
  } as typeof original;
}

/** The room placement rule across processes (docs/operations.md, "Several processes on Redis"). */
export const ROOM_PLACEMENT_RULE = "fewest-rooms";

/**
 * Colyseus' `selectProcessIdToCreateRoom` for {@link ROOM_PLACEMENT_RULE}: a new room goes to the
 * live process (heartbeat not expired) that hosts the fewest rooms right now, counted from the
 * matchmaking cache (every room type); a tie keeps the room in the process asked, else goes to the
 * smallest process id. Colyseus' default reads room counts that each process writes at most once a
 * second, so rooms created in a burst piled up on one process (issue 18 finding 7).
 * @param isAlive whether another process's heartbeat key is still there (lifecycle/heartbeat.ts).
 * @returns the chosen process id.
 */
export function fewestRoomsPlacement(driver: ResilientRedisDriver, isAlive: (processId: string) => Promise<boolean>): () => Promise<string> {
  return async () => {
    const self = matchMaker.processId;
    const counts = new Map<string, number>([[self, 0]]);
    for (const s of await matchMaker.stats.fetchAll()) if (!counts.has(s.processId)) counts.set(s.processId, 0);
    for (const c of await driver.queryAll({})) counts.set(c.processId, (counts.get(c.processId) ?? 0) + 1);
    let best = self;
    let bestCount = counts.get(self)!;
    const others = [...counts].filter(([p]) => p !== self).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [processId, n] of others) {
      if (n >= bestCount || !(await isAlive(processId))) continue;
      best = processId;
      bestCount = n;
    }
    return best;
  };
}
