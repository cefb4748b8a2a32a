/**
 * The load report: its shape (written as JSON) and its printed form. Pure.
 */
import type { LoadOptions } from "./args.ts";
import type { LatencySummary } from "./stats.ts";

/** Traffic received per client, averaged over the measured window. */
export interface TrafficRate {
  clients: number;
  /** State patches (and full states) per second per client. */
  patchesPerSecond: number;
  /** Bytes received per second per client (all WebSocket frames). */
  bytesPerSecond: number;
}

/** What the server said about itself (GET /metrics, else /proc through /health's pid). */
export interface ServerReport {
  /** Where the figures come from; `none` when neither was reachable. */
  source: "metrics" | "proc" | "none";
  /** CPU used during the measured window, in % of one core. */
  cpuPercent: number | null;
  /** CPU from /proc/<pid>/stat over the same window (loopback servers), % of one core: the same measure for every server kind. */
  procCpuPercent: number | null;
  /** Resident memory at the end of the window, in MiB. */
  rssMiB: number | null;
  /**
   * Resident memory of the server before the ramp (from /proc; loopback servers), in MiB: with
   * `rssMiB`, the memory the load's rooms and clients added ({@link memoryPerRoomMiB}). Absent in older reports.
   */
  idleRssMiB?: number | null;
  /**
   * Where the resident memory at the end of the window lies (from /metrics, Node's own gauges), in
   * MiB: the V8 heap (`heapTotal`, of it `newSpace`, the young generation, and `oldSpace`), what it
   * holds live (`heapUsed`) and the memory outside it that V8 tracks (`external`). RSS minus
   * `heapTotal` is the rest: the node binary's mapped text (~50 MiB, the same in every server) and
   * malloc'd memory (sockets, SQLite). Issue 20 part 3: memory per room.
   * Absent without /metrics and in older reports.
   */
  heapMiB?: { heapTotal: number; heapUsed: number; newSpace: number | null; oldSpace: number | null; external: number | null } | null;
  /** Room step time percentiles during the window (from the metrics histogram), in ms. */
  tickMs: { p50: number; p95: number; p99: number } | null;
  /**
   * Mean real time per room step of each phase the server times (`malignus_room_step_phase_seconds_total`:
   * simulation, projection, views, patch, send), in µs, over the window; null when /metrics has none.
   */
  stepPhasesUs?: Record<string, number> | null;
  /**
   * The same phases in CPU time of the server's step thread (`malignus_room_step_phase_cpu_seconds_total`),
   * µs per room step: without the time a step waited for a core on a busy machine. Absent in older reports.
   */
  stepPhasesCpuUs?: Record<string, number> | null;
  notes: string[];
}

