import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Prometheus metrics of this process (prom-client), served as text by `GET /metrics`. Every
 * metric counts this process only: with several processes on Redis, sum them in Prometheus.
 * See docs/operations.md for what each one means.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "malignus_" });

/** Live dungeon rooms in this process. */
export const roomsGauge = new Gauge({
  name: "malignus_rooms",
  help: "Dungeon rooms living in this process.",
  registers: [registry],
});

/** Connected clients by seat role (`keeper`, `adventurer`, `spectator`). */
export const clientsGauge = new Gauge({
  name: "malignus_clients",
  help: "Clients connected to this process's rooms, by role.",
  labelNames: ["role"] as const,
  registers: [registry],
});

/** Real time one room step took, in seconds: its ticks, projection, views, patch and socket writes (every phase of {@link stepPhaseSeconds}). */
export const tickDuration = new Histogram({
  name: "malignus_room_step_duration_seconds",
  help: "Real time a room step took: simulation ticks, state projection, views, patch encoding and the socket writes.",
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [registry],
});

/** The phases of a room step that {@link addStepPhase} times. */
export type StepPhase = "simulation" | "projection" | "views" | "patch" | "send";

/** Every {@link StepPhase}, in a fixed list (iterated each room step without allocating). */
const STEP_PHASES: readonly StepPhase[] = ["simulation", "projection", "views", "patch", "send"];

/** A fresh record of every {@link StepPhase} at 0 (seconds or ms, as its user says). */
function zeroPhases(): Record<StepPhase, number> {
  return { simulation: 0, projection: 0, views: 0, patch: 0, send: 0 };
}

/**
 * A counter labelled by `phase` that, when `/metrics` is read, adds the seconds summed in
 * `pending` (one plain number per {@link StepPhase}) and sets them back to 0.
 */
function phaseCounter(name: string, help: string, pending: Record<StepPhase, number>): Counter<"phase"> {
  return new Counter({
    name,
    help,
    labelNames: ["phase"] as const,
    registers: [registry],
    collect() {
      for (const phase of Object.keys(pending) as StepPhase[]) {
        this.inc({ phase }, pending[phase]);
        pending[phase] = 0;
      }
    },
  });
}

const pendingPhaseSeconds = zeroPhases();

/**
 * Real time spent in each phase of the room steps, in seconds: `simulation` (the ticks and their
 * events), `projection` (the simulation into the schema state), `views` (the adventurers'
 * controllers and the clients' StateViews), `patch`
 * (encoding the patch and queueing it for every client) and `send` (the socket writes at the end
 * of the step). Summed in plain numbers by {@link addStepPhase} and added to the counter when
 * `/metrics` is read, so timing a step costs no metric call.
 */
export const stepPhaseSeconds = phaseCounter(
  "malignus_room_step_phase_seconds_total",
  "Real time spent in each phase of the room steps: simulation, projection (schema state), views (controllers and StateViews), patch (encode and queue), send (socket writes).",
  pendingPhaseSeconds,
);

/** Real time of each phase of the room step being timed, in ms (split by {@link endStepCpu}). */
const stepPhaseMs = zeroPhases();
const pendingPhaseCpuSeconds = zeroPhases();

/**
 * CPU time of the room steps' thread spent in each phase, in seconds (issue 20 part 2): the
 * thread's CPU time over each whole step (`process.threadCpuUsage`, user + system) shared out
 * between its phases in proportion to their real time ({@link stepPhaseSeconds}). On a machine
 * whose cores are busy (the load generator beside the server, other processes) a step's real
 * time also counts the time its thread waited for a core: measured on 2 shared cores, 366 µs of
 * real time per step held 88 µs of CPU. This counter leaves that wait out, so it compares with
 * the headless bench (server/bench/room-step.ts) and with the issue's per-step CPU budget.
 */
export const stepPhaseCpuSeconds = phaseCounter(
  "malignus_room_step_phase_cpu_seconds_total",
  "CPU time of the room steps' thread in each phase (the step's thread CPU time split by the phases' real time): simulation, projection, views, patch, send.",
  pendingPhaseCpuSeconds,
);

