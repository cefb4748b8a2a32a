import { describe, expect, it } from "vitest";
import { bump, errorCount, formatReport, perClientRate, type LoadReport } from "../src/report.ts";
import { serverReport, type ServerReading } from "../src/server-probe.ts";
import { parsePrometheus } from "../src/stats.ts";
import { stepIsGood } from "../src/loadtest.ts";

const summary = (p99: number) => ({ count: 10, mean: 5, p50: 4, p95: 9, p99, max: p99 + 1 });

function report(over: Partial<LoadReport> = {}): LoadReport {
  return {
    tool: "malignus-loadtest", reportVersion: 1, startedAt: "2026-11-29T17:00:00.000Z", endpoint: "ws://127.0.0.1:2567", target: "dungeon",
    options: { rooms: 2, keepers: 1, adventurers: 0, spectators: 4, durationSeconds: 30, commandIntervalMs: 1000, timeScale: 120, seed: 1, rampPerSecond: 200 },
    measuredSeconds: 30, rampSeconds: 0.5,
    connections: { attempted: 10, held: 10, failed: 0, dropped: 0 },
    joinMs: summary(100), commandRoundTripMs: summary(20),
    commands: { sent: 60, ok: 50, refused: { NOT_FLOOR: 10 } },
    traffic: { all: { clients: 10, patchesPerSecond: 10, bytesPerSecond: 512 }, byRole: {}, spectatorDuringInvasion: { spectatorSeconds: 0, invasions: 0, bytesPerSecond: null } },
    adventurers: { asked: 0, seated: 0, seatWaitMs: { count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 }, turnsAvailable: false, note: "n/a" },
    errors: {},
    server: { source: "none", cpuPercent: null, procCpuPercent: null, rssMiB: null, tickMs: null, notes: [] },
    generator: { cpuPercent: 40, eventLoopLagMs: { p50: 10.5, p99: 20, max: 31 } },
    ...over,
  };
}