/** The whole report of one load run. */
export interface LoadReport {
  tool: "malignus-loadtest";
  reportVersion: 1;
  startedAt: string;
  endpoint: string;
  target: LoadOptions["target"];
  options: Pick<LoadOptions, "rooms" | "keepers" | "adventurers" | "spectators" | "durationSeconds" | "commandIntervalMs" | "timeScale" | "seed" | "rampPerSecond"> & { skipToInvasion?: boolean; lightSpectators?: boolean; workers?: number };
  /**
   * Dungeons the server's store held after the load (`GET /dungeons` `total`): persistence on
   * (issue 20 part 6). Null when the server keeps none (no store, or the bare server); absent in older reports.
   */
  storedDungeons?: number | null;
  /** Seconds actually measured (after the ramp). */
  measuredSeconds: number;
  rampSeconds: number;
  connections: { attempted: number; held: number; failed: number; dropped: number };
  joinMs: LatencySummary;
  commandRoundTripMs: LatencySummary;
  commands: { sent: number; ok: number; refused: Record<string, number> };
  traffic: {
    all: TrafficRate;
    byRole: Record<string, TrafficRate>;
    /**
     * What spectators received while an invasion was on (from their invasionStarted to their
     * invasionEnded events): spectator-seconds observed, invasions seen (summed over spectators),
     * and bytes per second (null when no spectator saw an invasion).
     */
    spectatorDuringInvasion: {
      spectatorSeconds: number; invasions: number; bytesPerSecond: number | null;
      /** Of those: spectator-seconds while a unit it saw was fighting, and the bytes per second then (null when none). */
      combatSeconds?: number; combatBytesPerSecond?: number | null;
      /** Bytes per spectator per second during invasions by kind of message (`patch`, `event:<type>`…), and frames. */
      byKind?: Record<string, { frames: number; bytesPerSecond: number }>;
    };
  };
  /** Adventurer bots: seats claimed, and the wait from the measured window's start to the seat (a party must come first). */
  adventurers: { asked: number; seated: number; seatWaitMs: LatencySummary; turnsAvailable: boolean; note: string };
  errors: Record<string, number>;
  server: ServerReport;
  /**
   * The load generator itself over the window: its CPU (% of one core) and event-loop lag. A
   * busy generator (CPU near 100%, lag in the tens of ms) inflates the round trips it measures.
   */
  generator: {
    cpuPercent: number;
    eventLoopLagMs: { p50: number; p99: number; max: number };
    /**
     * Worker threads the clients ran in (`--workers`), 0 or absent when they ran in the main
     * thread. With workers, `cpuPercent` is the whole process's (it may pass 100) and the lag the
     * worst worker's.
     */
    workers?: number;
  };
}

/**
 * Memory the load added per room, in MiB: (RSS at the end of the window − RSS before the ramp) ÷
 * rooms. Null when either reading is missing.
 */
export function memoryPerRoomMiB(r: Pick<LoadReport, "server" | "options">): number | null {
  const { rssMiB, idleRssMiB } = r.server;
  return rssMiB === null || idleRssMiB == null || r.options.rooms <= 0 ? null : (rssMiB - idleRssMiB) / r.options.rooms;
}

/** Total of `errors`. */
export function errorCount(report: Pick<LoadReport, "errors">): number {
  return Object.values(report.errors).reduce((a, n) => a + n, 0);
}

/** Adds one to `counts[key]`. */
export function bump(counts: Record<string, number>, key: string, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by;
}

