/**
 * `npm run bench:doc [-- options]`: regenerates docs/benchmarks.md and docs/benchmarks.json from a
 * fresh run — never typed by hand. Issue 20 part 5: every benchmark runs `--runs` times (default 3),
 * one after the other on this machine, and every published figure is the median of those runs with
 * its spread (min–max), beside the load average at the start of each run. The parts, in each run:
 *
 * 1. `bench`: the simulation benchmarks (`npm run bench -- --json …`): idle, mid-invasion, the
 *    entity-count table up to 2,000 and its fitted exponent, the big battles, 60 game days;
 * 2. `load`: a load on the production server (ws) it starts on a loopback port with a fresh store:
 *    `--rooms` rooms × 1 keeper + 4 spectators for `--duration` seconds;
 * 3. `fight`: a mid-fight bandwidth run at timeScale 1: rooms created with `skipToInvasion`,
 *    spectators' bytes counted while the invasion lasts, by kind of message;
 * 4. `bandwidth`: the same bytes by schema field, headless (server/bench/bandwidth.ts, 5 seeds);
 * 5. `compare`: the transport comparison (`npm run loadtest:compare`): dungeon and bare rooms
 *    over ws and uWS (uWS through in-trixie; skipped with a note when it does not load).
 *
 * Once, after the runs: the profile (`--skip profile` leaves it out), with `--capacity` a capacity
 * search on both transports (compare.ts `capacitySearch`, light spectators), with `--target-run`
 * the issue's server target (400 rooms × 5 clients, 60 s).
 *
 * `--help` prints {@link DOC_USAGE} and exits 0; a bad option prints its error and the usage and
 * exits 2, before anything runs. Raw JSON goes to loadtest/reports/ (git-ignored).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchReport } from "../../server/bench/bench.ts";
import { runProfile, type ProfileResult } from "../../server/bench/profile.ts";
import { measureBandwidth, type BandwidthReport } from "../../server/bench/bandwidth.ts";
import { DEFAULTS, type LoadOptions } from "./args.ts";
import { runLoad } from "./runner.ts";
import { errorCount, type LoadReport } from "./report.ts";
import { num, parseCli, runCli, str } from "../../tools/cli.ts";
import { SERVER_KINDS, capacitySearch, capacityTable, compareTransports, withServer, type CapacitySearch, type CompareReport } from "./compare.ts";
import { DEFAULT_STORE, parseStoreKind, type StoreChoice } from "./server-store.ts";
import {
  FIGURE_PARTS, bandwidthFigures, benchFigures, cell, compareFigures, fightFigures, figureUnit, loadFigures, summarise,
  type BenchmarksFile, type FigurePart, type RunFigures, type Spread,
} from "./figures.ts";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const REPORTS = path.join(REPO, "loadtest/reports");
/** Where the page and its machine-readable medians are written. */
export const DOC_PATH = path.join(REPO, "docs/benchmarks.md");
export const DOC_JSON_PATH = path.join(REPO, "docs/benchmarks.json");
/**
 * The mid-fight bandwidth run: rooms at timeScale 1 (real time) created with `skipToInvasion`,
 * so each opens on its first invasion (the party at the door) and the whole window is an
 * invasion; spectators count their bytes while it lasts.
 */
const FIGHT_ROOMS = 10;
const FIGHT_TIME_SCALE = 1;
const FIGHT_SECONDS = 60;
/** Seeds of the headless bandwidth part, and the game seconds each runs at most. */
export const BANDWIDTH_SEEDS = [1000, 1001, 1002, 1003, 1004] as const;
const BANDWIDTH_SECONDS = 300;
/** Runs of each part by default (issue 20: medians of at least three runs). */
export const DEFAULT_RUNS = 3;
/** Room counts of the capacity search by default (issue 20: up to where the generator saturates, at least 800 rooms). */
export const DEFAULT_CAPACITY_STEPS = [100, 200, 400, 600, 800, 1000];
/**
 * Default port of the first server this tool starts; the others count up from it: the load, the
 * fight, the target run, the six compared servers, the two capacity servers (11 in all).
 */
export const DOC_BASE_PORT = 2640;
/** Ports {@link DOC_BASE_PORT} and up that one doc run uses. */
const DOC_PORTS = 3 + SERVER_KINDS.length + 2;

/** Options of the doc run. */
export interface DocOptions {
  quick: boolean;
  /** Runs of each part (medians and spreads over them). */
  runs: number;
  rooms: number;
  durationSeconds: number;
  compareRooms: number;
  capacity: boolean;
  /** Attempt the issue's server target once: 400 rooms × (1 keeper + 4 spectators) for 60 s. */
  targetRun: boolean;
  steps: number[];
  skip: Set<string>;
  /** The dungeon servers' store (persistence on, issue 20 part 6). */
  store: StoreChoice;
  /** Light spectators in the load, compare and target runs (the capacity search always has them). */
  lightSpectators: boolean;
  /** Write docs/benchmarks.md and docs/benchmarks.json (false with `--no-write`: reports only). */
  write: boolean;
  /** Port of the first server started (see {@link DOC_BASE_PORT}). */
  basePort: number;
}

/** The parts of the run `--skip` may leave out. */
export const DOC_SKIPPABLE = ["bench", "profile", "load", "fight", "bandwidth", "compare"] as const;

