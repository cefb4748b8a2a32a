/**
 * Simulation benchmarks (`npm run bench`): the simulation stepped headless, no room, no network.
 *
 * - idle: a fresh default-map dungeon before its first invasion, per ruleset (ticks/s);
 * - mid-invasion: 5 adventurers, 10 minions, 20 wired traps on the default map, per ruleset (µs per tick);
 * - scaling: the cost of a tick from 10 to 2,000 entities on an arena map sized to fit them, and
 *   the fitted exponent (issue 20);
 * - battles: issue 20's big battle per ruleset (scenarios.ts `BIG_BATTLES`), ticks/s;
 * - days: 60 game days of a defended dungeon fast-forwarded (wall time, invasions seen).
 *
 * Options: `--quick` (shorter measuring windows), `--days N` (default 60), `--only a,b` (any of
 * idle, invasion, scaling, battles, days), `--json FILE` (write the results as JSON, see {@link BenchReport});
 * `--help` prints {@link BENCH_USAGE} and exits 0; a bad option prints its error and the usage and exits 2.
 * Speeds are printed, never asserted; targets missed are flagged with "MISSED".
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import cliProgress from "cli-progress";
import { TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, type RulesetId } from "@malignus/shared";
import { Simulation, type SimState } from "../src/sim/index.ts";
import { BENCH_RULESETS, MID_INVASION, bigBattleSim, defendedSim, idleSim, midInvasionSim, scaledSim } from "./scenarios.ts";
import { parseCli, runCli, str } from "../../tools/cli.ts";
import { fmt, fmtInt, mean, percentile, table } from "./stats.ts";

/** Targets of issue 10 for this machine. */
export const TARGETS = {
  /** Idle dungeon, ticks per second, at least. */
  idleTicksPerSecond: 50_000,
  /** Mid-invasion tick, mean microseconds, at most. */
  invasionTickMicros: 200,
  /** 60 game days fast-forwarded, wall seconds, at most. */
  sixtyDaysSeconds: 30,
} as const;

/** The days fast-forward stops after this many wall seconds and reports the game days reached. */
export const DAYS_MAX_WALL_SECONDS = 180;

/** Fewest ticks timed per scenario, even when they take longer than the budget. */
export const MIN_TIMED_TICKS = 20;

/** Entity counts of the scaling table. */
export const SCALING_COUNTS = [10, 25, 50, 100, 250, 500, 1000, 2000] as const;

/** Entity counts the scaling exponent is fitted over (issue 20: 50..2,000). */
export const EXPONENT_RANGE = { from: 50, to: 2000 } as const;

/** Issue 20 targets of the scaling table: fitted exponent at most, 1,000-entity mean tick (µs) at most. */
export const SCALING_TARGETS = { exponent: 1.2, thousandMicros: 2000 } as const;

/**
 * The exponent k of mean tick time ∝ entities^k: the least-squares slope of ln(mean µs) on
 * ln(entities) over the points whose entity count is within `range` (inclusive).
 * @throws Error when fewer than two points with distinct counts are in range.
 */
export function scalingExponent(points: readonly { entities: number; meanMicros: number }[], range: { from: number; to: number } = EXPONENT_RANGE): number {
  const xs: number[] = [], ys: number[] = [];
  for (const p of points) {
    if (p.entities < range.from || p.entities > range.to || p.meanMicros <= 0) continue;
    xs.push(Math.log(p.entities)); ys.push(Math.log(p.meanMicros));
  }
  const mx = xs.length > 0 ? mean(xs) : 0, my = ys.length > 0 ? mean(ys) : 0;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < xs.length; i++) { sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my); sxx += ((xs[i] as number) - mx) ** 2; }
  if (xs.length < 2 || sxx === 0) throw new Error(`scaling exponent needs two entity counts within ${range.from}..${range.to}, got ${xs.length}`);
  return sxy / sxx;
}

