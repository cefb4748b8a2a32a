/**
 * `npm run bench:server-profile [-- --rooms N --duration S --no-doc]`: profiles the production
 * server under load, to explain its CPU against the bare-room floor (issue 10).
 *
 * Starts server/src/main.ts in a child process under `node --cpu-prof` (this Node, with
 * `--import tsx`, PORT and LOG_LEVEL=warn), drives the load of docs/benchmarks.md through the
 * load runner (`runLoad` of loadtest/src/runner.ts: N rooms × (1 keeper + 4 spectators), loopback
 * only, bounded in time), stops the server with SIGINT so that V8 writes the profile, then prints
 * the top 25 functions by self time and the share of CPU by area (our simulation, our rooms and
 * views, @colyseus/schema, @colyseus/core, the ws transport, Node internals and GC). Writes
 * docs/server-profile.md from the same figures unless `--no-doc`. `--help` prints
 * {@link SERVER_PROFILE_USAGE} and exits 0; a bad option prints its error and the usage and exits 2,
 * before the server starts.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULTS, type LoadOptions } from "../../loadtest/src/args.ts";
import { runLoad } from "../../loadtest/src/runner.ts";
import { waitHealthy } from "../../loadtest/src/compare.ts";
import type { LoadReport } from "../../loadtest/src/report.ts";
import { num, parseCli, runCli } from "../../tools/cli.ts";
import { table, fmt } from "./stats.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "../..");

/** A V8 `.cpuprofile` as `--cpu-prof` writes it. (Not imported from ./profile.ts: its main runs for any argv ending in "profile.ts".) */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }[];
  startTime?: number;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Keeps only the samples taken in [fromUs, toUs] (V8 profile time: µs of the monotonic clock,
 * the one `process.hrtime` reads, shared by every process of the machine), so that start-up
 * (tsx compiling modules) and shutdown stay out. Returns the profile unchanged without timestamps.
 */
export function windowed(profile: CpuProfile, fromUs: number, toUs: number): CpuProfile {
  if (!profile.samples || !profile.timeDeltas || profile.startTime === undefined) return profile;
  const samples: number[] = [];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t >= fromUs && t <= toUs) samples.push(profile.samples[i]!);
  }
  return { ...profile, samples, timeDeltas: undefined };
}

/** Self samples per sample id. */
function hitsOf(profile: CpuProfile): Map<number, number> {
  const hits = new Map<number, number>();
  if (profile.samples) for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  else for (const n of profile.nodes) hits.set(n.id, n.hitCount ?? 0);
  return hits;
}

/**
 * For every node, the area its self time is charged to when Node internals (native calls such
 * as a socket's writev, timers, events) count for the nearest caller outside Node itself.
 */
function callerAreas(profile: CpuProfile): Map<number, Area | "idle"> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<number, Area | "idle">();
  for (const n of profile.nodes) {
    let area = areaOf(n.callFrame.url, n.callFrame.functionName);
    if (area === "Node internals (node:, native)") {
      for (let cur = parent.get(n.id); cur !== undefined; cur = parent.get(cur)) {
        const p = byId.get(cur)!;
        const a = areaOf(p.callFrame.url, p.callFrame.functionName);
        if (a !== "Node internals (node:, native)" && a !== "(program) V8/runtime outside JS") { area = a; break; }
      }
    }
    out.set(n.id, area);
  }
  return out;
}

/** A function with its self samples, where it is (relative to the repository, 1-based line) and its area. */
interface Spot { fn: string; where: string; area: Area; samples: number }

