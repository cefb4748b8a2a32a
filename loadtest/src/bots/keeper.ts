/**
 * The keeper bot: plays a dungeon through the client-sdk with random but well-formed commands
 * drawn from a seeded PRNG, reading only the state it receives (tiles, parts, cables, doors).
 * It builds trap parts, wires a trigger to a mechanism, removes parts and cables now and then,
 * builds doors and padlocks and locks/unlocks them, sets stances and jobs, timers and levers,
 * moves parts, resumes a paused clock, and rearms once the server offers a `rearm` command.
 * Each command is used only when the shared command list has it (looked up at run time), and
 * dropped for good after a payload the SDK's validator refuses.
 */
import type { CommandResult, DungeonConnection } from "@malignus/client-sdk";
import * as shared from "@malignus/shared";
import { COMMAND_TYPES, TRIGGER_KINDS, MECHANISM_KINDS, PART_KINDS } from "@malignus/shared";
import type { BotRandom } from "./rand.ts";

/** One action of the keeper bot: a command name and its payload. */
export interface KeeperAction { type: string; payload: Record<string, unknown> }

/** What the bot reads from the state it receives. Structural, so tests can pass plain objects. */
export interface KeeperView {
  width: number;
  height: number;
  tiles: string;
  parts: Iterable<{ id: string; kind: string; role: string; x: number; y: number; needsRearm?: boolean; networkId?: string }>;
  cables: Iterable<{ id: string }>;
  doors?: Iterable<{ id: string; hasPadlock?: boolean; padlockArmed?: boolean }>;
  units?: Iterable<{ id: string; kind: string }>;
}

/** Tiles a keeper may build on: floor and sanctum floor. */
const BUILDABLE = new Set([".", "S"]);
/** Combat stances and minion jobs, when the shared contracts define them (looked up, so older servers still work). */
const STANCE_LIST = ((shared as Record<string, unknown>)["STANCES"] as readonly string[] | undefined) ?? [];
const JOB_LIST = ((shared as Record<string, unknown>)["MINION_JOBS"] as readonly string[] | undefined) ?? [];
/** The bot keeps at most this many parts, then prefers removing. */
export const MAX_BOT_PARTS = 24;

/** The values of an array, a Map or a Colyseus MapSchema (whose iterator yields entries). */
function values<T>(it: Iterable<T> | undefined): T[] {
  if (!it) return [];
  const v = (it as { values?: () => Iterable<T> }).values;
  return typeof v === "function" ? [...v.call(it)] : [...it];
}

function buildableTiles(view: KeeperView): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  const tiles = view.tiles; // read once: on a decoded state it joins the map's rows
  for (let i = 0; i < tiles.length; i++) if (BUILDABLE.has(tiles[i] as string)) out.push({ x: i % view.width, y: Math.floor(i / view.width) });
  return out;
}

/** An orthogonal L-shaped tile path from `a` to `b` (horizontal first), both ends included. */
export function lPath(a: { x: number; y: number }, b: { x: number; y: number }): { x: number; y: number }[] {
  const path = [{ x: a.x, y: a.y }];
  let { x, y } = a;
  while (x !== b.x) { x += Math.sign(b.x - x); path.push({ x, y }); }
  while (y !== b.y) { y += Math.sign(b.y - y); path.push({ x, y }); }
  return path;
}

/**
 * Picks the bot's next action from what it sees. Weighted: mostly placing and wiring, then
 * doors and locks, removals when crowded, and the later commands when `available` has them.
 * @param available command names the server offers (default: the SDK's list).
 */
