import { matchMaker } from "@colyseus/core";
import { DUNGEON_ROOM } from "@malignus/shared";
import type { Logger } from "../logger.ts";
import { loadMap } from "../maps.ts";
import { createDungeonSimulation, type DungeonSimOptions, type Simulation } from "../sim/index.ts";
import { DungeonAccessRefusal, checkAccess } from "./access.ts";
import { DurableDungeon, PERSISTENCE_OPTION, simOptionsOf, storedRecord, type DungeonHost } from "./durable.ts";
import { DungeonId, parseCreateOptions, parseJoinOptions, type DungeonOptions } from "./options.ts";

const NO_STORE = "this server keeps no dungeons (started without a store)";

/**
 * Matchmaking's check, run by the room's static `onAuth` over HTTP before any socket is opened
 * or any room is created or restored, so a refused join changes nothing and the client gets one
 * error (the HTTP refusal, no WebSocket closed with 4002 beside it):
 * - an `openDungeon` (join options with `dungeonId`): the id must name a stored dungeon that is
 *   not damaged, and the key must fit the seat asked (access.ts `checkAccess`);
 * - a join by room id (`joinById`: `spectate`, `joinAsKeeper`, `joinAsAdventurer`) of a stored
 *   dungeon's live room (`byRoomId`, read from the request's path): the key must fit the seat.
 * Other joins pass. The room's own `onAuth` checks every join again when its socket opens.
 * @param byRoomId the room id of a `POST /matchmake/joinById/<roomId>` (see {@link joinByIdTarget}), else undefined.
 * @throws DungeonAccessRefusal `NO_STORE`, `UNKNOWN_DUNGEON`, `DUNGEON_DAMAGED`, `KEEPER_KEY_REQUIRED`, `KEEPER_KEY_WRONG`;
 *   RoomRefusal (400) on join options that do not parse.
 */
export async function authorizeOpen(options: unknown, byRoomId?: string): Promise<true> {
  const dungeonId = (options as { dungeonId?: unknown } | undefined)?.dungeonId;
  const host = matchMaker.getHandler(DUNGEON_ROOM)?.options?.[PERSISTENCE_OPTION] as DungeonHost | undefined;
  if (dungeonId === undefined) {
    if (byRoomId === undefined || !host) return true;
    const id = DungeonId.safeParse(byRoomId);
    const live = id.success ? await host.store.get(id.data).catch(() => undefined) : undefined;
    if (!live) return true; // not a stored dungeon (or unreadable): the room's own checks decide
    const { role, keeperKey } = parseJoinOptions(options);
    await checkAccess(live, role, keeperKey);
    return true;
  }
  if (!host) throw new DungeonAccessRefusal("NO_STORE", NO_STORE);
  const id = DungeonId.safeParse(dungeonId);
  if (!id.success) throw new DungeonAccessRefusal("UNKNOWN_DUNGEON", `no stored dungeon has id ${JSON.stringify(dungeonId).slice(0, 80)}`);
  const record = await storedRecord(host, id.data);
  if (!record) throw new DungeonAccessRefusal("UNKNOWN_DUNGEON", `no stored dungeon has id ${id.data}`);
  if (record.status === "damaged") throw new DungeonAccessRefusal("DUNGEON_DAMAGED", `dungeon ${id.data} is damaged: ${record.statusReason ?? "no reason recorded"}`);
  const { role, keeperKey } = parseJoinOptions(options);
  await checkAccess(record, role, keeperKey);
  return true;
}

/**
 * The room id a matchmaking request joins by id: `<roomId>` of `POST /matchmake/joinById/<roomId>`
 * (the auth context's request), else undefined (create, joinOrCreate, reconnect, or no request).
 */
