import { z } from "zod";
import { DEFAULT_IDLE_MEMORY_RELEASE_SECONDS } from "./lifecycle/memoryRelease.ts";

/**
 * Process configuration read from the environment. Every variable is optional:
 *
 * - `PORT`: TCP port to listen on (default 2567; 0 = any free port).
 * - `REDIS_URL`: when set (e.g. `redis://127.0.0.1:6379/0`), presence and the matchmaking driver
 *   live in Redis so several processes share rooms; unset = embedded in-process defaults.
 * - `REDIS_KEY_PREFIX`: prefix of every Redis key this server writes (isolates deployments or
 *   tests sharing one Redis). Default none.
 * - `PUBLIC_ADDRESS`: `host:port` (optionally with a path) at which clients reach THIS process;
 *   needed with Redis so a client matched by another process can reach a room living here.
 * - `TRANSPORT`: `ws` or `uws` forces a WebSocket transport; unset = try uWebSockets.js, fall
 *   back to ws.
 * - `LOG_LEVEL`: pino level (`trace`, `debug`, `info`, `warn`, `error`, `fatal`, `silent`),
 *   default `info`.
 * - `DATABASE_URL`: `postgres://user:password@host:port/database` keeps dungeons in PostgreSQL
 *   (migrations applied at start); unset = SQLite in a file under `DATA_DIR` (store/index.ts).
 * - `DATA_DIR`: folder of the SQLite store `malignus.sqlite` (created when missing), default
 *   `./data` relative to the working directory; unused with `DATABASE_URL`.
 * - `MAX_ROOMS_PER_PROCESS`: most dungeon rooms this process runs; a create past it is refused
 *   `TOO_MANY_ROOMS` (HTTP 503). Default {@link DEFAULT_MAX_ROOMS_PER_PROCESS}; 0 = no cap.
 * - `JOIN_RATE_PER_ADDRESS`: most matchmaking requests (create, join, open) one client address
 *   may make per minute; past it they are refused `JOIN_RATE_LIMITED` (HTTP 429). Default
 *   {@link DEFAULT_JOIN_RATE_PER_ADDRESS}; 0 = no limit.
 * - `IDLE_MEMORY_RELEASE_SECONDS`: real seconds with no room in this process before one
 *   memory-reducing garbage collection gives freed heap pages back to the system
 *   (lifecycle/memoryRelease.ts; needs `node --expose-gc`, which `npm start` passes). Default
 *   {@link DEFAULT_IDLE_MEMORY_RELEASE_SECONDS}; 0 = never.
 * - `LEASE_HOLDER`: this process's name on the dungeons' leases (lifecycle/restore.ts), default
 *   unset: `main.ts` uses `<hostname>:<PORT>`, the same after a restart.
 */
export interface ServerConfig {
  port: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string | undefined;
  publicAddress: string | undefined;
  transport: TransportPreference;
  logLevel: LogLevel;
  /** `DATABASE_URL`: PostgreSQL connection string, or undefined for SQLite. */
  databaseUrl: string | undefined;
  /** `DATA_DIR`: folder of the SQLite store. */
  dataDir: string;
  /** `LEASE_HOLDER`: this process's lease holder id, or undefined for the default. */
  leaseHolder: string | undefined;
  /** `MAX_ROOMS_PER_PROCESS`: dungeon rooms per process, 0 = no cap. */
  maxRoomsPerProcess: number;
  /** `JOIN_RATE_PER_ADDRESS`: matchmaking requests per address per minute, 0 = no limit. */
  joinRatePerAddress: number;
  /** `IDLE_MEMORY_RELEASE_SECONDS`: idle real seconds before the memory release, 0 = never. */
  idleMemoryReleaseSeconds: number;
}

/** Which WebSocket transport to use: `auto` tries uWebSockets.js first, then ws. */
export type TransportPreference = "auto" | "ws" | "uws";

/** pino log levels accepted by `LOG_LEVEL`. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Default `DATA_DIR`: the SQLite store's folder, relative to the working directory. */
export const DEFAULT_DATA_DIR = "./data";

/** Default most dungeon rooms one process runs (`MAX_ROOMS_PER_PROCESS`; 0 = no cap; rooms/abuse.ts). */
export const DEFAULT_MAX_ROOMS_PER_PROCESS = 500;
/** Default most matchmaking requests (create, join, open; not reconnections) one address may make per minute (`JOIN_RATE_PER_ADDRESS`; 0 = no limit; rooms/abuse.ts). */
export const DEFAULT_JOIN_RATE_PER_ADDRESS = 600;

/** Default TCP port. */
export const DEFAULT_PORT = 2567;

const blankToUndefined = (v: unknown): unknown => (typeof v === "string" && v.trim() === "" ? undefined : v);

const EnvSchema = z.object({
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT)),
  REDIS_URL: z.preprocess(blankToUndefined, z.string().regex(/^rediss?:\/\//, "must start with redis:// or rediss://").optional()),
  REDIS_KEY_PREFIX: z.preprocess(blankToUndefined, z.string().optional()),
  PUBLIC_ADDRESS: z.preprocess(blankToUndefined, z.string().optional()),
  TRANSPORT: z.preprocess(blankToUndefined, z.enum(["auto", "ws", "uws"]).default("auto")),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).default("info")),
  DATABASE_URL: z.preprocess(blankToUndefined, z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://").optional()),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default(DEFAULT_DATA_DIR)),
  LEASE_HOLDER: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  MAX_ROOMS_PER_PROCESS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_MAX_ROOMS_PER_PROCESS)),
  JOIN_RATE_PER_ADDRESS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_JOIN_RATE_PER_ADDRESS)),
  IDLE_MEMORY_RELEASE_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(86_400).default(DEFAULT_IDLE_MEMORY_RELEASE_SECONDS)),
});

/**
 * Reads the configuration from `env` (default `process.env`).
 * @throws Error naming every invalid variable, e.g. `invalid environment: PORT: …`.
 */
export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid environment: ${issues}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicAddress: e.PUBLIC_ADDRESS,
    transport: e.TRANSPORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    leaseHolder: e.LEASE_HOLDER,
    maxRoomsPerProcess: e.MAX_ROOMS_PER_PROCESS,
    joinRatePerAddress: e.JOIN_RATE_PER_ADDRESS,
    idleMemoryReleaseSeconds: e.IDLE_MEMORY_RELEASE_SECONDS,
  };
}
