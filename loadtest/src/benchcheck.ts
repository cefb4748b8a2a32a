/**
 * `npm run bench:check [-- options]` (issue 20 part 5): a short fresh run of the benchmarks compared
 * with the medians committed in docs/benchmarks.json (written by `npm run bench:doc`). For every
 * figure both have it prints the committed median (min–max), the fresh value, their ratio
 * (fresh ÷ median) and whether the fresh value lies within the committed spread or outside it on
 * the better or the worse side. It informs and fails nothing: it exits 0 whatever the ratios,
 * 1 only when the tool itself fails (no committed file, a benchmark that crashed), 2 on a bad option.
 *
 * By default it runs the simulation bench (`--quick --days 10`: shorter windows, the 60-day wall time
 * extrapolated from 10 days) and the headless bandwidth; `--parts` adds the loads (`load`, `fight`,
 * `compare`), run with the committed room counts for `--duration` seconds each.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchReport } from "../../server/bench/bench.ts";
import { measureBandwidth } from "../../server/bench/bandwidth.ts";
import { DEFAULTS } from "./args.ts";
import { runLoad } from "./runner.ts";
import { num, parseCli, runCli, str } from "../../tools/cli.ts";
import { DEFAULT_BASE_PORT, SERVER_KINDS, compareTransports, withServer } from "./compare.ts";
import { DEFAULT_STORE, parseStoreKind, type StoreChoice } from "./server-store.ts";
import {
  FIGURE_PARTS, bandwidthFigures, benchFigures, checkFigures, compareFigures, fightFigures, loadFigures,
  type BenchmarksFile, type CheckLine, type FigurePart, type RunFigures,
} from "./figures.ts";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Options of `npm run bench:check`. */
export interface CheckOptions { file: string; parts: FigurePart[]; durationSeconds: number; store: StoreChoice; basePort: number }

/** The usage text of `npm run bench:check` (printed by `--help`, and after an argument error). */
export const CHECK_USAGE = `usage: npm run bench:check -- [options]
Runs a short fresh set of the benchmarks and prints, for each figure, its ratio to the median committed in
docs/benchmarks.json (by npm run bench:doc). Informs only: exits 0 whatever the ratios.
  --file FILE       committed medians (default docs/benchmarks.json)
  --parts a,b       parts to run, any of ${FIGURE_PARTS.join(",")} (default bench,bandwidth)
  --duration S      seconds of each load part (5..300, default 10), with the committed room counts
  --store KIND      the dungeon servers' store for load parts: sqlite (default) or postgres
  --pg URL          PostgreSQL server for --store postgres
  --base-port P     first port of the servers of load parts (default ${DEFAULT_BASE_PORT + 20})
  -h, --help        print this usage and exit`;

/**
 * Parses the options; `"help"` for `--help`/`-h` anywhere. Pure.
 * @throws Error with a one-line message on an unknown option or part, a missing value or a bad number.
 */
export function parseCheckArgs(argv: readonly string[]): CheckOptions | "help" {
  const t = { type: "string" } as const;
  const parsed = parseCli(argv, { file: t, parts: t, duration: t, store: t, pg: t, "base-port": t });
  if (parsed === "help") return "help";
  const v = parsed.values;
  const parts = str(v, "parts", "bench,bandwidth").split(",");
  for (const p of parts) if (!(FIGURE_PARTS as readonly string[]).includes(p)) throw new Error(`--parts: unknown part "${p}" (any of ${FIGURE_PARTS.join(",")})`);
  return {
    file: str(v, "file", path.join(REPO, "docs/benchmarks.json")), parts: parts as FigurePart[], durationSeconds: num(v, "duration", 10, 5, 300),
    store: { kind: parseStoreKind(str(v, "store", DEFAULT_STORE.kind)), pgUrl: str(v, "pg", DEFAULT_STORE.pgUrl) },
    basePort: num(v, "base-port", DEFAULT_BASE_PORT + 20, 1024, 65535 - SERVER_KINDS.length),
  };
}

/** The check as aligned text lines (pure): one per figure, then a count by verdict. */
export function formatCheck(lines: readonly CheckLine[]): string {
  const f = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));
  const rows = lines.map((l) => [l.name, `${f(l.committed.median)} (${f(l.committed.min)}–${f(l.committed.max)}) ${l.unit}`.trim(), `${f(l.fresh)} ${l.unit}`.trim(),
    Number.isFinite(l.ratio) ? `${l.ratio.toFixed(2)}×` : "n/a", l.verdict]);
  const head = ["figure", "committed median (min–max)", "fresh", "fresh ÷ median", ""];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 || i === 4 ? c.padEnd(w[i] as number) : c.padStart(w[i] as number))).join("  ").trimEnd();
  const count = (v: CheckLine["verdict"]) => lines.filter((l) => l.verdict === v).length;
  return [line(head), line(head.map((_, i) => "-".repeat(w[i] as number))), ...rows.map(line), "",
    `${lines.length} figures: ${count("within spread")} within the committed spread, ${count("better")} better, ${count("worse")} worse.`].join("\n");
}

