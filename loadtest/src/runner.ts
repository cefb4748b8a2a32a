/**
 * The load runner: joins the asked clients at a bounded rate, runs the bots for the measured
 * window, reads the server around it, leaves, and builds a {@link LoadReport}.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Client as ColyseusClient, type Room } from "@colyseus/sdk";
import { connect, type DungeonConnection, type DungeonCreateOptions, type MalignusClient } from "@malignus/client-sdk";
import { clientsPerRoom, type LoadOptions } from "./args.ts";
import { BotRandom } from "./bots/rand.ts";
import { runKeeperBot, type CommandRecorder } from "./bots/keeper.ts";
import { runSpectatorBot, type InvasionTraffic } from "./bots/spectator.ts";
import { adventurerTurnsAvailable, runAdventurerBot, runAdventurerTurns } from "./bots/adventurer.ts";
import { attachProbe, resetCounters, type TrafficCounters } from "./bots/probe.ts";
import { BARE_ROOM, ECHO_MESSAGE } from "./bare-server.ts";
import { Latencies } from "./stats.ts";
import { bump, perClientRate, type LoadReport, type TrafficRate } from "./report.ts";
import { readServer, serverPid, serverReport } from "./server-probe.ts";
import { storedDungeons } from "./server-store.ts";

/** A joined client, whatever its kind. */
interface Joined {
  role: "keeper" | "spectator" | "adventurer";
  room: Room<any, any>;
  conn: DungeonConnection | null;
  probe: TrafficCounters;
  stop?: () => void;
  invasion?: () => InvasionTraffic;
  /** A counting spectator (`--light-spectators`): its probe counts bytes, nothing is decoded, no bot runs. */
  light: boolean;
  dropped: boolean;
}

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

/** Short error kind from a matchmaking or connection error. */
export function errorKind(prefix: string, err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown })?.code;
  const short = msg.replace(/[0-9a-zA-Z_-]{9,}/g, "…").replace(/\s+/g, " ").slice(0, 60);
  return `${prefix}:${code !== undefined ? `${String(code)} ` : ""}${short}`;
}

async function pace<T>(items: readonly T[], perSecond: number, maxInFlight: number, run: (item: T, i: number) => Promise<void>): Promise<void> {
  const gap = 1000 / perSecond;
  const t0 = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < items.length; i++) {
    const due = t0 + i * gap - performance.now();
    if (due > 0) await new Promise((r) => setTimeout(r, due));
    while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    const p = run(items[i] as T, i).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
}

/**
 * Runs one load: `o.rooms` rooms, each with its keepers, spectators and adventurers (dungeon
 * target) or the same number of plain clients on bare rooms, for `o.durationSeconds` after the ramp.
 * @param onStatus called about once a second with live figures.
 */
