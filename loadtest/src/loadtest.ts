/**
 * `npm run loadtest -- --endpoint ws://127.0.0.1:2567 --rooms N --keepers K --adventurers A
 * --spectators S --duration SECONDS [--find-capacity]`: bot clients against a running server,
 * a live progress line on stderr, the report printed and written as JSON (see args.ts for every
 * option, report.ts for the report). Loopback endpoints only unless `--allow-remote`.
 *
 * `--find-capacity` runs one load per room count of `--steps` (same clients per room), stops at
 * the first step whose command round-trip p99 passes `--p99-ms` (default 250) or that has any
 * error, and reports the last good step. `--help` prints the usage and exits 0 without loading anything.
 * Exit code: 0; 2 on bad options (the message and the usage on stderr, nothing run); 1 on a failed run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import cliProgress from "cli-progress";
import path from "node:path";
import { parseArgs, clientsPerRoom, USAGE, wantsHelp, type LoadOptions } from "./args.ts";
import { runLoad, type LiveStatus } from "./runner.ts";
import { runCli } from "../../tools/cli.ts";
import { errorCount, formatReport, type LoadReport } from "./report.ts";

/** One step of a capacity search. */
export interface CapacityStep {
  rooms: number;
  clients: number;
  p99Ms: number;
  errors: number;
  good: boolean;
  report: LoadReport;
}

/** The capacity report written as JSON by `--find-capacity`. */
export interface CapacityReport {
  tool: "malignus-loadtest";
  kind: "capacity";
  p99LimitMs: number;
  steps: Omit<CapacityStep, "report">[];
  lastGood: { rooms: number; clients: number; p99Ms: number } | null;
  stoppedBecause: string;
  reports: LoadReport[];
}

/** True when a step passes: no error and command p99 at most `limitMs` (and some commands answered). */
export function stepIsGood(report: LoadReport, limitMs: number): boolean {
  return errorCount(report) === 0 && report.connections.failed === 0 && report.commandRoundTripMs.count > 0 && report.commandRoundTripMs.p99 <= limitMs;
}

/**
 * The live status line on stderr (cli-progress; redrawn in place on a TTY, a line every 5 s
 * otherwise), or nothing when `quiet`. Returns the status callback and a `stop` that ends the line.
 */
function progress(quiet: boolean, label: string): { update: (s: LiveStatus) => void; stop: () => void } {
  if (quiet) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar({
    format: `${label}{phase} {elapsed}s | clients {joined}/{asked} (failed {failed}) | commands {commands} p99 {p99} ms | errors {errors} | rx {rx} KB/s`,
    stream: process.stderr, hideCursor: true, noTTYOutput: true, notTTYSchedule: 5000, fps: 2,
  });
  let started = false;
  return {
    update: (s) => {
      const payload = {
        phase: s.phase, elapsed: s.elapsedSeconds.toFixed(0), joined: s.joined, asked: s.asked, failed: s.failed,
        commands: s.commands, p99: s.p99.toFixed(1), errors: s.errors, rx: (s.bytesPerSecond / 1024).toFixed(1),
      };
      if (!started) { started = true; bar.start(1, 0, payload); } else bar.update(0, payload);
    },
    stop: () => { if (started) bar.stop(); },
  };
}

function write(file: string, data: unknown): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
}

async function findCapacity(o: LoadOptions): Promise<CapacityReport> {
  const steps: CapacityStep[] = [];
  let stoppedBecause = `every step up to ${o.capacitySteps.at(-1)} rooms passed`;
  for (const rooms of o.capacitySteps) {
    const line = progress(o.quiet, `[${rooms} rooms] `);
    const report = await runLoad({ ...o, rooms }, line.update);
    line.stop();
    const step: CapacityStep = {
      rooms, clients: rooms * clientsPerRoom(o), p99Ms: report.commandRoundTripMs.p99, errors: errorCount(report) + report.connections.failed,
      good: stepIsGood(report, o.capacityP99Ms), report,
    };
    steps.push(step);
    console.log(`step ${rooms} rooms / ${step.clients} clients: p99 ${step.p99Ms.toFixed(1)} ms, errors ${step.errors}, server CPU ${report.server.cpuPercent?.toFixed(0) ?? "n/a"}% → ${step.good ? "good" : "FAILED"}`);
    if (!step.good) {
      stoppedBecause = step.errors > 0 ? `errors at ${rooms} rooms` : report.commandRoundTripMs.count === 0 ? `no command answered at ${rooms} rooms` : `p99 ${step.p99Ms.toFixed(1)} ms > ${o.capacityP99Ms} ms at ${rooms} rooms`;
      break;
    }
    await new Promise((r) => setTimeout(r, 3000)); // let the server dispose the rooms
  }
  const good = steps.filter((s) => s.good).at(-1);
  return {
    tool: "malignus-loadtest", kind: "capacity", p99LimitMs: o.capacityP99Ms,
    steps: steps.map(({ report: _r, ...s }) => s),
    lastGood: good ? { rooms: good.rooms, clients: good.clients, p99Ms: good.p99Ms } : null,
    stoppedBecause,
    reports: steps.map((s) => s.report),
  };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const o: LoadOptions = runCli("loadtest", USAGE, () => (wantsHelp(argv) ? "help" : parseArgs(argv)));
  if (o.findCapacity) {
    const cap = await findCapacity(o);
    console.log(cap.lastGood
      ? `capacity: last good step ${cap.lastGood.rooms} rooms / ${cap.lastGood.clients} clients (p99 ${cap.lastGood.p99Ms.toFixed(1)} ms); stopped: ${cap.stoppedBecause}`
      : `capacity: no step passed; stopped: ${cap.stoppedBecause}`);
    write(o.out, cap);
    console.log(`report written to ${o.out}`);
  } else {
    const line = progress(o.quiet, "");
    const report = await runLoad(o, line.update);
    line.stop();
    console.log(formatReport(report));
    write(o.out, report);
    console.log(`report written to ${o.out}`);
  }
  process.exit(0);
}

if (process.argv[1]?.endsWith("loadtest.ts")) {
  main().catch((err: unknown) => {
    console.error(`loadtest: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    process.exit(1);
  });
}
