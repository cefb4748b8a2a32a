import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import {
  Server, LocalPresence, LocalDriver, createEndpoint, createRouter, matchMaker,
  type MatchMakerDriver, type Presence,
} from "@colyseus/core";
import { DUNGEON_ROOM, REPLAY_ROOM, type DungeonListing } from "@malignus/shared";
import type { TransportPreference } from "./config.ts";
import { logger as defaultLogger, type Logger } from "./logger.ts";
import { colyseusLogger } from "./colyseusLogger.ts";
import { createTransport, type TransportKind } from "./transport.ts";
import { DungeonRoom } from "./rooms/DungeonRoom.ts";
import type { DungeonMetadata } from "./rooms/options.ts";
import { metricsText, recordMemoryRelease } from "./metrics.ts";
import { IdleMemoryRelease } from "./lifecycle/memoryRelease.ts";
import { ProcessHeartbeat } from "./lifecycle/heartbeat.ts";
import { restoreLiveDungeons, type RestoreOutcome } from "./lifecycle/restore.ts";
import { notifyShutdown } from "./lifecycle/shutdown.ts";
import { rewriteWatchSlash, webRoutes } from "./watch.ts";
import type { DungeonStore } from "./store/types.ts";
import { MAX_QUEUED_INPUTS, StoreWriter, type StoreWriterOptions } from "./store/writer.ts";
import { PERSISTENCE_OPTION, type DungeonHost } from "./rooms/durable.ts";
import { getStored, jsonResponse, listStored } from "./rooms/storedListing.ts";
import { replayEndpoint } from "./replay/route.ts";
import { replayRoomWith } from "./replay/ReplayRoom.ts";
import {
  RedisLink, REDIS_UNAVAILABLE, REDIS_UNAVAILABLE_STATUS, fewestRoomsPlacement, guardMatchmaking, isRedisConnectionError,
  type RedisUnavailableBody,
} from "./redis.ts";
import { DEFAULT_JOIN_RATE_PER_ADDRESS, DEFAULT_MAX_ROOMS_PER_PROCESS, configureLimits } from "./rooms/abuse.ts";

/** Options of {@link createServer}. All optional; `main.ts` fills them from the environment. */
export interface CreateServerOptions {
  /** `redis://…` URL: presence and matchmaking in Redis (scale-out). Unset: in-process defaults. */
  redisUrl?: string | undefined;
  /** Prefix of every Redis key (isolates servers sharing one Redis). */
  redisKeyPrefix?: string | undefined;
  /** `host:port` at which clients reach this process (Colyseus `publicAddress`). */
  publicAddress?: string | undefined;
  /** WebSocket transport: `auto` (default) tries uWebSockets.js then ws. */
  transport?: TransportPreference;
  /**
   * Install Colyseus' own SIGINT/SIGTERM/uncaughtException handlers, which exit the process.
   * Default false: `main.ts` installs its own; tests stop the server with `shutdown()`.
   */
  handleSignals?: boolean;
  /** Logger (default: the process logger). */
  logger?: Logger;
  /** Longest wait for Redis at start-up, in ms (default redis.ts `REDIS_STARTUP_TIMEOUT_MS`). */
  redisStartupTimeoutMs?: number | undefined;
  /**
   * Where dungeons are kept (store/index.ts `openDungeonStore`; `main.ts` opens SQLite under
   * `DATA_DIR`, or PostgreSQL with `DATABASE_URL`). The server takes it over: `init()` here,
   * `close()` in `shutdown()`. Unset: rooms are ephemeral (nothing stored, no keeper keys,
   * `GET /dungeons` and replays of stored dungeons answer 503) — tests and benchmarks that need no persistence.
   */
  store?: DungeonStore | undefined;
  /**
   * This process's lease holder id (lifecycle/restore.ts): stable across restarts of the same
   * process slot (main.ts: `LEASE_HOLDER`, default `<hostname>:<port>`), so a process restarted
   * after kill -9 takes back its own leases at once. Default: a fresh id (`<pid>-<random>`).
   */
  leaseHolder?: string | undefined;
  /**
   * Most dungeon rooms this process runs (`MAX_ROOMS_PER_PROCESS`); a create past it is refused
   * `TOO_MANY_ROOMS`. Default {@link DEFAULT_MAX_ROOMS_PER_PROCESS}; 0 = no cap.
   */
  maxRoomsPerProcess?: number | undefined;
  /**
   * Most matchmaking requests (create, join, open) per client address per minute
   * (`JOIN_RATE_PER_ADDRESS`; main.ts default {@link DEFAULT_JOIN_RATE_PER_ADDRESS}); past it they
   * are refused `JOIN_RATE_LIMITED`. Default here 0 = no limit (tests and benchmarks connect
   * hundreds of clients from one address).
   */
  joinRatePerAddress?: number | undefined;
  /** The write-behind queue's bound and retry timing (store/writer.ts; defaults there). */
  writer?: Omit<StoreWriterOptions, "log"> | undefined;
  /**
   * Real seconds with no room in this process before one memory-reducing collection gives the
   * freed heap pages back to the system (lifecycle/memoryRelease.ts; `IDLE_MEMORY_RELEASE_SECONDS`,
   * main.ts default `DEFAULT_IDLE_MEMORY_RELEASE_SECONDS`, 10). Needs `--expose-gc`. Default here
   * 0 = off (tests and benchmarks decide themselves).
   */
  idleMemoryReleaseSeconds?: number | undefined;
}

