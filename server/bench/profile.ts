/**
 * `npm run bench:profile [-- bench options]`: runs the benchmarks under `node --cpu-prof` (the
 * project's Node) and prints the hot spots: functions by self time, as `file:line function`.
 * Default bench options: {@link PROFILE_DEFAULT_ARGS}. `--help` prints {@link PROFILE_USAGE} and exits 0;
 * options the bench refuses print the error and the usage and exit 2, before anything runs. The raw `.cpuprofile`
 * stays in `.profiles/` (git-ignored by convention; open it in Chrome DevTools for a flame chart).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { table, fmt } from "./stats.ts";
import { runCli } from "../../tools/cli.ts";
import { BENCH_OPTIONS, parseBenchArgs } from "./bench.ts";

/** One node of a V8 `.cpuprofile`. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** A V8 CPU profile as `--cpu-prof` writes it. */
export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** A hot spot: a function, where it is, and its share of the samples. */
export interface HotSpot { fn: string; where: string; selfPercent: number; samples: number }

/**
 * The functions with the most self samples in `profile`, most first; `(idle)`, `(program)` and
 * `(garbage collector)` included as V8 names them. Locations are shortened to the path after
 * `root` (file URLs) and 1-based line numbers.
 */
export function hotSpots(profile: CpuProfile, root = "", top = 20): HotSpot[] {
  const hits = new Map<number, number>();
  if (profile.samples) for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  else for (const n of profile.nodes) hits.set(n.id, n.hitCount ?? 0);
  const byFn = new Map<string, HotSpot>();
  let total = 0;
  for (const n of profile.nodes) {
    const h = hits.get(n.id) ?? 0;
    total += h;
    if (h === 0) continue;
    const url = n.callFrame.url.replace(/^file:\/\//, "");
    const file = root && url.startsWith(root) ? url.slice(root.length) : url;
    const where = !url ? "" : url.endsWith(".ts") ? file : `${file}:${n.callFrame.lineNumber + 1}`;
    const fn = n.callFrame.functionName || "(anonymous)";
    const key = `${fn}@${where}`;
    const spot = byFn.get(key) ?? { fn, where, selfPercent: 0, samples: 0 };
    spot.samples += h;
    byFn.set(key, spot);
  }
  const out = [...byFn.values()].sort((a, b) => b.samples - a.samples).slice(0, top);
  for (const s of out) s.selfPercent = total === 0 ? 0 : (100 * s.samples) / total;
  return out;
}

/**
 * Functions by inclusive time (their own samples and those of everything they call), counting
 * a function once per stack even when it recurses; only files whose path contains `filter`.
 */
export function inclusiveSpots(profile: CpuProfile, root = "", filter = "server/src/", top = 20): HotSpot[] {
  const hits = new Map<number, number>();
  if (profile.samples) for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  else for (const n of profile.nodes) hits.set(n.id, n.hitCount ?? 0);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n: ProfileNode) => {
    const url = n.callFrame.url.replace(/^file:\/\//, "");
    const file = root && url.startsWith(root) ? url.slice(root.length) : url;
    return { fn: n.callFrame.functionName || "(anonymous)", where: file };
  };
  const totals = new Map<string, HotSpot>();
  let total = 0;
  for (const [id, h] of hits) {
    if (h === 0) continue;
    total += h;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const k = keyOf(n);
      if (!k.where.includes(filter)) continue;
      const key = `${k.fn}@${k.where}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const spot = totals.get(key) ?? { fn: k.fn, where: k.where, selfPercent: 0, samples: 0 };
      spot.samples += h;
      totals.set(key, spot);
    }
  }
  const out = [...totals.values()].sort((a, b) => b.samples - a.samples).slice(0, top);
  for (const s of out) s.selfPercent = total === 0 ? 0 : (100 * s.samples) / total;
  return out;
}

/** A profiled bench run: the profile file and its hot spots. */
export interface ProfileResult { file: string; args: string[]; self: HotSpot[]; inclusive: HotSpot[] }

/** Default bench options of a profiled run. */
export const PROFILE_DEFAULT_ARGS = ["--quick", "--only", "idle,invasion,scaling", "--days", "10"];

/**
 * Runs the bench with `args` under `node --cpu-prof` (this Node) and reads the profile back.
 * @param quiet hide the bench's own output.
 * @throws Error when the bench fails or writes no profile.
 */
export function runProfile(args: readonly string[] = PROFILE_DEFAULT_ARGS, quiet = false): ProfileResult {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const repo = path.resolve(here, "../..");
  const dir = path.join(os.tmpdir(), "malignus-profiles");
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const run = spawnSync(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--import", "tsx", path.join(here, "bench.ts"), ...args], {
    stdio: quiet ? "ignore" : "inherit", cwd: repo,
  });
  if (run.status !== 0) throw new Error(`the bench exited with ${run.status}`);
  const newest = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f)).filter((f) => statSync(f).mtimeMs >= started)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) throw new Error("no .cpuprofile written");
  const profile = JSON.parse(readFileSync(newest, "utf8")) as CpuProfile;
  return { file: newest, args: [...args], self: hotSpots(profile, repo + "/", 25), inclusive: inclusiveSpots(profile, repo + "/", "server/src/", 25) };
}

/** The usage text of `npm run bench:profile` (printed by `--help`, and after an argument error). */
export const PROFILE_USAGE = `usage: npm run bench:profile -- [bench options]
Runs the simulation benchmarks (npm run bench) under node --cpu-prof and prints the hot spots.
Without options: ${PROFILE_DEFAULT_ARGS.join(" ")}. The bench options:
${BENCH_OPTIONS}`;

/**
 * The bench options of a profiled run from `argv` (without node and the script):
 * {@link PROFILE_DEFAULT_ARGS} when empty, `"help"` when it holds `--help` or `-h`, else `argv`
 * itself once the bench's parser accepts it. Pure.
 * @throws Error with the bench parser's one-line message (see `parseBenchArgs` of bench.ts).
 */
export function parseProfileArgs(argv: readonly string[]): string[] | "help" {
  if (argv.length === 0) return [...PROFILE_DEFAULT_ARGS];
  if (parseBenchArgs(argv) === "help") return "help";
  return [...argv];
}

function main(): void {
  const benchArgs = runCli("bench:profile", PROFILE_USAGE, () => parseProfileArgs(process.argv.slice(2)));
  let result: ProfileResult;
  try {
    result = runProfile(benchArgs);
  } catch (err) {
    console.error(`bench:profile: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  console.log(`\nHot spots by self time (${result.file})`);
  console.log(table(["self %", "function", "file:line"], result.self.map((s) => [fmt(s.selfPercent), s.fn, s.where])));
  console.log("\nSimulation functions by inclusive time (self + callees)");
  console.log(table(["total %", "function", "file"], result.inclusive.map((s) => [fmt(s.selfPercent), s.fn, s.where])));
}

if (process.argv[1]?.endsWith("profile.ts")) main();
