import { readFileSync } from "node:fs";
import type { Input } from "../sim/index.ts";
import { MAPS_DIR, mapNames } from "../maps.ts";
import { parseCreateOptions, type DungeonOptions } from "../rooms/options.ts";
import { simOptionsOf } from "../rooms/durable.ts";
import type { DungeonRecord, DungeonStore, StoredInput } from "../store/types.ts";
import { verifyKeeperKey } from "../store/keeperKey.ts";
import { REPLAY_FORMAT, REPLAY_FORMAT_VERSION, mapTextHash, type ReplayCheckpointLine, type ReplayFile, type ReplayHeader } from "./format.ts";
import { Playback } from "./playback.ts";

/** A replay file records a checkpoint hash every this many ticks (100 game minutes), before its end tick. */
export const REPLAY_CHECKPOINT_EVERY_TICKS = 1000;
/** While computing checkpoints, the writer gives the event loop back every this many ticks, so live rooms keep stepping. */
export const REPLAY_BUILD_YIELD_EVERY_TICKS = 2000;

/** What a replay file is written from: a dungeon's creation and its full input log. */
export interface ReplaySourceData {
  /** The stored dungeon's id, when written from the store. */
  dungeonId?: string;
  /** The create options as stored (seed inside), read as the room reads them (rooms/options.ts `parseCreateOptions`: absent ones take its defaults). */
  options: Record<string, unknown>;
  /** The map's name, when the options do not hold it. */
  map?: string;
  /** When the dungeon was created, ms since the Unix epoch. */
  createdAt: number;
  /** The full input log from seq 0, in order. */
  inputs: readonly StoredInput[];
  /**
   * The tick and state hash the live game recorded after its last logged input (or its last
   * snapshot, if later): the file ends there, and its end line carries that recorded hash (so
   * `--check` compares the replay with the live game). Ignored when before the last input's tick
   * or with an empty hash (the end is then the last input's tick, its hash computed).
   */
  recorded?: { tick: number; hash: string } | undefined;
}

/**
 * The text of a shipped map (server/maps/NAME.txt), as a replay header records it.
 * @throws Error when no shipped map has that name.
 */
export function shippedMapText(name: string): string {
  if (!/^[a-z0-9_-]+$/i.test(name) || !mapNames().includes(name)) throw new Error(`unknown map "${name}"`);
  return readFileSync(`${MAPS_DIR}${name}.txt`, "utf8");
}

/**
 * Writes a replay file from a dungeon's creation and full log: the header (options with the seed,
 * the map's name, text and SHA-256), the inputs with their `seq`, then the checkpoints, computed
 * by playing the game headless (every {@link REPLAY_CHECKPOINT_EVERY_TICKS} ticks before the end),
 * and the end line (`recorded`'s hash when given, else the computed one). Gives the event loop
 * back every {@link REPLAY_BUILD_YIELD_EVERY_TICKS} ticks.
 * @throws Error when the options are invalid, the map unknown, the log does not start at seq 0
 *   or skips one, or the log does not replay (an input refused: the stored log is inconsistent).
 */