/** A created (not yet listening) server and the handles to run and stop it. */
export interface DungeonServer {
  /** The Colyseus server, with the `dungeon` room defined and the HTTP routes bound. */
  readonly server: Server;
  /** The transport in use and why. */
  readonly transport: TransportKind;
  readonly transportReason: string;
  /**
   * Listens on `port` (0 = any free port) on all interfaces, or on `hostname`.
   * @returns the port actually bound.
   * @throws Error (e.g. `EADDRINUSE`) when the port cannot be bound.
   */
  listen(port: number, hostname?: string): Promise<number>;
  /**
   * Opens a room for every `live` dungeon of the store this process may run: those a crash left
   * live (lifecycle/restore.ts). Call after {@link DungeonServer.listen}. Without a store: none.
   */
  restoreLiveDungeons(): Promise<RestoreOutcome[]>;
  /**
   * Tells every client of this process's rooms a `serverShuttingDown` event (lifecycle/shutdown.ts),
   * then disposes every local room (clients are disconnected with 4001; stored dungeons save and
   * rest), writes what is queued, closes the store, the transport and Redis. Never exits the process.
   * @param reason the event's sentence for people.
   */
  shutdown(reason?: string): Promise<void>;
  /** The persistence rooms use (store, writer, lease holder); undefined without a store. */
  readonly host: DungeonHost | undefined;
  /** The Redis presence/driver and their health (redis.ts); undefined without `redisUrl`. */
  readonly redis: RedisLink | undefined;
  /** The idle memory release (lifecycle/memoryRelease.ts): its count, last figures, `release()`. */
  readonly memoryRelease: IdleMemoryRelease;
}

/** Answer of `GET /health`. `rooms` counts the rooms living in this process. */
export interface HealthResponse {
  /**
   * `degraded`: the dungeon store is unreachable (inputs queue in memory, up to a bound), or
   * Redis is (listing and matchmaking answer 503; rooms keep running).
   */
  status: "ok" | "degraded";
  pid: number;
  rooms: number;
  transport: TransportKind;
  /** Only with `REDIS_URL`: `up`, or `down` while Redis is unreachable. */
  redis?: "up" | "down";
}

/**
 * Creates the Colyseus server: transport (see transport.ts), presence and driver (Redis when
 * `redisUrl` is set, else in-process), the `dungeon` room, and the HTTP routes
 * `GET /health` → {@link HealthResponse}, `GET /rooms` → {@link DungeonListing}[] of every
 * live public dungeon (private ones are left out: {@link listDungeons}) across all processes sharing the driver, `GET /metrics` → this process's
 * Prometheus metrics in text format (metrics.ts), and `GET /dungeons/:id/replay` → a stored
 * dungeon's replay file (replay/route.ts); and the `replay` room (replay/ReplayRoom.ts). Only one server may exist per process
 * (the Colyseus matchmaker is a module singleton).
 * With Redis, `GET /rooms` and matchmaking answer HTTP 503 at once while Redis is away (redis.ts).
 * @throws Error when `transport` is `uws` and uWebSockets.js cannot be loaded, or when Redis does
 *   not answer within `redisStartupTimeoutMs`.
 */
