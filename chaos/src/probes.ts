import { connect, type DungeonConnection } from "@malignus/client-sdk";
import type { CommandResult, DungeonListing } from "@malignus/shared";
import type { HealthResponse } from "../../server/src/app.ts";
import { PostgresDungeonStore } from "../../server/src/store/postgres.ts";
import { parseCreateOptions } from "../../server/src/rooms/options.ts";
import { simOptionsOf } from "../../server/src/rooms/durable.ts";
import { restoreSimulation } from "../../server/src/rooms/restore.ts";
import { loadMap } from "../../server/src/maps.ts";
import type { Command } from "@malignus/shared";
import { sleep } from "../../server/test/crash/processes.ts";
import type { ChaosEnv, ChaosServer } from "./env.ts";

/**
 * What the scenarios measure with (issue 18 part 5): clients watching rooms (patches, clock),
 * the servers' HTTP answers, and the store the servers share (acknowledged inputs against the
 * stored log, stored hash against a headless restore).
 */

/** One check of a scenario: what must hold, whether it did, and the figure behind it. */
export interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

/** The figures every scenario reports (a `null` figure does not apply to the scenario). */
export interface Figures {
  /** Rooms alive on the two servers (sum of `/health` rooms) before and after the scenario. */
  roomsBefore: number;
  roomsAfter: number;
  /** Watched rooms whose clock advanced through the chaos, and how many were watched. */
  roomsTicking: [number, number] | null;
  /** Watched clients that kept receiving patches, and how many were watched. */
  clientsWithPatches: [number, number] | null;
  /** Dungeons whose stored hash was reproduced (restore or control), and how many were compared. */
  hashesUnchanged: [number, number] | null;
  /** Commands the server acknowledged `ok`. */
  inputsAcked: number;
  /** Acknowledged commands missing from the stored log afterwards: must be 0. */
  inputsLost: number | null;
  /** Server processes that exited without being told to. */
  crashes: number;
  /** Scenario-specific figures, e.g. `rss MB before/after`. */
  extra: Record<string, string | number>;
}

/** A scenario's outcome: held when every check held. */
export interface ScenarioResult {
  name: string;
  held: boolean;
  /** The failed checks, or how many held. */
  reason: string;
  figures: Figures;
  checks: Check[];
  /** Real milliseconds the scenario took. */
  durationMs: number;
}

/** Collects checks and figures while a scenario runs. */
export class Tally {
  readonly checks: Check[] = [];
  readonly figures: Figures = {
    roomsBefore: 0, roomsAfter: 0, roomsTicking: null, clientsWithPatches: null, hashesUnchanged: null,
    inputsAcked: 0, inputsLost: null, crashes: 0, extra: {},
  };
  /** Records one check; returns `ok`. */
  check(what: string, ok: boolean, detail: string | number = ""): boolean {
    this.checks.push({ what, ok, detail: String(detail) });
    return ok;
  }
  /** The result, named `name`, started at `startedAt` (ms since epoch). */
  result(name: string, startedAt: number): ScenarioResult {
    const failed = this.checks.filter((c) => !c.ok);
    const reason = this.checks.length === 0 ? "no check ran"
      : failed.length === 0 ? `all ${this.checks.length} checks held`
        : failed.map((c) => `${c.what}${c.detail ? ` (${c.detail})` : ""}`).join("; ");
    return { name, held: this.checks.length > 0 && failed.length === 0, reason, figures: this.figures, checks: this.checks, durationMs: Date.now() - startedAt };
  }
}

/** A client connection's clock tick and patch count, kept up to date. */
export interface Watch {
  conn: DungeonConnection;
  patches: number;
  tick(): number;
  /** Stops counting. */
  off(): void;
}

/** Starts counting `conn`'s patches. */
export function watch(conn: DungeonConnection): Watch {
  const w: Watch = {
    conn, patches: 0,
    tick: () => conn.state?.clock?.tick ?? -1,
    off: () => {},
  };
  w.off = conn.onStateChange(() => { w.patches++; });
  return w;
}

