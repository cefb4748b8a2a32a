/**
 * Process entry point: reads the environment (config.ts), opens the dungeon store (SQLite under
 * `DATA_DIR`, or PostgreSQL with `DATABASE_URL`), starts the server on `PORT`, then restores
 * every dungeon a crash left live (lifecycle/restore.ts). On SIGINT/SIGTERM it shuts down
 * gracefully: every client is told a `serverShuttingDown` event, every room saves its dungeon
 * (snapshot after the queued inputs, then resting) and closes, the writer is flushed, the store,
 * Redis and the transport are closed, and the process exits 0; a second signal or a shutdown
 * longer than {@link SHUTDOWN_TIMEOUT_MS} exits 1 at once.
 *
 * When the server cannot be created (TRANSPORT=uws and uWebSockets.js does not load, Redis does
 * not answer within redis.ts `REDIS_STARTUP_TIMEOUT_MS`, …) it logs one fatal `could not start: <why>`
 * line and exits 1.
 *
 * `LEASE_HOLDER` names this process for the dungeons' leases; default `<hostname>:<PORT>`, the
 * same after a restart, so a process killed with -9 and started again takes back its dungeons at
 * once (another process waits for their leases to expire).
 */
import { hostname } from "node:os";
import { readConfig } from "./config.ts";
import { logger as log } from "./logger.ts";
import { createServer } from "./app.ts";
import { openDungeonStore } from "./store/index.ts";
import { isRedisConnectionError } from "./redis.ts";

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

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) {
    log.warn({ signal }, "second signal: exiting now");
    process.exit(1);
  }
  stopping = true;
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

try {
  await app.listen(config.port);
} catch (err) {
  log.fatal({ err, port: config.port }, "could not listen");
  process.exit(1);
}

const outcomes = await app.restoreLiveDungeons();
if (outcomes.length > 0) {
  const count = (o: string) => outcomes.filter((x) => x.outcome === o).length;
  log.info({ restored: count("restored"), leased: count("leased"), failed: count("failed") }, "live dungeons after start");
}
