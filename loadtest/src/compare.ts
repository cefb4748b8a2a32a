/**
 * Transport comparison (`npm run loadtest:compare -- [--rooms N] [--duration S] [--only a,b] [--out FILE] [--base-port P] [--store sqlite|postgres] …`,
 * `--help` for {@link COMPARE_USAGE}; bad options exit 2 before any server starts):
 * the same load (N rooms × 1 keeper + 4 spectators by default) against six servers it starts
 * and stops one after the other on loopback ports:
 *
 * - `dungeon-ws`: the production server (`server/src/main.ts`) with TRANSPORT=ws;
 * - `dungeon-uws`: the same with TRANSPORT=uws, run in Debian 13 through `../shared/tools/in-trixie`
 *   (uWebSockets.js needs glibc ≥ 2.38; skipped with a note when in-trixie is missing or fails);
 * - `bare-ws`, `bare-uws`: loadtest/src/bare-server.ts, an empty-state Colyseus room (the floor);
 * - `bare20-ws`, `bare20-uws`: the same server with `BARE_ENTITIES=20`: 20 entities moving at
 *   10 Hz, one patch per step (the floor the issue quotes, a room that sends as often as ours).
 *
 * Server CPU is read from /proc for every server (the same measure for all), so the ratios
 * dungeon ÷ bare and dungeon ÷ bare20 per transport show our overhead over the framework; memory
 * per room likewise ((RSS at the end − RSS before the ramp) ÷ rooms). Prints a table and writes
 * `loadtest/reports/compare.json` (or `--out FILE`).
 *
 * Persistence is on (issue 20 part 6): each dungeon server keeps its dungeons in a fresh store,
 * SQLite by default or PostgreSQL with `--store postgres` (server-store.ts), and each row says how
 * many dungeons the store held after the load. The servers run without issue 18's join-rate and
 * room caps ({@link LOAD_SERVER_LIMITS}): the generator is one address.
 *
 * With `--capacity a,b,c` it runs a capacity search on each server instead ({@link capacitySearch}),
 * reporting the load generator's own CPU at each step; `--light-spectators` lightens the generator.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULTS, type LoadOptions } from "./args.ts";
import { num, parseCli, runCli, str } from "../../tools/cli.ts";
import { runLoad } from "./runner.ts";
import { errorCount, memoryPerRoomMiB, type LoadReport } from "./report.ts";
import { DEFAULT_STORE, STORE_KINDS, parseStoreKind, prepareStore, type ServerStore, type StoreChoice } from "./server-store.ts";

/** The servers compared. */
export const SERVER_KINDS = ["dungeon-ws", "dungeon-uws", "bare-ws", "bare-uws", "bare20-ws", "bare20-uws"] as const;
/** Port of the first server compared when `--base-port` is not given (the next ones count up from it). */
export const DEFAULT_BASE_PORT = 2650;
/** Entities of the moving bare floor (`bare20-*`). */
export const MOVING_FLOOR_ENTITIES = 20;
/** One of {@link SERVER_KINDS}. */
export type ServerKind = (typeof SERVER_KINDS)[number];

/**
 * The server limits of issue 18 lifted for load runs: one load generator makes every join from one
 * address (`JOIN_RATE_PER_ADDRESS`, 600 a minute by default) and asks up to 1,000 rooms
 * (`MAX_ROOMS_PER_PROCESS`, 500 by default); 0 = no limit.
 */
export const LOAD_SERVER_LIMITS = { JOIN_RATE_PER_ADDRESS: "0", MAX_ROOMS_PER_PROCESS: "0" } as const;

/** The store a dungeon server ran with (issue 20 part 6), and what it held after the load. */
export interface RowStore { kind: ServerStore["kind"]; where: string; dungeonsStored: number | null }

/** One server's outcome: its load report, or why it could not run. */
export interface CompareRow { kind: ServerKind; report: LoadReport | null; skipped: string | null; store?: RowStore | null }

/** The comparison written as JSON. */
export interface CompareReport {
  tool: "malignus-loadtest";
  kind: "compare";
  startedAt: string;
  load: { rooms: number; keepers: number; spectators: number; durationSeconds: number; lightSpectators?: boolean; workers?: number };
  /** The store of the dungeon servers (`sqlite` or `postgres`; each server gets a fresh one). */
  store?: ServerStore["kind"];
  rows: CompareRow[];
  /** Our server's CPU ÷ the empty bare room's, per transport (null when either is missing). */
  cpuRatio: { ws: number | null; uws: number | null };
  /** Our server's CPU ÷ the moving bare room's (20 entities at 10 Hz), per transport. */
  cpuRatioMoving: { ws: number | null; uws: number | null };
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "../..");

