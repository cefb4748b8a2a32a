/**
 * Transport comparison (`npm run loadtest:compare -- [--rooms N] [--duration S] [--only a,b] [--out FILE] [--base-port P]`,
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
 * dungeon ÷ bare and dungeon ÷ bare20 per transport show our overhead over the framework. Prints a table and writes
 * `loadtest/reports/compare.json` (or `--out FILE`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULTS, type LoadOptions } from "./args.ts";
import { num, parseCli, runCli, str } from "../../tools/cli.ts";
import { runLoad } from "./runner.ts";
import { errorCount, type LoadReport } from "./report.ts";

/** The servers compared. */
export const SERVER_KINDS = ["dungeon-ws", "dungeon-uws", "bare-ws", "bare-uws", "bare20-ws", "bare20-uws"] as const;
/** Port of the first server compared when `--base-port` is not given (the next ones count up from it). */
export const DEFAULT_BASE_PORT = 2650;
/** Entities of the moving bare floor (`bare20-*`). */
export const MOVING_FLOOR_ENTITIES = 20;
/** One of {@link SERVER_KINDS}. */
export type ServerKind = (typeof SERVER_KINDS)[number];

/** One server's outcome: its load report, or why it could not run. */
export interface CompareRow { kind: ServerKind; report: LoadReport | null; skipped: string | null }

/** The comparison written as JSON. */
export interface CompareReport {
  tool: "malignus-loadtest";
  kind: "compare";
  startedAt: string;
  load: { rooms: number; keepers: number; spectators: number; durationSeconds: number };
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

/** A PATH whose `node` is the project's Node 24 (in-trixie mounts whichever `node` PATH finds). */
function node24Path(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "malignus-node24-"));
  symlinkSync(process.execPath, path.join(dir, "node"));
  return `${dir}:${process.env.PATH ?? ""}`;
}

/**
 * Starts a server of `kind` on `port` as a detached process group (ws kinds with this Node,
 * uws kinds through in-trixie). Stop it with {@link stopServer}.
 * @throws Error when in-trixie is needed and missing.
 */
export function startServer(kind: ServerKind, port: number): ChildProcess {
  const entry = kind.startsWith("dungeon") ? "server/src/main.ts" : "loadtest/src/bare-server.ts";
  const transport = kind.endsWith("uws") ? "uws" : "ws";
  const env = { PORT: String(port), TRANSPORT: transport, LOG_LEVEL: "warn", BARE_ENTITIES: kind.startsWith("bare20") ? String(MOVING_FLOOR_ENTITIES) : "0" };
  const tsx = path.join("node_modules", ".bin", "tsx");
  if (transport === "ws") {
    return spawn(process.execPath, ["--import", "tsx", entry], { cwd: REPO, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "ignore", "pipe"] });
  }
  const inTrixie = path.resolve(REPO, "../shared/tools/in-trixie");
  if (!existsSync(inTrixie)) throw new Error(`${inTrixie} not found`);
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
 * Runs the comparison. `only` limits the servers; `log` receives progress lines.
 */
export async function compareTransports(load: { rooms: number; durationSeconds: number; keepers?: number; spectators?: number },
  only: readonly ServerKind[] = SERVER_KINDS, log: (line: string) => void = console.log, basePort = DEFAULT_BASE_PORT): Promise<CompareReport> {
  const rows: CompareRow[] = [];
  const keepers = load.keepers ?? 1, spectators = load.spectators ?? 4;
  for (const [i, kind] of only.entries()) {
    const port = basePort + i;
    log(`compare: ${kind} on port ${port}…`);
    let child: ChildProcess | null = null;
    try {
      child = startServer(kind, port);
      await waitHealthy(port, child, kind.endsWith("uws") ? 240_000 : 60_000);
      const o: LoadOptions = {
        ...DEFAULTS, endpoint: `ws://127.0.0.1:${port}`, target: kind.startsWith("bare") ? "bare" : "dungeon",
        rooms: load.rooms, keepers, spectators, adventurers: 0, durationSeconds: load.durationSeconds, quiet: true,
      };
      const report = await runLoad(o);
      rows.push({ kind, report, skipped: null });
      const s = report.server;
      log(`compare: ${kind}: ${report.connections.held}/${report.connections.attempted} held, p99 ${report.commandRoundTripMs.p99.toFixed(1)} ms, CPU ${s.procCpuPercent?.toFixed(1) ?? "n/a"}%, errors ${errorCount(report)}`);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      rows.push({ kind, report: null, skipped: why });
      log(`compare: ${kind} skipped: ${why}`);
    } finally {
      if (child) await stopServer(child);
    }
  }
  const by = (k: ServerKind) => rows.find((r) => r.kind === k);
  return {
    tool: "malignus-loadtest", kind: "compare", startedAt: new Date().toISOString(),
    load: { rooms: load.rooms, keepers, spectators, durationSeconds: load.durationSeconds },
    rows,
    cpuRatio: { ws: cpuRatio(by("dungeon-ws"), by("bare-ws")), uws: cpuRatio(by("dungeon-uws"), by("bare-uws")) },
    cpuRatioMoving: { ws: cpuRatio(by("dungeon-ws"), by("bare20-ws")), uws: cpuRatio(by("dungeon-uws"), by("bare20-uws")) },
  };
}

