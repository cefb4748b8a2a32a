/**
 * Process entry point: reads the environment (config.ts), opens the dungeon store (SQLite under
 * `DATA_DIR`, or PostgreSQL with `DATABASE_URL`), starts the server on `PORT`, then restores
 * every dungeon a crash left live (lifecycle/restore.ts). On SIGINT/SIGTERM it shuts down
 * gracefully: every client is told a `serverShuttingDown` event, every room saves its dungeon
 * (snapshot after the queued inputs, then resting) and closes, the writer is flushed, the store,
 * Redis and the transport are closed, and the process exits 0; a second signal or a shutdown
 * longer than {@link SHUTDOWN_TIMEOUT_MS} exits 1 at once. The same signal again within
 * lifecycle/shutdownSignals.ts `REPEATED_SIGNAL_WINDOW_MS` (2 s) of the first is the same request
 * (a process-group SIGTERM reaches node twice: directly and forwarded by npm) and is only logged.
 *
 * When the server cannot be created (TRANSPORT=uws and uWebSockets.js does not load, Redis does
 * not answer within redis.ts `REDIS_STARTUP_TIMEOUT_MS`, …) it logs one fatal `could not start: <why>`
 * line and exits 1.
 *
 * Command line: `--help` (`-h`) prints {@link USAGE} (the environment variables read) and exits 0;
 * any other option or argument is refused with one line and the usage on stderr, exit 2 (tools/cli.ts
 * `runCli`, as every tool of the repository). A `PORT` already in use prints one line
 * `port <PORT> is in use: set PORT=<another> to another port` on stderr (and a fatal log line with the
 * error) and exits 1.
 *
 * `LEASE_HOLDER` names this process for the dungeons' leases; default `<hostname>:<PORT>`, the
 * same after a restart, so a process killed with -9 and started again takes back its dungeons at
 * once (another process waits for their leases to expire).
 */
import { hostname } from "node:os";
import { DEFAULT_DATA_DIR, DEFAULT_JOIN_RATE_PER_ADDRESS, DEFAULT_MAX_ROOMS_PER_PROCESS, DEFAULT_PORT, readConfig } from "./config.ts";
import { DEFAULT_IDLE_MEMORY_RELEASE_SECONDS } from "./lifecycle/memoryRelease.ts";
import { createShutdownSignals, REPEATED_SIGNAL_WINDOW_MS } from "./lifecycle/shutdownSignals.ts";
import { logger as log } from "./logger.ts";
import { createServer } from "./app.ts";
import { openDungeonStore } from "./store/index.ts";
import { isRedisConnectionError } from "./redis.ts";
import { WATCH_PATH } from "./watch.ts";
import { parseCli, runCli } from "../../tools/cli.ts";

/** `npm start -- --help`: what the server reads (all from the environment; config.ts, watch.ts, rooms/settings.ts). */
const USAGE = `usage: npm start [-- --help]
Runs the Malignus server. It takes no options: everything comes from the environment.
  PORT                         TCP port to listen on (default ${DEFAULT_PORT}; 0 = any free port)
  DATABASE_URL                 postgres://user:password@host:port/database keeps dungeons in PostgreSQL;
                               unset = SQLite under DATA_DIR
  DATA_DIR                     folder of the SQLite store malignus.sqlite (default ${DEFAULT_DATA_DIR})
  REDIS_URL                    redis:// or rediss:// URL: presence and matchmaking in Redis (scale-out);
                               unset = one process, in memory
  REDIS_KEY_PREFIX             prefix of every Redis key this server writes
  PUBLIC_ADDRESS               host:port at which clients reach this process (with REDIS_URL)
  TRANSPORT                    auto (default: uWebSockets.js, else ws), ws or uws
  LOG_LEVEL                    trace, debug, info (default), warn, error, fatal or silent
  LEASE_HOLDER                 this process's name on the dungeons' leases (default <hostname>:<PORT>)
  MAX_ROOMS_PER_PROCESS        most dungeon rooms this process runs (default ${DEFAULT_MAX_ROOMS_PER_PROCESS}; 0 = no cap)
  JOIN_RATE_PER_ADDRESS        matchmaking requests per client address per minute (default ${DEFAULT_JOIN_RATE_PER_ADDRESS}; 0 = no limit)
  IDLE_MEMORY_RELEASE_SECONDS  idle real seconds before memory is released (default ${DEFAULT_IDLE_MEMORY_RELEASE_SECONDS}; 0 = never)
  MONITOR_PASSWORD             password of the Colyseus monitor at /colyseus (unset = monitor off)
  CHECKPOINT_EVERY_TICKS       record the state hash every this many ticks (tests; default 0 = none)
See docs/operations.md for details.`;