/** CPU ratio of two rows' /proc CPU, or null. */
export function cpuRatio(ours: CompareRow | undefined, bare: CompareRow | undefined): number | null {
  const a = ours?.report?.server.procCpuPercent ?? ours?.report?.server.cpuPercent ?? null;
  const b = bare?.report?.server.procCpuPercent ?? bare?.report?.server.cpuPercent ?? null;
  return a === null || b === null || b <= 0 ? null : a / b;
}

/**
 * The in-trixie script: `IN_TRIXIE` when set, else the first `shared/tools/in-trixie` beside the
 * repository or one of its parent folders (`../shared` of a checkout, `../../shared` of a worktree
 * in a subfolder); null when none exists.
 */
export function findInTrixie(env: Record<string, string | undefined> = process.env, from = REPO): string | null {
  if (env.IN_TRIXIE) return existsSync(env.IN_TRIXIE) ? env.IN_TRIXIE : null;
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "shared/tools/in-trixie");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Where in-trixie keeps its Debian 13 root unless `TRIXIE_ROOT` says otherwise (in-trixie's own default). */
export const DEFAULT_TRIXIE_ROOT = "/var/cache/trixie-root";

/** A PATH whose `node` is the project's Node 24 (in-trixie mounts whichever `node` PATH finds). */
function node24Path(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "malignus-node24-"));
  symlinkSync(process.execPath, path.join(dir, "node"));
  return `${dir}:${process.env.PATH ?? ""}`;
}

/**
 * Starts a server of `kind` on `port` as a detached process group (ws kinds with this Node,
 * uws kinds through in-trixie), with {@link LOAD_SERVER_LIMITS}; a dungeon server keeps its
 * dungeons in `store` (from {@link prepareStore}; without one, wherever the environment says:
 * `DATABASE_URL`, else `./data`). Stop it with {@link stopServer}.
 * @throws Error when in-trixie is needed and missing.
 */
export function startServer(kind: ServerKind, port: number, store?: ServerStore): ChildProcess {
  const child = spawnServer(kind, port, store);
  trackChild(child);
  return child;
}

/** Servers started and not yet exited: stopped (SIGKILL to their process groups) when this tool is interrupted. */
const liveServers = new Set<ChildProcess>();
let signalsHooked = false;

/**
 * Keeps `child` in {@link liveServers} until it exits; on the first child, hooks SIGINT and SIGTERM
 * so that an interrupted tool does not leave its detached servers running (they are in process
 * groups of their own, which a Ctrl-C of the tool does not reach).
 */
function trackChild(child: ChildProcess): void {
  liveServers.add(child);
  child.once("exit", () => liveServers.delete(child));
  if (signalsHooked) return;
  signalsHooked = true;
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.once(sig, () => {
      for (const c of liveServers) if (c.pid !== undefined) { try { process.kill(-c.pid, "SIGKILL"); } catch { /* gone */ } }
      process.exit(sig === "SIGINT" ? 130 : 143);
    });
  }
}

/**
 * glibc's malloc setting every server runs with, as `npm start` sets it (package.json): a fixed
 * mmap threshold of 8 MiB and trim threshold of 32 MiB. Without it glibc raises its threshold to the
 * size of the largest block freed, so the 16 MiB each keeper-key scrypt (store/keeperKey.ts) takes on
 * a libuv thread stays resident in that thread's arena after the hash: up to 4 × 16 MiB per process
 * (issue 20 part 3, docs/benchmarks.md "Where a dungeon room's memory goes"). 8 MiB sends only such
 * rare large blocks to mmap; a fixed threshold also stops glibc's dynamic trim threshold, which would
 * stay at 128 KiB, so it is set to the 32 MiB the dynamic rule would reach (2 × 16 MiB).
 */
const SERVER_GLIBC_TUNABLES = "glibc.malloc.mmap_threshold=8388608:glibc.malloc.trim_threshold=33554432";