async function main(): Promise<void> {
  const o = runCli("bench:check", CHECK_USAGE, () => parseCheckArgs(process.argv.slice(2)));
  let committed: BenchmarksFile;
  try {
    committed = JSON.parse(readFileSync(o.file, "utf8")) as BenchmarksFile;
  } catch (err) {
    throw new Error(`cannot read the committed medians ${o.file} (run npm run bench:doc first): ${err instanceof Error ? err.message : String(err)}`);
  }
  const settings = committed.settings as { rooms?: number; compareRooms?: number; fight?: { rooms?: number }; bandwidthSeeds?: number[] };
  const reports = path.join(REPO, "loadtest/reports");
  mkdirSync(reports, { recursive: true });
  const load0 = os.loadavg();
  console.log(`bench:check: against ${path.relative(REPO, o.file)} (${committed.command}, ${committed.generatedAt}, ${committed.runs} runs); load average now ${load0.map((x) => x.toFixed(2)).join(", ")}`);
  const fresh: RunFigures = {};
  const log = (line: string) => console.log(`bench:check: ${line}`);
  if (o.parts.includes("bench")) {
    log("simulation bench (--quick --days 10)…");
    const out = path.join(reports, "check-bench.json");
    const r = spawnSync(process.execPath, ["--import", "tsx", path.join(REPO, "server/bench/bench.ts"), "--quick", "--days", "10", "--json", out], { cwd: REPO, stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0) throw new Error(`the bench exited with ${r.status}`);
    Object.assign(fresh, benchFigures(JSON.parse(readFileSync(out, "utf8")) as BenchReport));
  }
  if (o.parts.includes("bandwidth")) {
    log("headless bandwidth…");
    Object.assign(fresh, bandwidthFigures((settings.bandwidthSeeds ?? [1000, 1001, 1002, 1003, 1004]).map((seed) => measureBandwidth(seed, 300))));
  }
  if (o.parts.includes("load")) {
    const rooms = settings.rooms ?? 40;
    log(`load, ${rooms} rooms for ${o.durationSeconds} s…`);
    Object.assign(fresh, loadFigures("load", await withServer("dungeon-ws", o.basePort, o.store, log, (endpoint) => runLoad({ ...DEFAULTS, endpoint, rooms, durationSeconds: o.durationSeconds, quiet: true }))));
  }
  if (o.parts.includes("fight")) {
    const rooms = settings.fight?.rooms ?? 10;
    log(`mid-fight bandwidth, ${rooms} rooms for ${Math.max(o.durationSeconds, 30)} s…`);
    Object.assign(fresh, fightFigures(await withServer("dungeon-ws", o.basePort + 1, o.store, log, (endpoint) =>
      runLoad({ ...DEFAULTS, endpoint, rooms, durationSeconds: Math.max(o.durationSeconds, 30), timeScale: 1, skipToInvasion: true, quiet: true }))));
  }
  if (o.parts.includes("compare")) {
    const rooms = settings.compareRooms ?? 40;
    log(`transport comparison, ${rooms} rooms for ${o.durationSeconds} s each…`);
    Object.assign(fresh, compareFigures(await compareTransports({ rooms, durationSeconds: o.durationSeconds, store: o.store }, SERVER_KINDS, log, o.basePort + 2)));
  }
  const lines = checkFigures(committed.figures, fresh);
  console.log(`\n${formatCheck(lines)}`);
  console.log(`load average at the start / end: ${load0.map((x) => x.toFixed(2)).join(", ")} / ${os.loadavg().map((x) => x.toFixed(2)).join(", ")} ` +
    `(committed runs started at ${Object.entries(committed.loadAverages).map(([k, v]) => `${k} ${(v ?? []).map((x) => (x[0] ?? 0).toFixed(2)).join("/")}`).join(", ")})`);
  process.exit(0);
}

if (process.argv[1]?.endsWith("benchcheck.ts")) {
  main().catch((err: unknown) => { console.error(`bench:check: ${err instanceof Error ? err.message : String(err)}`); process.exit(1); });
}