runCli("malignus-server", USAGE, () => parseCli(process.argv.slice(2), {}));

/** Longest graceful shutdown before the process exits anyway, in milliseconds. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

// The shared logger reads LOG_LEVEL itself; readConfig() refuses an invalid one.
const config = readConfig();

/** Redis commands Colyseus fires and forgets (room counts, unsubscribes) that failed while Redis was away (the outage is logged once by redis.ts). */
let redisRejections = 0;
process.on("unhandledRejection", (reason) => {
  if (config.redisUrl && isRedisConnectionError(reason)) {
    redisRejections++;
    log.debug({ err: reason, redisRejections }, "redis command failed during an outage");
    return;
  }
  log.error({ err: reason }, "unhandled rejection");
});
process.on("uncaughtException", (err) => log.error({ err }, "uncaught exception"));

let app: Awaited<ReturnType<typeof createServer>>;
try {
  app = await createServer({
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    publicAddress: config.publicAddress,
    transport: config.transport,
    logger: log,
    store: openDungeonStore(config),
    leaseHolder: config.leaseHolder ?? `${hostname()}:${config.port}`,
    maxRoomsPerProcess: config.maxRoomsPerProcess,
    joinRatePerAddress: config.joinRatePerAddress,
    idleMemoryReleaseSeconds: config.idleMemoryReleaseSeconds,
  });
} catch (err) {
  // E.g. TRANSPORT=uws where uWebSockets.js cannot load, or Redis not answering: say why, exit 1.
  log.fatal({ err }, `could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const signals = createShutdownSignals(Date.now);
async function stop(signal: string): Promise<void> {
  const decision = signals.receive(signal);
  if (decision === "repeat") {
    // The same signal twice within milliseconds (process group kill + npm forwarding it): one request.
    log.info({ signal, windowMs: REPEATED_SIGNAL_WINDOW_MS }, "repeated signal: already shutting down");
    return;
  }
  if (decision === "force") {
    log.warn({ signal }, "second signal: exiting now");
    process.exit(1);
  }
  log.info({ signal }, "shutting down");
  const timer = setTimeout(() => {
    log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, "shutdown timed out: exiting");
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    await app.shutdown(`${signal}: the server is shutting down`);
    log.info("shut down");
    process.exit(0);
  } catch (err) {
    log.error({ err }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

let port: number;
try {
  port = await app.listen(config.port);
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
    const line = `port ${config.port} is in use: set PORT=<another port> (e.g. PORT=${config.port + 1}) or stop the process holding it`;
    log.fatal({ err, port: config.port }, line);
    process.stderr.write(`${line}\n`);
  } else {
    log.fatal({ err, port: config.port }, `could not listen on port ${config.port}: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
}

// One plain line for a person reading the terminal (the structured "listening" line is app.ts's).
log.info({ port, transport: app.transport }, `listening on http://localhost:${port} (transport ${app.transport}) — watch page at ${WATCH_PATH}`);

const outcomes = await app.restoreLiveDungeons();
if (outcomes.length > 0) {
  const count = (o: string) => outcomes.filter((x) => x.outcome === o).length;
  log.info({ restored: count("restored"), leased: count("leased"), failed: count("failed") }, "live dungeons after start");
}