/**
 * Waits up to `ms` for every watch to receive a patch with a later clock than now.
 * @returns how many rooms' clocks advanced and how many clients got patches.
 */
export async function keptGoing(watches: readonly Watch[], ms: number): Promise<{ ticking: number; patched: number }> {
  const start = watches.map((w) => ({ tick: w.tick(), patches: w.patches }));
  const deadline = Date.now() + ms;
  const count = () => ({
    ticking: watches.filter((w, i) => w.tick() > start[i]!.tick).length,
    patched: watches.filter((w, i) => w.patches > start[i]!.patches).length,
  });
  while (Date.now() < deadline) {
    const c = count();
    if (c.ticking === watches.length && c.patched === watches.length) return c;
    await sleep(50);
  }
  return count();
}

/** `GET /health` of a server, or undefined when it does not answer within 2 s. */
export async function health(server: ChaosServer): Promise<(HealthResponse & { httpStatus: number }) | undefined> {
  try {
    const r = await fetch(`${server.proc.url}/health`, { signal: AbortSignal.timeout(2000) });
    return { ...(await r.json()) as HealthResponse, httpStatus: r.status };
  } catch {
    return undefined;
  }
}

/** Rooms alive on every answering server (sum of `/health` rooms). */
export async function roomsAlive(env: ChaosEnv): Promise<number> {
  let n = 0;
  for (const s of env.servers) n += (await health(s))?.rooms ?? 0;
  return n;
}

/** `GET /rooms` of a server: status, elapsed ms, and the listing or error body. */
export async function listRooms(server: ChaosServer): Promise<{ status: number; ms: number; rooms?: DungeonListing[]; error?: string }> {
  const t = Date.now();
  try {
    const r = await fetch(`${server.proc.url}/rooms`, { signal: AbortSignal.timeout(5000) });
    const body = (await r.json()) as unknown;
    if (r.ok && Array.isArray(body)) return { status: r.status, ms: Date.now() - t, rooms: body as DungeonListing[] };
    return { status: r.status, ms: Date.now() - t, error: String((body as { error?: unknown }).error ?? "") };
  } catch (err) {
    return { status: 0, ms: Date.now() - t, error: (err as Error).message };
  }
}

/** The port of the process hosting `conn`'s room (the address its socket reached). */
export function hostPort(conn: DungeonConnection): number {
  const url = (conn.room.connection as { url?: string }).url ?? "";
  return Number(new URL(url.replace(/^ws/, "http")).port);
}

/**
 * Creates a dungeon through `server` until one lands on it: the Redis matchmaker puts a new room
 * on the least busy process, so the dungeons that land elsewhere are kept open meanwhile (they
 * make the other process busier) and left once one landed here (they rest in the store).
 * @throws after 12 tries.
 */
export async function createOn(server: ChaosServer, options: Parameters<ReturnType<typeof connect>["createDungeon"]>[0], name = "Chaos"): Promise<DungeonConnection> {
  const elsewhere: DungeonConnection[] = [];
  try {
    for (let i = 0; i < 12; i++) {
      const conn = await connect(server.proc.url).createDungeon(options, { name });
      if (hostPort(conn) === server.port) return conn;
      elsewhere.push(conn);
    }
  } finally {
    await leaveAll(elsewhere);
  }
  throw new Error(`no dungeon landed on server ${server.name} in 12 creations`);
}

/** The commands a keeper gives in a dungeon, all legal on the default map's entry corridor. */
export const KEEPER_COMMANDS: readonly Command[] = [
  { type: "placePart", kind: "pressurePlate", x: 6, y: 15 },
  { type: "placePart", kind: "spinningBlades", x: 9, y: 15 },
  { type: "wire", path: [6, 7, 8, 9].map((x) => ({ x, y: 15 })) },
  { type: "placePart", kind: "pressurePlate", x: 12, y: 15 },
  { type: "placePart", kind: "dartLauncher", x: 13, y: 15 },
] as Command[];

