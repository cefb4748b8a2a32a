/**
 * `npm run bench:doc [-- options]`: regenerates docs/benchmarks.md from a fresh run — never typed
 * by hand. It runs, one after the other on this machine:
 *
 * 1. the simulation benchmarks (`npm run bench -- --json …`);
 * 2. a load on the production server (ws) it starts on a loopback port: `--rooms` rooms × 1 keeper
 *    + 4 spectators for `--duration` seconds (`npm run loadtest` against it);
 * 2b. a mid-fight bandwidth run at timeScale 1: rooms created with `skipToInvasion`, so they open
 *     on their first invasion, spectators' bytes counted while it lasts, by kind of message;
 * 3. the transport comparison (`npm run loadtest:compare`): dungeon and bare rooms over ws and uWS;
 * 4. with `--capacity`, a capacity search (`npm run loadtest -- --find-capacity`);
 * 5. with `--target-run`, the issue's server target once: 400 rooms × (1 keeper + 4 spectators), 60 s.
 *
 * Options: `--quick` (short everything), `--rooms N` (default 40), `--duration S` (default 30),
 * `--compare-rooms N` (default 40), `--capacity`, `--steps a,b,c`, `--skip bench,profile,load,fight,compare`;
 * `--help` prints {@link DOC_USAGE} and exits 0; a bad option prints its error and the usage and exits 2, before anything runs.
 * Raw JSON goes to loadtest/reports/ (git-ignored); the markdown to docs/benchmarks.md.
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
import { num, parseCli, runCli } from "../../tools/cli.ts";
import { compareTable, compareTransports, startServer, stopServer, waitHealthy, type CompareReport } from "./compare.ts";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const REPORTS = path.join(REPO, "loadtest/reports");
/**
 * The mid-fight bandwidth run: rooms at timeScale 1 (real time) created with `skipToInvasion`,
 * so each opens on its first invasion (the party at the door) and the whole window is an
 * invasion; spectators count their bytes while it lasts.
 */
const FIGHT_ROOMS = 10;
const FIGHT_TIME_SCALE = 1;
const FIGHT_SECONDS = 60;

/** Options of the doc run. */
export interface DocOptions {
  quick: boolean;
  rooms: number;
  durationSeconds: number;
  compareRooms: number;
  capacity: boolean;
  /** Attempt the issue's server target once: 400 rooms × (1 keeper + 4 spectators) for 60 s. */
  targetRun: boolean;
  steps: number[];
  skip: Set<string>;
}

/** The parts of the run `--skip` may leave out. */
export const DOC_SKIPPABLE = ["bench", "profile", "load", "fight", "compare"] as const;

