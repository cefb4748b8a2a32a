import { spawn, type ChildProcess } from "node:child_process";
import { createConnection, createServer as createNetServer } from "node:net";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { SqliteDungeonStore } from "../../src/store/sqlite.ts";
import type { DungeonRecord } from "../../src/store/types.ts";

/**
 * Child server processes for the crash, shutdown, lease and ghost tests: `server/src/main.ts`
 * started with tsx on a free loopback port, its output kept, killed at the end of the file.
 */

export const REPO = fileURLToPath(new URL("../../../", import.meta.url));
/** The Redis the Redis tests use: `TEST_REDIS_URL` (host and port only), default redis://127.0.0.1:6379 (.ci/run exports it). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
export const REDIS_HOST = new URL(TEST_REDIS_URL).hostname || "127.0.0.1";
export const REDIS_PORT = Number(new URL(TEST_REDIS_URL).port || 6379);

/** A running (or exited) server process. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** ws/http base URL. */
  url: string;
  /** Everything it printed (pino JSON lines). */
  output: string[];
  /** Resolves with its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

const started: ServerProcess[] = [];

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/**
 * Starts `server/src/main.ts` on `port` with `env` added to this process's environment
 * (TRANSPORT ws, LOG_LEVEL info, no Redis unless given) and waits until `/health` answers.
 * @param timeoutMs how long it may take to answer, in real ms (default 20 s; the chaos suite,
 *   run on a loaded machine, gives it longer).
 * @throws Error with its output when it exits or does not answer within `timeoutMs`.
 */
export async function startServer(port: number, env: Record<string, string>, timeoutMs = 20_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: REPO,
    env: { ...process.env, REDIS_URL: "", DATABASE_URL: "", TRANSPORT: "ws", LOG_LEVEL: "info", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (d: Buffer) => output.push(d.toString()));
  child.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const proc: ServerProcess = { child, port, url: `http://127.0.0.1:${port}`, output, exited };
  started.push(proc);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${proc.url}/health`).then((r) => r.ok, () => false);
    if (ok) return proc;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server on port ${port} did not start:\n${output.join("")}`);
    await sleep(100);
  }
}

/** Resolves with the exit code, or "timeout" after `ms`. */
export function exitWithin(proc: ServerProcess, ms: number): Promise<number | null | "timeout"> {
  return Promise.race([proc.exited, sleep(ms).then(() => "timeout" as const)]);
}

/** SIGKILLs every process started by this file that still runs. */
export function killAll(): void {
  for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
}

/** The JSON log lines of `proc` whose `msg` is `msg`. */
export function logLines(proc: ServerProcess, msg: string): Record<string, unknown>[] {
  return proc.output.join("").split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === msg);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `probe` every 50 ms until it returns something other than undefined; throws after `ms`. */
export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * Sends one RESP command to a Redis (default the test Redis on {@link REDIS_HOST}:{@link REDIS_PORT};
 * the chaos suite passes its own) and resolves with the raw reply (rejects within `ms`).
 */
export function redisCommand(args: string[], ms = 1000, at: { host: string; port: number } = { host: REDIS_HOST, port: REDIS_PORT }): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(at);
    const timer = setTimeout(() => { socket.destroy(); reject(new Error("redis timeout")); }, ms);
    let reply = "";
    socket.on("connect", () => socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`));
    socket.on("data", (d) => { reply += d.toString(); if (reply.endsWith("\r\n")) { clearTimeout(timer); socket.end(); resolve(reply); } });
    socket.on("error", (e) => { clearTimeout(timer); reject(e); });
  });
}

/** True when the test Redis (or the one at `at`) answers PING. */
export async function redisUp(at?: { host: string; port: number }): Promise<boolean> {
  return await redisCommand(["PING"], 1000, at).then((r) => r.startsWith("+PONG"), () => false);
}

/** A unique REDIS_KEY_PREFIX for one test file. */
export function redisKeyPrefix(): string {
  return `malignus-test-${process.pid}-${randomBytes(4).toString("hex")}:`;
}

/** Deletes every key under `prefix` (never FLUSHALL a Redis others may use). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  await redisCommand(["EVAL", "for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) end return 1", "0", `${prefix}*`])
    .catch(() => undefined);
}

/**
 * The stored record of `dungeonId` in the SQLite file a server process used under `dataDir`
 * (read while that server is down).
 * @throws when no dungeon has that id.
 */
export async function storedRecord(dataDir: string, dungeonId: string): Promise<DungeonRecord> {
  const store = new SqliteDungeonStore({ file: join(dataDir, "malignus.sqlite") });
  await store.init();
  try {
    const record = await store.get(dungeonId);
    if (!record) throw new Error(`no stored dungeon ${dungeonId} under ${dataDir}`);
    return record;
  } finally {
    await store.close();
  }
}