/** Sends `commands` from `conn` one after the other; returns those answered `ok`. */
export async function give(conn: DungeonConnection, commands: readonly Command[]): Promise<Command[]> {
  const acked: Command[] = [];
  for (const c of commands) {
    const { type, ...payload } = c as { type: string };
    const result: CommandResult | undefined = await conn.command(type as never, payload as never).catch(() => undefined);
    if (result?.ok) acked.push(c);
  }
  return acked;
}

/** A store client on the servers' database (closed by the caller). */
export function openStore(env: ChaosEnv): PostgresDungeonStore {
  return new PostgresDungeonStore({ connectionString: env.databaseUrl });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Acknowledged commands of `dungeonId` missing from its stored log (a command counts once per
 * stored occurrence), waiting up to `ms` for the batched writer to catch up.
 */
export async function inputsLost(store: PostgresDungeonStore, dungeonId: string, acked: readonly Command[], ms = 5000): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const stored = (await store.inputs(dungeonId).catch(() => [])).map((i) => i.input.command);
    let missing = 0;
    const pool = [...stored];
    for (const c of acked) {
      const at = pool.findIndex((s) => same(s, c));
      if (at < 0) missing++;
      else pool.splice(at, 1);
    }
    if (missing === 0 || Date.now() > deadline) return missing;
    await sleep(200);
  }
}

/**
 * Restores `dungeonId` headless from the store (latest snapshot + the inputs after it, as a
 * server does) and compares its hash with the stored one.
 * @returns the stored and restored hashes (equal when the state survived), or `error` when the
 *   data does not restore.
 */
export async function restoredHash(store: PostgresDungeonStore, dungeonId: string): Promise<{ stored: string; restored: string; tick: number; error?: string }> {
  const loaded = await store.load(dungeonId);
  try {
    const options = parseCreateOptions(loaded.record.options);
    const sim = restoreSimulation(loaded, simOptionsOf(options), loadMap(options.map));
    return { stored: loaded.record.hash, restored: sim.hash(), tick: sim.tick };
  } catch (err) {
    return { stored: loaded.record.hash, restored: "", tick: loaded.record.tick, error: (err as Error).message };
  }
}

/** How long {@link leaveAll} waits for a leave to be confirmed before it closes the socket, in real ms. */
export const LEAVE_TIMEOUT_MS = 3_000;

/**
 * Leaves every connection still open, ignoring failures; a leave the server does not confirm
 * within {@link LEAVE_TIMEOUT_MS} (a socket whose seat was taken over, a dead server's) is ended
 * by closing the socket.
 */
export async function leaveAll(conns: readonly DungeonConnection[]): Promise<void> {
  await Promise.allSettled(conns.map(async (c) => {
    if (!c.room.connection.isOpen) return;
    const left = await Promise.race([c.leave().then(() => true, () => false), sleep(LEAVE_TIMEOUT_MS).then(() => false)]);
    if (!left && c.room.connection.isOpen) {
      c.room.reconnection.enabled = false; // else the SDK reconnects the socket closed here
      c.room.connection.close();
    }
  }));
}

/**
 * Runs `body` with console.info and console.warn captured, not printed: the SDK says there what
 * its reconnection does (`[Colyseus reconnection] …`), which the kills and takeovers provoke.
 * @returns its value and the captured lines.
 */
export async function quietly<T>(body: () => Promise<T>): Promise<{ value: T; lines: string[] }> {
  const saved = { info: console.info, warn: console.warn };
  const lines: string[] = [];
  console.info = (...args: unknown[]) => { lines.push(args.map(String).join(" ")); };
  console.warn = (...args: unknown[]) => { lines.push(args.map(String).join(" ")); };
  try {
    return { value: await body(), lines };
  } finally {
    console.info = saved.info;
    console.warn = saved.warn;
  }
}
