/**
 * Reads the server's own figures around a measured window: `GET /metrics` (Prometheus text,
 * prom-client's default process metrics plus the room step histogram) when the server has it,
 * else CPU and memory from /proc through the pid `GET /health` gives (loopback servers only).
 */
import { readFileSync } from "node:fs";
import { httpBaseUrl } from "@malignus/client-sdk";
import type { ServerReport } from "./report.ts";
import { bucketDelta, findName, histogramBuckets, histogramQuantile, parsePrometheus, sumOf, type PromSample } from "./stats.ts";

/** Clock ticks per second of /proc/<pid>/stat times (Linux USER_HZ). */
const USER_HZ = 100;

/** One reading of the server. */
export interface ServerReading {
  at: number;
  metrics: PromSample[] | null;
  /** CPU seconds (user + system) of the server process, from /proc, when readable. */
  procCpuSeconds: number | null;
  procRssBytes: number | null;
}

async function fetchText(url: string, timeoutMs = 5000): Promise<string | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? await res.text() : null;
  } catch {
    return null;
  }
}

/** The pid of a loopback server from `GET /health`, or null. */
export async function serverPid(endpoint: string): Promise<number | null> {
  const text = await fetchText(`${httpBaseUrl(endpoint)}/health`);
  if (!text) return null;
  try {
    const pid = (JSON.parse(text) as { pid?: unknown }).pid;
    return typeof pid === "number" && Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

function procCpu(pid: number): { cpu: number; rss: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cpu = (Number(fields[11]) + Number(fields[12])) / USER_HZ;
    const rssKb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return { cpu, rss: rssKb ? Number(rssKb) * 1024 : 0 };
  } catch {
    return null;
  }
}

/** Reads the server now: metrics (if `useMetrics`) and /proc (if `pid`). */
export async function readServer(endpoint: string, useMetrics: boolean, pid: number | null): Promise<ServerReading> {
  const text = useMetrics ? await fetchText(`${httpBaseUrl(endpoint)}/metrics`) : null;
  const metrics = text && text.includes("# TYPE") ? parsePrometheus(text) : null;
  const proc = pid === null ? null : procCpu(pid);
  return { at: performance.now(), metrics, procCpuSeconds: proc?.cpu ?? null, procRssBytes: proc?.rss ?? null };
}

/**
 * The server's CPU (% of one core), memory and room step percentiles between two readings.
 * Prefers the metrics; falls back to /proc; says which in `source` and what was missing in `notes`.
 */
export function serverReport(before: ServerReading, after: ServerReading): ServerReport {
  const seconds = (after.at - before.at) / 1000;
  const notes: string[] = [];
  const procCpuPercent = before.procCpuSeconds !== null && after.procCpuSeconds !== null && seconds > 0
    ? (100 * (after.procCpuSeconds - before.procCpuSeconds)) / seconds : null;
  if (before.metrics && after.metrics) {
    const cpuName = findName(after.metrics, "process_cpu_seconds_total");
    const rssName = findName(after.metrics, "process_resident_memory_bytes");
    const bucketName = findName(after.metrics, "step_duration_seconds_bucket") ?? findName(after.metrics, "tick_duration_seconds_bucket");
    const cpuA = cpuName ? sumOf(after.metrics, cpuName) : null;
    const cpuB = cpuName ? sumOf(before.metrics, cpuName) : null;
    const rss = rssName ? sumOf(after.metrics, rssName) : null;
    let tickMs: ServerReport["tickMs"] = null;
    if (bucketName) {
      const d = bucketDelta(histogramBuckets(before.metrics, bucketName), histogramBuckets(after.metrics, bucketName));
      const q = (p: number) => (histogramQuantile(p, d) ?? 0) * 1000;
      if (histogramQuantile(0.5, d) !== null) tickMs = { p50: q(0.5), p95: q(0.95), p99: q(0.99) };
      notes.push("step percentiles interpolated in histogram buckets");
    } else notes.push("no step-time histogram in /metrics");
    return {
      source: "metrics",
      heapMiB: heapFigures(after.metrics),
      stepPhasesUs: stepPhases(before.metrics, after.metrics),
      stepPhasesCpuUs: stepPhases(before.metrics, after.metrics, "room_step_phase_cpu_seconds_total"),
      cpuPercent: cpuA !== null && cpuB !== null && seconds > 0 ? (100 * (cpuA - cpuB)) / seconds : null,
      procCpuPercent,
      rssMiB: rss === null ? null : rss / 2 ** 20,
      tickMs,
      notes,
    };
  }
  if (before.procCpuSeconds !== null && after.procCpuSeconds !== null) {
    notes.push("GET /metrics not available: CPU and memory from /proc");
    return {
      source: "proc",
      cpuPercent: procCpuPercent,
      procCpuPercent,
      rssMiB: after.procRssBytes === null ? null : after.procRssBytes / 2 ** 20,
      tickMs: null,
      notes,
    };
  }
  return { source: "none", cpuPercent: null, procCpuPercent: null, rssMiB: null, tickMs: null, notes: ["neither GET /metrics nor the server's /proc entry was readable"] };
}

/**
 * The V8 heap figures of {@link ServerReport.heapMiB} from one /metrics reading (prom-client's
 * `nodejs_heap_size_total_bytes`, `…_used_bytes`, `nodejs_heap_space_size_total_bytes{space}`,
 * `nodejs_external_memory_bytes`), in MiB; null when the reading has no heap gauge.
 */
export function heapFigures(samples: readonly PromSample[]): ServerReport["heapMiB"] {
  const mib = (n: number | null) => (n === null ? null : n / 2 ** 20);
  const one = (suffix: string) => { const name = findName(samples, suffix); return name ? sumOf(samples, name) : null; };
  const space = (which: string) => {
    const name = findName(samples, "nodejs_heap_space_size_total_bytes");
    const hit = name ? samples.find((x) => x.name === name && x.labels.space === which) : undefined;
    return hit ? hit.value : null;
  };
  const total = one("nodejs_heap_size_total_bytes"), used = one("nodejs_heap_size_used_bytes");
  if (total === null || used === null) return null;
  return { heapTotal: total / 2 ** 20, heapUsed: used / 2 ** 20, newSpace: mib(space("new")), oldSpace: mib(space("old")), external: mib(one("nodejs_external_memory_bytes")) };
}

/**
 * Mean µs per room step of each phase of `*_room_step_phase_seconds_total{phase}` (real time;
 * `metric` `room_step_phase_cpu_seconds_total`: the thread's CPU time) between two
 * scrapes (the phase's seconds ÷ the steps counted by `*_room_step_duration_seconds_count`), in
 * the order the server lists them; null when either metric is missing or no step ran.
 */
export function stepPhases(before: readonly PromSample[], after: readonly PromSample[], metric = "room_step_phase_seconds_total"): Record<string, number> | null {
  const phaseName = findName(after, metric);
  const countName = findName(after, "room_step_duration_seconds_count");
  if (!phaseName || !countName) return null;
  const steps = (sumOf(after, countName) ?? 0) - (sumOf(before, countName) ?? 0);
  if (steps <= 0) return null;
  const out: Record<string, number> = {};
  for (const s of after) {
    if (s.name !== phaseName || s.labels.phase === undefined) continue;
    const was = before.find((b) => b.name === phaseName && b.labels.phase === s.labels.phase)?.value ?? 0;
    out[s.labels.phase] = ((s.value - was) * 1e6) / steps;
  }
  return Object.keys(out).length > 0 ? out : null;
}