/** The comparison as a markdown table. */
export function compareTable(c: CompareReport): string {
  const lines = [
    "| server | clients held | join p50 ms | cmd p50 ms | cmd p99 ms | server CPU % of a core | RSS MiB | KB/s per client | errors |",
    "| --- | --: | --: | --: | --: | --: | --: | --: | --: |",
  ];
  for (const r of c.rows) {
    if (!r.report) { lines.push(`| ${r.kind} | skipped: ${r.skipped?.replace(/\|/g, "/")} | | | | | | | |`); continue; }
    const p = r.report;
    lines.push(`| ${r.kind} | ${p.connections.held}/${p.connections.attempted} | ${p.joinMs.p50.toFixed(1)} | ${p.commandRoundTripMs.p50.toFixed(1)} | ${p.commandRoundTripMs.p99.toFixed(1)} | ` +
      `${p.server.procCpuPercent?.toFixed(1) ?? "n/a"} | ${p.server.rssMiB?.toFixed(0) ?? "n/a"} | ${(p.traffic.all.bytesPerSecond / 1024).toFixed(2)} | ${errorCount(p) + p.connections.failed} |`);
  }
  const ratio = (x: number | null) => (x === null ? "n/a" : `${x.toFixed(2)}×`);
  lines.push("", `Our CPU ÷ empty bare room CPU: ws ${ratio(c.cpuRatio.ws)}, uws ${ratio(c.cpuRatio.uws)} (target ≤ 1.5×).`);
  const m = c.cpuRatioMoving ?? { ws: null, uws: null };
  lines.push("", `Our CPU ÷ bare room with ${MOVING_FLOOR_ENTITIES} moving entities at 10 Hz: ws ${ratio(m.ws)}, uws ${ratio(m.uws)} (target ≤ 1.5×).`);
  return lines.join("\n");
}

/** The usage text of `npm run loadtest:compare` (printed by `--help`, and after an argument error). */
export const COMPARE_USAGE = `usage: npm run loadtest:compare -- [options]
Starts each server in turn on a loopback port (from 2650), loads it, stops it; prints a table and writes a JSON report.
  --rooms N        rooms per server, each 1 keeper + 4 spectators (1..400, default 20)
  --duration S     measured seconds per server (5..300, default 30)
  --only a,b       servers to compare, any of ${SERVER_KINDS.join(",")} (default all)
  --out FILE       JSON report (default loadtest/reports/compare.json)
  --base-port P    port of the first server; the next ones count up from it (default ${DEFAULT_BASE_PORT})
  -h, --help       print this usage and exit`;

/** The options of `npm run loadtest:compare`. */
export interface CompareOptions {
  rooms: number; durationSeconds: number; only: ServerKind[]; out: string;
  /** The first server's port; the i-th server of the run listens on basePort + i. */
  basePort: number;
}

/**
 * Parses the comparison's `argv` (without node and the script); `"help"` when it holds `--help`
 * or `-h` (anywhere). Pure.
 * @throws Error with a one-line message (no usage text) on an unknown option, a missing value,
 *   `--rooms` outside 1..400, `--duration` outside 5..300 or an unknown server kind.
 */
export function parseCompareArgs(argv: readonly string[]): CompareOptions | "help" {
  const parsed = parseCli(argv, { rooms: { type: "string" }, duration: { type: "string" }, only: { type: "string" }, out: { type: "string" }, "base-port": { type: "string" } });
  if (parsed === "help") return "help";
  const v = parsed.values;
  const o: CompareOptions = {
    rooms: num(v, "rooms", 20, 1, 400),
    durationSeconds: num(v, "duration", 30, 5, 300),
    only: str(v, "only", SERVER_KINDS.join(",")).split(",") as ServerKind[],
    out: str(v, "out", "loadtest/reports/compare.json"),
    basePort: num(v, "base-port", DEFAULT_BASE_PORT, 1024, 65535 - SERVER_KINDS.length),
  };
  for (const k of o.only) if (!SERVER_KINDS.includes(k)) throw new Error(`--only: unknown server kind "${k}" (one of ${SERVER_KINDS.join(",")})`);
  return o;
}

async function main(): Promise<void> {
  const parsed = runCli("loadtest:compare", COMPARE_USAGE, () => parseCompareArgs(process.argv.slice(2)));
  const { rooms, durationSeconds: duration, only, out, basePort } = parsed;
  const c = await compareTransports({ rooms, durationSeconds: duration }, only, console.log, basePort);
  console.log(`\n${compareTable(c)}`);
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  writeFileSync(out, JSON.stringify(c, null, 2) + "\n");
  console.log(`report written to ${out}`);
  process.exit(0);
}

if (process.argv[1]?.endsWith("compare.ts")) {
  main().catch((err: unknown) => { console.error(`compare: ${err instanceof Error ? err.message : String(err)}`); process.exit(1); });
}
