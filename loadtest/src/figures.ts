/**
 * Benchmark figures you can trust (issue 20 part 5): every figure `bench:doc` publishes is taken
 * from each of several runs, by name, and summarised as its median with its spread (min–max);
 * the summary is committed as docs/benchmarks.json, which `bench:check` compares a fresh run
 * against. Pure: no I/O.
 *
 * A figure's name says where it comes from and ends with its unit (see {@link figureUnit}):
 * `bench.idle.malignus.ticksPerSecond`, `bench.scaling.1000.meanMicros`, `compare.dungeon-ws.cpuPercent`,
 * `load.cmdP99Ms`, `fight.spectatorBytesPerSecond`…
 */
import type { BenchReport } from "../../server/bench/bench.ts";
import type { BandwidthReport } from "../../server/bench/bandwidth.ts";
import type { CompareReport } from "./compare.ts";
import { memoryPerRoomMiB, type LoadReport } from "./report.ts";

/** One run's figures: name → value in the unit its name ends with. */
export type RunFigures = Record<string, number>;

/** A figure over several runs: the median, the smallest and largest value, and every run's value in run order. */
export interface Spread { median: number; min: number; max: number; values: number[] }

/** The parts of a doc run, each run several times. */
export const FIGURE_PARTS = ["bench", "load", "fight", "bandwidth", "compare"] as const;
/** One of {@link FIGURE_PARTS}. */
export type FigurePart = (typeof FIGURE_PARTS)[number];

/** docs/benchmarks.json: the medians `bench:doc` published, for `bench:check` and for tools. */
export interface BenchmarksFile {
  tool: "malignus-bench-doc";
  version: 1;
  generatedAt: string;
  /** The command that produced it (`npm run bench:doc -- …`). */
  command: string;
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; platform: string };
  /** Runs of each part. */
  runs: number;
  /** Per part, the load averages (1, 5, 15 min) at the start of each of its runs. */
  loadAverages: Partial<Record<FigurePart, number[][]>>;
  /** What each part was run with (rooms, seconds, quick…), so that a check can run the same. */
  settings: Record<string, unknown>;
  /** Every figure: its unit, which way is better, and its spread over the runs. */
  figures: Record<string, Spread & { unit: string; better: "higher" | "lower" }>;
}

/**
 * The unit of a figure from the end of its name, and which way is better.
 * @throws Error for a name with no known unit suffix (a programming error: name figures by their unit).
 */
export function figureUnit(name: string): { unit: string; better: "higher" | "lower" } {
  const table: [suffix: string, unit: string, better: "higher" | "lower"][] = [
    ["ticksPerSecond", "ticks/s", "higher"], ["BytesPerSecond", "B/s", "lower"], ["Micros", "µs", "lower"], ["Ms", "ms", "lower"],
    ["Seconds", "s", "lower"], ["Percent", "% of a core", "lower"], ["KiBPerRoom", "KiB", "lower"], ["Exponent", "", "lower"], ["Ratio", "×", "lower"],
  ];
  for (const [suffix, unit, better] of table) if (name.endsWith(suffix)) return { unit, better };
  throw new Error(`figure "${name}" has no unit suffix`);
}

/** The median of `values` (the mean of the two middle ones for an even count). @throws Error when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** The spread of `values` (in run order). @throws Error when empty. */
export function spreadOf(values: readonly number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), values: [...values] };
}

/**
 * Summarises runs figure by figure: each name found in any run gets the spread of the runs that
 * have it (a figure missing from a run, e.g. uWS that did not load, is left out of that run only).
 * Non-finite values are left out.
 */
export function summarise(runs: readonly RunFigures[]): Record<string, Spread> {
  const by = new Map<string, number[]>();
  for (const r of runs) for (const [k, v] of Object.entries(r)) if (Number.isFinite(v)) (by.get(k) ?? by.set(k, []).get(k) as number[]).push(v);
  const out: Record<string, Spread> = {};
  for (const k of [...by.keys()].sort()) out[k] = spreadOf(by.get(k) as number[]);
  return out;
}