/** The usage text of `npm run bench:doc` (printed by `--help`, and after an argument error). */
export const DOC_USAGE = `usage: npm run bench:doc -- [options]
Rewrites docs/benchmarks.md and docs/benchmarks.json (overwriting them) from fresh runs of the benchmarks,
loads on servers it starts on loopback ports (each dungeon server with a fresh store) and the transport
comparison: each part --runs times, every figure the median with its spread. Raw JSON goes to loadtest/reports/.
Takes about half an hour with the defaults.
  --runs N            runs of each part (1..9, default ${DEFAULT_RUNS}); medians and min–max over them
  --quick             short everything (at most 10 rooms, 10 s, bench --quick)
  --rooms N           rooms of the server load (1..1000, default 40)
  --duration S        seconds of each load (5..300, default 30)
  --compare-rooms N   rooms of the transport comparison (1..1000, default 40)
  --capacity          add a capacity search on both transports over --steps (light spectators, clients in 2 worker threads)
  --steps a,b,c       room counts of the capacity search (each 1..1000, default ${DEFAULT_CAPACITY_STEPS.join(",")})
  --target-run        add the issue's target once: 400 rooms x (1 keeper + 4 spectators), 60 s
  --store KIND        the dungeon servers' store: sqlite (default) or postgres
  --pg URL            PostgreSQL server for --store postgres (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --light-spectators  all spectators of a room but one count bytes without decoding (load, compare, target)
  --skip a,b          leave out parts, any of ${DOC_SKIPPABLE.join(",")}
  --no-write          write only the raw reports, not the docs (to try the tool)
  --base-port P       port of the first server it starts; the next 10 count up from it (default ${DOC_BASE_PORT})
  -h, --help          print this usage and exit`;
/**
 * The line after which docs/benchmarks.md holds sections measured by hand (before/after
 * comparisons of a change, with their own commands and dates): `bench:doc` keeps them as they are.
 */
export const KEPT_MARKER = "<!-- kept by bench:doc: the sections below are hand-run comparisons, each with its command and date -->";

/** The kept tail of the page at `docPath` (from {@link KEPT_MARKER}, with a blank line before), or "" when there is none. */
export function keptSection(docPath: string): string {
  let text: string;
  try { text = readFileSync(docPath, "utf8"); } catch { return ""; }
  const at = text.indexOf(KEPT_MARKER);
  return at < 0 ? "" : `\n${text.slice(at)}`;
}

/**
 * Parses the doc run's options; `"help"` when `argv` holds `--help` or `-h` (anywhere). Pure.
 * @throws Error with a one-line message (no usage text) on an unknown option, a missing value,
 *   a bad number or an unknown `--skip` part.
 */
export function parseDocArgs(argv: readonly string[]): DocOptions | "help" {
  const t = { type: "string" } as const, b = { type: "boolean" } as const;
  const parsed = parseCli(argv, {
    quick: b, runs: t, rooms: t, duration: t, "compare-rooms": t, capacity: b, "target-run": b, steps: t, skip: t,
    store: t, pg: t, "light-spectators": b, "no-write": b, "base-port": t,
  });
  if (parsed === "help") return "help";
  const v = parsed.values;
  const o: DocOptions = {
    quick: v.quick === true, runs: num(v, "runs", DEFAULT_RUNS, 1, 9), rooms: num(v, "rooms", 40, 1, 1000), durationSeconds: num(v, "duration", 30, 5, 300),
    compareRooms: num(v, "compare-rooms", 40, 1, 1000), capacity: v.capacity === true, targetRun: v["target-run"] === true,
    steps: [...DEFAULT_CAPACITY_STEPS], skip: new Set(),
    store: { kind: parseStoreKind(str(v, "store", DEFAULT_STORE.kind)), pgUrl: str(v, "pg", DEFAULT_STORE.pgUrl) },
    lightSpectators: v["light-spectators"] === true, write: v["no-write"] !== true,
    basePort: num(v, "base-port", DOC_BASE_PORT, 1024, 65535 - DOC_PORTS),
  };
  if (typeof v.steps === "string") o.steps = v.steps.split(",").map((x) => num({ steps: x }, "steps", 0, 1, 1000));
  if (typeof v.skip === "string") {
    o.skip = new Set(v.skip.split(","));
    for (const k of o.skip) if (!(DOC_SKIPPABLE as readonly string[]).includes(k)) throw new Error(`--skip: unknown part "${k}" (any of ${DOC_SKIPPABLE.join(",")})`);
  }
  if (o.quick) { o.durationSeconds = Math.min(o.durationSeconds, 10); o.rooms = Math.min(o.rooms, 10); o.compareRooms = Math.min(o.compareRooms, 10); }
  return o;
}

const f1 = (n: number | null | undefined) => (n === null || n === undefined ? "n/a" : n.toFixed(1));
const f2 = (n: number | null | undefined) => (n === null || n === undefined ? "n/a" : n.toFixed(2));
const loads = (l: readonly number[][] | undefined) => (l && l.length > 0 ? l.map((x) => (x[0] ?? 0).toFixed(2)).join(", ") : "n/a");