/** Per-client rate of `total` over `clients` clients and `seconds` seconds (0 when either is 0). */
export function perClientRate(total: number, clients: number, seconds: number): number {
  return clients === 0 || seconds <= 0 ? 0 : total / clients / seconds;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB/s`;

/** The report as a few readable lines. */
export function formatReport(r: LoadReport): string {
  const c = r.connections;
  const lines = [
    `load: ${r.target} rooms at ${r.endpoint}: ${r.options.rooms} rooms × (${plural(r.options.keepers, "keeper")}, ${plural(r.options.adventurers, "adventurer")}, ${plural(r.options.spectators, "spectator")}${r.options.lightSpectators && r.options.spectators > 1 ? `, all but one counting bytes only` : ""}), ${r.measuredSeconds.toFixed(1)} s measured after a ${r.rampSeconds.toFixed(1)} s ramp`,
    `connections: ${c.attempted} attempted, ${c.held} held to the end, ${c.failed} failed, ${c.dropped} dropped`,
    `join time: p50 ${ms(r.joinMs.p50)}, p95 ${ms(r.joinMs.p95)}, p99 ${ms(r.joinMs.p99)}, max ${ms(r.joinMs.max)}`,
    `command round trip (${r.commandRoundTripMs.count}): p50 ${ms(r.commandRoundTripMs.p50)}, p95 ${ms(r.commandRoundTripMs.p95)}, p99 ${ms(r.commandRoundTripMs.p99)}, max ${ms(r.commandRoundTripMs.max)}`,
    `commands: ${r.commands.sent} sent, ${r.commands.ok} accepted, refused ${Object.entries(r.commands.refused).map(([k, n]) => `${k} ${n}`).join(", ") || "none"}`,
    `per client: ${r.traffic.all.patchesPerSecond.toFixed(2)} patches/s, ${kb(r.traffic.all.bytesPerSecond)}` +
      Object.entries(r.traffic.byRole).map(([role, t]) => `; ${role} ${t.patchesPerSecond.toFixed(2)} patches/s ${kb(t.bytesPerSecond)}`).join(""),
    `spectators during invasions: ${r.traffic.spectatorDuringInvasion.bytesPerSecond === null ? "no invasion seen" : `${kb(r.traffic.spectatorDuringInvasion.bytesPerSecond)} over ${r.traffic.spectatorDuringInvasion.spectatorSeconds.toFixed(0)} spectator-seconds`}`,
    `adventurers: ${r.adventurers.seated}/${r.adventurers.asked} seated` +
      (r.adventurers.seatWaitMs.count > 0 ? ` (wait for a party and a seat: p50 ${(r.adventurers.seatWaitMs.p50 / 1000).toFixed(1)} s)` : "") + `; ${r.adventurers.note}`,
    ...(r.target === "dungeon" ? [`dungeon store: ${r.storedDungeons == null ? "none answered (GET /dungeons): persistence off or unknown" : `${r.storedDungeons} dungeons stored (GET /dungeons): persistence on`}`] : []),
    `errors: ${errorCount(r) === 0 ? "none" : Object.entries(r.errors).map(([k, n]) => `${k} ${n}`).join(", ")}`,
    `server (${r.server.source}): CPU ${r.server.cpuPercent === null ? "n/a" : `${r.server.cpuPercent.toFixed(1)}% of a core`}, RSS ${r.server.rssMiB === null ? "n/a" : `${r.server.rssMiB.toFixed(0)} MiB`}, ` +
      `room step ${r.server.tickMs ? `p50 ${r.server.tickMs.p50.toFixed(2)} ms, p95 ${r.server.tickMs.p95.toFixed(2)} ms, p99 ${r.server.tickMs.p99.toFixed(2)} ms` : "n/a"}` +
      (r.server.notes.length ? ` (${r.server.notes.join("; ")})` : ""),
    ...(r.server.heapMiB ? [`server memory at the end (MiB): V8 heap ${r.server.heapMiB.heapTotal.toFixed(0)} (new space ${r.server.heapMiB.newSpace?.toFixed(0) ?? "n/a"}, old space ${r.server.heapMiB.oldSpace?.toFixed(0) ?? "n/a"}; live ${r.server.heapMiB.heapUsed.toFixed(0)}), external ${r.server.heapMiB.external?.toFixed(0) ?? "n/a"}` +
      (r.server.rssMiB === null ? "" : `, outside the heap ${(r.server.rssMiB - r.server.heapMiB.heapTotal).toFixed(0)}`)] : []),
    ...(r.server.stepPhasesUs ? [`room step phases (mean µs per step): ${Object.entries(r.server.stepPhasesUs).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", ")}`] : []),
    ...(r.server.stepPhasesCpuUs ? [`room step phases, CPU (mean µs of the step thread's CPU per step): ${Object.entries(r.server.stepPhasesCpuUs).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", ")}`] : []),
    `load generator: CPU ${r.generator.cpuPercent.toFixed(1)}% of a core${r.generator.workers ? ` (${r.generator.workers} worker threads; the worst one's lag)` : ""}, ${r.connections.held > 0 ? `${(r.generator.cpuPercent / r.connections.held).toFixed(3)}% per client held, ` : ""}event-loop lag p50 ${r.generator.eventLoopLagMs.p50.toFixed(1)} ms, p99 ${r.generator.eventLoopLagMs.p99.toFixed(1)} ms, max ${r.generator.eventLoopLagMs.max.toFixed(1)} ms`,
  ];
  return lines.join("\n");
}

/** "1 keeper", "2 keepers". */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