export async function runLoad(o: LoadOptions, onStatus: (s: LiveStatus) => void = () => {}): Promise<LoadReport> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const rand = new BotRandom(o.seed);
  const join = new Latencies();
  const rtt = new Latencies();
  const seatWait = new Latencies();
  const errors: Record<string, number> = {};
  const refused: Record<string, number> = {};
  let sent = 0, ok = 0, failed = 0, adventurersSeated = 0;
  const joined: Joined[] = [];
  const perRoom = clientsPerRoom(o);
  const asked = o.rooms * (o.target === "dungeon" ? perRoom - o.adventurers : perRoom);
  let phase: LiveStatus["phase"] = "ramp";
  let windowStart = 0;

  const rec: CommandRecorder = {
    answered(_type, ms, result) {
      rtt.record(ms); sent++;
      if (result.ok) ok++; else bump(refused, result.code);
    },
    failed(_type, kind) {
      sent++;
      // A payload the SDK's validator refused was never sent: the bot's guess, not a server error.
      if (kind.startsWith("invalid-payload")) bump(refused, kind); else bump(errors, kind);
    },
  };

  const status = setInterval(() => {
    const secs = phase === "load" ? (performance.now() - windowStart) / 1000 : 0;
    const bytes = joined.reduce((a, j) => a + j.probe.bytes, 0);
    onStatus({
      phase, elapsedSeconds: (performance.now() - t0) / 1000, joined: joined.length, asked, failed,
      commands: rtt.count, p99: rtt.at(99), errors: Object.values(errors).reduce((a, n) => a + n, 0),
      bytesPerSecond: secs > 0 ? bytes / secs : 0,
    });
  }, 1000);

  const track = (role: Joined["role"], room: Room<any, any>, conn: DungeonConnection | null, light = false): Joined => {
    const j: Joined = { role, room, conn, probe: attachProbe(room, !light), light, dropped: false };
    room.onLeave((code: number) => { if (phase !== "leaving") { j.dropped = true; bump(errors, `left:${code}`); } });
    room.onDrop?.((code: number) => { bump(errors, `dropped:${code}`); });
    joined.push(j);
    return j;
  };
  const timed = async <T>(f: () => Promise<T>): Promise<T> => {
    const s = performance.now();
    const r = await f();
    join.record(performance.now() - s);
    return r;
  };

  const pid = await serverPid(o.endpoint);
  const idle = pid === null ? null : await readServer(o.endpoint, false, pid);
  const clients: MalignusClient[] = [];
  const bareClient = new ColyseusClient(o.endpoint);
  const roomIds: string[] = [];
  /** Each room's keeper key (stored dungeons): co-op keepers join with it. */
  const keeperKeys: (string | undefined)[] = [];

  // Ramp: each room's creator first, then its other clients, at o.rampPerSecond.
  /** `light`: a spectator that only counts bytes (`--light-spectators`, every spectator of a room but the first). */
  type Slot = { room: number; role: Joined["role"]; creator: boolean; light?: boolean };
  const creators: Slot[] = [];
  const others: Slot[] = [];
  for (let r = 0; r < o.rooms; r++) {
    creators.push({ room: r, role: "keeper", creator: true });
    for (let k = 1; k < o.keepers; k++) others.push({ room: r, role: "keeper", creator: false });
    for (let s = 0; s < o.spectators; s++) others.push({ room: r, role: "spectator", creator: false, light: o.lightSpectators && s > 0 });
    if (o.target === "bare") for (let a = 0; a < o.adventurers; a++) others.push({ room: r, role: "spectator", creator: false });
  }
  const joinSlot = async (slot: Slot): Promise<void> => {
    try {
      if (o.target === "bare") {
        const room = await timed(() => slot.creator
          ? bareClient.create(BARE_ROOM, {})
          : bareClient.joinById(roomIds[slot.room] as string, {}));
        if (slot.creator) roomIds[slot.room] = room.roomId;
        track(slot.role, room, null, slot.light === true);
        return;
      }
      const client = connect(o.endpoint);
      clients.push(client);
      if (slot.creator) {
        const conn = await timed(() => client.createDungeon(
          { seed: o.seed * 1000 + slot.room, timeScale: o.timeScale, pauseOnSpot: false, keeperSeats: Math.max(1, o.keepers), ...(o.skipToInvasion ? { skipToInvasion: true } : {}) } as DungeonCreateOptions,
          { name: `bot keeper ${slot.room}` }));
        roomIds[slot.room] = conn.roomId;
        keeperKeys[slot.room] = conn.keeperKey;
        track("keeper", conn.room, conn);
      } else {
        const id = roomIds[slot.room];
        if (!id) { failed++; bump(errors, "join-skipped:room-not-created"); return; }
        const conn = await timed(() => slot.role === "keeper" ? client.joinAsKeeper(id, `bot keeper ${slot.room}`, keeperKeys[slot.room]) : client.spectate(id, `bot spectator ${slot.room}`));
        track(slot.role, conn.room, conn, slot.light === true);
      }
    } catch (err) {
      failed++;
      bump(errors, errorKind("join-failed", err));
    }
  };
  await pace(creators, o.rampPerSecond, 64, joinSlot);
  await pace(others, o.rampPerSecond, 64, joinSlot);
  const rampSeconds = (performance.now() - t0) / 1000;

  // Measured window.
  for (const j of joined) resetCounters(j.probe);
  const before = await readServer(o.endpoint, o.metrics, pid);
  phase = "load";
  windowStart = performance.now();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpu0 = process.cpuUsage();
  for (const j of joined) {
    if (j.role === "keeper") {
      if (j.conn) j.stop = runKeeperBot(j.conn, new BotRandom(rand.int(0, 2 ** 31 - 1)), o.commandIntervalMs, rec);
      else j.stop = runBareEchoBot(j.room, new BotRandom(rand.int(0, 2 ** 31 - 1)), o.commandIntervalMs, rec);
    } else if (j.conn && !j.light) {
      const bot = runSpectatorBot(j.conn, j.probe);
      j.stop = bot.stop;
      j.invasion = bot.invasion;
    }
  }
  const abort = new AbortController();
  const adventurerRuns: Promise<void>[] = [];
  if (o.target === "dungeon" && o.adventurers > 0) {
    for (let r = 0; r < o.rooms; r++) {
      const id = roomIds[r];
      if (!id) continue;
      for (let a = 0; a < o.adventurers; a++) {
        const client = connect(o.endpoint);
        clients.push(client);
        adventurerRuns.push(runAdventurerBot(client, id, `bot adventurer ${r}.${a}`, abort.signal).then((out) => {
          if (out.seated && out.connection) {
            adventurersSeated++;
            if (out.seatMs !== null) seatWait.record(out.seatMs);
            const j = track("adventurer", out.connection.room, out.connection);
            const watch = runSpectatorBot(out.connection).stop;
            const play = adventurerTurnsAvailable() && !abort.signal.aborted
              ? runAdventurerTurns(out.connection, new BotRandom(rand.int(0, 2 ** 31 - 1)), o.commandIntervalMs, rec)
              : () => {};
            j.stop = () => { watch(); play(); };
          }
        }).catch((err: unknown) => { bump(errors, errorKind("adventurer", err)); }));
      }
    }
  }
  await new Promise((r) => setTimeout(r, o.durationSeconds * 1000));
  abort.abort();
  for (const j of joined) j.stop?.();
  const after = await readServer(o.endpoint, o.metrics, pid);
  const measuredSeconds = (performance.now() - windowStart) / 1000;
  lag.disable();
  const cpu1 = process.cpuUsage(cpu0);
  const generator = {
    cpuPercent: (100 * (cpu1.user + cpu1.system) / 1e6) / measuredSeconds,
    eventLoopLagMs: { p50: Math.min(lag.percentile(50), lag.max) / 1e6, p99: Math.min(lag.percentile(99), lag.max) / 1e6, max: lag.max / 1e6 },
  };
  await Promise.allSettled(adventurerRuns);

  // Traffic per client over the window (adventurers joined late: their rate uses the same window, a lower bound).
  const rate = (js: Joined[]): TrafficRate => ({
    clients: js.length,
    patchesPerSecond: perClientRate(js.reduce((a, j) => a + j.probe.patches, 0), js.length, measuredSeconds),
    bytesPerSecond: perClientRate(js.reduce((a, j) => a + j.probe.bytes, 0), js.length, measuredSeconds),
  });
  const byRole: Record<string, TrafficRate> = {};
  for (const role of ["keeper", "spectator", "adventurer"] as const) {
    const js = joined.filter((j) => j.role === role);
    if (js.length > 0) byRole[role] = rate(js);
  }
  const fights = joined.filter((j) => j.role === "spectator" && j.invasion).map((j) => (j.invasion as () => InvasionTraffic)());
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
  const held = joined.filter((j) => !j.dropped).length;
  // Persistence (issue 20 part 6): what the server's dungeon store holds after the load (null: no store, or a bare server).
  const stored = o.target === "dungeon" ? await storedDungeons(o.endpoint) : null;
  const dropped = joined.length - held;

  phase = "leaving";
  await Promise.race([
    Promise.allSettled(joined.map((j) => j.room.leave(true))),
    new Promise((r) => setTimeout(r, 10_000)),
  ]);
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
      lightSpectators: o.lightSpectators,
    },
    storedDungeons: stored,
    measuredSeconds,
    rampSeconds,
    connections: { attempted: asked + (o.target === "dungeon" ? o.rooms * o.adventurers : 0), held, failed, dropped },
    joinMs: join.summary(),
    commandRoundTripMs: rtt.summary(),
    commands: { sent, ok, refused },
    traffic: {
      all: rate(joined), byRole,
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
      seated: adventurersSeated,
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

/**
 * The bare-room counterpart of the keeper bot: one `echo` message every `intervalMs`
 * (jittered), timed until the room echoes it back, never more than one in flight.
 */
function runBareEchoBot(room: Room<any, any>, rand: BotRandom, intervalMs: number, rec: CommandRecorder): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pending: { seq: number; t0: number; timeout: NodeJS.Timeout } | null = null;
  let seq = 0;
  const next = () => { if (!stopped) timer = setTimeout(fire, rand.jitter(intervalMs)); };
  room.onMessage(ECHO_MESSAGE, (n: number) => {
    if (!pending || n !== pending.seq) return;
    clearTimeout(pending.timeout);
    rec.answered("echo", performance.now() - pending.t0, { ok: true });
    pending = null;
    next();
  });
  function fire(): void {
    if (stopped) return;
    const p = { seq: ++seq, t0: performance.now(), timeout: setTimeout(() => { pending = null; rec.failed("echo", "command-timeout"); next(); }, 10_000) };
    pending = p;
    room.send(ECHO_MESSAGE, p.seq);
  }
  next();
  return () => { stopped = true; clearTimeout(timer); if (pending) clearTimeout(pending.timeout); };
}