export function joinByIdTarget(request: { url?: string } | undefined): string | undefined {
  if (typeof request?.url !== "string") return undefined;
  const match = /\/matchmake\/joinById\/([^/?#]+)/.exec(new URL(request.url, "http://x").pathname);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

/**
 * The stored dungeon an `openDungeon` asks for (the `dungeonId` create option), validated; undefined for a new dungeon.
 * @throws DungeonAccessRefusal `NO_STORE` (the server keeps none), `UNKNOWN_DUNGEON` (a malformed id).
 */
export function openingId(host: DungeonHost | undefined, clientOptions: Record<string, unknown>): string | undefined {
  if (clientOptions.dungeonId === undefined) return undefined;
  if (!host) throw new DungeonAccessRefusal("NO_STORE", NO_STORE);
  const id = DungeonId.safeParse(clientOptions.dungeonId);
  if (!id.success) throw new DungeonAccessRefusal("UNKNOWN_DUNGEON", "no stored dungeon has that id");
  return id.data;
}

/** What a dungeon room starts from (see {@link startDungeon}). */
export interface RoomStart {
  options: DungeonOptions;
  simOptions: DungeonSimOptions;
  sim: Simulation;
  /** The stored dungeon (a server with a store); undefined for an ephemeral room. */
  durable?: DurableDungeon;
  /** A new stored dungeon: who created it, to tell it the keeper key. */
  creator?: CreatorClaim;
  /** An opened stored dungeon: its tick and hash right after the restore (equal to the stored ones). */
  restoredAt?: { tick: number; hash: string };
}

/**
 * Starts a room's dungeon: with `openedId`, the stored dungeon restored from its snapshot and log
 * (durable.ts `DurableDungeon.open`); else a new one from the create options, stored with a new
 * keeper key when the server has a store (`DurableDungeon.create`; the owner name is the
 * creator's join `name`).
 * @throws RoomRefusal on bad create options; DungeonAccessRefusal when a stored dungeon cannot open.
 */
export async function startDungeon(host: DungeonHost | undefined, clientOptions: Record<string, unknown>, roomId: string, openedId: string | undefined, log: Logger): Promise<RoomStart> {
  if (host && openedId !== undefined) {
    const opened = await DurableDungeon.open(host, openedId, log);
    return { ...opened, restoredAt: { tick: opened.sim.tick, hash: opened.sim.hash() } };
  }
  const options = parseCreateOptions(clientOptions);
  const simOptions = simOptionsOf(options);
  const sim = createDungeonSimulation(simOptions, loadMap(options.map));
  if (options.skipToInvasion) log.info({ tick: sim.tick, partyId: sim.state.invasion.partyId }, "skipped to the first invasion");
  if (!host) return { options, simOptions, sim };
  const owner = parseJoinOptions(clientOptions).name ?? "anonymous";
  const created = await DurableDungeon.create(host, roomId, options, owner, sim, log);
  const token = typeof clientOptions.creatorToken === "string" ? clientOptions.creatorToken : undefined;
  return { options, simOptions, sim, durable: created.durable, creator: new CreatorClaim(created.keeperKey, token) };
}

/**
 * How a new stored dungeon tells its creator, and nobody else, its keeper key: the creator is the
 * client whose join options carry the create request's secret `creatorToken` (the SDK sends one;
 * a raw client without one: the first client to join). It needs no key to take its seat, and its
 * seat message carries the key, once.
 */
export class CreatorClaim {
  #key: string | undefined;
  readonly #token: string | undefined;
  #session: string | undefined;

  constructor(key: string, token: string | undefined) {
    this.#key = key;
    this.#token = token;
  }

  /** In `onAuth`: true (and remembered) when this joining client is the creator. */
  claim(sessionId: string, joinOptions: unknown): boolean {
    const token = (joinOptions as { creatorToken?: unknown } | undefined)?.creatorToken;
    if (this.#key === undefined || this.#session !== undefined || token !== this.#token) return false;
    this.#session = sessionId;
    return true;
  }

  /** In `onJoin`: the keeper key when `sessionId` is the creator, once; else undefined. */
  take(sessionId: string): string | undefined {
    if (this.#session !== sessionId) return undefined;
    const key = this.#key;
    this.#key = undefined;
    return key;
  }
}
