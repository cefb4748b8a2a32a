/**
 * Command-line options of the load runner (`npm run loadtest -- …`), parsed and bounded.
 * Pure: no I/O, so the refusals are unit-tested. Parsed with `node:util` parseArgs (tools/cli.ts).
 */
import { parseCli } from "../../tools/cli.ts";

/** What the runner loads: our dungeon rooms, or the bare-room floor (loadtest/src/bare-server.ts). */
export type LoadTarget = "dungeon" | "bare";

/** The parsed options. Counts of clients are per room. */
export interface LoadOptions {
  endpoint: string;
  target: LoadTarget;
  rooms: number;
  keepers: number;
  adventurers: number;
  spectators: number;
  /** Seconds of measured load, after every client has joined. */
  durationSeconds: number;
  /** Real milliseconds between two commands of one keeper bot (jittered ±50%). */
  commandIntervalMs: number;
  /** Clients joined per real second while ramping up. */
  rampPerSecond: number;
  /** Game minutes per real second of the dungeons created. */
  timeScale: number;
  /** Create the dungeons with `skipToInvasion`: they open on their first invasion (mid-fight bandwidth at timeScale 1). */
  skipToInvasion: boolean;
  /**
   * Issue 20 part 3: every spectator of a room but the first only counts the bytes it receives,
   * without decoding state (bots/probe.ts `attachProbe(room, false)`); the first decodes, for the
   * mid-fight figures. Lightens the load generator; the server's work and the bytes are the same.
   */
  lightSpectators: boolean;
  /**
   * Issue 20 part 3: worker threads the clients run in (node:worker_threads), each with a
   * contiguous share of the rooms; 1 runs them in the main thread. More than 1 lets the generator
   * use more than one core. Capped at {@link LIMITS.workers}.
   */
  workers: number;
  /** Seed of the bots' PRNG (pure-rand); dungeon seeds derive from it. */
  seed: number;
  findCapacity: boolean;
  /** Capacity search: the room counts tried, in order. */
  capacitySteps: number[];
  /** Capacity search: the command round-trip p99 above which a step fails, in ms. */
  capacityP99Ms: number;
  allowRemote: boolean;
  /** Where the JSON report goes. */
  out: string;
  /** Read server CPU, memory and tick times from `GET /metrics` (and /proc via /health's pid when local). */
  metrics: boolean;
  quiet: boolean;
}

/** Upper bounds the runner never exceeds (a load generator must not become a flood by typo). */
export const LIMITS = {
  rooms: 1000,
  clientsPerRoom: 50,
  totalClients: 5000,
  durationSeconds: 600,
  workers: 8,
} as const;

/** Defaults of every option. */
export const DEFAULTS: LoadOptions = {
  endpoint: "ws://127.0.0.1:2567",
  target: "dungeon",
  rooms: 10,
  keepers: 1,
  adventurers: 0,
  spectators: 4,
  durationSeconds: 30,
  commandIntervalMs: 1000,
  rampPerSecond: 200,
  timeScale: 1,
  skipToInvasion: false,
  lightSpectators: false,
  workers: 1,
  seed: 1,
  findCapacity: false,
  capacitySteps: [10, 20, 40, 80, 160, 240, 320, 400],
  capacityP99Ms: 250,
  allowRemote: false,
  out: "loadtest/reports/loadtest.json",
  metrics: true,
  quiet: false,
};

/** Host names and addresses accepted without `--allow-remote`. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The usage text (printed by `--help`, and after an argument error). */
export const USAGE = `usage: npm run loadtest -- [options]
Loads a running server with bot clients; prints the report and writes it as JSON (--out).
  --endpoint URL          ws:// or wss:// server (default ${DEFAULTS.endpoint}); loopback only unless --allow-remote
  --target dungeon|bare   our dungeon rooms, or the bare-room floor of loadtest/src/bare-server.ts (default dungeon)
  --rooms N               rooms to create (1..${LIMITS.rooms}, default ${DEFAULTS.rooms})
  --keepers K             keeper bots per room (default ${DEFAULTS.keepers}; at least 1 creates the room)
  --adventurers A         adventurer bots per room (default ${DEFAULTS.adventurers})
  --spectators S          spectator bots per room (default ${DEFAULTS.spectators})
  --duration SECONDS      measured load after the ramp (1..${LIMITS.durationSeconds}, default ${DEFAULTS.durationSeconds})
  --command-interval MS   between two commands of a keeper bot (default ${DEFAULTS.commandIntervalMs})
  --ramp N                clients joined per second (default ${DEFAULTS.rampPerSecond})
  --time-scale N          game minutes per real second (default ${DEFAULTS.timeScale})
  --skip-to-invasion      create the dungeons with skipToInvasion: they open on their first invasion
  --light-spectators      all spectators of a room but the first count bytes without decoding state (a lighter generator)
  --workers N             worker threads the clients run in, rooms shared among them (1..${LIMITS.workers}, default ${DEFAULTS.workers}: the main thread)
  --seed N                bots' PRNG seed (default ${DEFAULTS.seed})
  --find-capacity         raise the room count step by step until p99 > --p99-ms or errors
  --steps a,b,c           room counts of the capacity search (default ${DEFAULTS.capacitySteps.join(",")})
  --p99-ms N              capacity threshold (default ${DEFAULTS.capacityP99Ms})
  --out FILE              JSON report (default ${DEFAULTS.out})
  --no-metrics            do not read GET /metrics
  --allow-remote          allow a non-loopback endpoint
  --quiet                 no live progress line
  -h, --help              print this usage and exit`;

