/**
 * The load runner: joins the asked clients at a bounded rate, runs the bots for the measured
 * window, reads the server around it, leaves, and builds a {@link LoadReport}. The clients live
 * in one client side (clients.ts) in this thread, or, with `workers` > 1, one side per worker
 * thread (worker.ts), each with a contiguous share of the rooms; this thread reads the server
 * and merges what the sides measured. The generator's CPU is the whole process's (every thread).
 */
import { Worker } from "node:worker_threads";
import type { LoadOptions } from "./args.ts";
import { ClientSide, type ClientSideResult, type RoomRange, type SideStatus } from "./clients.ts";
import type { InvasionTraffic } from "./bots/spectator.ts";
import { adventurerTurnsAvailable } from "./bots/adventurer.ts";
import { Latencies } from "./stats.ts";
import { bump, perClientRate, type LoadReport, type TrafficRate } from "./report.ts";
import { readServer, serverPid, serverReport } from "./server-probe.ts";
import { storedDungeons } from "./server-store.ts";

/** Live figures for the progress line. */
export interface LiveStatus {
  phase: "ramp" | "load" | "leaving";
  elapsedSeconds: number;
  joined: number;
  asked: number;
  failed: number;
  commands: number;
  p99: number;
  errors: number;
  bytesPerSecond: number;
}

/** The runner's handle on one client side, in this thread or in a worker. */
interface Side {
  ramp(): Promise<void>;
  start(): void;
  stop(): Promise<ClientSideResult>;
  leave(): Promise<void>;
  status(): SideStatus;
}

/**
 * Splits `rooms` rooms into `parts` contiguous ranges as even as can be (the first ones one room
 * larger); never an empty range, so fewer ranges than `parts` when there are fewer rooms.
 */
export function splitRooms(rooms: number, parts: number): RoomRange[] {
  const n = Math.max(1, Math.min(parts, rooms));
  const out: RoomRange[] = [];
  let first = 0;
  for (let i = 0; i < n; i++) {
    const count = Math.floor(rooms / n) + (i < rooms % n ? 1 : 0);
    out.push({ first, count });
    first += count;
  }
  return out;
}

/** A client side in a worker thread (worker.ts), driven by messages. */
class WorkerSide implements Side {
  readonly #worker: Worker;
  #status: SideStatus;
  readonly #waiting = new Map<string, { resolve: (v: any) => void; reject: (e: Error) => void }>();