/** Functions by self samples, most first, idle left out. */
function topFunctions(profile: CpuProfile, top: number): Spot[] {
  const hits = hitsOf(profile);
  const by = new Map<string, Spot>();
  for (const n of profile.nodes) {
    const h = hits.get(n.id) ?? 0;
    if (h === 0) continue;
    const fn = n.callFrame.functionName || "(anonymous)";
    const area = areaOf(n.callFrame.url, fn);
    if (area === "idle") continue;
    const url = n.callFrame.url.replace(/^file:\/\//, "");
    const file = url.startsWith(REPO + "/") ? url.slice(REPO.length + 1) : url;
    const where = !url ? "" : url.endsWith(".ts") ? file : `${file}:${n.callFrame.lineNumber + 1}`; // tsx output: .ts line numbers mean nothing
    const key = `${fn}@${where}`;
    const s = by.get(key) ?? { fn, where, area, samples: 0 };
    s.samples += h;
    by.set(key, s);
  }
  return [...by.values()].sort((a, b) => b.samples - a.samples).slice(0, top);
}

/** The areas CPU is split into, in report order. */
export const AREAS = [
  "our simulation (server/src/sim)",
  "our rooms, projection, views (server/src/rooms)",
  "our other server code (server/src, shared)",
  "@colyseus/schema encoding",
  "@colyseus/core",
  "ws transport (ws, @colyseus/ws-transport)",
  "other dependencies",
  "Node internals (node:, native)",
  "garbage collector",
  "(program) V8/runtime outside JS",
] as const;
export type Area = (typeof AREAS)[number];

/** The area of one profile frame from its URL and function name. */
export function areaOf(url: string, fn: string): Area | "idle" {
  if (fn === "(idle)") return "idle";
  if (fn === "(garbage collector)") return "garbage collector";
  if (fn === "(program)" || fn === "(root)") return "(program) V8/runtime outside JS";
  const u = url.replace(/^file:\/\//, "");
  if (u.includes("/node_modules/")) {
    if (u.includes("/@colyseus/schema/")) return "@colyseus/schema encoding";
    if (u.includes("/@colyseus/core/")) return "@colyseus/core";
    if (u.includes("/node_modules/ws/") || u.includes("/@colyseus/ws-transport/")) return "ws transport (ws, @colyseus/ws-transport)";
    return "other dependencies";
  }
  if (u.includes("/server/src/sim/")) return "our simulation (server/src/sim)";
  if (u.includes("/server/src/rooms/")) return "our rooms, projection, views (server/src/rooms)";
  if (u.includes("/server/src/") || u.includes("/shared/")) return "our other server code (server/src, shared)";
  return "Node internals (node:, native)";
}

/** Self samples by area, as % of the non-idle samples; also the idle share of all samples. */
export function areaShares(profile: CpuProfile): { shares: { area: Area; percent: number; samples: number; withCalleesPercent: number }[]; busySamples: number; idlePercent: number } {
  const hits = hitsOf(profile);
  const callers = callerAreas(profile);
  const by = new Map<Area, number>();
  const byCaller = new Map<Area, number>();
  let idle = 0, busy = 0;
  for (const n of profile.nodes) {
    const h = hits.get(n.id) ?? 0;
    if (h === 0) continue;
    const a = areaOf(n.callFrame.url, n.callFrame.functionName);
    if (a === "idle") { idle += h; continue; }
    busy += h;
    by.set(a, (by.get(a) ?? 0) + h);
    const c = callers.get(n.id) ?? a;
    if (c !== "idle") byCaller.set(c, (byCaller.get(c) ?? 0) + h);
  }
  const pct = (x: number) => (busy === 0 ? 0 : (100 * x) / busy);
  const shares = AREAS.map((area) => ({ area, samples: by.get(area) ?? 0, percent: pct(by.get(area) ?? 0), withCalleesPercent: pct(byCaller.get(area) ?? 0) }));
  return { shares, busySamples: busy, idlePercent: idle + busy === 0 ? 0 : (100 * idle) / (idle + busy) };
}

/** The options of `npm run bench:server-profile`. */
export interface ServerProfileOptions { rooms: number; durationSeconds: number; writeDoc: boolean }

/** The usage text of `npm run bench:server-profile` (printed by `--help`, and after an argument error). */
export const SERVER_PROFILE_USAGE = `usage: npm run bench:server-profile -- [options]
Starts the production server under node --cpu-prof, loads it, prints where its CPU goes, and
REWRITES docs/server-profile.md (overwriting it) with the figures, unless --no-doc.
  --rooms N        rooms, each 1 keeper + 4 spectators (1..400, default 40)
  --duration S     measured seconds of load (1..120, default 20)
  --no-doc         print only; leave docs/server-profile.md as it is
  -h, --help       print this usage and exit`;

/**
 * Parses the server profile's `argv` (without node and the script); `"help"` when it holds
 * `--help` or `-h` (anywhere). Pure.
 * @throws Error with a one-line message (no usage text) on an unknown option, a missing value,
 *   `--rooms` outside 1..400 or `--duration` outside 1..120 (whole numbers).
 */
export function parseServerProfileArgs(argv: readonly string[]): ServerProfileOptions | "help" {
  const parsed = parseCli(argv, { rooms: { type: "string" }, duration: { type: "string" }, "no-doc": { type: "boolean" } });
  if (parsed === "help") return "help";
  const v = parsed.values;
  return { rooms: num(v, "rooms", 40, 1, 400), durationSeconds: num(v, "duration", 20, 1, 120), writeDoc: v["no-doc"] !== true };
}

async function main(): Promise<void> {
  const { rooms, durationSeconds, writeDoc } = runCli("bench:server-profile", SERVER_PROFILE_USAGE, () => parseServerProfileArgs(process.argv.slice(2)));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "malignus-server-profile-"));
  const command = `npm run bench:server-profile -- --rooms ${rooms} --duration ${durationSeconds}`;

  console.log(`server under node --cpu-prof on 127.0.0.1:${port} (profile in ${dir})`);
  const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--cpu-prof-interval=250", "--import", "tsx", path.join(REPO, "server/src/main.ts")], {
    cwd: REPO, env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn" }, stdio: ["ignore", "ignore", "pipe"],
  });
  const killHard = () => { if (child.exitCode === null) child.kill("SIGKILL"); };
  process.once("exit", killHard);
  let report: LoadReport;
  const nowUs = () => Number(process.hrtime.bigint() / 1000n);
  let fromUs = 0, toUs = 0;
  try {
    await waitHealthy(port, child, 30_000);
    fromUs = nowUs();
    const o: LoadOptions = {
      ...DEFAULTS, endpoint: `ws://127.0.0.1:${port}`, rooms, keepers: 1, spectators: 4, adventurers: 0,
      durationSeconds, out: path.join(dir, "loadtest.json"), quiet: true,
    };
    console.log(`load: ${rooms} rooms × (1 keeper + 4 spectators), ${durationSeconds} s`);
    report = await runLoad(o);
    toUs = nowUs();
    fromUs += report.rampSeconds * 1e6; // the measured window: after every client joined
  } catch (err) {
    killHard();
    throw err;
  }
  // SIGINT: main.ts shuts down gracefully and exits 0, which is when V8 writes the profile.
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill("SIGINT");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  killHard();

  const file = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).map((f) => path.join(dir, f))[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir} (the server did not exit cleanly)`);
  const whole = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const spanMs = whole.timeDeltas ? whole.timeDeltas.reduce((a, d) => a + d, 0) / 1000 : 0;
  const profile = windowed(whole, fromUs, toUs);
  const top = topFunctions(profile, 25);
  const { shares, busySamples, idlePercent } = areaShares(profile);
  const topRows = top.map((s) => [fmt((100 * s.samples) / busySamples), s.fn, s.where, s.area]);
  const areaRows = shares.map((s) => [s.area, fmt(s.percent), fmt(s.withCalleesPercent), String(s.samples)]);
  const areaHead = ["area", "self %", "with the Node internals it calls %", "samples"];
  const srv = report.server;
  const loadLine = `${report.connections.held}/${report.connections.attempted} clients held, cmd p99 ${fmt(report.commandRoundTripMs.p99)} ms, server CPU ${srv.procCpuPercent === null ? "?" : fmt(srv.procCpuPercent)} % of a core (under the profiler), ${Object.values(report.errors).reduce((a, n) => a + n, 0)} errors`;
  const machine = `${os.cpus().length} CPUs (nproc ${os.availableParallelism()}), ${os.cpus()[0]?.model ?? "?"}, load average (1, 5, 15 min) at the end of the run ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}, Node ${process.version}`;

  console.log(`\n${loadLine}`);
  const windowLine = `profile of ${(spanMs / 1000).toFixed(1)} s (sampling every 250 µs), read over the measured window only (${((toUs - fromUs) / 1e6).toFixed(1)} s, start-up and shutdown left out): ${busySamples} busy samples, idle ${fmt(idlePercent)} % of samples`;
  console.log(windowLine);
  console.log(`\nCPU by area (% of busy samples)\n${table(areaHead, areaRows)}`);
  console.log(`\nTop 25 functions by self time (% of busy samples)\n${table(["self %", "function", "file:line", "area"], topRows)}`);
  rmSync(path.join(dir, "loadtest.json"), { force: true });
  console.log(`\nraw profile: ${file} (open in Chrome DevTools for a flame chart)`);

  if (writeDoc) {
    const md = (head: string[], rows: string[][]) => [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`)].join("\n");
    const doc = `# Server CPU profile under load

<!-- Generated by \`${command}\` (server/bench/server-profile.ts) on ${new Date().toISOString()}. Do not edit by hand: run it again. -->

Issue 10 asks that the server's CPU be at most 1.5× the bare-room floor or explained with a profile; [benchmarks.md](benchmarks.md) measures the ratios against two floors in the same run (an empty-state bare room, and a bare room with 20 entities moving at 10 Hz). This page is the profile: one run of

\`\`\`
${command}
\`\`\`

which starts the production server (\`server/src/main.ts\`, ws transport, LOG_LEVEL=warn) under \`node --cpu-prof\`, drives ${rooms} rooms × (1 keeper bot + 4 spectator bots) for ${durationSeconds} s with the load runner on the same machine, stops the server with SIGINT and reads the profile.

Machine: ${machine}.

Load: ${loadLine}. The profiler itself costs CPU (the process figure also counts threads other than the sampled JavaScript thread: the profiler's sampling, GC helpers), so compare shares, not the absolute figure; without the profiler, docs/benchmarks.md measures the same load.

Profile: ${windowLine}. Shares below are of the busy samples. "Self" charges a native call (a socket's \`writev\`, timers, event emitters) to Node internals; the next column charges it to the nearest caller outside Node instead (a write the ws transport makes counts for the transport).

## CPU by area (self time)

${md(areaHead, areaRows)}

## Top 25 functions by self time

${md(["self %", "function", "file:line", "area"], topRows)}

## Where our CPU goes compared with the bare room

${explain(shares, top, busySamples, srv.stepPhasesUs ?? null, srv.stepPhasesCpuUs ?? null)}
`;
    writeFileSync(path.join(REPO, "docs/server-profile.md"), doc);
    console.log("wrote docs/server-profile.md");
  }
}