/** True when `argv` asks for the usage (`--help` or `-h` anywhere): the runner prints {@link USAGE} and exits 0. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.some((a) => a === "--help" || a === "-h");
}

function int(name: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || !/^-?\d+$/.test(raw)) throw new Error(`${name} needs a whole number, got ${raw === undefined ? "nothing" : `"${raw}"`}`);
  const n = Number(raw);
  if (n < min || n > max) throw new Error(`${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}

/**
 * Parses `argv` (without node and the script) into options. Does not handle `--help`: ask
 * {@link wantsHelp} first.
 * @throws Error with a one-line message with a readable message on an unknown option, a missing or out-of-range value,
 *   a non-ws endpoint, a non-loopback endpoint without `--allow-remote`, or more than
 *   {@link LIMITS.totalClients} clients. The message holds no usage text: the caller prints {@link USAGE}.
 */
export function parseArgs(argv: readonly string[]): LoadOptions {
  const o: LoadOptions = { ...DEFAULTS, capacitySteps: [...DEFAULTS.capacitySteps] };
  const s = { type: "string" } as const, b = { type: "boolean" } as const;
  // `--help` is not ours to answer here (main asks wantsHelp first): refused like any unknown option.
  const help = argv.find((a) => a === "--help" || a === "-h");
  if (help !== undefined) throw new Error(`unknown option "${help}"`);
  const parsed = parseCli(argv, {
    endpoint: s, target: s, rooms: s, keepers: s, adventurers: s, spectators: s, duration: s, "command-interval": s,
    ramp: s, "time-scale": s, "skip-to-invasion": b, "light-spectators": b, workers: s, seed: s, "find-capacity": b, steps: s, "p99-ms": s, out: s,
    "no-metrics": b, "allow-remote": b, quiet: b,
  });
  if (parsed === "help") throw new Error("unreachable: --help was refused above");
  const v = parsed.values;
  const has = (k: string) => v[k] !== undefined;
  const raw = (k: string) => v[k] as string | undefined;
  if (has("endpoint")) o.endpoint = raw("endpoint") ?? "";
  if (has("target")) {
    const t = raw("target");
    if (t !== "dungeon" && t !== "bare") throw new Error(`--target must be dungeon or bare, got "${t}"`);
    o.target = t;
  }
  if (has("rooms")) o.rooms = int("--rooms", raw("rooms"), 1, LIMITS.rooms);
  if (has("keepers")) o.keepers = int("--keepers", raw("keepers"), 0, LIMITS.clientsPerRoom);
  if (has("adventurers")) o.adventurers = int("--adventurers", raw("adventurers"), 0, LIMITS.clientsPerRoom);
  if (has("spectators")) o.spectators = int("--spectators", raw("spectators"), 0, LIMITS.clientsPerRoom);
  if (has("duration")) o.durationSeconds = int("--duration", raw("duration"), 1, LIMITS.durationSeconds);
  if (has("command-interval")) o.commandIntervalMs = int("--command-interval", raw("command-interval"), 20, 600_000);
  if (has("ramp")) o.rampPerSecond = int("--ramp", raw("ramp"), 1, 5000);
  if (has("time-scale")) o.timeScale = int("--time-scale", raw("time-scale"), 1, 10_000);
  if (v["skip-to-invasion"]) o.skipToInvasion = true;
  if (v["light-spectators"]) o.lightSpectators = true;
  if (has("workers")) o.workers = int("--workers", raw("workers"), 1, LIMITS.workers);
  if (has("seed")) o.seed = int("--seed", raw("seed"), 0, 2 ** 31 - 1);
  if (v["find-capacity"]) o.findCapacity = true;
  if (has("steps")) {
    o.capacitySteps = (raw("steps") ?? "").split(",").map((x) => int("--steps", x.trim(), 1, LIMITS.rooms));
    if (o.capacitySteps.some((x, j) => j > 0 && x <= (o.capacitySteps[j - 1] as number))) throw new Error("--steps must increase");
  }
  if (has("p99-ms")) o.capacityP99Ms = int("--p99-ms", raw("p99-ms"), 1, 60_000);
  if (has("out")) { o.out = raw("out") ?? ""; if (!o.out) throw new Error("--out needs a file name"); }
  if (v["no-metrics"]) o.metrics = false;
  if (v["allow-remote"]) o.allowRemote = true;
  if (v.quiet) o.quiet = true;
  let url: URL;
  try { url = new URL(o.endpoint); } catch { throw new Error(`--endpoint "${o.endpoint}" is not a URL`); }
  if (url.protocol !== "ws:" && url.protocol !== "wss:") throw new Error(`--endpoint must be ws:// or wss://, got "${o.endpoint}"`);
  if (!o.allowRemote && !isLoopbackHost(url.hostname)) {
    throw new Error(`--endpoint ${url.hostname} is not a loopback address; load only servers you run, and pass --allow-remote to mean it`);
  }
  if (o.target === "dungeon" && o.keepers < 1) throw new Error("--keepers must be at least 1 for dungeon rooms (the first keeper creates the room)");
  const perRoom = Math.max(1, o.keepers) + o.adventurers + o.spectators;
  if (perRoom > LIMITS.clientsPerRoom) throw new Error(`at most ${LIMITS.clientsPerRoom} clients per room, asked ${perRoom}`);
  const maxRooms = o.findCapacity ? Math.max(...o.capacitySteps) : o.rooms;
  if (perRoom * maxRooms > LIMITS.totalClients) {
    throw new Error(`at most ${LIMITS.totalClients} clients in all, asked ${perRoom * maxRooms} (${maxRooms} rooms × ${perRoom})`);
  }
  return o;
}

/** Clients per room the options ask for (at least the room's creator). */
export function clientsPerRoom(o: Pick<LoadOptions, "keepers" | "adventurers" | "spectators">): number {
  return Math.max(1, o.keepers) + o.adventurers + o.spectators;
}
