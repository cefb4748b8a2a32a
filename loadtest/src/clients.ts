/**
 * The client side of one load (issue 20 part 3: a generator that is not the limit): the bot
 * clients of a range of rooms, joined at a bounded rate, run for the measured window, then left.
 * The runner (runner.ts) drives one such side in its own thread, or one per worker thread
 * (`--workers N`, worker.ts), and merges their {@link ClientSideResult}s; it alone reads the server.
 * Everything a side returns is plain data (latencies as encoded HDR histograms), so it crosses
 * a worker boundary unchanged.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Client as ColyseusClient, type Room } from "@colyseus/sdk";
import { connect, type DungeonConnection, type DungeonCreateOptions, type MalignusClient } from "@malignus/client-sdk";
import type { LoadOptions } from "./args.ts";
import { BotRandom } from "./bots/rand.ts";
import { runKeeperBot, type CommandRecorder } from "./bots/keeper.ts";
import { runSpectatorBot, type InvasionTraffic } from "./bots/spectator.ts";
import { adventurerTurnsAvailable, runAdventurerBot, runAdventurerTurns } from "./bots/adventurer.ts";
import { attachProbe, resetCounters, type TrafficCounters } from "./bots/probe.ts";
import { BARE_ROOM, ECHO_MESSAGE } from "./bare-server.ts";
import { Latencies } from "./stats.ts";
import { bump } from "./report.ts";

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

/** The rooms one client side loads: room indexes `first` … `first + count - 1` of the whole load. */
export interface RoomRange { first: number; count: number }

/** Clients, patches and bytes received by the clients of one role over the window. */
export interface RoleTotals { clients: number; patches: number; bytes: number }

/** Live figures of one client side (the progress line sums them). */
export interface SideStatus { joined: number; asked: number; failed: number; commands: number; p99: number; errors: number; bytes: number }

/** What one client side measured, as plain data (see the module comment). */
export interface ClientSideResult {
  /** Encoded {@link Latencies}: join times, command round trips, adventurer seat waits. */
  joinMs: string;
  rttMs: string;
  seatWaitMs: string;
  sent: number;
  ok: number;
  failed: number;
  asked: number;
  adventurersSeated: number;
  errors: Record<string, number>;
  refused: Record<string, number>;
  /** Totals by role (`keeper`, `spectator`, `adventurer`) and `all`. */
  byRole: Record<string, RoleTotals>;
  /** The mid-fight traffic of each decoding spectator. */
  fights: InvasionTraffic[];
  held: number;
  joinedCount: number;
  /** This side's event-loop lag over the window, in ms. */
  lagMs: { p50: number; p99: number; max: number };
  /** Room ids created (index within the range). */
  roomIds: string[];
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

/** Short error kind from a matchmaking or connection error. */
export function errorKind(prefix: string, err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown })?.code;
  const short = msg.replace(/[0-9a-zA-Z_-]{9,}/g, "…").replace(/\s+/g, " ").slice(0, 60);
  return `${prefix}:${code !== undefined ? `${String(code)} ` : ""}${short}`;
}

/**
 * The bots' PRNG seed of the side that starts at room `first`: `seed` itself for the first room
 * (one side: the same bots as before worker threads), a distinct one for each other range.
 */
export function sideSeed(seed: number, first: number): number {
  return first === 0 ? seed : (seed + first * 7919) % 2 ** 31;
}

/**
 * One client side (see the module comment). Call in order: {@link ClientSide.ramp} (joins every
 * client: each room's creator first, then its other clients, at `o.rampPerSecond` — the rate is
 * the side's, so N sides join N times faster), {@link ClientSide.start} (the measured window:
 * counters zeroed, bots run), {@link ClientSide.stop} (bots stopped, results taken),
 * {@link ClientSide.leave}.
 */
export class ClientSide {
  readonly #o: LoadOptions;
  readonly #range: RoomRange;
  readonly #rand: BotRandom;
  readonly #join = new Latencies();
  readonly #rtt = new Latencies();
  readonly #seatWait = new Latencies();
  readonly #errors: Record<string, number> = {};
  readonly #refused: Record<string, number> = {};
  readonly #joined: Joined[] = [];
  readonly #clients: MalignusClient[] = [];
  readonly #roomIds: string[] = [];
  /** Each room's keeper key (stored dungeons): co-op keepers join with it. */
  readonly #keeperKeys: (string | undefined)[] = [];
  #sent = 0;
  #ok = 0;
  #failed = 0;
  #adventurersSeated = 0;
  #leaving = false;
  readonly #abort = new AbortController();
  readonly #adventurerRuns: Promise<void>[] = [];
  #lag: ReturnType<typeof monitorEventLoopDelay> | null = null;
  readonly #rec: CommandRecorder;