/** Adds `ms` milliseconds of real time to `phase` of {@link stepPhaseSeconds} (and of the step {@link endStepCpu} closes). */
export function addStepPhase(phase: StepPhase, ms: number): void {
  pendingPhaseSeconds[phase] += ms / 1000;
  stepPhaseMs[phase] += ms;
}

/**
 * The thread's CPU time so far, in µs (user + system, `process.threadCpuUsage`, about 0.5 µs a
 * call): read at the start of a room step and given to {@link endStepCpu} at its end.
 */
export function stepCpuMicros(): number {
  const c = process.threadCpuUsage();
  return c.user + c.system;
}

/**
 * Closes the room step begun at `startCpuMicros` ({@link stepCpuMicros}): its thread CPU time is
 * added to {@link stepPhaseCpuSeconds}, shared between the phases {@link addStepPhase} timed since
 * the last call in proportion to their real time (a step whose phases took no measurable time adds
 * nothing).
 */
export function endStepCpu(startCpuMicros: number): void {
  const cpuSeconds = Math.max(0, stepCpuMicros() - startCpuMicros) / 1e6;
  let wall = 0;
  for (let i = 0; i < STEP_PHASES.length; i++) wall += stepPhaseMs[STEP_PHASES[i]!];
  for (let i = 0; i < STEP_PHASES.length; i++) {
    const phase = STEP_PHASES[i]!;
    if (wall > 0) pendingPhaseCpuSeconds[phase] += (cpuSeconds * stepPhaseMs[phase]) / wall;
    stepPhaseMs[phase] = 0;
  }
}

/** Bytes of state frames (full states and patches) sent to clients. */
export const patchBytes = new Counter({
  name: "malignus_patch_bytes_sent_total",
  help: "Bytes of state frames (full states and patches) sent to clients.",
  labelNames: ["kind"] as const,
  registers: [registry],
});

/** Messages received from clients, by outcome. */
export const messagesReceived = new Counter({
  name: "malignus_messages_received_total",
  help: "Messages received from clients by the dungeon rooms, by type (unknown types as \"unknown\").",
  labelNames: ["type"] as const,
  registers: [registry],
});

/** Messages refused, by reason: a legal-but-refused command, a role not allowed, an unknown type, a client closed with 4002 (malformed input, flood). */
export const messagesRefused = new Counter({
  name: "malignus_messages_refused_total",
  help: "Messages refused by the dungeon rooms, by reason (the command's error code, NOT_ALLOWED_FOR_ROLE, UNKNOWN_TYPE, DISCONNECTED for clients closed with 4002).",
  labelNames: ["reason"] as const,
  registers: [registry],
});

/** Idle memory releases done (lifecycle/memoryRelease.ts): memory-reducing collections once the process ran no room for `IDLE_MEMORY_RELEASE_SECONDS`. */
export const idleMemoryReleases = new Counter({
  name: "malignus_idle_memory_releases_total",
  help: "Memory-reducing garbage collections run once the process had no room for IDLE_MEMORY_RELEASE_SECONDS (needs --expose-gc).",
  registers: [registry],
});

/** The process's memory right after the last idle release, in bytes: `rss` and `heap_used` (process.memoryUsage). 0 before the first. */
export const memoryAfterRelease = new Gauge({
  name: "malignus_memory_after_idle_release_bytes",
  help: "Resident set size (rss) and V8 heap in use (heap_used) right after the last idle memory release, in bytes; 0 before the first.",
  labelNames: ["kind"] as const,
  registers: [registry],
});

/** Records one idle release's figures (bytes) in {@link idleMemoryReleases} and {@link memoryAfterRelease}. */
export function recordMemoryRelease(rssAfter: number, heapUsedAfter: number): void {
  idleMemoryReleases.inc();
  memoryAfterRelease.set({ kind: "rss" }, rssAfter);
  memoryAfterRelease.set({ kind: "heap_used" }, heapUsedAfter);
}

for (const role of ["keeper", "adventurer", "spectator"]) clientsGauge.set({ role }, 0);
for (const kind of ["rss", "heap_used"]) memoryAfterRelease.set({ kind }, 0);
roomsGauge.set(0);

/** The metrics in Prometheus text exposition format, and its content type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType };
}