function spawnServer(kind: ServerKind, port: number, store?: ServerStore): ChildProcess {
  const entry = kind.startsWith("dungeon") ? "server/src/main.ts" : "loadtest/src/bare-server.ts";
  const transport = kind.endsWith("uws") ? "uws" : "ws";
  const env: Record<string, string> = {
    PORT: String(port), TRANSPORT: transport, LOG_LEVEL: "warn", BARE_ENTITIES: kind.startsWith("bare20") ? String(MOVING_FLOOR_ENTITIES) : "0",
    GLIBC_TUNABLES: SERVER_GLIBC_TUNABLES, ...LOAD_SERVER_LIMITS, ...(store ? store.env : {}),
  };
  const tsx = path.join("node_modules", ".bin", "tsx");
  if (transport === "ws") {
    return spawn(process.execPath, ["--import", "tsx", entry], { cwd: REPO, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "ignore", "pipe"] });
  }
  const inTrixie = findInTrixie();
  if (!inTrixie) throw new Error(`in-trixie not found (IN_TRIXIE, or shared/tools/in-trixie beside ${REPO} or one of its parents)`);
  // A first in-trixie builds its Debian root for minutes; stopped half-way (our start timeout) it leaves a broken one.
  const root = process.env.TRIXIE_ROOT ?? DEFAULT_TRIXIE_ROOT;
  if (!existsSync(path.join(root, "bin/sh"))) throw new Error(`in-trixie has no Debian 13 root in ${root} yet: build it once with \`${inTrixie} true\` (a few minutes)`);
  // in-trixie clears the environment: pass ours through `env`; npm's global root must be the system one.
  return spawn(inTrixie, ["env", ...Object.entries(env).map(([k, v]) => `${k}=${v}`), tsx, entry], {
    cwd: REPO, env: { ...process.env, PATH: node24Path(), NPM_CONFIG_PREFIX: "/usr" }, detached: true, stdio: ["ignore", "ignore", "pipe"],
  });
}

/** Waits until `GET /health` answers on `port`. @throws Error when the server exits or the time runs out. */
export async function waitHealthy(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => { stderr = (stderr + d.toString()).slice(-2000); });
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.trim().split("\n").slice(-3).join(" | ")}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no /health on port ${port} within ${timeoutMs / 1000} s: ${stderr.trim().split("\n").slice(-3).join(" | ")}`);
}

/** SIGTERM to the server's process group, SIGKILL after 8 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  try { process.kill(-child.pid, "SIGTERM"); } catch { /* gone */ }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
  if (child.exitCode === null) { try { process.kill(-child.pid, "SIGKILL"); } catch { /* gone */ } }
}

/**
 * A server of `kind` started on `port` (with a fresh store of `store`'s kind when it is a dungeon
 * server), handed to `use`, then stopped and its store removed, whatever `use` does.
 * @throws what starting the server or `use` throws.
 */
export async function withServer<T>(kind: ServerKind, port: number, store: StoreChoice, log: (line: string) => void,
  use: (endpoint: string, store: ServerStore | null) => Promise<T>): Promise<T> {
  let child: ChildProcess | null = null;
  let prepared: ServerStore | null = null;
  try {
    if (kind.startsWith("dungeon")) {
      prepared = await prepareStore(store, kind);
      log(`${kind}: dungeon store ${prepared.kind} (${prepared.where}, fresh)`);
    }
    child = startServer(kind, port, prepared ?? undefined);
    await waitHealthy(port, child, kind.endsWith("uws") ? 240_000 : 60_000);
    return await use(`ws://127.0.0.1:${port}`, prepared);
  } finally {
    if (child) await stopServer(child);
    await prepared?.dispose();
  }
}

/** One line about a load for the progress log. */
function loadLine(kind: string, report: LoadReport): string {
  const s = report.server;
  const mem = memoryPerRoomMiB(report);
  return `${kind}: ${report.connections.held}/${report.connections.attempted} held, p99 ${report.commandRoundTripMs.p99.toFixed(1)} ms, ` +
    `CPU ${s.procCpuPercent?.toFixed(1) ?? "n/a"}%, ${mem === null ? "" : `${(mem * 1024).toFixed(0)} KiB per room, `}errors ${errorCount(report)}; ` +
    `generator CPU ${report.generator.cpuPercent.toFixed(0)}%` +
    (report.target === "dungeon" ? `; ${report.storedDungeons == null ? "store: no answer" : `${report.storedDungeons} dungeons stored`}` : "");
}