/** The usage text of `npm run bench:doc` (printed by `--help`, and after an argument error). */
export const DOC_USAGE = `usage: npm run bench:doc -- [options]
Rewrites docs/benchmarks.md (overwriting it) from a fresh run of the benchmarks, loads on servers it
starts on loopback ports and the transport comparison; raw JSON goes to loadtest/reports/. Takes minutes.
  --quick             short everything (at most 10 rooms, 10 s)
  --rooms N           rooms of the server load (1..400, default 40)
  --duration S        seconds of each load (5..300, default 30)
  --compare-rooms N   rooms of the transport comparison (1..400, default 40)
  --capacity          add a capacity search over --steps
  --steps a,b,c       room counts of the capacity search (each 1..400, default 20,40,80,160,240,320,400)
  --target-run        add the issue's target once: 400 rooms x (1 keeper + 4 spectators), 60 s
  --skip a,b          leave out parts, any of ${DOC_SKIPPABLE.join(",")}
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
  const parsed = parseCli(argv, { quick: b, rooms: t, duration: t, "compare-rooms": t, capacity: b, "target-run": b, steps: t, skip: t });
  if (parsed === "help") return "help";
  const v = parsed.values;
  const o: DocOptions = {
    quick: v.quick === true, rooms: num(v, "rooms", 40, 1, 400), durationSeconds: num(v, "duration", 30, 5, 300),
    compareRooms: num(v, "compare-rooms", 40, 1, 400), capacity: v.capacity === true, targetRun: v["target-run"] === true,
    steps: [20, 40, 80, 160, 240, 320, 400], skip: new Set(),
  };
  if (typeof v.steps === "string") o.steps = v.steps.split(",").map((x) => num({ steps: x }, "steps", 0, 1, 400));
  if (typeof v.skip === "string") {
    o.skip = new Set(v.skip.split(","));
    for (const k of o.skip) if (!(DOC_SKIPPABLE as readonly string[]).includes(k)) throw new Error(`--skip: unknown part "${k}" (any of ${DOC_SKIPPABLE.join(",")})`);
  }
  if (o.quick) { o.durationSeconds = Math.min(o.durationSeconds, 10); o.rooms = Math.min(o.rooms, 10); o.compareRooms = Math.min(o.compareRooms, 10); }
  return o;
}

const f1 = (n: number | null | undefined) => (n === null || n === undefined ? "n/a" : n.toFixed(1));
const f2 = (n: number | null | undefined) => (n === null || n === undefined ? "n/a" : n.toFixed(2));
const int = (n: number) => Math.round(n).toLocaleString("en-US");

function runBench(quick: boolean): BenchReport {
  const out = path.join(REPORTS, "bench.json");
  const args = ["--import", "tsx", path.join(REPO, "server/bench/bench.ts"), "--json", out, ...(quick ? ["--quick", "--days", "10"] : [])];
  const r = spawnSync(process.execPath, args, { cwd: REPO, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`the bench exited with ${r.status}`);
  return JSON.parse(readFileSync(out, "utf8")) as BenchReport;
}

async function runServerLoad(rooms: number, durationSeconds: number, extra: Partial<LoadOptions> = {}): Promise<LoadReport> {
  const port = 2640;
  const child = startServer("dungeon-ws", port);
  try {
    await waitHealthy(port, child, 60_000);
    return await runLoad({ ...DEFAULTS, endpoint: `ws://127.0.0.1:${port}`, rooms, durationSeconds, quiet: true, ...extra });
  } finally {
    await stopServer(child);
  }
}

/** One capacity step as shown in the doc. */
export interface DocCapacityStep { rooms: number; clients: number; p99Ms: number; errors: number; good: boolean; cpu: number | null }
/** The capacity search as shown in the doc. */
export interface DocCapacity { steps: DocCapacityStep[]; lastGood: number | null; stoppedBecause: string }

