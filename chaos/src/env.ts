import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "../../server/test/store/pgTestDb.ts";
import { exitWithin, freePort, redisUp, sleep, startServer, type ServerProcess } from "../../server/test/crash/processes.ts";

/**
 * The chaos suite's own processes (issue 18 part 5): a Redis it may stop, a PostgreSQL holding
 * the dungeons, and two Malignus servers sharing both, all on free loopback ports. Nothing here
 * touches the machine's shared Redis on 6379; PostgreSQL is a throwaway cluster (initdb in a temp
 * folder) when the binaries are there, else a fresh database on the machine's 127.0.0.1:5432,
 * dropped afterwards ({@link ChaosEnv.postgresKind} says which).
 */

/** How long a server may take to exit after SIGTERM before it counts as hung, in real ms. */
export const SERVER_STOP_TIMEOUT_MS = 10_000;

/**
 * The servers' `IDLE_MEMORY_RELEASE_SECONDS` (server/src/lifecycle/memoryRelease.ts): short, so the
 * cycles scenario reads each server's memory soon after its rooms are gone. The servers run with
 * `--expose-gc` (through `NODE_OPTIONS`), as `npm start` does.
 */
export const CHAOS_IDLE_MEMORY_RELEASE_SECONDS = 2;

/** How long a server may take to start (answer /health), in real ms: generous, the machine may be loaded. */
export const SERVER_START_TIMEOUT_MS = 90_000;

/** One of the two servers, with the environment it was started with (to start it again the same way). */
export interface ChaosServer {
  /** `A` or `B`. */
  name: string;
  proc: ServerProcess;
  port: number;
  env: Record<string, string>;
  /** Exits nobody asked for (a crash): counted by the scenarios. */
  crashes: number;
  /** True while an exit is expected (a kill or stop the suite did). */
  expectingExit: boolean;
}

/** Options of {@link startChaosEnv}. */
export interface ChaosEnvOptions {
  /** Print progress lines (the CLI); default silent. */
  log?: (line: string) => void;
}

/** The running processes: see the file's doc. */
export interface ChaosEnv {
  redisPort: number;
  redisUrl: string;
  databaseUrl: string;
  /** `own cluster on port N (initdb in …)` or `database X on 127.0.0.1:5432`. */
  postgresKind: string;
  servers: [ChaosServer, ChaosServer];
  /** SIGKILLs the Redis (its data is gone: it runs with no persistence). */
  stopRedis(): Promise<void>;
  /** Starts Redis again on the same port and waits until it answers PING. */
  startRedis(): Promise<void>;
  /** True when the suite's Redis answers PING. */
  redisAnswers(): Promise<boolean>;
  /** SIGKILLs a server (expected: not counted as a crash). */
  kill9(server: ChaosServer): Promise<void>;
  /** Starts a server again with its port and environment (its LEASE_HOLDER too). */
  restart(server: ChaosServer): Promise<void>;
  /** Restarts every server that is not running. */
  ensureServers(): Promise<void>;
  /** A client of the store the servers share, for reading records and logs. */
  pgPool(): pg.Pool;
  /** Stops everything and removes the temp folders. */
  close(): Promise<void>;
}

const alive = (p: ServerProcess) => p.child.exitCode === null && p.child.signalCode === null;

/** Spawns `redis-server` on `port` (no persistence) and waits until it answers. */
async function spawnRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const deadline = Date.now() + 10_000;
  while (!(await redisUp({ host: "127.0.0.1", port }))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
    await sleep(50);
  }
  return child;
}

/** `/usr/lib/postgresql/<newest>/bin`, or undefined when no PostgreSQL binaries are installed. */
function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))).sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], "bin");
}