/** Figures of `npm run bench --json` (idle, mid-invasion, scaling and its exponent, big battles, days). */
export function benchFigures(b: BenchReport): RunFigures {
  const f: RunFigures = {};
  for (const r of b.idle) { f[`bench.idle.${r.ruleset}.ticksPerSecond`] = r.ticksPerSecond; f[`bench.idle.${r.ruleset}.meanMicros`] = r.meanMicros; }
  for (const r of b.invasion) { f[`bench.invasion.${r.ruleset}.meanMicros`] = r.meanMicros; f[`bench.invasion.${r.ruleset}.p99Micros`] = r.p99Micros; }
  for (const r of b.scaling) { f[`bench.scaling.${r.requested}.meanMicros`] = r.meanMicros; f[`bench.scaling.${r.requested}.p99Micros`] = r.p99Micros; }
  if (b.scalingExponent !== null && b.scalingExponent !== undefined) f["bench.scaling.fittedExponent"] = b.scalingExponent;
  for (const r of b.battles ?? []) { f[`bench.battles.${r.ruleset}.ticksPerSecond`] = r.ticksPerSecond; f[`bench.battles.${r.ruleset}.meanMicros`] = r.meanMicros; }
  if (b.days && !b.days.stoppedByWallLimit && b.days.daysReached > 0) {
    f["bench.days.ticksPerSecond"] = b.days.ticksPerSecond;
    f["bench.days.sixtyDaysWallSeconds"] = b.days.wallSeconds * (60 / b.days.daysReached);
  }
  return f;
}

/** Figures of a load run on the production server, under `prefix` (`load`, `target`). */
export function loadFigures(prefix: string, l: LoadReport): RunFigures {
  const f: RunFigures = {
    [`${prefix}.cmdP50Ms`]: l.commandRoundTripMs.p50, [`${prefix}.cmdP99Ms`]: l.commandRoundTripMs.p99,
    [`${prefix}.clientBytesPerSecond`]: l.traffic.all.bytesPerSecond, [`${prefix}.generatorCpuPercent`]: l.generator.cpuPercent,
  };
  if (l.server.cpuPercent !== null) f[`${prefix}.serverCpuPercent`] = l.server.cpuPercent;
  const mem = memoryPerRoomMiB(l);
  if (mem !== null) f[`${prefix}.memoryKiBPerRoom`] = mem * 1024;
  for (const [phase, us] of Object.entries(l.server.stepPhasesUs ?? {})) f[`${prefix}.stepPhase.${phase}Micros`] = us;
  if (l.server.stepPhasesUs) {
    const own = ["simulation", "projection", "views"].map((k) => l.server.stepPhasesUs?.[k]).filter((v): v is number => v !== undefined);
    if (own.length > 0) f[`${prefix}.stepOwnWorkMicros`] = own.reduce((a, v) => a + v, 0);
  }
  // Issue 20 part 2: the same in CPU time of the step thread (without waiting for a core).
  const cpu = l.server.stepPhasesCpuUs;
  if (cpu) {
    for (const [phase, us] of Object.entries(cpu)) f[`${prefix}.stepPhaseCpu.${phase}Micros`] = us;
    const own = ["simulation", "projection", "views"].map((k) => cpu[k]).filter((v): v is number => v !== undefined);
    if (own.length > 0) f[`${prefix}.stepOwnWorkCpuMicros`] = own.reduce((a, v) => a + v, 0);
  }
  return f;
}

/** Figures of the mid-fight run: a spectator's bytes per second during invasions, and while fighting. */
export function fightFigures(l: LoadReport): RunFigures {
  const d = l.traffic.spectatorDuringInvasion;
  const f: RunFigures = { "fight.cmdP99Ms": l.commandRoundTripMs.p99 };
  if (d.bytesPerSecond !== null) f["fight.spectatorInvasionBytesPerSecond"] = d.bytesPerSecond;
  if (d.combatBytesPerSecond != null) f["fight.spectatorCombatBytesPerSecond"] = d.combatBytesPerSecond;
  return f;
}