/** Timing of one scenario: per-tick samples summarised. Times in microseconds. */
export interface TickTiming {
  ticks: number;
  meanMicros: number;
  /**
   * Issue 20: CPU time of the stepping thread per timed tick, µs (`process.threadCpuUsage` around
   * each run of steps): unlike the wall-clock figures it leaves out the time other processes of a
   * shared machine held the core, so before/after comparisons under load stay meaningful.
   * Missing in reports written before it existed.
   */
  cpuMeanMicros?: number;
  p50Micros: number;
  p99Micros: number;
  ticksPerSecond: number;
}

/** Everything `npm run bench` measured, as written by `--json`. */
export interface BenchReport {
  startedAt: string;
  machine: MachineInfo;
  quick: boolean;
  idle: ({ ruleset: RulesetId } & TickTiming)[];
  invasion: ({ ruleset: RulesetId; adventurers: number; minions: number; traps: number; entities: number } & TickTiming)[];
  scaling: ({ requested: number; entities: number; adventurers: number; minions: number; traps: number } & TickTiming)[];
  /** Fitted exponent of the scaling table over {@link EXPONENT_RANGE} (null when not measured). */
  scalingExponent: number | null;
  /** Issue 20's big battles ({@link BIG_BATTLES}), per ruleset. */
  battles: ({ ruleset: RulesetId; adventurers: number; minions: number; entities: number } & TickTiming)[];
  /** The fast-forward: `days` asked, `daysReached` (less when stopped by `--max-wall`). */
  days: { days: number; daysReached: number; stoppedByWallLimit: boolean; ticks: number; wallSeconds: number; ticksPerSecond: number; invasions: number; events: number; trapsFired: number } | null;
  targets: { name: string; target: string; measured: string; met: boolean }[];
}

/** The machine a run happened on. */
export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
}

/** Describes this machine. */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
}

/**
 * Times single ticks: restores `snapshot` and steps `windowTicks` ticks, timing each, again and
 * again until `budgetMs` of stepping has been spent (cutting a window short once the budget is
 * spent and {@link MIN_TIMED_TICKS} ticks are timed). Restoring is not timed.
 */
export function timeTicks(snapshot: SimState, windowTicks: number, budgetMs: number, onProgress?: (spentMs: number) => void): TickTiming {
  const samples: number[] = [];
  let spent = 0, cpuMicros = 0;
  while (samples.length === 0 || spent < budgetMs) {
    const sim = Simulation.restore(snapshot);
    const cpu0 = process.threadCpuUsage();
    for (let i = 0; i < windowTicks; i++) {
      // Slow scenarios: stop once the budget is spent, with at least MIN_TIMED_TICKS samples.
      if (spent >= budgetMs && samples.length >= MIN_TIMED_TICKS) break;
      if (sim.state.paused) sim.resume("bench");
      const t0 = performance.now();
      sim.step();
      const dt = performance.now() - t0;
      samples.push(dt * 1000);
      spent += dt;
    }
    const cpu = process.threadCpuUsage(cpu0);
    cpuMicros += cpu.user + cpu.system;
    onProgress?.(spent);
  }
  const m = mean(samples);
  return {
    ticks: samples.length,
    meanMicros: m,
    cpuMeanMicros: cpuMicros / samples.length,
    p50Micros: percentile(samples, 50),
    p99Micros: percentile(samples, 99),
    ticksPerSecond: 1e6 / m,
  };
}

/** The options of `npm run bench` (see the module comment). */
export interface BenchArgs { quick: boolean; days: number; maxWall: number; only: Set<string>; json: string | null }

/** The scenarios `--only` may name. */
export const BENCH_SCENARIOS = ["idle", "invasion", "scaling", "battles", "days"] as const;

/** The option lines shared by the usage of `npm run bench` and of `npm run bench:profile`. */
export const BENCH_OPTIONS = `  --quick                   shorter measuring windows
  --days N                  game days of the fast-forward (1..365, default 60)
  --max-wall SECONDS        stop the fast-forward after this many wall seconds (default ${DAYS_MAX_WALL_SECONDS})
  --only a,b                scenarios, any of ${BENCH_SCENARIOS.join(",")} (default all)
  --json FILE               write the results as JSON
  -h, --help                print this usage and exit`;

/** The usage text of `npm run bench` (printed by `--help`, and after an argument error). */
export const BENCH_USAGE = `usage: npm run bench -- [options]
Times the simulation headless (no server, no network) and prints the figures.
${BENCH_OPTIONS}`;