/** What {@link compareTransports} loads each server with. */
export interface CompareLoad {
  rooms: number; durationSeconds: number; keepers?: number; spectators?: number;
  /** `--light-spectators` of the load runner (all spectators of a room but one count bytes only). */
  lightSpectators?: boolean;
  /** `--workers` of the load runner: worker threads the clients run in (default 1, the main thread). */
  workers?: number;
  /** The dungeon servers' store (default SQLite). */
  store?: StoreChoice;
}

/**
 * Runs the comparison. `only` limits the servers; `log` receives progress lines.
 */
export async function compareTransports(load: CompareLoad,
  only: readonly ServerKind[] = SERVER_KINDS, log: (line: string) => void = console.log, basePort = DEFAULT_BASE_PORT): Promise<CompareReport> {
  const rows: CompareRow[] = [];
  const keepers = load.keepers ?? 1, spectators = load.spectators ?? 4;
  const store = load.store ?? DEFAULT_STORE;
  for (const [i, kind] of only.entries()) {
    const port = basePort + i;
    log(`compare: ${kind} on port ${port}…`);
    try {
      const row = await withServer(kind, port, store, (line) => log(`compare: ${line}`), async (endpoint, prepared) => {
        const o: LoadOptions = {
          ...DEFAULTS, endpoint, target: kind.startsWith("bare") ? "bare" : "dungeon",
          rooms: load.rooms, keepers, spectators, adventurers: 0, durationSeconds: load.durationSeconds, quiet: true,
          lightSpectators: load.lightSpectators ?? false, workers: load.workers ?? 1,
        };
        const report = await runLoad(o);
        log(`compare: ${loadLine(kind, report)}`);
        return { kind, report, skipped: null, store: prepared ? { kind: prepared.kind, where: prepared.where, dungeonsStored: report.storedDungeons ?? null } : null };
      });
      rows.push(row);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      rows.push({ kind, report: null, skipped: why });
      log(`compare: ${kind} skipped: ${why}`);
    }
  }
  const by = (k: ServerKind) => rows.find((r) => r.kind === k);
  return {
    tool: "malignus-loadtest", kind: "compare", startedAt: new Date().toISOString(),
    load: { rooms: load.rooms, keepers, spectators, durationSeconds: load.durationSeconds, lightSpectators: load.lightSpectators ?? false, workers: load.workers ?? 1 },
    store: store.kind,
    rows,
    cpuRatio: { ws: cpuRatio(by("dungeon-ws"), by("bare-ws")), uws: cpuRatio(by("dungeon-uws"), by("bare-uws")) },
    cpuRatioMoving: { ws: cpuRatio(by("dungeon-ws"), by("bare20-ws")), uws: cpuRatio(by("dungeon-uws"), by("bare20-uws")) },
  };
}

/** Memory per room of a row in KiB (see {@link memoryPerRoomMiB}), or null. */
export function rowMemoryKiB(r: CompareRow | undefined): number | null {
  const m = r?.report ? memoryPerRoomMiB(r.report) : null;
  return m === null ? null : m * 1024;
}