  constructor(o: LoadOptions, range: RoomRange) {
    this.#o = o;
    this.#range = range;
    this.#rand = new BotRandom(sideSeed(o.seed, range.first));
    this.#rec = {
      answered: (_type, ms, result) => {
        this.#rtt.record(ms); this.#sent++;
        if (result.ok) this.#ok++; else bump(this.#refused, result.code);
      },
      failed: (_type, kind) => {
        this.#sent++;
        // A payload the SDK's validator refused was never sent: the bot's guess, not a server error.
        if (kind.startsWith("invalid-payload")) bump(this.#refused, kind); else bump(this.#errors, kind);
      },
    };
  }

  /** Clients this side asks for (adventurers apart: they join during the window). */
  get asked(): number {
    const o = this.#o;
    const perRoom = Math.max(1, o.keepers) + o.spectators + (o.target === "bare" ? o.adventurers : 0);
    return this.#range.count * perRoom;
  }

  /** Live figures for the progress line. */
  status(): SideStatus {
    return {
      joined: this.#joined.length, asked: this.asked, failed: this.#failed, commands: this.#rtt.count, p99: this.#rtt.at(99),
      errors: Object.values(this.#errors).reduce((a, n) => a + n, 0), bytes: this.#joined.reduce((a, j) => a + j.probe.bytes, 0),
    };
  }

  #track(role: Joined["role"], room: Room<any, any>, conn: DungeonConnection | null, light = false): Joined {
    const j: Joined = { role, room, conn, probe: attachProbe(room, !light), light, dropped: false };
    room.onLeave((code: number) => { if (!this.#leaving) { j.dropped = true; bump(this.#errors, `left:${code}`); } });
    room.onDrop?.((code: number) => { bump(this.#errors, `dropped:${code}`); });
    this.#joined.push(j);
    return j;
  }

  async #timed<T>(f: () => Promise<T>): Promise<T> {
    const s = performance.now();
    const r = await f();
    this.#join.record(performance.now() - s);
    return r;
  }

  /** Joins every client of the range (see the class comment). */
  async ramp(): Promise<void> {
    const o = this.#o;
    const bareClient = new ColyseusClient(o.endpoint);
    /** `light`: a spectator that only counts bytes (`--light-spectators`, every spectator of a room but the first). */
    type Slot = { room: number; role: Joined["role"]; creator: boolean; light?: boolean };
    const creators: Slot[] = [];
    const others: Slot[] = [];
    for (let r = 0; r < this.#range.count; r++) {
      creators.push({ room: r, role: "keeper", creator: true });
      for (let k = 1; k < o.keepers; k++) others.push({ room: r, role: "keeper", creator: false });
      for (let s = 0; s < o.spectators; s++) others.push({ room: r, role: "spectator", creator: false, light: o.lightSpectators && s > 0 });
      if (o.target === "bare") for (let a = 0; a < o.adventurers; a++) others.push({ room: r, role: "spectator", creator: false });
    }
    const joinSlot = async (slot: Slot): Promise<void> => {
      try {
        if (o.target === "bare") {
          const room = await this.#timed(() => slot.creator
            ? bareClient.create(BARE_ROOM, {})
            : bareClient.joinById(this.#roomIds[slot.room] as string, {}));
          if (slot.creator) this.#roomIds[slot.room] = room.roomId;
          this.#track(slot.role, room, null, slot.light === true);
          return;
        }
        const client = connect(o.endpoint);
        this.#clients.push(client);
        if (slot.creator) {
          const room = this.#range.first + slot.room;
          const conn = await this.#timed(() => client.createDungeon(
            { seed: o.seed * 1000 + room, timeScale: o.timeScale, pauseOnSpot: false, keeperSeats: Math.max(1, o.keepers), ...(o.skipToInvasion ? { skipToInvasion: true } : {}) } as DungeonCreateOptions,
            { name: `bot keeper ${room}` }));
          this.#roomIds[slot.room] = conn.roomId;
          this.#keeperKeys[slot.room] = conn.keeperKey;
          this.#track("keeper", conn.room, conn);
        } else {
          const id = this.#roomIds[slot.room];
          if (!id) { this.#failed++; bump(this.#errors, "join-skipped:room-not-created"); return; }
          const room = this.#range.first + slot.room;
          const conn = await this.#timed(() => slot.role === "keeper" ? client.joinAsKeeper(id, `bot keeper ${room}`, this.#keeperKeys[slot.room]) : client.spectate(id, `bot spectator ${room}`));
          this.#track(slot.role, conn.room, conn, slot.light === true);
        }
      } catch (err) {
        this.#failed++;
        bump(this.#errors, errorKind("join-failed", err));
      }
    };
    await pace(creators, o.rampPerSecond, 64, joinSlot);
    await pace(others, o.rampPerSecond, 64, joinSlot);
  }

  /** Starts the measured window: zeroes every counter and runs the bots. */
  start(): void {
    const o = this.#o;
    for (const j of this.#joined) resetCounters(j.probe);
    this.#lag = monitorEventLoopDelay({ resolution: 10 });
    this.#lag.enable();
    for (const j of this.#joined) {
      if (j.role === "keeper") {
        if (j.conn) j.stop = runKeeperBot(j.conn, new BotRandom(this.#rand.int(0, 2 ** 31 - 1)), o.commandIntervalMs, this.#rec);
        else j.stop = runBareEchoBot(j.room, new BotRandom(this.#rand.int(0, 2 ** 31 - 1)), o.commandIntervalMs, this.#rec);
      } else if (j.conn && !j.light) {
        const bot = runSpectatorBot(j.conn, j.probe);
        j.stop = bot.stop;
        j.invasion = bot.invasion;
      }
    }
    if (o.target === "dungeon" && o.adventurers > 0) {
      for (let r = 0; r < this.#range.count; r++) {
        const id = this.#roomIds[r];
        if (!id) continue;
        for (let a = 0; a < o.adventurers; a++) {
          const client = connect(o.endpoint);
          this.#clients.push(client);
          this.#adventurerRuns.push(runAdventurerBot(client, id, `bot adventurer ${this.#range.first + r}.${a}`, this.#abort.signal).then((out) => {
            if (out.seated && out.connection) {
              this.#adventurersSeated++;
              if (out.seatMs !== null) this.#seatWait.record(out.seatMs);
              const j = this.#track("adventurer", out.connection.room, out.connection);
              const watch = runSpectatorBot(out.connection).stop;
              const play = adventurerTurnsAvailable() && !this.#abort.signal.aborted
                ? runAdventurerTurns(out.connection, new BotRandom(this.#rand.int(0, 2 ** 31 - 1)), o.commandIntervalMs, this.#rec)
                : () => {};
              j.stop = () => { watch(); play(); };
            }
          }).catch((err: unknown) => { bump(this.#errors, errorKind("adventurer", err)); }));
        }
      }
    }
  }

  /** Ends the measured window: stops the bots and returns what this side measured. */
  async stop(): Promise<ClientSideResult> {
    this.#abort.abort();
    for (const j of this.#joined) j.stop?.();
    const lag = this.#lag;
    lag?.disable();
    const lagMs = lag ? { p50: Math.min(lag.percentile(50), lag.max) / 1e6, p99: Math.min(lag.percentile(99), lag.max) / 1e6, max: lag.max / 1e6 } : { p50: 0, p99: 0, max: 0 };
    await Promise.allSettled(this.#adventurerRuns);
    const totals = (js: Joined[]): RoleTotals => ({
      clients: js.length, patches: js.reduce((a, j) => a + j.probe.patches, 0), bytes: js.reduce((a, j) => a + j.probe.bytes, 0),
    });
    const byRole: Record<string, RoleTotals> = { all: totals(this.#joined) };
    for (const role of ["keeper", "spectator", "adventurer"] as const) {
      const js = this.#joined.filter((j) => j.role === role);
      if (js.length > 0) byRole[role] = totals(js);
    }
    const fights = this.#joined.filter((j) => j.role === "spectator" && j.invasion).map((j) => (j.invasion as () => InvasionTraffic)());
    return {
      joinMs: this.#join.encode(), rttMs: this.#rtt.encode(), seatWaitMs: this.#seatWait.encode(),
      sent: this.#sent, ok: this.#ok, failed: this.#failed, asked: this.asked, adventurersSeated: this.#adventurersSeated,
      errors: { ...this.#errors }, refused: { ...this.#refused }, byRole, fights,
      held: this.#joined.filter((j) => !j.dropped).length, joinedCount: this.#joined.length, lagMs, roomIds: [...this.#roomIds],
    };
  }

  /** Leaves every client (at most 10 s). */
  async leave(): Promise<void> {
    this.#leaving = true;
    await Promise.race([
      Promise.allSettled(this.#joined.map((j) => j.room.leave(true))),
      new Promise((r) => setTimeout(r, 10_000)),
    ]);
  }
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