/**
 * Parses the bench's `argv` (without node and the script); `"help"` when it holds `--help` or
 * `-h` (anywhere). Pure.
 * @throws Error with a one-line message (no usage text) on an unknown option, a missing value,
 *   `--days` outside 1..365, a `--max-wall` not above 0 or an unknown `--only` scenario.
 */
export function parseBenchArgs(argv: readonly string[]): BenchArgs | "help" {
  const parsed = parseCli(argv, { quick: { type: "boolean" }, days: { type: "string" }, "max-wall": { type: "string" }, only: { type: "string" }, json: { type: "string" } });
  if (parsed === "help") return "help";
  const v = parsed.values;
  const out: BenchArgs = { quick: v.quick === true, days: 60, maxWall: DAYS_MAX_WALL_SECONDS, only: new Set(BENCH_SCENARIOS), json: str(v, "json", "") || null };
  if (typeof v.days === "string") out.days = Number(v.days);
  if (typeof v["max-wall"] === "string") out.maxWall = Number(v["max-wall"]);
  if (typeof v.only === "string") {
    out.only = new Set(v.only.split(","));
    for (const k of out.only) if (!(BENCH_SCENARIOS as readonly string[]).includes(k)) throw new Error(`--only: unknown scenario "${k}" (any of ${BENCH_SCENARIOS.join(",")})`);
  }
  if (!Number.isInteger(out.days) || out.days < 1 || out.days > 365) throw new Error("--days must be an integer from 1 to 365");
  if (!(out.maxWall > 0)) throw new Error("--max-wall must be a positive number of seconds");
  return out;
}

function bar(label: string, total: number, unit: string): cliProgress.SingleBar {
  const b = new cliProgress.SingleBar({
    format: `${label.padEnd(26)} [{bar}] {percentage}% | {value}/{total} ${unit} | ETA {eta}s`,
    stream: process.stderr,
    hideCursor: true,
    clearOnComplete: true,
    noTTYOutput: true,
    notTTYSchedule: 5000,
  }, cliProgress.Presets.shades_classic);
  b.start(total, 0);
  return b;
}

function row(t: TickTiming): string[] {
  return [fmtInt(t.ticksPerSecond), fmt(t.meanMicros), fmt(t.p50Micros), fmt(t.p99Micros), fmtInt(t.ticks), t.cpuMeanMicros === undefined ? "n/a" : fmt(t.cpuMeanMicros)];
}
const TIMING_HEADER = ["ticks/s", "mean µs", "p50 µs", "p99 µs", "ticks timed", "CPU µs"];