function runBench(quick: boolean, run: number): BenchReport {
  const out = path.join(REPORTS, `bench-${run}.json`);
  const args = ["--import", "tsx", path.join(REPO, "server/bench/bench.ts"), "--json", out, ...(quick ? ["--quick", "--days", "10"] : [])];
  const r = spawnSync(process.execPath, args, { cwd: REPO, stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error(`the bench exited with ${r.status}`);
  return JSON.parse(readFileSync(out, "utf8")) as BenchReport;
}

/** A load on the production server (ws) started on `port` with a fresh store of `store`'s kind. */
async function runServerLoad(port: number, store: StoreChoice, rooms: number, durationSeconds: number, extra: Partial<LoadOptions> = {}): Promise<LoadReport> {
  return withServer("dungeon-ws", port, store, (line) => console.log(`bench:doc: ${line}`), (endpoint) =>
    runLoad({ ...DEFAULTS, endpoint, rooms, durationSeconds, quiet: true, ...extra }));
}

/** Everything one `bench:doc` measured: each part's reports in run order, the load average at each run's start, and the figures' spreads. */
export interface DocRuns {
  runs: number;
  /** The store kind of the dungeon servers (`sqlite`, `postgres`). */
  store: string;
  bench: BenchReport[];
  load: LoadReport[];
  fight: LoadReport[];
  /** Each run: the reports of {@link BANDWIDTH_SEEDS}. */
  bandwidth: BandwidthReport[][];
  compare: CompareReport[];
  loadAverages: Partial<Record<FigurePart, number[][]>>;
  /** Every figure's spread over the runs (figures.ts `summarise`). */
  figures: Record<string, Spread>;
}

/** Spreads of every figure of `runs` (pure): each run's figures of every part, summarised by name. */
export function docFigures(runs: Pick<DocRuns, "bench" | "load" | "fight" | "bandwidth" | "compare">): Record<string, Spread> {
  const n = Math.max(runs.bench.length, runs.load.length, runs.fight.length, runs.bandwidth.length, runs.compare.length);
  const per: RunFigures[] = [];
  for (let i = 0; i < n; i++) {
    const b = runs.bench[i], l = runs.load[i], fl = runs.fight[i], bw = runs.bandwidth[i], c = runs.compare[i];
    per.push({
      ...(b ? benchFigures(b) : {}), ...(l ? loadFigures("load", l) : {}), ...(fl ? fightFigures(fl) : {}),
      ...(bw ? bandwidthFigures(bw) : {}), ...(c ? compareFigures(c) : {}),
    });
  }
  return summarise(per);
}

/** docs/benchmarks.json from a doc run (pure). */
export function benchmarksFile(input: { generatedAt: string; command: string; machine: BenchmarksFile["machine"]; runs: DocRuns; settings: Record<string, unknown> }): BenchmarksFile {
  const figures: BenchmarksFile["figures"] = {};
  for (const [k, v] of Object.entries(input.runs.figures)) figures[k] = { ...figureUnit(k), ...v };
  return {
    tool: "malignus-bench-doc", version: 1, generatedAt: input.generatedAt, command: input.command, machine: input.machine,
    runs: input.runs.runs, loadAverages: input.runs.loadAverages, settings: input.settings, figures,
  };
}

/** The markdown of docs/benchmarks.md from the results of a doc run (pure). */
export function renderDoc(input: {
  generatedAt: string; command: string; machine: { cpu: string; cores: number; memoryGiB: number; node: string; platform: string; loadBefore: number[]; loadAfter: number[] };
  runs: DocRuns;
  capacity?: CapacitySearch[] | null;
  target?: LoadReport | null;
  profile?: ProfileResult | null;
}): string {
  const { machine: m, runs: R } = input;
  const F = R.figures;
  const fig = (name: string, digits = 1) => cell(F[name], digits);
  const la = (part: FigurePart) => `Load average (1 min) at the start of each run: ${loads(R.loadAverages[part])}.`;
  const b0 = R.bench[0] ?? null;
  const tr = input.target ?? null;
  const out: string[] = [];
  out.push("# Benchmarks", "");
  out.push(`<!-- Generated by \`${input.command}\` (loadtest/src/benchdoc.ts) on ${input.generatedAt}. Do not edit by hand: run it again. The medians are in docs/benchmarks.json. -->`, "");
  out.push(`Every figure is the **median of ${R.runs} run${R.runs === 1 ? "" : "s"}** on the machine below, with the range (min–max) in parentheses; ` +
    "each section gives the load average at the start of each of its runs. Speeds are measured by tools and reported here, never asserted by tests. " +
    "The machine is shared (2 cores): when the load average is above 2, other work ran beside the benchmark and absolute CPU and latency figures are inflated; " +
    "compare the ratios measured in the same run. `npm run bench:check` reruns a short set and prints each figure's ratio to the medians in docs/benchmarks.json.", "");
  out.push("## How to reproduce", "", "```sh",
    "npm run bench                      # simulation benchmarks (add -- --quick for a short run)",
    "npm run bench:profile              # the same under node --cpu-prof, hot spots by self time",
    "npm start &                        # then, against it:",
    "npm run loadtest -- --endpoint ws://127.0.0.1:2567 --rooms 40 --keepers 1 --spectators 4 --duration 30",
    "npm run loadtest -- --rooms 10 --skip-to-invasion --duration 60   # mid-fight bandwidth at timeScale 1",
    "npx tsx server/bench/bandwidth.ts --seed 1000   # a spectator's patch bytes by schema field, headless",
    "npm run loadtest:compare -- --rooms 400 --duration 60  # the target load; starts its own servers, each with a fresh SQLite store (--store postgres for PostgreSQL)",
    "npm run loadtest:compare -- --capacity 100,200,400,600,800,1000 --light-spectators --workers 2 --duration 20   # capacity on ws and uWS (clients in 2 worker threads)",
    "npm run bench:check               # a short fresh run against docs/benchmarks.json: ratios, fails nothing",
    `${input.command}                 # regenerates this page and docs/benchmarks.json`, "```", "");
  out.push("## Machine", "", "| | |", "| --- | --- |",
    `| CPU | ${m.cpu} |`, `| cores | ${m.cores} |`, `| memory | ${m.memoryGiB} GiB |`, `| Node | ${m.node} |`, `| OS | ${m.platform} |`,
    `| load average (1, 5, 15 min) before / after the whole run | ${m.loadBefore.map((x) => x.toFixed(2)).join(", ")} / ${m.loadAfter.map((x) => x.toFixed(2)).join(", ")} |`, "");

  if (b0) {
    out.push("## Simulation (headless)", "");
    out.push(`Run: \`npm run bench${b0.quick ? " -- --quick" : ""}\`. Each timing restores the same snapshot and times single \`step()\` calls. ${la("bench")}`, "");
    out.push("### Idle dungeon (default map, day 1, no invasion)", "", "| ruleset | ticks/s | mean µs |", "| --- | --: | --: |");
    for (const r of b0.idle) out.push(`| ${r.ruleset} | ${fig(`bench.idle.${r.ruleset}.ticksPerSecond`, 0)} | ${fig(`bench.idle.${r.ruleset}.meanMicros`)} |`);
    out.push("");
    const r0 = b0.invasion[0];
    out.push(`### Mid-invasion (default map: ${r0?.adventurers ?? "?"} adventurers, ${r0?.minions ?? "?"} minions, ${r0?.traps ?? "?"} wired traps)`, "",
      "| ruleset | mean µs | p99 µs |", "| --- | --: | --: |");
    for (const r of b0.invasion) out.push(`| ${r.ruleset} | ${fig(`bench.invasion.${r.ruleset}.meanMicros`)} | ${fig(`bench.invasion.${r.ruleset}.p99Micros`)} |`);
    out.push("", "Each ruleset runs the combat module `rulesetFor` returns for it.", "");
    if (b0.scaling.length > 0) {
      out.push("### Tick cost by entity count", "", "Arena map sized to fit; 1/7 adventurers (one party walking to the Master), 2/7 minions, 4/7 trap parts (wired pairs), malignus.", "",
        "| entities | adventurers | minions | traps | mean µs | p99 µs | mean µs per entity |", "| --: | --: | --: | --: | --: | --: | --: |");
      for (const r of b0.scaling) {
        const s = F[`bench.scaling.${r.requested}.meanMicros`];
        out.push(`| ${r.entities} | ${r.adventurers} | ${r.minions} | ${r.traps} | ${fig(`bench.scaling.${r.requested}.meanMicros`)} | ${fig(`bench.scaling.${r.requested}.p99Micros`)} | ${s ? f2(s.median / r.entities) : "n/a"} |`);
      }
      out.push("", `Fitted exponent (least squares of ln mean µs on ln entities, 50..2,000 entities): **${fig("bench.scaling.fittedExponent", 2)}** (issue 20: at most 1.2).`, "");
    }
    if ((b0.battles ?? []).length > 0) {
      out.push("### Big battles (issue 20)", "", "Arena, peasants against minions, no traps; windows of 300 ticks from the same snapshot.", "",
        "| ruleset | adventurers | minions | ticks/s | mean µs |", "| --- | --: | --: | --: | --: |");
      for (const r of b0.battles) out.push(`| ${r.ruleset} | ${r.adventurers} | ${r.minions} | ${fig(`bench.battles.${r.ruleset}.ticksPerSecond`, 0)} | ${fig(`bench.battles.${r.ruleset}.meanMicros`)} |`);
      out.push("");
    }
    if (b0.days) {
      const stopped = R.bench.filter((b) => b.days?.stoppedByWallLimit).length;
      out.push(`### ${b0.days.days} game days of a defended dungeon`, "",
        "Default map with wired traps, invasions as scheduled, no pause on spotting; the wall time scaled to 60 game days." +
        (stopped > 0 ? ` **${stopped} run(s) stopped by the wall-time limit** (left out of the figures).` : ""), "",
        "| wall s for 60 game days | ticks/s | invasions (first run) |", "| --: | --: | --: |",
        `| ${fig("bench.days.sixtyDaysWallSeconds", 2)} | ${fig("bench.days.ticksPerSecond", 0)} | ${b0.days.invasions} |`, "");
    }
  }
  if (input.profile) {
    const p = input.profile;
    out.push("### Where the time goes (profile, one run)", "", `\`npm run bench:profile -- ${p.args.join(" ")}\` (node --cpu-prof). Simulation functions by inclusive time (their own samples and their callees'), then the top functions by self time.`, "",
      "| inclusive % | function | file |", "| --: | --- | --- |");
    for (const h of p.inclusive.slice(0, 15)) out.push(`| ${h.selfPercent.toFixed(1)} | ${h.fn} | ${h.where} |`);
    out.push("", "| self % | function | file |", "| --: | --- | --- |");
    for (const h of p.self.slice(0, 12)) out.push(`| ${h.selfPercent.toFixed(1)} | ${h.fn} | ${h.where || "(V8)"} |`);
    out.push("");
  }

  const l0 = R.load[0];
  if (l0) {
    const o = l0.options;
    const phases = Object.keys(l0.server.stepPhasesUs ?? {});
    out.push("## Server under load (production server, ws transport, loopback)", "");
    out.push(`${o.rooms} rooms × (${o.keepers} keeper bot + ${o.spectators} spectator bots${o.lightSpectators ? ", all but one counting bytes only" : ""}), ${l0.measuredSeconds.toFixed(0)} s measured after the ramp; ` +
      `keeper bots send a random valid command every ~${o.commandIntervalMs} ms; dungeons run at ${o.timeScale} game minutes per real second; ` +
      `the server keeps its dungeons in a fresh ${storeOf(R.load, R.store)} store. The load generator runs on the same machine. ${la("load")}`, "");
    out.push("| figure | median (min–max) |", "| --- | --- |",
      `| connections held / attempted, each run | ${R.load.map((x) => `${x.connections.held}/${x.connections.attempted}`).join(", ")} |`,
      `| errors, each run | ${R.load.map((x) => errorCount(x) + x.connections.failed).join(", ")} |`,
      `| dungeons stored after the load, each run (persistence) | ${R.load.map((x) => x.storedDungeons ?? "n/a").join(", ")} |`,
      `| command round trip p50 | ${fig("load.cmdP50Ms")} ms |`,
      `| command round trip p99 | ${fig("load.cmdP99Ms")} ms |`,
      `| per client | ${fig("load.clientBytesPerSecond", 0)} B/s |`,
      `| server CPU (its /metrics) | ${fig("load.serverCpuPercent")} % of a core |`,
      `| memory per room ((RSS at the end − RSS before the ramp) ÷ rooms) | ${fig("load.memoryKiBPerRoom", 0)} KiB |`,
      ...phases.map((k) => `| room step phase \`${k}\`, mean µs per step | ${fig(`load.stepPhase.${k}Micros`)} |`),
      `| our own work per room step (simulation + projection + views) | ${fig("load.stepOwnWorkMicros")} µs |`,
      ...(F["load.stepOwnWorkCpuMicros"] ? [`| our own work per room step, CPU of the step thread (without waiting for a core) | ${fig("load.stepOwnWorkCpuMicros")} µs |`] : []),
      `| load generator CPU | ${fig("load.generatorCpuPercent")} % of a core |`, "");
  }

  if (tr) {
    out.push("## The 2,000-client target, attempted once", "");
    out.push(`${tr.options.rooms} rooms × (${tr.options.keepers} keeper + ${tr.options.spectators} spectators) = ${tr.connections.attempted} clients on one server process, ` +
      `load generator on the same machine, ${tr.measuredSeconds.toFixed(0)} s measured at ${tr.options.timeScale} game min/s; store: ${storeOf([tr], R.store)}.`, "");
    out.push("| figure | value |", "| --- | --- |",
      `| connections attempted / held / failed / dropped | ${tr.connections.attempted} / ${tr.connections.held} / ${tr.connections.failed} / ${tr.connections.dropped} |`,
      `| command round trip p50 / p95 / p99 (${tr.commandRoundTripMs.count} commands) | ${f1(tr.commandRoundTripMs.p50)} / ${f1(tr.commandRoundTripMs.p95)} / ${f1(tr.commandRoundTripMs.p99)} ms |`,
      `| errors | ${errorCount(tr) === 0 ? "none" : Object.entries(tr.errors).map(([k, n]) => `${k}: ${n}`).join(", ")} |`,
      `| server CPU (${tr.server.source}) / RSS | ${f1(tr.server.cpuPercent)} % of a core / ${f1(tr.server.rssMiB)} MiB |`,
      `| room step phases, mean µs per step | ${tr.server.stepPhasesUs ? Object.entries(tr.server.stepPhasesUs).map(([k, v]) => `${k} ${f1(v)}`).join(", ") : "n/a"} |`,
      `| load generator CPU / event-loop lag p99 | ${f1(tr.generator.cpuPercent)} % of a core / ${f1(tr.generator.eventLoopLagMs.p99)} ms |`, "");
  }

  const fl = R.fight[0];
  if (fl) {
    out.push("## Spectator bandwidth mid-fight", "");
    out.push(`${fl.options.rooms} rooms × (1 keeper + ${fl.options.spectators} spectators) at ${fl.options.timeScale} game minutes per real second for ${fl.measuredSeconds.toFixed(0)} s, ` +
      "created with `skipToInvasion` (each room opens on its first invasion, the party at its door), " +
      "bytes counted while the spectator's state shows a party in the dungeon (until `invasionEnded`); \"while fighting\" counts only the moments some unit it sees has a target. " +
      `Keeper bots build meanwhile (their parts and events add to the bytes). ${la("fight")}`, "");
    out.push("| figure | median (min–max) |", "| --- | --- |",
      `| invasions seen (summed over spectators), each run | ${R.fight.map((x) => x.traffic.spectatorDuringInvasion.invasions).join(", ")} |`,
      `| spectator bytes per second during invasions | ${fig("fight.spectatorInvasionBytesPerSecond", 0)} B/s |`,
      `| spectator bytes per second while fighting | ${fig("fight.spectatorCombatBytesPerSecond", 0)} B/s |`,
      `| command round trip p99 | ${fig("fight.cmdP99Ms")} ms |`, "");
    const kinds = Object.entries(fl.traffic.spectatorDuringInvasion.byKind ?? {}).sort((a, b) => b[1].bytesPerSecond - a[1].bytesPerSecond);
    if (kinds.length > 0) {
      out.push("What the bytes are in the first run, per spectator during invasions (the probe names each frame: state `patch`, `full` state, or the event it carried):", "",
        "| message | bytes/s per spectator | share | frames |", "| --- | --: | --: | --: |");
      const total = kinds.reduce((a, [, v]) => a + v.bytesPerSecond, 0);
      for (const [k, v] of kinds.slice(0, 12)) out.push(`| ${k} | ${f1(v.bytesPerSecond)} | ${total > 0 ? `${((100 * v.bytesPerSecond) / total).toFixed(1)} %` : "n/a"} | ${v.frames} |`);
      out.push("");
    }
  }

  const bw = R.bandwidth[0];
  if (bw && bw.length > 0) {
    const secs = bw.reduce((a, r) => a + r.seconds, 0);
    const merge = (pick: (r: BandwidthReport) => { what: string; changes: number; bytesPerSecond: number }[]) => {
      const mm = new Map<string, { changes: number; bytes: number }>();
      for (const r of bw) for (const l of pick(r)) { const a = mm.get(l.what) ?? { changes: 0, bytes: 0 }; a.changes += l.changes; a.bytes += l.bytesPerSecond * r.seconds; mm.set(l.what, a); }
      return [...mm].map(([what, v]) => ({ what, changes: v.changes, bps: v.bytes / secs })).sort((a, b) => b.bps - a.bps);
    };
    out.push("### The same bytes by schema field (headless)", "",
      `server/bench/bandwidth.ts for each of ${bw.length} seeds (${bw.map((r) => r.seed).join(", ")}): dungeons run headless to their first invasion, then stepped at timeScale 1 through the room's projection and a keeper-side StateView until the invasion ended (${secs.toFixed(0)} s in all), ` +
      "each step's patch encoded as Colyseus encodes it and its bytes shared out between the fields that changed; events as the room sends them. No keeper builds here. " +
      "Deterministic: every run gives the same bytes.", "",
      `Patches ${fig("bandwidth.patchBytesPerSecond")} B/s, events ${fig("bandwidth.eventBytesPerSecond")} B/s, **${fig("bandwidth.totalBytesPerSecond")} B/s in all** (issue 20: at most 0.3 KB/s = 307 B/s).`, "",
      "| patch bytes of | B/s | changes |", "| --- | --: | --: |");
    for (const l of merge((r) => r.fields).slice(0, 12)) out.push(`| \`${l.what}\` | ${f1(l.bps)} | ${l.changes} |`);
    out.push("", "| event | B/s | count |", "| --- | --: | --: |");
    for (const l of merge((r) => r.events).slice(0, 10)) out.push(`| ${l.what} | ${f1(l.bps)} | ${l.changes} |`);
    out.push("");
  }

  const c0 = R.compare[0];
  if (c0) {
    out.push("## Transports and the bare-room floor", "");
    out.push(`Same load on each server in turn: ${c0.load.rooms} rooms × (${c0.load.keepers} keeper + ${c0.load.spectators} spectators${c0.load.lightSpectators ? ", all but one counting bytes only" : ""}), ${c0.load.durationSeconds} s. ` +
      "`bare` is loadtest/src/bare-server.ts: a Colyseus room with an empty state that echoes one message (the keeper bot's command there); " +
      "`bare20` is the same room with 20 entities moving one tile every step at 10 Hz, one patch per step (the floor the issue quotes). " +
      `Server CPU from /proc for all (the same measure for every server). Dungeon servers keep their dungeons in a fresh ${c0.store ?? "sqlite"} store each. uWS runs in Debian 13 through \`../shared/tools/in-trixie\`. ${la("compare")}`, "");
    out.push("| server | server CPU % of a core | cmd p99 ms | KiB per room | KB/s per client | generator CPU % | held / errors, each run | dungeons stored, each run |",
      "| --- | --: | --: | --: | --: | --: | --- | --- |");
    for (const kind of SERVER_KINDS) {
      const rows = R.compare.map((c) => c.rows.find((r) => r.kind === kind)).filter((r) => r !== undefined);
      if (rows.length === 0) continue;
      if (rows.every((r) => r.report === null)) { out.push(`| ${kind} | skipped: ${(rows[0]?.skipped ?? "").replace(/\|/g, "/").slice(0, 160)} | | | | | | |`); continue; }
      const p = `compare.${kind}`;
      const bytes = F[`${p}.clientBytesPerSecond`];
      out.push(`| ${kind} | ${fig(`${p}.cpuPercent`)} | ${fig(`${p}.cmdP99Ms`)} | ${fig(`${p}.memoryKiBPerRoom`, 0)} | ${bytes ? cell({ ...bytes, median: bytes.median / 1024, min: bytes.min / 1024, max: bytes.max / 1024 }, 2) : "n/a"} | ` +
        `${fig(`${p}.generatorCpuPercent`, 0)} | ${rows.map((r) => (r.report ? `${r.report.connections.held}/${r.report.connections.attempted} ${errorCount(r.report) + r.report.connections.failed}` : "skipped")).join(", ")} | ` +
        `${kind.startsWith("dungeon") ? rows.map((r) => r.store?.dungeonsStored ?? "n/a").join(", ") : "no store"} |`);
    }
    out.push("", "| ratio | ws | uWS |", "| --- | --: | --: |",
      `| our CPU ÷ the empty bare room's | ${fig("compare.ws.cpuOverBareRatio", 2)} | ${fig("compare.uws.cpuOverBareRatio", 2)} |`,
      `| our CPU ÷ the 20-entity bare room's (issue 20: at most 1.2) | ${fig("compare.ws.cpuOverBare20Ratio", 2)} | ${fig("compare.uws.cpuOverBare20Ratio", 2)} |`,
      `| our memory per room ÷ the 20-entity bare room's (issue 20: at most 1.5) | ${fig("compare.ws.memoryOverBare20Ratio", 2)} | ${fig("compare.uws.memoryOverBare20Ratio", 2)} |`, "");
  }

  const cap = input.capacity ?? null;
  if (cap && cap.length > 0) {
    out.push("## Capacity search (one run)", "", "Steps of rooms × (1 keeper + 4 spectators, all but one spectator counting bytes only) on one server per transport, each with a fresh store; " +
      `a step fails on command p99 > ${cap[0]?.p99LimitMs ?? 100} ms, an error or a dropped client; the search stops there or where the load generator's own CPU reaches 90% of a core (its figures are then its own queueing).`, "");
    out.push(capacityTable(cap), "");
  }

  out.push("## Targets (issues 10 and 20), on the medians", "", "| target | measured | |", "| --- | --- | --- |");
  const target = (what: string, name: string, limit: number, digits: number, unit = "") => {
    const s = F[name];
    out.push(`| ${what} | ${s ? `${cell(s, digits)}${unit}` : "not measured"} | ${s ? (s.median <= limit ? "met" : "missed") : "n/a"} |`);
  };
  if (b0) {
    const idle = b0.idle.map((r) => F[`bench.idle.${r.ruleset}.ticksPerSecond`]?.median).filter((x): x is number => x !== undefined);
    if (idle.length > 0) out.push(`| idle dungeon ≥ 50,000 ticks/s (slowest ruleset) | ${Math.round(Math.min(...idle)).toLocaleString("en-US")} ticks/s | ${Math.min(...idle) >= 50_000 ? "met" : "missed"} |`);
    for (const r of b0.invasion) target(`tick mid-invasion ≤ 200 µs mean (${r.ruleset})`, `bench.invasion.${r.ruleset}.meanMicros`, 200, 1, " µs");
    target("scaling exponent over 50..2,000 entities ≤ 1.2", "bench.scaling.fittedExponent", 1.2, 2);
    target("tick at 1,000 entities ≤ 2,000 µs mean", "bench.scaling.1000.meanMicros", 2000, 1, " µs");
    target("60 game days ≤ 30 s", "bench.days.sixtyDaysWallSeconds", 30, 2, " s");
  }
  // Issue 20 part 2: the budget is CPU work; a report with the step thread's CPU time is held to it.
  if (l0) target(`our own work per room step ≤ 35 µs (at ${l0.options.rooms} rooms; the target is at 400)${F["load.stepOwnWorkCpuMicros"] ? ", CPU of the step thread" : ""}`, F["load.stepOwnWorkCpuMicros"] ? "load.stepOwnWorkCpuMicros" : "load.stepOwnWorkMicros", 35, 1, " µs");
  if (R.bandwidth.length > 0) target("spectator mid-fight ≤ 0.3 KB/s (headless, no keeper building)", "bandwidth.totalBytesPerSecond", 307.2, 1, " B/s");
  if (fl) target("spectator mid-fight ≤ 0.3 KB/s (live, keeper bots building)", "fight.spectatorInvasionBytesPerSecond", 307.2, 0, " B/s");
  if (c0) {
    for (const t of ["ws", "uws"] as const) {
      target(`server CPU ≤ 1.2× the 20-entity bare room (${t}, ${c0.load.rooms} rooms)`, `compare.${t}.cpuOverBare20Ratio`, 1.2, 2, "×");
      target(`memory per room ≤ 1.5× the 20-entity bare room's (${t})`, `compare.${t}.memoryOverBare20Ratio`, 1.5, 2, "×");
      const p99s = R.compare.map((c) => c.rows.find((r) => r.kind === `dungeon-${t}`)?.report?.commandRoundTripMs.p99).filter((x): x is number => x !== undefined);
      if (p99s.length > 0) {
        const held = p99s.filter((x) => x <= 100).length;
        out.push(`| command p99 ≤ 100 ms in every run (${t}, ${c0.load.rooms} rooms) | ${held} of ${p99s.length} runs (${p99s.map((x) => x.toFixed(1)).join(", ")} ms) | ${held === p99s.length ? "met" : "missed"} |`);
      }
    }
  }
  if (tr) {
    const okRun = errorCount(tr) === 0 && tr.connections.failed === 0 && tr.commandRoundTripMs.p99 <= 100;
    out.push(`| 400 rooms × (1 keeper + 4 spectators), 60 s, p99 ≤ 100 ms, no errors | ${tr.connections.held}/${tr.connections.attempted} held, p99 ${f1(tr.commandRoundTripMs.p99)} ms, ${errorCount(tr) + tr.connections.failed} errors | ${okRun ? "met" : "missed"} |`);
  }
  out.push("");
  return out.join("\n");
}

/** The store's kind, or a note when no report saw a store answer `GET /dungeons`. */
function storeOf(reports: readonly LoadReport[], kind: string): string {
  return reports.every((r) => r.storedDungeons == null) ? `${kind} (but no store answered GET /dungeons)` : kind;
}

async function main(): Promise<void> {
  const o = runCli("bench:doc", DOC_USAGE, () => parseDocArgs(process.argv.slice(2)));
  mkdirSync(REPORTS, { recursive: true });
  const cpus = os.cpus();
  const loadBefore = os.loadavg();
  const R: DocRuns = { runs: o.runs, store: o.store.kind, bench: [], load: [], fight: [], bandwidth: [], compare: [], loadAverages: {}, figures: {} };
  const started = (part: FigurePart) => { (R.loadAverages[part] ??= []).push(os.loadavg()); };
  const save = (name: string, data: unknown) => writeFileSync(path.join(REPORTS, name), JSON.stringify(data, null, 2) + "\n");
  for (let run = 1; run <= o.runs; run++) {
    const tag = `run ${run}/${o.runs}`;
    if (!o.skip.has("bench")) {
      console.log(`bench:doc: ${tag}: simulation benchmarks…`);
      started("bench"); R.bench.push(runBench(o.quick, run));
    }
    if (!o.skip.has("load")) {
      console.log(`bench:doc: ${tag}: load on the production server, ${o.rooms} rooms for ${o.durationSeconds} s…`);
      started("load");
      const l = await runServerLoad(o.basePort, o.store, o.rooms, o.durationSeconds, { lightSpectators: o.lightSpectators });
      R.load.push(l); save(`load-${run}.json`, l);
    }
    if (!o.skip.has("fight")) {
      console.log(`bench:doc: ${tag}: mid-fight bandwidth, ${FIGHT_ROOMS} rooms at ${FIGHT_TIME_SCALE} game minutes per second…`);
      started("fight");
      const fl = await runServerLoad(o.basePort + 1, o.store, FIGHT_ROOMS, o.quick ? 30 : FIGHT_SECONDS, { timeScale: FIGHT_TIME_SCALE, skipToInvasion: true });
      R.fight.push(fl); save(`fight-${run}.json`, fl);
    }
    if (!o.skip.has("bandwidth")) {
      console.log(`bench:doc: ${tag}: patch bytes by field, headless (server/bench/bandwidth.ts)…`);
      started("bandwidth");
      R.bandwidth.push(BANDWIDTH_SEEDS.map((seed) => measureBandwidth(seed, BANDWIDTH_SECONDS)));
    }
    if (!o.skip.has("compare")) {
      console.log(`bench:doc: ${tag}: transport comparison, ${o.compareRooms} rooms…`);
      started("compare");
      const c = await compareTransports({ rooms: o.compareRooms, durationSeconds: o.durationSeconds, store: o.store, lightSpectators: o.lightSpectators },
        SERVER_KINDS, (line) => console.log(`bench:doc: ${line}`), o.basePort + 3);
      R.compare.push(c); save(`compare-${run}.json`, c);
    }
  }
  R.figures = docFigures(R);
  let profile: ProfileResult | null = null;
  if (!o.skip.has("profile")) {
    console.log("bench:doc: profiling the bench (node --cpu-prof)…");
    profile = runProfile(undefined, true);
  }
  let target: LoadReport | null = null;
  if (o.targetRun) {
    console.log("bench:doc: the 2,000-client target, 400 rooms for 60 s…");
    target = await runServerLoad(o.basePort + 2, o.store, 400, 60, { lightSpectators: o.lightSpectators });
    save("target-2000.json", target);
  }
  let capacity: CapacitySearch[] | null = null;
  if (o.capacity) {
    console.log(`bench:doc: capacity search on ws and uWS, steps ${o.steps.join(",")}…`);
    capacity = await capacitySearch({ steps: o.steps, p99LimitMs: 100, durationSeconds: Math.min(o.durationSeconds, 20), store: o.store, lightSpectators: true, workers: 2 },
      ["dungeon-ws", "dungeon-uws"], (line) => console.log(`bench:doc: ${line}`), o.basePort + 3 + SERVER_KINDS.length);
    save("capacity.json", capacity);
  }
  const generatedAt = new Date().toISOString();
  const command = `npm run bench:doc${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const machine = {
    cpu: cpus[0]?.model.trim() ?? "unknown", cores: os.availableParallelism(), memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version, platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
  const md = renderDoc({ generatedAt, command, machine: { ...machine, loadBefore, loadAfter: os.loadavg() }, runs: R, capacity, target, profile });
  const settings = {
    quick: o.quick, rooms: o.rooms, durationSeconds: o.durationSeconds, compareRooms: o.compareRooms, store: o.store.kind, lightSpectators: o.lightSpectators,
    fight: { rooms: FIGHT_ROOMS, seconds: o.quick ? 30 : FIGHT_SECONDS }, bandwidthSeeds: [...BANDWIDTH_SEEDS], parts: FIGURE_PARTS.filter((p) => !o.skip.has(p)),
  };
  const file = benchmarksFile({ generatedAt, command, machine, runs: R, settings });
  if (!o.write) {
    writeFileSync(path.join(REPORTS, "benchmarks.md"), md); save("benchmarks.json", file);
    console.log(`bench:doc: --no-write: the page and the medians are in ${path.relative(REPO, REPORTS)}/benchmarks.{md,json}`);
  } else {
    writeFileSync(DOC_PATH, md + keptSection(DOC_PATH));
    writeFileSync(DOC_JSON_PATH, JSON.stringify(file, null, 2) + "\n");
    console.log("bench:doc: docs/benchmarks.md and docs/benchmarks.json written");
  }
  process.exit(0);
}

if (process.argv[1]?.endsWith("benchdoc.ts")) {
  main().catch((err: unknown) => { console.error(`bench:doc: ${err instanceof Error ? err.stack ?? err.message : String(err)}`); process.exit(1); });
}