describe("load report", () => {
  it("counts errors and per-client rates", () => {
    const errors: Record<string, number> = {};
    bump(errors, "left:4000"); bump(errors, "left:4000"); bump(errors, "command-timeout", 3);
    expect(errors).toEqual({ "left:4000": 2, "command-timeout": 3 });
    expect(errorCount({ errors })).toBe(5);
    expect(perClientRate(3000, 10, 30)).toBe(10);
    expect(perClientRate(3000, 0, 30)).toBe(0);
  });

  it("prints the key figures", () => {
    const text = formatReport(report());
    expect(text).toContain("connections: 10 attempted, 10 held to the end, 0 failed, 0 dropped");
    expect(text).toContain("command round trip (10): p50 4.0 ms, p95 9.0 ms, p99 20.0 ms, max 21.0 ms");
    expect(text).toContain("per client: 10.00 patches/s, 0.50 KB/s");
    expect(text).toContain("errors: none");
    expect(text).toContain("load generator: CPU 40.0% of a core, 4.000% per client held, event-loop lag p50 10.5 ms, p99 20.0 ms, max 31.0 ms");
    expect(text).toContain("spectators during invasions: no invasion seen");
    const fight = formatReport(report({ traffic: { all: { clients: 1, patchesPerSecond: 1, bytesPerSecond: 1 }, byRole: {}, spectatorDuringInvasion: { spectatorSeconds: 40, invasions: 4, bytesPerSecond: 1536 } } }));
    expect(fight).toContain("spectators during invasions: 1.50 KB/s over 40 spectator-seconds");
  });

  it("a capacity step is good only with no error and p99 within the limit", () => {
    expect(stepIsGood(report(), 250)).toBe(true);
    expect(stepIsGood(report({ commandRoundTripMs: summary(251) }), 250)).toBe(false);
    expect(stepIsGood(report({ errors: { "left:4000": 1 } }), 250)).toBe(false);
    expect(stepIsGood(report({ connections: { attempted: 10, held: 9, failed: 1, dropped: 0 } }), 250)).toBe(false);
    expect(stepIsGood(report({ commandRoundTripMs: { count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 } }), 250)).toBe(false);
  });

  it("reads server CPU, memory and step times from two scrapes, else /proc, else nothing", () => {
    const scrape = (cpu: number, fast: number, total: number) => parsePrometheus(
      `# TYPE a counter\nm_process_cpu_seconds_total ${cpu}\nm_process_resident_memory_bytes ${200 * 2 ** 20}\n` +
      `m_room_step_duration_seconds_bucket{le="0.001"} ${fast}\nm_room_step_duration_seconds_bucket{le="0.01"} ${total}\nm_room_step_duration_seconds_bucket{le="+Inf"} ${total}\n` +
      `m_room_step_duration_seconds_count ${total}\n` +
      `m_room_step_phase_seconds_total{phase="simulation"} ${total * 0.00004}\nm_room_step_phase_seconds_total{phase="send"} ${total * 0.00001}\n` +
      `m_room_step_phase_cpu_seconds_total{phase="simulation"} ${total * 0.00003}\nm_room_step_phase_cpu_seconds_total{phase="send"} ${total * 0.000005}\n`);
    const before: ServerReading = { at: 0, metrics: scrape(10, 0, 0), procCpuSeconds: 1, procRssBytes: null };
    const after: ServerReading = { at: 20_000, metrics: scrape(15, 100, 200), procCpuSeconds: 6, procRssBytes: 2 ** 20 };
    const r = serverReport(before, after);
    expect(r.source).toBe("metrics");
    expect(r.cpuPercent).toBe(25);
    expect(r.procCpuPercent).toBe(25);
    expect(r.rssMiB).toBe(200);
    expect(r.tickMs?.p50).toBeCloseTo(1, 9);
    expect(r.tickMs?.p99).toBeCloseTo(1 + 9 * 0.98, 9);
    // 200 steps between the scrapes: (200 × 40 µs − 0) / 200 = 40 µs of simulation, 10 of send.
    expect(Object.keys(r.stepPhasesUs ?? {})).toEqual(["simulation", "send"]);
    expect(r.stepPhasesUs?.simulation).toBeCloseTo(40, 9);
    expect(r.stepPhasesUs?.send).toBeCloseTo(10, 9);
    // The CPU counter (issue 20 part 2) the same way: 30 µs of simulation, 5 of send per step.
    expect(Object.keys(r.stepPhasesCpuUs ?? {})).toEqual(["simulation", "send"]);
    expect(r.stepPhasesCpuUs?.simulation).toBeCloseTo(30, 9);
    expect(r.stepPhasesCpuUs?.send).toBeCloseTo(5, 9);
    expect(formatReport(report({ server: r }))).toContain("room step phases (mean µs per step): simulation 40.0, send 10.0");
    expect(formatReport(report({ server: r }))).toContain("room step phases, CPU (mean µs of the step thread's CPU per step): simulation 30.0, send 5.0");
    expect(r.heapMiB).toBeNull(); // no heap gauges in these scrapes
    const heap = serverReport(before, { ...after, metrics: [...scrape(15, 100, 200), ...parsePrometheus(
      `m_nodejs_heap_size_total_bytes ${120 * 2 ** 20}\nm_nodejs_heap_size_used_bytes ${60 * 2 ** 20}\nm_nodejs_external_memory_bytes ${8 * 2 ** 20}\n` +
      `m_nodejs_heap_space_size_total_bytes{space="new"} ${64 * 2 ** 20}\nm_nodejs_heap_space_size_total_bytes{space="old"} ${50 * 2 ** 20}\n`)] });
    expect(heap.heapMiB).toEqual({ heapTotal: 120, heapUsed: 60, newSpace: 64, oldSpace: 50, external: 8 });
    expect(formatReport(report({ server: heap }))).toContain("server memory at the end (MiB): V8 heap 120 (new space 64, old space 50; live 60), external 8, outside the heap 80");
    const proc = serverReport({ ...before, metrics: null }, { ...after, metrics: null });
    expect([proc.source, proc.cpuPercent, proc.rssMiB, proc.tickMs]).toEqual(["proc", 25, 1, null]);
    const none = serverReport({ at: 0, metrics: null, procCpuSeconds: null, procRssBytes: null }, { at: 1000, metrics: null, procCpuSeconds: null, procRssBytes: null });
    expect(none.source).toBe("none");
  });
});