/** The explanation paragraph, with the figures of this run filled in. */
function explain(shares: { area: Area; percent: number; withCalleesPercent: number }[], top: Spot[], busySamples: number, phases: Record<string, number> | null, cpuPhases: Record<string, number> | null = null): string {
  const get = (a: Area) => shares.find((s) => s.area === a) ?? { percent: 0, withCalleesPercent: 0 };
  const p = (a: Area) => fmt(get(a).percent);
  const w = (a: Area) => fmt(get(a).withCalleesPercent);
  const writev = top.find((s) => s.fn === "writev");
  const writevPct = writev ? fmt((100 * writev.samples) / busySamples) : "0.0";
  const ours = shares.filter((s) => s.area.startsWith("our ")).reduce((a, s) => a + s.percent, 0);
  return `How the room sends (server/src/rooms/DungeonRoom.ts): one step of the simulation every 100 ms, then the projection into the schema state, then one patch (no patch timer of its own); every keeper and every spectator of a room share one StateView, synced only when what it may see may have changed and encoded once per step; an event is encoded once for all the clients that may see it; each client's socket is corked for the step, so its events and its patch leave in one \`writev\` (server/src/transport.ts \`corkClientsInto\`).

In this run the socket writes (\`writev\`) are ${writevPct} % of the busy samples: most of them are charged to "our other server code" (the uncork at the end of a step), the rest to the ws transport, which takes ${w("ws transport (ws, @colyseus/ws-transport)")} % with the native calls it makes; the simulation ticking every room ${p("our simulation (server/src/sim)")} % (minion decisions, path finding, trap networks: work no bare room has); our rooms projecting the simulation and syncing the views ${p("our rooms, projection, views (server/src/rooms)")} %; @colyseus/schema encoding ${p("@colyseus/schema encoding")} %; @colyseus/core ${w("@colyseus/core")} %, GC ${p("garbage collector")} %. Counted with \`strace -c\` over 10 s of the same load (40 rooms), the server makes as many \`writev\` calls as the moving bare room (about 1,950 a second each: one per client per step, 10 Hz × 200 clients), so at timeScale 1, where a step rarely carries an event, corking saves few calls. Corking on or off made no measurable difference (16.8 to 17.8 % of a core either way over four alternating runs at 40 rooms, measured by hand before the changes of 2026-11-29 below).

## Per phase of a room step

The server times the phases of every room step itself (\`malignus_room_step_phase_seconds_total{phase}\` in \`GET /metrics\`, docs/operations.md), and the load runner reports their mean per step over the measured window. In this run (under the profiler, which slows everything): ${phases ? Object.entries(phases).map(([k, v]) => `${k} ${fmt(v)} µs`).join(", ") : "the server had no phase metric"}. \`simulation\` (the ticks, with their events), \`projection\` (the simulation into the schema state) and \`views\` (controllers and StateViews) are work no bare room has; \`patch\` (encode and queue one patch for the room's clients) and \`send\` (the socket writes, mostly kernel time) the bare room does too. The sampling profiler above sees only part of the server's CPU on this machine, so these wall-time figures and the /proc figures below are the ones to read. The same phases in CPU time of the step thread (\`malignus_room_step_phase_cpu_seconds_total\`, without the time a step waited for a core on a busy machine): ${cpuPhases ? Object.entries(cpuPhases).map(([k, v]) => `${k} ${fmt(v)} µs`).join(", ") : "the server had no CPU phase metric"}.

Measured by hand on 2026-11-29, after most of the changes below, at the target load (400 rooms × 5 clients, 20 s window after 30 s of load, \`/proc/<pid>/stat\` utime and stime, one run each on a shared machine): our server 605 ms/s of user time and 233 of kernel time, the moving bare room (20 entities at 10 Hz) 232 and 185 (2.0× in that pair of runs). The kernel side (socket reads and writes: the same number of \`writev\` calls, one per client per step) is close; the gap is user time, about 93 µs per room step (4,000 room steps a second), and the phase metric puts it in our own work: simulation 32–44 µs, projection 28–32, views 6–8 per room step live (several runs, the machine shared). The same work headless is much cheaper (\`npx tsx server/bench/room-step.ts --rooms 400 --seconds 10 --repeat 1 --thrash-kib 1024\`: simulation 18, projection 13, views 5, commands 3, encode 5 µs per room step): live, 400 rooms and 2,000 sockets run between two steps of a room, so a step finds the memory it touches out of the CPU caches, and its cost follows how many objects it touches more than how much it computes.

What changed on 2026-11-29 (issue 10), each kept only where the room-step bench showed it: the projection keeps typed shadows of what it last wrote (one plain comparison per field instead of two schema accessor calls) and reuses each collection's record list while the simulation's structure key holds (no \`for…in\` over integer-keyed records); the simulation keeps a wiring revision (cable networks, door triggers and the part-by-tile index recomputed only after a part, cable or door was added, removed or moved) and remembers path searches per map; views compare numeric signatures without building strings. Headless, the projection went from 31 to 13 µs per room step and the whole step from 70 to 44 µs (1 MiB cache clearing); live, the CPU ratio against the moving floor (ws) went from 1.93–1.96× to 1.66–2.0× in the runs of that day (the spread is the machine's; docs/benchmarks.md has the run of its regeneration).

So the 1.5× target needs about 50 µs less per room step live, nearly all of it in the simulation and projection: the next lever is change marks from the simulation for every record (units included), so that the projection and the views touch only what changed and idle systems skip ticks where nothing is due. It touches every mutation site of the rules, so it is left for a change of its own with its debug check (as \`setWiringChecks\` and \`setProjectionChecks\` do for the structure keys).

Session 11 (issue 20), the d20 mid-invasion figure: docs/benchmarks.md went from 147.2 µs (5c610d1) to 236.3 µs (b904438) per d20 mid-invasion tick, and malignus from 61.4 to 130.9, while d100 fell from 101.6 to 83.5. Measured side by side on a loaded machine (load average 20 to 30, so by thread CPU time and instruction counts, not the wall clock), the simulation code of the two commits does the same work: from the bench's snapshot (\`midInvasionSim\`, server/bench/scenarios.ts) 300 d20 ticks end in the same state on both (same state hash, same events: 51 turns, 34 attacks, 5 captures); both trees loaded in one process and timed in 80 interleaved windows of 300 ticks, the thread CPU per d20 tick was 110.1 µs median (min 65.4) on 5c610d1 and 104.1 (min 64.8) on b904438, per malignus tick 52.5 and 53.1; under \`valgrind --tool=callgrind\` (an esbuild bundle of each tree, runs of 1 and 5 windows, the difference counted) a window of 300 d20 ticks took 497.0 million instructions on 5c610d1 and 514.1 million on b904438 (+3.4 %, one pair of runs; the JIT tiers up under valgrind at other times). Session 10's d20 changes run per turn, not per unit per tick (the \`refuse\` closure of \`d20TurnRules\`, \`rageTarget\` only for a player's plan), and its knownEnemies/adjacentEnemy shortcut is two WeakMap look-ups. So no commit between them explains a 60 % slower tick: the figure is the \`--quick\` bench's wall-clock mean over a 400 ms budget (a few windows, with their garbage collections and the machine's state at the time), which moved the malignus figure as much with no change to its code; compare such figures with \`cpuMeanMicros\` (thread CPU) of both commits in the same run before reading a change into them. One cost of the room-step profile (\`rearmJobFor\` about 2 % of its samples, \`--rooms 20 --seconds 150\`) that could go without a rule change: the Trapping and hauling minions' job searches (traps/rearm.ts \`rearmJobFor\`, traps/construction.ts \`siteNeedingMetal\`, \`siteReadyForWork\`) each walked the integer-keyed \`state.parts\` record with \`for…in\` for every minion decision; they now walk traps/parts.ts \`partList\`, the same records in the same order cached by wiring revision (malignus mid-invasion window of 300 ticks: 300.3 → 261.3 million instructions, −13 %).`;
}

if (process.argv[1]?.endsWith("server-profile.ts")) {
  main().catch((err) => {
    console.error(`bench:server-profile: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