/** The comparison as a markdown table. */
export function compareTable(c: CompareReport): string {
  const lines = [
    "| server | store (dungeons stored) | clients held | join p50 ms | cmd p50 ms | cmd p99 ms | server CPU % of a core | RSS MiB | KiB per room | KB/s per client | generator CPU % | errors |",
    "| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |",
  ];
  for (const r of c.rows) {
    if (!r.report) { lines.push(`| ${r.kind} | | skipped: ${r.skipped?.replace(/\|/g, "/")} | | | | | | | | | |`); continue; }
    const p = r.report;
    const store = r.store ? `${r.store.kind} (${r.store.dungeonsStored ?? "no answer"})` : "none";
    const mem = rowMemoryKiB(r);
    lines.push(`| ${r.kind} | ${store} | ${p.connections.held}/${p.connections.attempted} | ${p.joinMs.p50.toFixed(1)} | ${p.commandRoundTripMs.p50.toFixed(1)} | ${p.commandRoundTripMs.p99.toFixed(1)} | ` +
      `${p.server.procCpuPercent?.toFixed(1) ?? "n/a"} | ${p.server.rssMiB?.toFixed(0) ?? "n/a"} | ${mem === null ? "n/a" : mem.toFixed(0)} | ${(p.traffic.all.bytesPerSecond / 1024).toFixed(2)} | ` +
      `${p.generator.cpuPercent.toFixed(0)} | ${errorCount(p) + p.connections.failed} |`);
  }
  const ratio = (x: number | null) => (x === null ? "n/a" : `${x.toFixed(2)}×`);
  lines.push("", `Our CPU ÷ empty bare room CPU: ws ${ratio(c.cpuRatio.ws)}, uws ${ratio(c.cpuRatio.uws)} (target ≤ 1.5×).`);
  const m = c.cpuRatioMoving ?? { ws: null, uws: null };
  lines.push("", `Our CPU ÷ bare room with ${MOVING_FLOOR_ENTITIES} moving entities at 10 Hz: ws ${ratio(m.ws)}, uws ${ratio(m.uws)} (issue 20 target ≤ 1.2×).`);
  const by = (k: ServerKind) => c.rows.find((r) => r.kind === k);
  const memRatio = (t: "ws" | "uws") => {
    const a = rowMemoryKiB(by(`dungeon-${t}`)), b = rowMemoryKiB(by(`bare20-${t}`));
    return a === null || b === null || b <= 0 ? null : a / b;
  };
  lines.push("", `Our memory per room ÷ the moving bare room's: ws ${ratio(memRatio("ws"))}, uws ${ratio(memRatio("uws"))} (issue 20 target ≤ 1.5×; memory per room = (RSS at the end − RSS before the ramp) ÷ rooms).`);
  return lines.join("\n");
}

/** One step of a capacity search. */
export interface CapacityStep {
  rooms: number; clients: number; held: number; p99Ms: number; errors: number;
  /** Server CPU (% of a core, /proc) and the load generator's own CPU (% of a core) and event-loop lag p99 (ms). */
  serverCpu: number | null; generatorCpu: number; generatorLagP99Ms: number;
  good: boolean;
}

/** A capacity search on one server. */
export interface CapacitySearch {
  kind: ServerKind; steps: CapacityStep[]; lastGood: number | null; stoppedBecause: string; skipped: string | null;
  /** The p99 (ms) above which a step fails. */
  p99LimitMs: number;
}

/**
 * The load generator's CPU (% of one core) from which its own figures are suspect: above it, the
 * round trips it measures include its own queueing (a step over it is reported as "generator saturated").
 */
export const GENERATOR_SATURATED_PERCENT = 90;

/**
 * Whether the generator was saturated in run `r`: its CPU per thread that ran clients (the worker
 * threads, else the main one) at or above {@link GENERATOR_SATURATED_PERCENT}.
 */
export function generatorSaturated(r: Pick<LoadReport, "generator">): boolean {
  return r.generator.cpuPercent / Math.max(1, r.generator.workers ?? 0) >= GENERATOR_SATURATED_PERCENT;
}

/** Whether a capacity step holds: every client held, no error, commands answered, p99 within `p99LimitMs`. */
export function stepGood(r: LoadReport, p99LimitMs: number): boolean {
  return errorCount(r) + r.connections.failed + r.connections.dropped === 0 && r.commandRoundTripMs.count > 0 && r.commandRoundTripMs.p99 <= p99LimitMs;
}

/**
 * Capacity search on each server of `only` (issue 20 part 3): one server started (fresh store),
 * loaded with `steps` rooms in turn (each step its own rooms; the previous step's clients have
 * left) until a step fails ({@link stepGood}) or the generator saturates
 * ({@link GENERATOR_SATURATED_PERCENT}); then stopped.
 */