export async function createServer(options: CreateServerOptions = {}): Promise<DungeonServer> {
  const log = options.logger ?? defaultLogger;
  // Issue 18's process limits (rooms/abuse.ts; docs/operations.md "Limits and abuse").
  configureLimits(options.joinRatePerAddress ?? 0, options.maxRoomsPerProcess ?? DEFAULT_MAX_ROOMS_PER_PROCESS);
  const choice = await createTransport(options.transport ?? "auto", log);

  let presence: Presence;
  let driver: MatchMakerDriver;
  let heartbeat: ProcessHeartbeat | undefined;
  let redis: RedisLink | undefined;
  let selectProcessIdToCreateRoom: (() => Promise<string>) | undefined;
  if (options.redisUrl) {
    redis = new RedisLink(options.redisUrl, options.redisKeyPrefix, log);
    const link = redis;
    presence = redis.presence;
    driver = redis.driver;
    heartbeat = new ProcessHeartbeat(presence, log, { isUp: () => link.available, queryAll: (c) => link.driver.queryAll(c) });
    const beat = heartbeat;
    redis.driver.liveFilter = (caches) => beat.filterLive(caches);
    redis.onBack(() => beat.resumed());
    selectProcessIdToCreateRoom = fewestRoomsPlacement(redis.driver, (p) => beat.isAlive(p));
    try {
      await redis.waitReady(options.redisStartupTimeoutMs);
    } catch (err) {
      redis.presence.shutdown();
      await redis.driver.shutdown();
      throw err;
    }
    log.info({ redis: redis.url, keyPrefix: options.redisKeyPrefix ?? "" }, "presence and driver: redis");
  } else {
    presence = new LocalPresence();
    driver = new LocalDriver();
    log.info("presence and driver: local (no REDIS_URL)");
  }

  const server = new Server({
    transport: choice.transport,
    presence,
    driver,
    ...(options.publicAddress ? { publicAddress: options.publicAddress } : {}),
    ...(selectProcessIdToCreateRoom ? { selectProcessIdToCreateRoom } : {}),
    gracefullyShutdown: options.handleSignals ?? false,
    greet: false,
    // An expected schema refusal of a client's message is a one-line warn, not an error with a stack.
    logger: colyseusLogger(log),
  });

  let host: DungeonHost | undefined;
  if (options.store) {
    await options.store.init();
    host = {
      store: options.store, writer: new StoreWriter(options.store, { ...options.writer, log: (level, message) => log[level](message) }),
      maxQueuedInputs: options.writer?.maxQueued ?? MAX_QUEUED_INPUTS, log,
      holder: options.leaseHolder ?? `${process.pid}-${randomBytes(4).toString("hex")}`, saving: new Map(),
    };
    log.info({ store: options.store.kind }, "dungeon store ready");
  }
  const memoryRelease = new IdleMemoryRelease({
    roomCount: () => matchMaker.stats.local.roomCount,
    idleMs: (options.idleMemoryReleaseSeconds ?? 0) * 1000,
    log,
    onRelease: (r) => recordMemoryRelease(r.rssAfter, r.heapUsedAfter),
  });
  const noStore = (): Response => jsonResponse({ status: 503, body: { error: "NO_STORE", reason: "this server keeps no dungeons (started without a store)" } });

  guardMatchmaking(redis);
  const health = createEndpoint("/health", { method: "GET" }, async (): Promise<HealthResponse> => ({
    status: host?.writer.degraded || (redis && !redis.available) ? "degraded" : "ok",
    pid: process.pid,
    rooms: matchMaker.stats.local.roomCount,
    transport: choice.kind,
    ...(redis ? { redis: redis.available ? "up" as const : "down" as const } : {}),
  }));
  const redisDown = (link: RedisLink): Response =>
    jsonResponse({ status: REDIS_UNAVAILABLE_STATUS, body: { error: REDIS_UNAVAILABLE, message: link.unavailableMessage() } satisfies RedisUnavailableBody });
  const rooms = createEndpoint("/rooms", { method: "GET" }, async (): Promise<Response> => {
    if (redis && !redis.available) return redisDown(redis);
    try {
      return jsonResponse({ status: 200, body: await listDungeons() });
    } catch (err) {
      if (redis && isRedisConnectionError(err)) return redisDown(redis);
      log.error({ err }, "GET /rooms failed");
      return jsonResponse({ status: 500, body: { error: "INTERNAL", message: err instanceof Error ? err.message : String(err) } });
    }
  });
  const metrics = createEndpoint("/metrics", { method: "GET" }, async (): Promise<Response> => {
    const { body, contentType } = await metricsText();
    return new Response(body, { status: 200, headers: { "content-type": contentType } });
  });
  const dungeons = createEndpoint("/dungeons", { method: "GET" }, async (ctx): Promise<Response> =>
    host ? jsonResponse(await listStored(host.store, new URL(ctx.request?.url ?? "http://x/dungeons").searchParams)) : noStore());
  const dungeon = createEndpoint("/dungeons/:id", { method: "GET" }, async (ctx): Promise<Response> =>
    host ? jsonResponse(await getStored(host.store, String((ctx.params as { id?: string }).id ?? ""))) : noStore());
  const replay = replayEndpoint(() => host?.store);
  server.router = createRouter({ health, rooms, metrics, dungeons, dungeon, replay }, { onRequest: rewriteWatchSlash }); // GET /watch/ is the page too
  server.router = server.router.extend(webRoutes({ logger: log })); // GET /watch (web/dist); /colyseus with MONITOR_PASSWORD (watch.ts)
  // A stored dungeon's room is found by its id (`openDungeon`: joinOrCreate with `dungeonId`).
  server.define(DUNGEON_ROOM, DungeonRoom, host ? { [PERSISTENCE_OPTION]: host } : {}).filterBy(["dungeonId"])
    .on("create", () => memoryRelease.noteRoomCreated());
  server.define(REPLAY_ROOM, replayRoomWith(() => host?.store)).on("create", () => memoryRelease.noteRoomCreated());

  return {
    server,
    transport: choice.kind,
    transportReason: choice.reason,
    async listen(port: number, hostname?: string): Promise<number> {
      // Colyseus' listen() never settles when the port is taken (the error only reaches the
      // http server's "error" event): turn that event into a rejection.
      const http = choice.transport.server;
      let onError: ((err: Error) => void) | undefined;
      const failed = new Promise<never>((_, reject) => {
        onError = reject;
        http?.once("error", onError);
      });
      try {
        await Promise.race([server.listen(port, hostname), failed]);
      } finally {
        if (onError) http?.off("error", onError);
      }
      // JOIN_RATE_PER_ADDRESS (rooms/abuse.ts): Colyseus' matchmaking route sees only the request's
      // headers (x-real-ip, x-forwarded-for, x-client-ip); on the ws transport, x-client-ip is set
      // to the peer's address here (a client's own is replaced). uWebSockets.js: headers only.
      http?.prependListener("request", (req: IncomingMessage) => { req.headers["x-client-ip"] = req.socket.remoteAddress; });
      const address = choice.transport.server?.address();
      const bound = address && typeof address === "object" ? (address as AddressInfo).port : port;
      await heartbeat?.start();
      memoryRelease.start();
      log.info({ port: bound, publicAddress: options.publicAddress ?? null, processId: matchMaker.processId }, "listening");
      return bound;
    },
    host,
    redis,
    memoryRelease,
    async restoreLiveDungeons(): Promise<RestoreOutcome[]> {
      return host ? await restoreLiveDungeons(host.store, host.holder, log) : [];
    },
    async shutdown(reason?: string): Promise<void> {
      await notifyShutdown(reason).catch((err: unknown) => log.warn({ err }, "could not tell the clients of the shutdown"));
      await heartbeat?.stop();
      memoryRelease.stop();
      await server.gracefullyShutdown(false);
      if (redis) {
        redis.close();
        guardMatchmaking(undefined);
      }
      if (host) {
        await host.writer.flush();
        await Promise.allSettled(host.saving.values());
        await host.store.close();
      }
    },
  };
}