/** Figures of the headless bandwidth runs (server/bench/bandwidth.ts over several seeds), weighted by seconds. */
export function bandwidthFigures(runs: readonly BandwidthReport[]): RunFigures {
  const secs = runs.reduce((a, r) => a + r.seconds, 0);
  if (secs <= 0) return {};
  const w = (pick: (r: BandwidthReport) => number) => runs.reduce((a, r) => a + pick(r) * r.seconds, 0) / secs;
  const f: RunFigures = { "bandwidth.patchBytesPerSecond": w((r) => r.patchBytesPerSecond), "bandwidth.eventBytesPerSecond": w((r) => r.eventBytesPerSecond) };
  f["bandwidth.totalBytesPerSecond"] = (f["bandwidth.patchBytesPerSecond"] as number) + (f["bandwidth.eventBytesPerSecond"] as number);
  return f;
}

/** Figures of a transport comparison: per server CPU, p99, memory per room, generator CPU; the ratios to the floors. */
export function compareFigures(c: CompareReport): RunFigures {
  const f: RunFigures = {};
  for (const r of c.rows) {
    if (!r.report) continue;
    const p = `compare.${r.kind}`;
    if (r.report.server.procCpuPercent !== null) f[`${p}.cpuPercent`] = r.report.server.procCpuPercent;
    f[`${p}.cmdP99Ms`] = r.report.commandRoundTripMs.p99;
    f[`${p}.generatorCpuPercent`] = r.report.generator.cpuPercent;
    f[`${p}.clientBytesPerSecond`] = r.report.traffic.all.bytesPerSecond;
    const mem = memoryPerRoomMiB(r.report);
    if (mem !== null) f[`${p}.memoryKiBPerRoom`] = mem * 1024;
  }
  for (const t of ["ws", "uws"] as const) {
    const a = c.cpuRatio[t], m = c.cpuRatioMoving?.[t] ?? null;
    if (a !== null) f[`compare.${t}.cpuOverBareRatio`] = a;
    if (m !== null) f[`compare.${t}.cpuOverBare20Ratio`] = m;
    const mem = f[`compare.dungeon-${t}.memoryKiBPerRoom`], floor = f[`compare.bare20-${t}.memoryKiBPerRoom`];
    if (mem !== undefined && floor !== undefined && floor > 0) f[`compare.${t}.memoryOverBare20Ratio`] = mem / floor;
  }
  return f;
}

/** A figure with its spread for a table cell: `1,234 (1,200–1,300)`; the value alone for one run; `n/a` when absent. */
export function cell(s: Spread | undefined, digits = 1): string {
  if (!s) return "n/a";
  const f = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return s.values.length <= 1 ? f(s.median) : `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
}

/** One line of a check: a fresh value against the committed median. */
export interface CheckLine { name: string; unit: string; committed: Spread; fresh: number; ratio: number; verdict: "within spread" | "better" | "worse" }

/**
 * Compares a fresh run's figures with the committed ones, for every figure both have: the ratio
 * fresh ÷ committed median, and whether the fresh value lies within the committed spread, or
 * outside it on the better or worse side (by the figure's direction). Figures only one side has are left out.
 */
export function checkFigures(committed: BenchmarksFile["figures"], fresh: RunFigures): CheckLine[] {
  const out: CheckLine[] = [];
  for (const name of Object.keys(committed).sort()) {
    const c = committed[name], v = fresh[name];
    if (!c || v === undefined || !Number.isFinite(v)) continue;
    const within = v >= c.min && v <= c.max;
    const higher = v > c.max;
    const verdict = within ? "within spread" : (higher === (c.better === "higher") ? "better" : "worse");
    out.push({ name, unit: c.unit, committed: c, fresh: v, ratio: c.median === 0 ? NaN : v / c.median, verdict });
  }
  return out;
}