export async function capacitySearch(load: Omit<CompareLoad, "rooms"> & { steps: readonly number[]; p99LimitMs: number },
  only: readonly ServerKind[], log: (line: string) => void = console.log, basePort = DEFAULT_BASE_PORT): Promise<CapacitySearch[]> {
  const out: CapacitySearch[] = [];
  const store = load.store ?? DEFAULT_STORE;
  for (const [i, kind] of only.entries()) {
    const port = basePort + i;
    const search: CapacitySearch = { kind, steps: [], lastGood: null, stoppedBecause: "every step held", skipped: null, p99LimitMs: load.p99LimitMs };
    log(`capacity: ${kind} on port ${port}, steps ${load.steps.join(",")}…`);
    try {
      await withServer(kind, port, store, (line) => log(`capacity: ${line}`), async (endpoint) => {
        for (const [n, rooms] of load.steps.entries()) {
          const r = await runLoad({
            ...DEFAULTS, endpoint, target: kind.startsWith("bare") ? "bare" : "dungeon", rooms, keepers: load.keepers ?? 1, spectators: load.spectators ?? 4,
            adventurers: 0, durationSeconds: load.durationSeconds, quiet: true, lightSpectators: load.lightSpectators ?? false, workers: load.workers ?? 1, seed: 1 + n,
          });
          const good = stepGood(r, load.p99LimitMs);
          search.steps.push({
            rooms, clients: r.connections.attempted, held: r.connections.held, p99Ms: r.commandRoundTripMs.p99, errors: errorCount(r) + r.connections.failed,
            serverCpu: r.server.procCpuPercent, generatorCpu: r.generator.cpuPercent, generatorLagP99Ms: r.generator.eventLoopLagMs.p99, good,
          });
          log(`capacity: ${rooms} rooms: ${loadLine(kind, r)}: ${good ? "held" : "failed"}`);
          if (good) search.lastGood = rooms;
          if (!good) { search.stoppedBecause = `${errorCount(r) + r.connections.failed + r.connections.dropped > 0 ? "errors" : `p99 ${r.commandRoundTripMs.p99.toFixed(0)} ms`} at ${rooms} rooms`; break; }
          if (generatorSaturated(r)) { search.stoppedBecause = `load generator saturated at ${rooms} rooms (${r.generator.cpuPercent.toFixed(0)}% of a core${r.generator.workers ? ` over ${r.generator.workers} worker threads` : ""})`; break; }
        }
      });
    } catch (err) {
      search.skipped = err instanceof Error ? err.message : String(err);
      log(`capacity: ${kind} skipped: ${search.skipped}`);
    }
    out.push(search);
  }
  return out;
}

/** Capacity searches as a markdown table. */
export function capacityTable(searches: readonly CapacitySearch[]): string {
  const lines = [
    "| server | rooms | clients held | cmd p99 ms | errors | server CPU % | generator CPU % | generator lag p99 ms | step |",
    "| --- | --: | --: | --: | --: | --: | --: | --: | --- |",
  ];
  for (const c of searches) {
    if (c.skipped !== null) { lines.push(`| ${c.kind} | | skipped: ${c.skipped.replace(/\|/g, "/")} | | | | | | |`); continue; }
    for (const s of c.steps) {
      lines.push(`| ${c.kind} | ${s.rooms} | ${s.held}/${s.clients} | ${s.p99Ms.toFixed(1)} | ${s.errors} | ${s.serverCpu?.toFixed(1) ?? "n/a"} | ${s.generatorCpu.toFixed(0)} | ${s.generatorLagP99Ms.toFixed(1)} | ${s.good ? "held" : "failed"} |`);
    }
  }
  lines.push("");
  for (const c of searches) if (c.skipped === null) lines.push(`${c.kind}: last step held (p99 ≤ ${c.p99LimitMs} ms, no error): ${c.lastGood === null ? "none" : `${c.lastGood} rooms`}; stopped: ${c.stoppedBecause}.`, "");
  return lines.join("\n").trimEnd();
}

/** The usage text of `npm run loadtest:compare` (printed by `--help`, and after an argument error). */
export const COMPARE_USAGE = `usage: npm run loadtest:compare -- [options]
Starts each server in turn on a loopback port (from 2650), loads it, stops it; prints a table and writes a JSON report.
  --rooms N        rooms per server, each 1 keeper + 4 spectators (1..1000, default 20)
  --duration S     measured seconds per server (5..300, default 30)
  --only a,b       servers to compare, any of ${SERVER_KINDS.join(",")} (default all)
  --out FILE       JSON report (default loadtest/reports/compare.json)
  --base-port P    port of the first server; the next ones count up from it (default ${DEFAULT_BASE_PORT})
  --store KIND     the dungeon servers' store, ${STORE_KINDS.join(" or ")} (default sqlite); each server gets a fresh one
  --pg URL         PostgreSQL server the scratch databases are made on (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --light-spectators  all spectators of a room but the first count bytes without decoding state (a lighter generator)
  --workers N      worker threads the load's clients run in (1..8, default 1: the main thread; 2 uses both cores of a 2-core machine)
  --capacity a,b,c    instead of the comparison: a capacity search over these room counts on each server of --only
                      (default dungeon-ws,dungeon-uws), until a step fails or the generator saturates
  --p99-ms N       capacity: the command round-trip p99 above which a step fails (default 100)
  -h, --help       print this usage and exit`;