  constructor(o: LoadOptions, range: RoomRange) {
    this.#status = { joined: 0, asked: 0, failed: 0, commands: 0, p99: 0, errors: 0, bytes: 0 };
    this.#worker = new Worker(new URL("./worker.ts", import.meta.url), { workerData: { o, range } });
    this.#worker.on("message", (m: { kind: string; status?: SideStatus; result?: ClientSideResult; message?: string }) => {
      if (m.kind === "status" && m.status) { this.#status = m.status; return; }
      if (m.kind === "error") { for (const w of this.#waiting.values()) w.reject(new Error(`load worker: ${m.message}`)); this.#waiting.clear(); return; }
      const w = this.#waiting.get(m.kind);
      this.#waiting.delete(m.kind);
      w?.resolve(m.kind === "result" ? m.result : undefined);
    });
    this.#worker.on("error", (e) => { for (const w of this.#waiting.values()) w.reject(e); this.#waiting.clear(); });
  }

  #expect<T>(kind: string): Promise<T> {
    return new Promise<T>((resolve, reject) => this.#waiting.set(kind, { resolve, reject }));
  }

  ramp(): Promise<void> { return this.#expect("ramped"); }
  start(): void { this.#worker.postMessage("start"); }
  stop(): Promise<ClientSideResult> { const p = this.#expect<ClientSideResult>("result"); this.#worker.postMessage("stop"); return p; }
  async leave(): Promise<void> {
    const p = this.#expect<void>("left");
    this.#worker.postMessage("leave");
    await Promise.race([p, new Promise((r) => setTimeout(r, 15_000))]);
    await this.#worker.terminate();
  }
  status(): SideStatus { return this.#status; }
}

/**
 * Runs one load: `o.rooms` rooms, each with its keepers, spectators and adventurers (dungeon
 * target) or the same number of plain clients on bare rooms, for `o.durationSeconds` after the
 * ramp; with `o.workers` > 1 the rooms are shared among that many worker threads
 * ({@link splitRooms}).
 * @param onStatus called about once a second with live figures.
 */
export async function runLoad(o: LoadOptions, onStatus: (s: LiveStatus) => void = () => {}): Promise<LoadReport> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const ranges = splitRooms(o.rooms, o.workers);
  const sides: Side[] = ranges.length > 1 ? ranges.map((r) => new WorkerSide(o, r)) : [new ClientSide(o, ranges[0] as RoomRange)];
  let phase: LiveStatus["phase"] = "ramp";
  let windowStart = 0;

  const status = setInterval(() => {
    const secs = phase === "load" ? (performance.now() - windowStart) / 1000 : 0;
    const all = sides.map((s) => s.status());
    const sum = (k: keyof SideStatus) => all.reduce((a, s) => a + s[k], 0);
    onStatus({
      phase, elapsedSeconds: (performance.now() - t0) / 1000, joined: sum("joined"), asked: sum("asked"), failed: sum("failed"),
      commands: sum("commands"), p99: Math.max(0, ...all.map((s) => s.p99)), errors: sum("errors"),
      bytesPerSecond: secs > 0 ? sum("bytes") / secs : 0,
    });
  }, 1000);

  const pid = await serverPid(o.endpoint);
  const idle = pid === null ? null : await readServer(o.endpoint, false, pid);
  await Promise.all(sides.map((s) => s.ramp()));
  const rampSeconds = (performance.now() - t0) / 1000;

  // Measured window.
  const before = await readServer(o.endpoint, o.metrics, pid);
  phase = "load";
  windowStart = performance.now();
  const cpu0 = process.cpuUsage();
  for (const s of sides) s.start();
  await new Promise((r) => setTimeout(r, o.durationSeconds * 1000));
  const results = await Promise.all(sides.map((s) => s.stop()));
  const after = await readServer(o.endpoint, o.metrics, pid);
  const measuredSeconds = (performance.now() - windowStart) / 1000;
  const cpu1 = process.cpuUsage(cpu0);
  const worst = (k: "p50" | "p99" | "max") => Math.max(0, ...results.map((r) => r.lagMs[k]));
  const generator = {
    cpuPercent: (100 * (cpu1.user + cpu1.system) / 1e6) / measuredSeconds,
    eventLoopLagMs: { p50: worst("p50"), p99: worst("p99"), max: worst("max") },
    workers: sides.length > 1 ? sides.length : 0,
  };

  const join = new Latencies(), rtt = new Latencies(), seatWait = new Latencies();
  const errors: Record<string, number> = {}, refused: Record<string, number> = {};
  for (const r of results) {
    join.addEncoded(r.joinMs); rtt.addEncoded(r.rttMs); seatWait.addEncoded(r.seatWaitMs);
    for (const [k, n] of Object.entries(r.errors)) bump(errors, k, n);
    for (const [k, n] of Object.entries(r.refused)) bump(refused, k, n);
  }
  const total = (k: "sent" | "ok" | "failed" | "asked" | "adventurersSeated" | "held" | "joinedCount") => results.reduce((a, r) => a + r[k], 0);
  // Traffic per client over the window (adventurers joined late: their rate uses the same window, a lower bound).
  const rate = (role: string): TrafficRate | undefined => {
    const ts = results.map((r) => r.byRole[role]).filter((t) => t !== undefined);
    if (ts.length === 0) return undefined;
    const clients = ts.reduce((a, t) => a + t.clients, 0);
    return {
      clients,
      patchesPerSecond: perClientRate(ts.reduce((a, t) => a + t.patches, 0), clients, measuredSeconds),
      bytesPerSecond: perClientRate(ts.reduce((a, t) => a + t.bytes, 0), clients, measuredSeconds),
    };
  };
  const byRole: Record<string, TrafficRate> = {};
  for (const role of ["keeper", "spectator", "adventurer"] as const) {
    const r = rate(role);
    if (r) byRole[role] = r;
  }
  const fights: InvasionTraffic[] = results.flatMap((r) => r.fights);
  const fightSeconds = fights.reduce((a, f) => a + f.seconds, 0);
  const fightBytes = fights.reduce((a, f) => a + f.bytes, 0);
  const combatSeconds = fights.reduce((a, f) => a + f.combat.seconds, 0);
  const combatBytes = fights.reduce((a, f) => a + f.combat.bytes, 0);
  const fightKinds: Record<string, { frames: number; bytesPerSecond: number }> = {};
  for (const f of fights) {
    for (const [k, v] of Object.entries(f.byKind)) {
      const acc = (fightKinds[k] ??= { frames: 0, bytesPerSecond: 0 });
      acc.frames += v.frames;
      acc.bytesPerSecond += fightSeconds > 0 ? v.bytes / fightSeconds : 0;
    }
  }
  const held = total("held");
  // Persistence (issue 20 part 6): what the server's dungeon store holds after the load (null: no store, or a bare server).
  const stored = o.target === "dungeon" ? await storedDungeons(o.endpoint) : null;
  const dropped = total("joinedCount") - held;
  const failed = total("failed");
  const asked = total("asked");

  phase = "leaving";
  await Promise.all(sides.map((s) => s.leave()));
  clearInterval(status);

  const turns = adventurerTurnsAvailable();
  return {
    tool: "malignus-loadtest",
    reportVersion: 1,
    startedAt,
    endpoint: o.endpoint,
    target: o.target,
    options: {
      rooms: o.rooms, keepers: o.keepers, adventurers: o.adventurers, spectators: o.spectators, durationSeconds: o.durationSeconds,
      commandIntervalMs: o.commandIntervalMs, timeScale: o.timeScale, seed: o.seed, rampPerSecond: o.rampPerSecond, skipToInvasion: o.skipToInvasion,
      lightSpectators: o.lightSpectators, workers: o.workers,
    },
    storedDungeons: stored,
    measuredSeconds,
    rampSeconds,
    connections: { attempted: asked + (o.target === "dungeon" ? o.rooms * o.adventurers : 0), held, failed, dropped },
    joinMs: join.summary(),
    commandRoundTripMs: rtt.summary(),
    commands: { sent: total("sent"), ok: total("ok"), refused },
    traffic: {
      all: rate("all") ?? { clients: 0, patchesPerSecond: 0, bytesPerSecond: 0 }, byRole,
      spectatorDuringInvasion: {
        spectatorSeconds: fightSeconds,
        invasions: fights.reduce((a, f) => a + f.invasions, 0),
        bytesPerSecond: fightSeconds > 0 ? fightBytes / fightSeconds : null,
        combatSeconds,
        combatBytesPerSecond: combatSeconds > 0 ? combatBytes / combatSeconds : null,
        byKind: fightKinds,
      },
    },
    adventurers: {
      asked: o.target === "dungeon" ? o.rooms * o.adventurers : 0,
      seated: total("adventurersSeated"),
      seatWaitMs: seatWait.summary(),
      turnsAvailable: turns,
      note: turns
        ? "adventurer bots claim a seat once a party is in the dungeon, then walk (moveTo) and, in encounters, plan their turns (planTurn: attack the nearest foe seen, else wait)"
        : "adventurer bots claim a seat once a party is in the dungeon and watch; this client-sdk has no moveTo/planTurn to play turns",
    },
    errors,
    server: { ...serverReport(before, after), idleRssMiB: idle?.procRssBytes == null ? null : idle.procRssBytes / 2 ** 20 },
    generator,
  };
}