/** A throwaway PostgreSQL cluster: initdb in a temp folder, started on a free port (as user postgres when run as root). */
async function ownPostgres(bin: string): Promise<{ url: string; kind: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "malignus-chaos-pg-"));
  const root = userInfo().uid === 0;
  const as = (cmd: string, args: string[]) => (root ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] as const : [cmd, args] as const);
  if (root) {
    const ids = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (ids.status !== 0) throw new Error("running as root and no postgres user to run initdb as");
    chownSync(dir, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
  }
  const data = join(dir, "data");
  const run = (cmd: string, args: string[]) => {
    const [c, a] = as(join(bin, cmd), args);
    const r = spawnSync(c, [...a], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const port = await freePort();
  try {
    run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-t", "30", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start"]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    kind: `own cluster on 127.0.0.1:${port} (initdb in ${dir})`,
    stop: async () => {
      try { run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]); } catch { /* already gone */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts Redis, PostgreSQL and the two servers (`A`, `B`; LEASE_HOLDER `chaos-a` / `chaos-b`).
 * @throws Error naming the process that did not start (everything started so far is stopped).
 */
export async function startChaosEnv(options: ChaosEnvOptions = {}): Promise<ChaosEnv> {
  const log = options.log ?? (() => {});
  const cleanups: (() => Promise<void>)[] = [];
  const closeAll = async () => { for (const c of cleanups.reverse()) await c().catch(() => {}); cleanups.length = 0; };
  try {
    const redisPort = await freePort();
    let redis: ChildProcess | undefined = await spawnRedis(redisPort);
    cleanups.push(async () => { redis?.kill("SIGKILL"); });
    log(`redis-server on 127.0.0.1:${redisPort}`);

    let databaseUrl: string;
    let postgresKind: string;
    const bin = postgresBin();
    let own: Awaited<ReturnType<typeof ownPostgres>> | undefined;
    if (bin) {
      try { own = await ownPostgres(bin); } catch (err) { log(`own PostgreSQL cluster impossible (${(err as Error).message.split("\n")[0]}): using 127.0.0.1:5432`); }
    }
    if (own) {
      const o = own;
      cleanups.push(() => o.stop());
      databaseUrl = o.url;
      postgresKind = o.kind;
    } else {
      const db: TestDatabase = await createTestDatabase();
      cleanups.push(() => db.drop());
      databaseUrl = db.url;
      postgresKind = `fresh database ${db.name} on the machine's PostgreSQL (dropped afterwards)`;
    }
    log(`PostgreSQL: ${postgresKind}`);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    cleanups.push(() => pool.end());

    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const prefix = `malignus-chaos-${randomBytes(4).toString("hex")}:`;
    const servers: ChaosServer[] = [];
    cleanups.push(async () => {
      await Promise.all(servers.map(async (s) => {
        if (!alive(s.proc)) return;
        s.expectingExit = true;
        s.proc.child.kill("SIGTERM");
        if ((await exitWithin(s.proc, SERVER_STOP_TIMEOUT_MS)) === "timeout") s.proc.child.kill("SIGKILL");
      }));
    });
    // Both servers start at once (their start-up is most of the suite's set-up time).
    const ports = [await freePort(), await freePort()];
    const started = await Promise.allSettled(["A", "B"].map(async (name, i) => {
      const port = ports[i]!;
      const env = {
        REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, DATABASE_URL: databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
        LEASE_HOLDER: `chaos-${name.toLowerCase()}`, LOG_LEVEL: "info",
        NODE_OPTIONS: [process.env.NODE_OPTIONS, "--expose-gc"].filter(Boolean).join(" "),
        IDLE_MEMORY_RELEASE_SECONDS: String(CHAOS_IDLE_MEMORY_RELEASE_SECONDS),
      };
      const server: ChaosServer = { name, port, env, proc: await startServer(port, env, SERVER_START_TIMEOUT_MS), crashes: 0, expectingExit: false };
      watch(server);
      log(`server ${name} on 127.0.0.1:${port} (pid ${server.proc.child.pid})`);
      return server;
    }));
    for (const s of started) if (s.status === "fulfilled") servers.push(s.value);
    const refused = started.find((s) => s.status === "rejected");
    if (refused) throw refused.reason;

    const env: ChaosEnv = {
      redisPort, redisUrl, databaseUrl, postgresKind, servers: servers as [ChaosServer, ChaosServer],
      async stopRedis() {
        const r = redis;
        redis = undefined;
        if (!r || r.exitCode !== null) return;
        const gone = new Promise<void>((resolve) => r.on("exit", () => resolve()));
        r.kill("SIGKILL");
        await gone;
      },
      async startRedis() {
        if (redis && redis.exitCode === null) return;
        redis = await spawnRedis(redisPort);
      },
      redisAnswers: () => redisUp({ host: "127.0.0.1", port: redisPort }),
      async kill9(server) {
        server.expectingExit = true;
        server.proc.child.kill("SIGKILL");
        await exitWithin(server.proc, 5_000);
      },
      async restart(server) {
        server.proc = await startServer(server.port, server.env, SERVER_START_TIMEOUT_MS);
        server.expectingExit = false;
        watch(server);
      },
      async ensureServers() {
        for (const s of servers) if (!alive(s.proc)) await env.restart(s);
      },
      pgPool: () => pool,
      close: closeAll,
    };
    return env;
  } catch (err) {
    await closeAll();
    throw err;
  }
}

/** Counts an exit of `server` nobody asked for as a crash. */
function watch(server: ChaosServer): void {
  const proc = server.proc;
  void proc.exited.then(() => { if (!server.expectingExit && server.proc === proc) server.crashes++; });
}