/** The options of `npm run loadtest:compare`. */
export interface CompareOptions {
  rooms: number; durationSeconds: number; only: ServerKind[]; out: string;
  /** The first server's port; the i-th server of the run listens on basePort + i. */
  basePort: number;
  store: StoreChoice;
  lightSpectators: boolean;
  /** Worker threads of the load runner (`--workers`). */
  workers: number;
  /** Room counts of a capacity search (`--capacity`), or null for the comparison. */
  capacity: number[] | null;
  p99LimitMs: number;
}

/**
 * Parses the comparison's `argv` (without node and the script); `"help"` when it holds `--help`
 * or `-h` (anywhere). Pure.
 * @throws Error with a one-line message (no usage text) on an unknown option, a missing value,
 *   `--rooms` outside 1..400, `--duration` outside 5..300 or an unknown server kind.
 */
export function parseCompareArgs(argv: readonly string[]): CompareOptions | "help" {
  const s = { type: "string" } as const;
  const parsed = parseCli(argv, {
    rooms: s, duration: s, only: s, out: s, "base-port": s, store: s, pg: s, "light-spectators": { type: "boolean" }, workers: s, capacity: s, "p99-ms": s,
  });
  if (parsed === "help") return "help";
  const v = parsed.values;
  const capacity = typeof v.capacity === "string" ? v.capacity.split(",").map((x) => num({ capacity: x }, "capacity", 0, 1, 1000)) : null;
  if (capacity?.some((x, j) => j > 0 && x <= (capacity[j - 1] as number))) throw new Error("--capacity steps must increase");
  const o: CompareOptions = {
    rooms: num(v, "rooms", 20, 1, 1000),
    durationSeconds: num(v, "duration", 30, 5, 300),
    only: str(v, "only", capacity ? "dungeon-ws,dungeon-uws" : SERVER_KINDS.join(",")).split(",") as ServerKind[],
    out: str(v, "out", capacity ? "loadtest/reports/capacity.json" : "loadtest/reports/compare.json"),
    basePort: num(v, "base-port", DEFAULT_BASE_PORT, 1024, 65535 - SERVER_KINDS.length),
    store: { kind: parseStoreKind(str(v, "store", DEFAULT_STORE.kind)), pgUrl: str(v, "pg", DEFAULT_STORE.pgUrl) },
    lightSpectators: v["light-spectators"] === true,
    workers: num(v, "workers", 1, 1, 8),
    capacity,
    p99LimitMs: num(v, "p99-ms", 100, 1, 60_000),
  };
  for (const k of o.only) if (!SERVER_KINDS.includes(k)) throw new Error(`--only: unknown server kind "${k}" (one of ${SERVER_KINDS.join(",")})`);
  return o;
}

async function main(): Promise<void> {
  const parsed = runCli("loadtest:compare", COMPARE_USAGE, () => parseCompareArgs(process.argv.slice(2)));
  const { rooms, durationSeconds: duration, only, out, basePort, store, lightSpectators, workers, capacity, p99LimitMs } = parsed;
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  if (capacity) {
    const searches = await capacitySearch({ steps: capacity, p99LimitMs, durationSeconds: duration, store, lightSpectators, workers }, only, console.log, basePort);
    console.log(`\n${capacityTable(searches)}`);
    writeFileSync(out, JSON.stringify({ tool: "malignus-loadtest", kind: "capacity", startedAt: new Date().toISOString(), store: store.kind, lightSpectators, workers, searches }, null, 2) + "\n");
    console.log(`report written to ${out}`);
    process.exit(0);
  }
  const c = await compareTransports({ rooms, durationSeconds: duration, store, lightSpectators, workers }, only, console.log, basePort);
  console.log(`\n${compareTable(c)}`);
  writeFileSync(out, JSON.stringify(c, null, 2) + "\n");
  console.log(`report written to ${out}`);
  process.exit(0);
}

if (process.argv[1]?.endsWith("compare.ts")) {
  main().catch((err: unknown) => { console.error(`compare: ${err instanceof Error ? err.message : String(err)}`); process.exit(1); });
}