/** The markdown of docs/benchmarks.md from the results of a run (pure). */
export function renderDoc(input: {
  generatedAt: string; command: string; machine: { cpu: string; cores: number; memoryGiB: number; node: string; platform: string; loadBefore: number[]; loadAfter: number[] };
  bench: BenchReport | null; load: LoadReport | null; fight: LoadReport | null; compare: CompareReport | null; capacity: DocCapacity | null;
  target?: LoadReport | null;
  profile?: ProfileResult | null;
  bandwidth?: BandwidthReport[] | null;
}): string {
  const { machine: m, bench: b, load: l, fight: fl, compare: c, capacity: cap } = input;
  const tr = input.target ?? null;
  const out: string[] = [];
  out.push("# Benchmarks", "");
  out.push(`<!-- Generated by \`${input.command}\` (loadtest/src/benchdoc.ts) on ${input.generatedAt}. Do not edit by hand: run it again. -->`, "");
  out.push("Figures of one run on the machine below. Speeds are measured by tools and reported here, never asserted by tests. " +
    "The machine is shared: other engineers ran tests on its 2 cores during the run (see the load averages), so absolute CPU and latency figures are noisy; compare the ratios measured in the same run, and rerun to compare.", "");
  out.push("## How to reproduce", "", "```sh",
    "npm run bench                      # simulation benchmarks (add -- --quick for a short run)",
    "npm run bench:profile              # the same under node --cpu-prof, hot spots by self time",
    "npm start &                        # then, against it:",
    "npm run loadtest -- --endpoint ws://127.0.0.1:2567 --rooms 40 --keepers 1 --spectators 4 --duration 30",
    "npm run loadtest -- --find-capacity --steps 20,40,80,160 --duration 20",
    "npm run loadtest -- --rooms 10 --skip-to-invasion --duration 60   # mid-fight bandwidth at timeScale 1",
    "npx tsx server/bench/bandwidth.ts --seed 1000   # a spectator's patch bytes by schema field, headless",
    "npm run loadtest:compare -- --rooms 400 --duration 60  # the target load; starts its own servers (uWS through ../shared/tools/in-trixie)",
    `${input.command}                 # regenerates this page`, "```", "");
  out.push("## Machine", "", "| | |", "| --- | --- |",
    `| CPU | ${m.cpu} |`, `| cores | ${m.cores} |`, `| memory | ${m.memoryGiB} GiB |`, `| Node | ${m.node} |`, `| OS | ${m.platform} |`,
    `| load average (1, 5, 15 min) before / after | ${m.loadBefore.map((x) => x.toFixed(2)).join(", ")} / ${m.loadAfter.map((x) => x.toFixed(2)).join(", ")} |`, "");

  if (b) {
    out.push("## Simulation (headless)", "");
    out.push(`Run: \`npm run bench${b.quick ? " -- --quick" : ""}\`. Each timing restores the same snapshot and times single \`step()\` calls.`, "");
    out.push("### Idle dungeon (default map, day 1, no invasion)", "", "| ruleset | ticks/s | mean µs | p50 µs | p99 µs |", "| --- | --: | --: | --: | --: |");
    for (const r of b.idle) out.push(`| ${r.ruleset} | ${int(r.ticksPerSecond)} | ${f1(r.meanMicros)} | ${f1(r.p50Micros)} | ${f1(r.p99Micros)} |`);
    out.push("");
    const r0 = b.invasion[0];
    out.push(`### Mid-invasion (default map: ${r0?.adventurers ?? "?"} adventurers, ${r0?.minions ?? "?"} minions, ${r0?.traps ?? "?"} wired traps)`, "",
      "| ruleset | ticks/s | mean µs | p50 µs | p99 µs |", "| --- | --: | --: | --: | --: |");
    for (const r of b.invasion) out.push(`| ${r.ruleset} | ${int(r.ticksPerSecond)} | ${f1(r.meanMicros)} | ${f1(r.p50Micros)} | ${f1(r.p99Micros)} |`);
    out.push("", "Each ruleset runs the combat module `rulesetFor` returns for it. The mean is far above the median when a few ticks are slow (path searches, see the profile).", "");
    out.push("### Tick cost by entity count", "", "Arena map sized to fit; 1/7 adventurers (one party walking to the Master), 2/7 minions, 4/7 trap parts (wired pairs), malignus.", "",
      "| entities | adventurers | minions | traps | mean µs | p99 µs | ticks/s | µs per entity |", "| --: | --: | --: | --: | --: | --: | --: | --: |");
    for (const r of b.scaling) out.push(`| ${r.entities} | ${r.adventurers} | ${r.minions} | ${r.traps} | ${f1(r.meanMicros)} | ${f1(r.p99Micros)} | ${int(r.ticksPerSecond)} | ${f2(r.meanMicros / r.entities)} |`);
    out.push("", "The cost per entity grows with the count: several systems scan every unit for every unit (see the profile below).", "");
  }
  if (input.profile) {
    const p = input.profile;
    out.push("### Where the time goes (profile)", "", `\`npm run bench:profile -- ${p.args.join(" ")}\` (node --cpu-prof). Simulation functions by inclusive time (their own samples and their callees'), then the top functions by self time.`, "",
      "| inclusive % | function | file |", "| --: | --- | --- |");
    for (const h of p.inclusive.slice(0, 15)) out.push(`| ${h.selfPercent.toFixed(1)} | ${h.fn} | ${h.where} |`);
    out.push("", "| self % | function | file |", "| --: | --- | --- |");
    for (const h of p.self.slice(0, 12)) out.push(`| ${h.selfPercent.toFixed(1)} | ${h.fn} | ${h.where || "(V8)"} |`);
    out.push("");
  }
  if (b) {
    if (b.days) {
      out.push(`### ${b.days.days} game days of a defended dungeon`, "",
        "Default map with wired traps, invasions as scheduled, no pause on spotting." +
        (b.days.stoppedByWallLimit ? ` **Stopped by the wall-time limit at game day ${b.days.daysReached.toFixed(1)}.**` : ""), "",
        "| game days reached | ticks | wall s | ticks/s | invasions | events | traps fired |", "| --: | --: | --: | --: | --: | --: | --: |",
        `| ${b.days.daysReached.toFixed(1)} | ${int(b.days.ticks)} | ${f2(b.days.wallSeconds)} | ${int(b.days.ticksPerSecond)} | ${b.days.invasions} | ${int(b.days.events)} | ${b.days.trapsFired} |`, "");
    }
  }

  const loadTable = (x: LoadReport): string[] => [
    "| figure | value |", "| --- | --- |",
    `| connections attempted / held / failed / dropped | ${x.connections.attempted} / ${x.connections.held} / ${x.connections.failed} / ${x.connections.dropped} |`,
    `| ramp (all clients joined) | ${x.rampSeconds.toFixed(1)} s |`,
    `| join time p50 / p95 / p99 | ${f1(x.joinMs.p50)} / ${f1(x.joinMs.p95)} / ${f1(x.joinMs.p99)} ms |`,
    `| command round trip p50 / p95 / p99 (${x.commandRoundTripMs.count} commands) | ${f1(x.commandRoundTripMs.p50)} / ${f1(x.commandRoundTripMs.p95)} / ${f1(x.commandRoundTripMs.p99)} ms |`,
    `| commands accepted / refused by the rules | ${x.commands.ok} / ${Object.values(x.commands.refused).reduce((a, n) => a + n, 0)} |`,
    `| per client | ${f2(x.traffic.all.patchesPerSecond)} patches/s, ${f2(x.traffic.all.bytesPerSecond / 1024)} KB/s |`,
    `| errors | ${errorCount(x) === 0 ? "none" : Object.entries(x.errors).map(([k, n]) => `${k}: ${n}`).join(", ")} |`,
    `| server CPU (${x.server.source}) | ${f1(x.server.cpuPercent)} % of a core |`,
    `| server RSS | ${f1(x.server.rssMiB)} MiB |`,
    `| room step p50 / p95 / p99 (interpolated inside the histogram's buckets, the first of which is 0–0.5 ms: read them as bucket estimates) | ${x.server.tickMs ? `${f2(x.server.tickMs.p50)} / ${f2(x.server.tickMs.p95)} / ${f2(x.server.tickMs.p99)} ms` : "n/a"} |`,
    `| room step phases, mean µs per step (\`malignus_room_step_phase_seconds_total\`) | ${x.server.stepPhasesUs ? Object.entries(x.server.stepPhasesUs).map(([k, v]) => `${k} ${f1(v)}`).join(", ") : "n/a"} |`,
    `| load generator CPU / event-loop lag p99 | ${f1(x.generator.cpuPercent)} % of a core / ${f1(x.generator.eventLoopLagMs.p99)} ms |`,
  ];

  if (l) {
    const o = l.options;
    out.push("## Server under load (production server, ws transport, loopback)", "");
    out.push(`${o.rooms} rooms × (${o.keepers} keeper bot + ${o.spectators} spectator bots), ${l.measuredSeconds.toFixed(0)} s measured after a ${l.rampSeconds.toFixed(1)} s ramp; ` +
      `keeper bots send a random valid command every ~${o.commandIntervalMs} ms; dungeons run at ${o.timeScale} game minutes per real second. The load generator runs on the same machine.`, "");
    out.push(...loadTable(l), "");
  }

  if (tr) {
    out.push("## The 2,000-client target, attempted once", "");
    out.push(`${tr.options.rooms} rooms × (${tr.options.keepers} keeper + ${tr.options.spectators} spectators) = ${tr.connections.attempted} clients on one server process, ` +
      `load generator on the same machine, ${tr.measuredSeconds.toFixed(0)} s measured at ${tr.options.timeScale} game min/s.`, "");
    out.push(...loadTable(tr), "");
  }

  if (fl) {
    const d = fl.traffic.spectatorDuringInvasion;
    out.push("## Spectator bandwidth mid-fight", "");
    out.push(`${fl.options.rooms} rooms × (1 keeper + ${fl.options.spectators} spectators) at ${fl.options.timeScale} game minutes per real second for ${fl.measuredSeconds.toFixed(0)} s, ` +
      `${fl.options.skipToInvasion ? "created with `skipToInvasion` (each room opens on its first invasion, the party at its door), " : ""}` +
      "bytes counted while the spectator's state shows a party in the dungeon (until `invasionEnded`); \"while fighting\" counts only the moments some unit it sees has a target.", "");
    out.push("| figure | value |", "| --- | --- |",
      `| invasions seen (summed over spectators) | ${d.invasions} |`,
      `| spectator-seconds during invasions | ${d.spectatorSeconds.toFixed(0)} |`,
      `| spectator bytes per second during invasions | ${d.bytesPerSecond === null ? "no invasion seen" : `${f2(d.bytesPerSecond / 1024)} KB/s`} |`,
      `| spectator-seconds while fighting / bytes per second then | ${d.combatSeconds === undefined ? "n/a" : `${d.combatSeconds.toFixed(0)} s / ${d.combatBytesPerSecond == null ? "no fight seen" : `${f2(d.combatBytesPerSecond / 1024)} KB/s`}`} |`,
      `| spectator bytes per second over the whole window | ${f2((fl.traffic.byRole.spectator?.bytesPerSecond ?? 0) / 1024)} KB/s |`,
      `| command round trip p50 / p99 | ${f1(fl.commandRoundTripMs.p50)} / ${f1(fl.commandRoundTripMs.p99)} ms |`,
      `| room step p50 / p99 | ${fl.server.tickMs ? `${f2(fl.server.tickMs.p50)} / ${f2(fl.server.tickMs.p99)} ms` : "n/a"} |`, "");
    const kinds = Object.entries(d.byKind ?? {}).sort((a, b) => b[1].bytesPerSecond - a[1].bytesPerSecond);
    if (kinds.length > 0) {
      out.push("What the bytes are, per spectator during invasions (the probe names each frame: state `patch`, `full` state, or the event it carried):", "",
        "| message | bytes/s per spectator | share | frames | bytes per frame |", "| --- | --: | --: | --: | --: |");
      const total = kinds.reduce((a, [, v]) => a + v.bytesPerSecond, 0);
      const secs = d.spectatorSeconds;
      for (const [k, v] of kinds.slice(0, 15)) {
        const perFrame = v.frames > 0 ? (v.bytesPerSecond * secs) / v.frames : 0;
        out.push(`| ${k} | ${f1(v.bytesPerSecond)} | ${total > 0 ? `${((100 * v.bytesPerSecond) / total).toFixed(1)} %` : "n/a"} | ${v.frames} | ${f1(perFrame)} |`);
      }
      out.push("");
    }
  }

  if (input.bandwidth && input.bandwidth.length > 0) {
    const bw = input.bandwidth;
    const secs = bw.reduce((a, r) => a + r.seconds, 0);
    const merge = (pick: (r: BandwidthReport) => { what: string; changes: number; bytesPerSecond: number }[]) => {
      const m = new Map<string, { changes: number; bytes: number }>();
      for (const r of bw) for (const l of pick(r)) { const a = m.get(l.what) ?? { changes: 0, bytes: 0 }; a.changes += l.changes; a.bytes += l.bytesPerSecond * r.seconds; m.set(l.what, a); }
      return [...m].map(([what, v]) => ({ what, changes: v.changes, bps: v.bytes / secs })).sort((a, b) => b.bps - a.bps);
    };
    const patch = bw.reduce((a, r) => a + r.patchBytesPerSecond * r.seconds, 0) / secs;
    const ev = bw.reduce((a, r) => a + r.eventBytesPerSecond * r.seconds, 0) / secs;
    out.push("### The same bytes by schema field (headless)", "",
      `server/bench/bandwidth.ts (one seed per run, \`--seed N\`; this page runs it for each of ${bw.length} seeds: ${bw.map((r) => r.seed).join(", ")}): dungeons run headless to their first invasion, then stepped at timeScale 1 through the room's projection and a keeper-side StateView until the invasion ended (${secs.toFixed(0)} s in all), ` +
      "each step's patch encoded as Colyseus encodes it and its bytes shared out between the fields that changed (in proportion to each change's estimated size); events as the room sends them. No keeper builds here (the load run above has keeper bots building, whose parts' progress and events add to the patches).", "",
      `Patches ${f1(patch)} B/s, events ${f1(ev)} B/s, ${f2((patch + ev) / 1024)} KB/s in all.`, "",
      "| patch bytes of | B/s | changes |", "| --- | --: | --: |");
    for (const l of merge((r) => r.fields).slice(0, 12)) out.push(`| \`${l.what}\` | ${f1(l.bps)} | ${l.changes} |`);
    out.push("", "| event | B/s | count |", "| --- | --: | --: |");
    for (const l of merge((r) => r.events).slice(0, 10)) out.push(`| ${l.what} | ${f1(l.bps)} | ${l.changes} |`);
    out.push("");
  }

  if (c) {
    out.push("## Transports and the bare-room floor", "");
    out.push(`Same load on each server in turn: ${c.load.rooms} rooms × (${c.load.keepers} keeper + ${c.load.spectators} spectators), ${c.load.durationSeconds} s. ` +
      "`bare` is loadtest/src/bare-server.ts: a Colyseus room with an empty state that echoes one message (the keeper bot's command there); " +
      "`bare20` is the same room with 20 entities moving one tile every step at 10 Hz, one patch per step (the floor the issue quotes). " +
      "Server CPU from /proc for all six (the same measure for every server, so the ratios compare like with like; the load tables above read the server's own `/metrics` in other runs, so their CPU differs). uWS runs in Debian 13 through `../shared/tools/in-trixie`.", "");
    out.push(compareTable(c), "");
  }

  if (cap) {
    out.push("## Capacity search", "", `Steps of rooms × (1 keeper + 4 spectators); a step fails on command p99 > 250 ms or any error.`, "",
      "| rooms | clients | cmd p99 ms | errors | server CPU % | result |", "| --: | --: | --: | --: | --: | --- |");
    for (const s of cap.steps) out.push(`| ${s.rooms} | ${s.clients} | ${f1(s.p99Ms)} | ${s.errors} | ${f1(s.cpu)} | ${s.good ? "good" : "failed"} |`);
    out.push("", `Last good step: ${cap.lastGood === null ? "none" : `${cap.lastGood} rooms`}; stopped: ${cap.stoppedBecause}.`, "");
  }

  out.push("## Targets (issue 10)", "", "| target | measured | |", "| --- | --- | --- |");
  if (b) for (const t of b.targets) out.push(`| ${t.name}: ${t.target} | ${t.measured} | ${t.met ? "met" : "missed"} |`);
  if (fl) {
    const bw = fl.traffic.spectatorDuringInvasion.bytesPerSecond;
    const cb = fl.traffic.spectatorDuringInvasion.combatBytesPerSecond ?? null;
    out.push(`| spectator of a dungeon mid-fight ≤ 1.5 KB/s | ${bw === null ? "no invasion seen" : `${f2(bw / 1024)} KB/s during invasions${cb === null ? "" : `, ${f2(cb / 1024)} KB/s while fighting`}, at ${fl.options.timeScale} game min/s`} | ${bw === null ? "n/a" : Math.max(bw, cb ?? 0) <= 1536 ? "met" : `missed at ${fl.options.timeScale} game min/s`} |`);
  }
  if (c) {
    const r = c.cpuRatio.ws;
    out.push(`| server CPU ≤ 1.5× the bare-room floor, empty state (ws) | ${r === null ? "n/a" : `${r.toFixed(2)}×`} | ${r === null ? "n/a" : r <= 1.5 ? "met" : "missed"} |`);
    const rm = c.cpuRatioMoving?.ws ?? null;
    out.push(`| server CPU ≤ 1.5× the bare-room floor, 20 entities moving at 10 Hz (ws) | ${rm === null ? "n/a" : `${rm.toFixed(2)}×`} | ${rm === null ? "n/a" : rm <= 1.5 ? "met" : "missed"} |`);
  }
  if (tr) {
    const okRun = errorCount(tr) === 0 && tr.connections.failed === 0 && tr.commandRoundTripMs.p99 <= 100;
    out.push(`| 400 rooms × (1 keeper + 4 spectators), 60 s, p99 ≤ 100 ms, no errors | ${tr.connections.held}/${tr.connections.attempted} held, p99 ${f1(tr.commandRoundTripMs.p99)} ms, ${errorCount(tr) + tr.connections.failed} errors | ${okRun ? "met" : "missed"} |`);
  } else if (cap) {
    out.push(`| 400 rooms × (1 keeper + 4 spectators) = 2,000 clients, p99 ≤ 100 ms, no errors | last good step ${cap.lastGood ?? "none"} rooms (p99 limit 250 ms) | ${cap.lastGood !== null && cap.lastGood >= 400 ? "see p99" : "not reached"} |`);
  } else {
    out.push("| 2,000 clients (400 rooms) for 60 s, p99 ≤ 100 ms | not run in this regeneration (pass `--target-run` or `--capacity`) | n/a |");
  }
  out.push("");
  return out.join("\n");
}