/**
 * Every live public `dungeon` room across processes, from the matchmaking cache and its metadata:
 * a private stored dungeon (create option `private: true`) is left out, as a game server's public
 * lobby leaves out a game it could not let anyone watch or join without its key; its owner opens
 * it by id (`openDungeon`), and `GET /dungeons` (the store's catalogue) lists it with `private: true`. With
 * Redis the driver leaves out the rooms of processes whose heartbeat expired (ghosts of a dead
 * process, lifecycle/heartbeat.ts; redis.ts `ResilientRedisDriver`).
 * @throws the driver's error (e.g. Redis unreachable).
 */
export async function listDungeons(): Promise<DungeonListing[]> {
  // A room that locks itself inside onCreate (a new stored dungeon waits for its creator) makes
  // the Redis driver write its cache before Colyseus gave it its id: no id, nothing to list.
  const caches = (await matchMaker.query({ name: DUNGEON_ROOM }))
    .filter((c) => typeof c.roomId === "string" && (c.metadata as Partial<DungeonMetadata> | undefined)?.private !== true);
  return caches.map((c) => {
    const m = (c.metadata ?? {}) as Partial<DungeonMetadata>;
    return {
      roomId: c.roomId,
      map: m.map ?? "",
      ruleset: m.ruleset ?? "",
      day: m.day ?? 1,
      hour: m.hour ?? 0,
      keepers: m.keepers ?? 0,
      spectators: m.spectators ?? 0,
      keeperSeats: m.keeperSeats ?? 1,
      adventurers: m.adventurers ?? 0,
      openAdventurerSeats: m.openAdventurerSeats ?? [],
    };
  });
}