export function chooseKeeperAction(view: KeeperView, rand: BotRandom, available: ReadonlySet<string> = new Set(COMMAND_TYPES)): KeeperAction {
  const parts = values(view.parts);
  const cables = values(view.cables);
  const doors = values(view.doors);
  const floor = buildableTiles(view);
  const options: { weight: number; make: () => KeeperAction | null }[] = [];
  const has = (t: string) => available.has(t);

  if (has("placePart") && floor.length > 0 && parts.length < MAX_BOT_PARTS) {
    options.push({ weight: 30, make: () => {
      const at = rand.pick(floor);
      const kind = rand.chance(50) ? rand.pick(TRIGGER_KINDS) : rand.pick(PART_KINDS);
      return { type: "placePart", payload: { kind, x: at.x, y: at.y } };
    } });
  }
  const triggers = parts.filter((p) => (TRIGGER_KINDS as readonly string[]).includes(p.kind) && !p.networkId);
  const mechanisms = parts.filter((p) => (MECHANISM_KINDS as readonly string[]).includes(p.kind) && !p.networkId);
  if (has("wire") && triggers.length > 0 && mechanisms.length > 0) {
    options.push({ weight: 25, make: () => {
      const t = rand.pick(triggers);
      const near = [...mechanisms].sort((a, b) => Math.abs(a.x - t.x) + Math.abs(a.y - t.y) - (Math.abs(b.x - t.x) + Math.abs(b.y - t.y)));
      const m = near[rand.int(0, Math.min(2, near.length - 1))] as (typeof near)[number];
      const path = lPath(t, m);
      return path.length >= 2 && path.length <= 256 ? { type: "wire", payload: { path } } : null;
    } });
  }
  if (has("removePart") && parts.length > 0) {
    options.push({ weight: parts.length >= MAX_BOT_PARTS ? 30 : 4, make: () => ({ type: "removePart", payload: { partId: rand.pick(parts).id } }) });
  }
  if (has("removeCable") && cables.length > 0) {
    options.push({ weight: 3, make: () => ({ type: "removeCable", payload: { cableId: rand.pick(cables).id } }) });
  }
  if (has("buildDoor") && floor.length > 0 && doors.length < 6) {
    options.push({ weight: 5, make: () => { const at = rand.pick(floor); return { type: "buildDoor", payload: { x: at.x, y: at.y } }; } });
  }
  if (doors.length > 0) {
    if (has("buildPadlock")) {
      const bare = doors.filter((d) => !d.hasPadlock);
      if (bare.length > 0) options.push({ weight: 4, make: () => ({ type: "buildPadlock", payload: { doorId: rand.pick(bare).id } }) });
    }
    const locked = doors.filter((d) => d.hasPadlock);
    if (locked.length > 0) {
      if (has("armDoorLock")) options.push({ weight: 4, make: () => ({ type: "armDoorLock", payload: { doorId: rand.pick(locked).id } }) });
      if (has("disarmDoorLock")) options.push({ weight: 2, make: () => ({ type: "disarmDoorLock", payload: { doorId: rand.pick(locked).id } }) });
    }
    if (has("holdDoorOpen")) options.push({ weight: 1, make: () => ({ type: "holdDoorOpen", payload: { doorId: rand.pick(doors).id } }) });
    if (has("releaseDoor")) options.push({ weight: 1, make: () => ({ type: "releaseDoor", payload: { doorId: rand.pick(doors).id } }) });
  }
  const spent = parts.filter((p) => p.needsRearm);
  if (has("rearm") && spent.length > 0) {
    options.push({ weight: 10, make: () => ({ type: "rearm", payload: { partId: rand.pick(spent).id } }) });
  }
  const fighters = values(view.units).filter((u) => u.kind === "minion" || u.kind === "creature");
  const minions = fighters.filter((u) => u.kind === "minion");
  if (has("setStance") && fighters.length > 0 && STANCE_LIST.length > 0) {
    options.push({ weight: 3, make: () => ({ type: "setStance", payload: { unitId: rand.pick(fighters).id, stance: rand.pick(STANCE_LIST) } }) });
  }
  if (has("assignJob") && minions.length > 0 && JOB_LIST.length > 0) {
    options.push({ weight: 2, make: () => ({ type: "assignJob", payload: { unitId: rand.pick(minions).id, job: rand.pick(JOB_LIST) } }) });
  }
  const timers = parts.filter((p) => p.kind === "timer");
  if (has("setTimerDelay") && timers.length > 0) {
    options.push({ weight: 2, make: () => ({ type: "setTimerDelay", payload: { partId: rand.pick(timers).id, minutes: rand.int(1, 60) } }) });
  }
  const levers = parts.filter((p) => p.kind === "lever");
  if (levers.length > 0) {
    if (has("pullLever")) options.push({ weight: 2, make: () => ({ type: "pullLever", payload: { partId: rand.pick(levers).id } }) });
    if (has("resetLever")) options.push({ weight: 1, make: () => ({ type: "resetLever", payload: { partId: rand.pick(levers).id } }) });
  }
  if (has("movePart") && parts.length > 0 && floor.length > 0) {
    options.push({ weight: 2, make: () => { const at = rand.pick(floor); return { type: "movePart", payload: { partId: rand.pick(parts).id, x: at.x, y: at.y } }; } });
  }

  const total = options.reduce((a, o) => a + o.weight, 0);
  if (total > 0) {
    for (let tries = 0; tries < 5; tries++) {
      let r = rand.int(1, total);
      for (const o of options) {
        r -= o.weight;
        if (r <= 0) { const a = o.make(); if (a) return a; break; }
      }
    }
  }
  return { type: "resume", payload: {} };
}

/** Per-bot results the runner aggregates. */
export interface CommandRecorder {
  /** Called with each answered command's round trip in ms and its result. */
  answered(type: string, ms: number, result: CommandResult): void;
  /** Called when a command failed without an answer (timeout, closed connection) or was not sent. */
  failed(type: string, kind: string): void;
}

/**
 * Runs a keeper bot on `conn` until `stop()` is called: one command every `intervalMs`
 * (jittered), never more than one in flight, `resume` at once on a `paused` event.
 * @returns `stop`, which ends the loop (the connection stays open).
 */
export function runKeeperBot(conn: DungeonConnection, rand: BotRandom, intervalMs: number, rec: CommandRecorder): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const available = new Set<string>(COMMAND_TYPES);

  const send = async (action: KeeperAction): Promise<void> => {
    const t0 = performance.now();
    try {
      const result = await conn.command(action.type as never, action.payload as never);
      rec.answered(action.type, performance.now() - t0, result);
    } catch (err) {
      const name = err instanceof Error ? err.name : "Error";
      if (name === "CommandValidationError") {
        available.delete(action.type); // our payload guess for a newer command does not fit: stop using it
        rec.failed(action.type, `invalid-payload:${action.type}`);
      } else {
        rec.failed(action.type, /timed? ?out/i.test(String(err)) ? "command-timeout" : "command-failed");
      }
    }
  };

  const unpause = conn.onEvent("paused", () => { if (!stopped) void send({ type: "resume", payload: {} }); });
  const loop = async (): Promise<void> => {
    if (stopped) return;
    const s = conn.state as unknown as KeeperView;
    if (s && typeof s.tiles === "string" && s.tiles.length > 0) await send(chooseKeeperAction(s, rand, available));
    if (!stopped) timer = setTimeout(() => void loop(), rand.jitter(intervalMs));
  };
  timer = setTimeout(() => void loop(), rand.jitter(intervalMs));
  return () => { stopped = true; clearTimeout(timer); unpause(); };
}