async function main(): Promise<void> {
  const args = runCli("bench", BENCH_USAGE, () => parseBenchArgs(process.argv.slice(2)));
  const budget = args.quick ? 400 : 1500;
  const report: BenchReport = {
    startedAt: new Date().toISOString(), machine: machineInfo(), quick: args.quick,
    idle: [], invasion: [], scaling: [], scalingExponent: null, battles: [], days: null, targets: [],
  };
  const m = report.machine;
  console.log(`malignus simulation benchmarks: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, node ${m.node}${args.quick ? " (quick)" : ""}\n`);

  if (args.only.has("idle")) {
    const b = bar("idle dungeon", BENCH_RULESETS.length * budget, "ms");
    BENCH_RULESETS.forEach((ruleset, i) => {
      const snap = idleSim(ruleset).snapshot();
      timeTicks(snap, 2000, 50); // warm-up
      report.idle.push({ ruleset, ...timeTicks(snap, 10_000, budget, (s) => b.update(Math.min(budget, Math.round(s)) + i * budget)) });
    });
    b.stop();
    console.log("Idle dungeon (default map, day 1, no invasion)");
    console.log(table(["ruleset", ...TIMING_HEADER], report.idle.map((r) => [r.ruleset, ...row(r)])));
    console.log();
  }

  if (args.only.has("invasion")) {
    const b = bar("mid-invasion", BENCH_RULESETS.length * budget, "ms");
    BENCH_RULESETS.forEach((ruleset, i) => {
      const s = midInvasionSim(ruleset);
      const snap = s.sim.snapshot();
      timeTicks(snap, 200, 50);
      report.invasion.push({
        ruleset, adventurers: s.adventurers, minions: s.minions, traps: s.traps, entities: s.entities,
        ...timeTicks(snap, 300, budget, (t) => b.update(Math.min(budget, Math.round(t)) + i * budget)),
      });
    });
    b.stop();
    const r0 = report.invasion[0];
    console.log(`Mid-invasion (default map; asked ${MID_INVASION.adventurers} adventurers, ${MID_INVASION.minions} minions, ${MID_INVASION.traps} traps; ` +
      `got ${r0?.adventurers} / ${r0?.minions} / ${r0?.traps}; windows of 300 ticks from the same snapshot)`);
    console.log(table(["ruleset", ...TIMING_HEADER], report.invasion.map((r) => [r.ruleset, ...row(r)])));
    console.log();
  }

  if (args.only.has("scaling")) {
    const per = Math.round(budget / 2);
    const b = bar("scaling", SCALING_COUNTS.length * per, "ms");
    SCALING_COUNTS.forEach((n, i) => {
      const s = scaledSim(n);
      const snap = s.sim.snapshot();
      timeTicks(snap, 50, 20);
      report.scaling.push({
        requested: n, entities: s.entities, adventurers: s.adventurers, minions: s.minions, traps: s.traps,
        ...timeTicks(snap, 200, per, (t) => b.update(Math.min(per, Math.round(t)) + i * per)),
      });
    });
    b.stop();
    console.log("Tick cost by entity count (arena map sized to fit; 1/7 adventurers, 2/7 minions, 4/7 trap parts; malignus)");
    console.log(table(
      ["entities", "adventurers", "minions", "traps", ...TIMING_HEADER, "µs/entity"],
      report.scaling.map((r) => [r.entities, r.adventurers, r.minions, r.traps, ...row(r), fmt(r.meanMicros / r.entities, 2)]),
    ));
    try {
      report.scalingExponent = scalingExponent(report.scaling);
      console.log(`Fitted exponent over ${EXPONENT_RANGE.from}..${EXPONENT_RANGE.to} entities (least squares of ln mean µs on ln entities): ${fmt(report.scalingExponent, 2)}`);
      const cpuExponent = scalingExponent(report.scaling.map((r) => ({ entities: r.entities, meanMicros: r.cpuMeanMicros ?? NaN })));
      console.log(`The same fit on the CPU µs column (the thread's CPU time, less sensitive to a loaded machine): ${fmt(cpuExponent, 2)}`);
    } catch (err) {
      console.log(`Fitted exponent: not available (${err instanceof Error ? err.message : String(err)})`);
    }
    console.log();
  }

  if (args.only.has("battles")) {
    const b = bar("big battles", BENCH_RULESETS.length * budget, "ms");
    BENCH_RULESETS.forEach((ruleset, i) => {
      const s = bigBattleSim(ruleset);
      const snap = s.sim.snapshot();
      timeTicks(snap, 50, 20);
      report.battles.push({
        ruleset, adventurers: s.adventurers, minions: s.minions, entities: s.entities,
        ...timeTicks(snap, 300, budget, (t) => b.update(Math.min(budget, Math.round(t)) + i * budget)),
      });
    });
    b.stop();
    console.log("Big battles (issue 20: arena, peasants against minions, no traps; windows of 300 ticks from the same snapshot)");
    console.log(table(["ruleset", "adventurers", "minions", ...TIMING_HEADER], report.battles.map((r) => [r.ruleset, r.adventurers, r.minions, ...row(r)])));
    console.log();
  }

  if (args.only.has("days")) {
    const s = defendedSim();
    const sim = s.sim;
    const ticks = args.days * TICKS_PER_GAME_DAY;
    const hours = ticks / TICKS_PER_GAME_HOUR;
    const b = bar(`${args.days} game days`, hours, "game hours");
    let events = 0, trapsFired = 0, ticksRun = 0, stopped = false;
    const t0 = performance.now();
    for (let h = 0; h < hours; h++) {
      for (let i = 0; i < TICKS_PER_GAME_HOUR; i++) {
        if (sim.state.paused) sim.resume("bench");
        const evs = sim.step();
        ticksRun++;
        events += evs.length;
        for (const e of evs) if (e.type === "trapFired") trapsFired++;
      }
      b.update(h + 1);
      if ((performance.now() - t0) / 1000 > args.maxWall) { stopped = true; break; }
    }
    const wall = (performance.now() - t0) / 1000;
    b.stop();
    const reached = ticksRun / TICKS_PER_GAME_DAY;
    report.days = { days: args.days, daysReached: reached, stoppedByWallLimit: stopped, ticks: ticksRun, wallSeconds: wall, ticksPerSecond: ticksRun / wall, invasions: sim.state.invasion.count, events, trapsFired };
    console.log(`${args.days} game days of a defended dungeon (default map, ${s.traps} traps, invasions as scheduled, no pause on spotting)` +
      (stopped ? `: STOPPED after ${args.maxWall} wall seconds at game day ${reached.toFixed(1)}` : ""));
    console.log(table(["game days", "ticks", "wall s", "ticks/s", "invasions", "events", "traps fired"],
      [[fmt(reached, 1), fmtInt(ticksRun), fmt(wall, 2), fmtInt(ticksRun / wall), sim.state.invasion.count, fmtInt(events), trapsFired]]));
    console.log();
  }

  const idleWorst = report.idle.length ? Math.min(...report.idle.map((r) => r.ticksPerSecond)) : null;
  const invWorst = report.invasion.length ? Math.max(...report.invasion.map((r) => r.meanMicros)) : null;
  if (idleWorst !== null) report.targets.push({ name: "idle dungeon (slowest ruleset)", target: `≥ ${fmtInt(TARGETS.idleTicksPerSecond)} ticks/s`, measured: `${fmtInt(idleWorst)} ticks/s`, met: idleWorst >= TARGETS.idleTicksPerSecond });
  if (invWorst !== null) report.targets.push({ name: "tick mid-invasion (slowest ruleset, mean)", target: `≤ ${TARGETS.invasionTickMicros} µs`, measured: `${fmt(invWorst)} µs`, met: invWorst <= TARGETS.invasionTickMicros });
  if (report.scalingExponent !== null) report.targets.push({ name: "scaling exponent (50..2,000 entities)", target: `≤ ${SCALING_TARGETS.exponent}`, measured: fmt(report.scalingExponent, 2), met: report.scalingExponent <= SCALING_TARGETS.exponent });
  const thousand = report.scaling.find((r) => r.requested === 1000);
  if (thousand) report.targets.push({ name: "tick at 1,000 entities (mean)", target: `≤ ${fmtInt(SCALING_TARGETS.thousandMicros)} µs`, measured: `${fmt(thousand.meanMicros)} µs`, met: thousand.meanMicros <= SCALING_TARGETS.thousandMicros });
  if (report.days) {
    const d = report.days;
    const scaled = d.wallSeconds * (60 / d.daysReached);
    const measured = d.stoppedByWallLimit
      ? `> ${fmt(d.wallSeconds, 0)} s (stopped at day ${fmt(d.daysReached, 1)} of ${d.days})`
      : `${fmt(scaled, 1)} s${d.days === 60 ? "" : ` (extrapolated from ${d.days} days)`}`;
    report.targets.push({ name: "60 game days fast-forwarded", target: `≤ ${TARGETS.sixtyDaysSeconds} s`, measured, met: !d.stoppedByWallLimit && scaled <= TARGETS.sixtyDaysSeconds });
  }
  console.log("Targets (issues 10 and 20)");
  console.log(table(["what", "target", "measured", ""], report.targets.map((t) => [t.name, t.target, t.measured, t.met ? "met" : "MISSED"])));
  if (report.targets.some((t) => !t.met)) {
    console.log("\nA target is missed: profile with `npm run bench:profile` (node --cpu-prof) to see the hot spots.");
  }
  if (args.json) {
    writeFileSync(args.json, JSON.stringify(report, null, 2) + "\n");
    console.log(`\nresults written to ${args.json}`);
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("bench.ts");
if (isMain) {
  main().catch((err: unknown) => {
    console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