export async function buildReplay(data: ReplaySourceData, checkpointEvery = REPLAY_CHECKPOINT_EVERY_TICKS): Promise<ReplayFile> {
  if (typeof data.options.seed !== "number") throw new Error("replay: the stored create options have no seed");
  let parsed: DungeonOptions;
  try {
    parsed = parseCreateOptions({ ...data.options, ...(data.options.map === undefined && data.map ? { map: data.map } : {}) });
  } catch (err) {
    throw new Error(`replay: the stored create options are invalid: ${(err as Error).message}`);
  }
  const options: ReplayHeader["options"] = { ...parsed, ...simOptionsOf(parsed) };
  const text = shippedMapText(options.map);
  const header: ReplayHeader = {
    format: REPLAY_FORMAT, version: REPLAY_FORMAT_VERSION,
    ...(data.dungeonId !== undefined ? { dungeonId: data.dungeonId } : {}),
    options, map: { name: options.map, sha256: mapTextHash(text), text }, createdAt: new Date(data.createdAt).toISOString(),
  };
  const inputs = data.inputs.map((s, i) => {
    if (s.seq !== i) throw new Error(`replay: the stored log has seq ${s.seq} where seq ${i} was expected`);
    return { seq: s.seq, tick: s.input.tick, actor: s.input.actor, command: s.input.command };
  });
  const lastTick = inputs.at(-1)?.tick ?? 0;
  const recorded = data.recorded && data.recorded.hash !== "" && data.recorded.tick >= lastTick ? data.recorded : undefined;
  const playback = new Playback({
    options, map: header.map, inputs: inputs as Input[], endTick: Math.max(recorded?.tick ?? lastTick, 0),
  });
  const checkpoints: ReplayCheckpointLine[] = [];
  let sinceYield = 0;
  while (!playback.ended) {
    playback.step();
    const tick = playback.tick;
    if (checkpointEvery > 0 && tick % checkpointEvery === 0 && tick < playback.endTick && checkpoints.at(-1)?.checkpoint !== tick) {
      checkpoints.push({ checkpoint: tick, hash: playback.sim.hash() });
    }
    if (++sinceYield >= REPLAY_BUILD_YIELD_EVERY_TICKS) { sinceYield = 0; await new Promise<void>((resolve) => setImmediate(resolve)); }
  }
  return { header, inputs, checkpoints, end: { end: playback.tick, hash: recorded?.hash ?? playback.sim.hash() } };
}

/**
 * Why a stored dungeon's replay is refused (the message starts with the code and a colon, like
 * the dungeon room's access refusals): `UNKNOWN_DUNGEON` (no dungeon has that id),
 * `KEEPER_KEY_REQUIRED` / `KEEPER_KEY_WRONG` (a private dungeon's replay needs its keeper key).
 */
export class ReplayAccessError extends Error {
  override name = "ReplayAccessError";
  readonly code: "UNKNOWN_DUNGEON" | "KEEPER_KEY_REQUIRED" | "KEEPER_KEY_WRONG";
  /** The message without its code. */
  readonly detail: string;
  constructor(code: ReplayAccessError["code"], detail: string) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}

/**
 * Writes the replay file of a stored dungeon (see {@link buildReplay}): its create options and
 * creation time, its full log (`store.inputs`), and its recorded tick and hash. A private
 * dungeon's replay needs its keeper key (it shows everything the keeper saw). `checkpointEvery`
 * 0 writes no checkpoint lines (the replay room, which does not need them).
 * @throws ReplayAccessError for an unknown id, or a private dungeon without its right key;
 *   DungeonDataError (store/types.ts) when its log cannot be read; Error as {@link buildReplay}.
 */
export async function replayFromStore(store: DungeonStore, dungeonId: string, keeperKey?: string, checkpointEvery = REPLAY_CHECKPOINT_EVERY_TICKS): Promise<ReplayFile> {
  const record: DungeonRecord | undefined = await store.get(dungeonId);
  if (!record) throw new ReplayAccessError("UNKNOWN_DUNGEON", `no stored dungeon has id ${dungeonId}`);
  if (record.private) {
    if (!keeperKey) throw new ReplayAccessError("KEEPER_KEY_REQUIRED", `dungeon ${dungeonId} is private: its replay needs its keeper key`);
    if (!(await verifyKeeperKey(keeperKey, record.keeperKeyHash))) throw new ReplayAccessError("KEEPER_KEY_WRONG", `that is not dungeon ${dungeonId}'s keeper key`);
  }
  const inputs = await store.inputs(dungeonId);
  return await buildReplay({
    dungeonId, options: record.options, map: record.map, createdAt: record.createdAt, inputs,
    recorded: { tick: record.tick, hash: record.hash },
  }, checkpointEvery);
}