async function main(): Promise<void> {
  const o = runCli("bench:doc", DOC_USAGE, () => parseDocArgs(process.argv.slice(2)));
  mkdirSync(REPORTS, { recursive: true });
  const cpus = os.cpus();
  const loadBefore = os.loadavg();
  const bench = o.skip.has("bench") ? null : runBench(o.quick);
  let profile: ProfileResult | null = null;
  if (!o.skip.has("profile")) {
    console.log("bench:doc: profiling the bench (node --cpu-prof)…");
    profile = runProfile(undefined, true);
  }
  let load: LoadReport | null = null;
  if (!o.skip.has("load")) {
    console.log(`bench:doc: load on the production server, ${o.rooms} rooms for ${o.durationSeconds} s…`);
    load = await runServerLoad(o.rooms, o.durationSeconds);
    writeFileSync(path.join(REPORTS, "load.json"), JSON.stringify(load, null, 2) + "\n");
  }
  let fight: LoadReport | null = null;
  if (!o.skip.has("fight")) {
    console.log(`bench:doc: mid-fight bandwidth, ${FIGHT_ROOMS} rooms at ${FIGHT_TIME_SCALE} game minutes per second for ${FIGHT_SECONDS} s…`);
    fight = await runServerLoad(FIGHT_ROOMS, o.quick ? 30 : FIGHT_SECONDS, { timeScale: FIGHT_TIME_SCALE, skipToInvasion: true });
    writeFileSync(path.join(REPORTS, "fight.json"), JSON.stringify(fight, null, 2) + "\n");
  }
  let bandwidth: BandwidthReport[] | null = null;
  if (!o.skip.has("fight")) {
    console.log("bench:doc: patch bytes by field, headless (server/bench/bandwidth.ts)…");
    bandwidth = [1000, 1001, 1002, 1003, 1004].map((seed) => measureBandwidth(seed, 300));
  }
  let compare: CompareReport | null = null;
  if (!o.skip.has("compare")) {
    compare = await compareTransports({ rooms: o.compareRooms, durationSeconds: o.durationSeconds });
    writeFileSync(path.join(REPORTS, "compare.json"), JSON.stringify(compare, null, 2) + "\n");
  }
  let capacity: DocCapacity | null = null;
  let target: LoadReport | null = null;
  if (o.targetRun) {
    console.log("bench:doc: the 2,000-client target, 400 rooms for 60 s…");
    target = await runServerLoad(400, 60);
    writeFileSync(path.join(REPORTS, "target-2000.json"), JSON.stringify(target, null, 2) + "\n");
  }
  if (o.capacity) {
    const steps: DocCapacityStep[] = [];
    let stoppedBecause = "every step passed";
    for (const rooms of o.steps) {
      console.log(`bench:doc: capacity step ${rooms} rooms…`);
      const r = await runServerLoad(rooms, Math.min(o.durationSeconds, 30));
      const errors = errorCount(r) + r.connections.failed;
      const good = errors === 0 && r.commandRoundTripMs.count > 0 && r.commandRoundTripMs.p99 <= DEFAULTS.capacityP99Ms;
      steps.push({ rooms, clients: r.connections.attempted, p99Ms: r.commandRoundTripMs.p99, errors, good, cpu: r.server.cpuPercent });
      if (!good) { stoppedBecause = errors > 0 ? `errors at ${rooms} rooms` : `p99 ${r.commandRoundTripMs.p99.toFixed(0)} ms at ${rooms} rooms`; break; }
    }
    capacity = { steps, lastGood: steps.filter((s) => s.good).at(-1)?.rooms ?? null, stoppedBecause };
  }
  const md = renderDoc({
    generatedAt: new Date().toISOString(),
    command: `npm run bench:doc${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    machine: {
      cpu: cpus[0]?.model.trim() ?? "unknown", cores: os.availableParallelism(), memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      node: process.version, platform: `${os.platform()} ${os.release()} ${os.arch()}`, loadBefore, loadAfter: os.loadavg(),
    },
    bench, load, fight, compare, capacity, target, profile, bandwidth,
  });
  const docPath = path.join(REPO, "docs/benchmarks.md");
  writeFileSync(docPath, md + keptSection(docPath));
  console.log("bench:doc: docs/benchmarks.md written");
  process.exit(0);
}

if (process.argv[1]?.endsWith("benchdoc.ts")) {
  main().catch((err: unknown) => { console.error(`bench:doc: ${err instanceof Error ? err.stack ?? err.message : String(err)}`); process.exit(1); });
}
