import { Client, type Room } from "@colyseus/sdk";
import {
  DUNGEON_ACCESS_CODES, DUNGEON_ROOM,
  type DungeonAccessCode, type DungeonListing, type JoinOptions, type RulesetId, type StoredDungeonPage,
} from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { DungeonConnection, SEAT_TIMEOUT_MS, type DungeonRole } from "./connection.ts";
import type { Rejoin } from "./resume.ts";
import { watchReplay, type ReplayConnection, type ReplaySource, type WatchReplayOptions } from "./replay.ts";
import { DEFAULT_SERVER_URL, httpBaseUrl } from "./urls.ts";
import { ServiceUnavailableError, asServiceError } from "./errors.ts";

/** Options a dungeon is created with (the room's create options). */
export interface DungeonCreateOptions {
  /** Seed of the simulation's random generator: the same seed and commands replay the same game. */
  seed?: number;
  /** Combat ruleset, default `malignus`. */
  ruleset?: RulesetId;
  /** Map name (a file of server/maps without `.txt`), default `default`. */
  map?: string;
  /** Game minutes per real second, default 1. */
  timeScale?: number;
  /** Pause the game clock when a party is spotted (INV-79); a keeper's `resume` restarts it. Never while adventurer players are seated. */
  pauseOnSpot?: boolean;
  /** Create the dungeon paused, so keepers build before time runs; `resume()` starts the clock. Default false. */
  startPaused?: boolean;
  /** Keeper seats (co-op keepers share one dungeon), default 1. */
  keeperSeats?: number;
  /** Seconds a dropped keeper or adventurer keeps its seat, default 30; 0 = none. */
  reconnectSeconds?: number;
  /** Spectators see everything (true) or what the keepers see (false, the default). */
  spectatorsSeeAll?: boolean;
  /** Messages a client may send per real second; one more and it is kicked (close code 4102), default 50. */
  maxMessagesPerSecond?: number;
  /** Most clients in the room (connected or holding a seat); one more join is refused `ROOM_FULL`. Default 32, at most 1000. */
  maxClients?: number;
  /** Seconds a client kicked for flooding (4102) or malformed frames (4103) has its reconnection token and address refused by the room. Default 30; 0 = none. */
  kickCooldownSeconds?: number;
  /**
   * Servers that store dungeons: only holders of the keeper key may join it, spectators and
   * adventurer players included. Default false (anyone may watch it while it is live).
   */
  private?: boolean;
  /** Run the simulation headless at creation (at most 10 game days) until the first party is in the dungeon, then open there. Default false. */
  skipToInvasion?: boolean;
  /** The first game day (from 1, at most 365) a travelling merchant comes (DOOR-12); then one every 2 days. Default day 3. */
  firstMerchantDay?: number;
  /** d100 rooms: traumatised instead of dead (P100-DEATH-10), spells recharged at every fight (P100-SPELL-08). */
  d100?: {
    traumaticInsteadOfDeath?: boolean; rechargeBetweenFights?: boolean;
    /** The classes (level 1) of the first invasion's party, e.g. ["Skyrider"] or ["Hunter", "Warlock"] (their familiars and mounts come along). */
    firstParty?: string[];
  };
}

/** Options of {@link MalignusClient.openDungeon}: the seat to take and the key that allows it. */
export interface OpenDungeonOptions extends JoinOptions {
  /** The keeper key the dungeon's creator received (`DungeonConnection.keeperKey`); needed for a keeper seat, and for any seat of a private dungeon. */
  keeperKey?: string;
}

/**
 * A join or an open refused by the dungeon's owner rules or its stored state (see
 * `DUNGEON_ACCESS_CODES`): `KEEPER_KEY_REQUIRED`, `KEEPER_KEY_WRONG`, `UNKNOWN_DUNGEON`,
 * `DUNGEON_DAMAGED`, `DUNGEON_BUSY`, `NO_STORE`. No seat was taken and nothing changed.
 */
export class DungeonAccessError extends Error {
  override name = "DungeonAccessError";
  /** What was refused. */
  readonly code: DungeonAccessCode;
  constructor(code: DungeonAccessCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** `err` as a {@link DungeonAccessError} when the server's message starts with an access code, else `err` itself. */
export function asAccessError(err: unknown): unknown {
  const message = err instanceof Error ? err.message : typeof err === "string" ? err : "";
  const code = DUNGEON_ACCESS_CODES.find((c) => message.startsWith(`${c}:`));
  return code ? new DungeonAccessError(code, message) : err;
}

export { SEAT_TIMEOUT_MS } from "./connection.ts";

/** Options for {@link connect}. */
export interface ConnectOptions {
  /** The `fetch` used for HTTP calls (`listDungeons`), default the global one. */
  fetch?: typeof fetch;
}

/**
 * A client of one Malignus server: creates, lists, joins and spectates dungeons.
 * Get one with {@link connect}; it opens no socket until a dungeon is joined.
 *
 * @example
 * const client = connect("ws://127.0.0.1:2567");
 * const keeper = await client.createDungeon({ seed: 42, timeScale: 60 }, { name: "Morag" });
 * const [first] = await client.listDungeons();
 * const watcher = await client.spectate(first!.roomId);
 */
export class MalignusClient {
  /** The WebSocket URL this client connects to. */
  readonly url: string;
  /** The HTTP base URL derived from {@link url} (no trailing slash). */
  readonly httpUrl: string;
  /** The underlying Colyseus client. */
  readonly colyseus: Client;
  readonly #fetch: typeof fetch;

  /** @throws TypeError when `url` is not a ws/wss/http/https URL. */
  constructor(url: string, options: ConnectOptions = {}) {
    this.url = url;
    this.httpUrl = httpBaseUrl(url);
    this.colyseus = new Client(url);
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /**
   * Creates a dungeon and joins it, as its keeper unless `join.role` says otherwise. On a server
   * that stores dungeons, the connection's `dungeonId` and `keeperKey` are set when this
   * resolves: keep the key, it is shown only here and is needed to take the keeper seat again.
   *
   * @throws the Colyseus matchmaking error (rejects) when the server refuses the options;
   *   ServiceUnavailableError when the server answers 503 (e.g. `REDIS_UNAVAILABLE`), at once.
   * @example
   * const keeper = await client.createDungeon({ seed: 1, ruleset: "malignus", timeScale: 30 }, { name: "Morag" });
   * console.log("dungeon", keeper.dungeonId, "key", keeper.keeperKey);
   */
  async createDungeon(options: DungeonCreateOptions = {}, join: JoinOptions = {}): Promise<DungeonConnection> {
    const role: DungeonRole = join.role ?? "keeper";
    // A secret of this request only: the room knows its creator by it and tells it the keeper key.
    const creatorToken = randomToken();
    let room: Room<any, DungeonState>;
    try {
      room = await this.colyseus.create<DungeonState>(DUNGEON_ROOM, { ...options, ...join, role, creatorToken }, DungeonState);
    } catch (err) {
      throw asServiceError(err);
    }
    return await joined(room, role, this.#rejoiner(room.roomId, { ...join, role }));
  }

  /**
   * Opens a stored dungeon by id (`GET /dungeons` lists them): joins its live room, or has the
   * server restore it from its save (the same state hash it was saved with) when nobody is
   * there. A keeper seat needs `keeperKey` (the role defaults to `keeper` with a key,
   * `spectator` without); a private dungeon needs it for every seat.
   *
   * @throws DungeonAccessError (rejects) `KEEPER_KEY_REQUIRED`, `KEEPER_KEY_WRONG`,
   *   `UNKNOWN_DUNGEON`, `DUNGEON_DAMAGED` (with what is wrong), `DUNGEON_BUSY`, `NO_STORE`;
   *   no seat is taken and nothing changes. ServiceUnavailableError on HTTP 503 (e.g. `REDIS_UNAVAILABLE`).
   * @example
   * const keeper = await client.openDungeon(saved.dungeonId, { keeperKey: saved.keeperKey, name: "Morag" });
   * const watcher = await client.openDungeon(saved.dungeonId); // a spectator of a public dungeon
   */
  async openDungeon(dungeonId: string, join: OpenDungeonOptions = {}): Promise<DungeonConnection> {
    const role: DungeonRole = join.role ?? (join.keeperKey ? "keeper" : "spectator");
    try {
      const room = await this.colyseus.joinOrCreate<DungeonState>(DUNGEON_ROOM, { ...join, role, dungeonId }, DungeonState);
      return await joined(room, role, this.#rejoiner(room.roomId, { ...join, role }), join.keeperKey);
    } catch (err) {
      throw asServiceError(asAccessError(err));
    }
  }

  /**
   * Lists the stored dungeons (`GET /dungeons`), a page at a time, oldest first: id, map,
   * ruleset, game day, owner name, and whether each is live, resting or damaged.
   *
   * @param page `offset` (default 0) and `limit` (default 50, at most 200).
   * @throws Error (rejects) when the server answers a non-2xx status (e.g. 503 `NO_STORE`).
   * @example
   * const { total, dungeons } = await client.listStoredDungeons({ offset: 0, limit: 20 });
   * for (const d of dungeons) console.log(d.dungeonId, d.ownerName, d.status, `day ${d.day}`);
   */
  async listStoredDungeons(page: { offset?: number; limit?: number } = {}): Promise<StoredDungeonPage> {
    const query = new URLSearchParams();
    if (page.offset !== undefined) query.set("offset", String(page.offset));
    if (page.limit !== undefined) query.set("limit", String(page.limit));
    const url = `${this.httpUrl}/dungeons${query.size > 0 ? `?${query}` : ""}`;
    const response = await this.#fetch(url, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status} ${response.statusText}: ${await response.text()}`);
    return await response.json() as StoredDungeonPage;
  }

  /**
   * Joins an existing dungeon as a keeper (as many as its `keeperSeats`; co-op keepers share it).
   * A stored dungeon's keeper seat needs its `keeperKey`.
   *
   * @throws the Colyseus matchmaking error (rejects) when the room does not exist or already has a keeper;
   *   DungeonAccessError when the key is missing or wrong; ServiceUnavailableError on HTTP 503.
   * @example
   * const keeper = await client.joinAsKeeper(roomId, "Morag");
   */
  async joinAsKeeper(roomId: string, name?: string, keeperKey?: string): Promise<DungeonConnection> {
    return await this.#joinById(roomId, "keeper", name, keeperKey);
  }

  /**
   * Plays a member of the party currently in a dungeon: `unitId` (one of the listing's
   * `openAdventurerSeats`) or the first unclaimed member. The state then holds only what that
   * adventurer perceives and knows.
   *
   * @throws the Colyseus matchmaking error (rejects) when no party is in the dungeon, or the
   *   member is taken; DungeonAccessError when a private dungeon's `keeperKey` is missing or wrong.
   * @example
   * const [d] = (await client.listDungeons()).filter((l) => l.openAdventurerSeats.length > 0);
   * const hero = await client.joinAsAdventurer(d!.roomId, d!.openAdventurerSeats[0]);
   */
  async joinAsAdventurer(roomId: string, unitId?: string, name?: string, keeperKey?: string): Promise<DungeonConnection> {
    const options: JoinOptions = { role: "adventurer" };
    if (unitId !== undefined) options.unitId = unitId;
    if (name !== undefined) options.name = name;
    if (keeperKey !== undefined) options.keeperKey = keeperKey;
    try {
      const room = await this.colyseus.joinById<DungeonState>(roomId, options, DungeonState);
      return await joined(room, "adventurer", this.#rejoiner(roomId, options), keeperKey);
    } catch (err) {
      throw asServiceError(asAccessError(err));
    }
  }

  /**
   * Resumes a held seat with its reconnection token (`DungeonConnection.reconnectionToken`, the
   * current one: each reconnection issues a new token and refuses the previous one), e.g. after
   * the client process restarted. Within one process the SDK reconnects by itself. When the
   * seat's connection is still open, this takes the seat over: the other connection is closed
   * with 4101 (`MalignusCloseCode.SEAT_TAKEN_OVER`). Resolves once the server told the seat
   * again (`seat` is set).
   *
   * @throws the Colyseus matchmaking error (rejects) `reconnection token invalid or expired` after
   *   the room's `reconnectSeconds`, with a token already used (replaced), with a spectator's
   *   token (spectators join again), or with a token that holds no seat; SeatTimeoutError when
   *   the seat message does not come within {@link SEAT_TIMEOUT_MS}.
   * @param keeperKey the stored dungeon's keeper key, if the seat needs one: kept for a resume
   *   should the server process die later (resume.ts).
   */
  async reconnect(reconnectionToken: string, role: DungeonRole, keeperKey?: string): Promise<DungeonConnection> {
    let room: Room<any, DungeonState>;
    try {
      room = await this.colyseus.reconnect<DungeonState>(reconnectionToken, DungeonState);
    } catch (err) {
      throw asServiceError(err);
    }
    return await joined(room, role, this.#rejoiner(room.roomId, { role }), keeperKey);
  }

  /**
   * Watches an existing dungeon: state and events, no commands. A private stored dungeon needs its `keeperKey`.
   *
   * @throws the Colyseus matchmaking error (rejects) when the room does not exist;
   *   ServiceUnavailableError when the server answers 503 (e.g. `REDIS_UNAVAILABLE`).
   * @example
   * const [dungeon] = await client.listDungeons();
   * const watcher = await client.spectate(dungeon!.roomId);
   * watcher.onEvent((e) => console.log(e.type));
   */
  async spectate(roomId: string, name?: string, keeperKey?: string): Promise<DungeonConnection> {
    return await this.#joinById(roomId, "spectator", name, keeperKey);
  }

  /**
   * Lists the live public dungeons (`GET /rooms`; a private one is not listed: open it by its id with its keeper key).
   *
   * @throws ServiceUnavailableError (rejects) on HTTP 503 (`reason` `REDIS_UNAVAILABLE` while the server's Redis is away);
   *   Error when the server answers another non-2xx status or not a JSON array.
   * @example
   * for (const d of await client.listDungeons()) console.log(d.roomId, d.map, `day ${d.day}`);
   */
  async listDungeons(): Promise<DungeonListing[]> {
    const url = `${this.httpUrl}/rooms`;
    const response = await this.#fetch(url, { headers: { accept: "application/json" } });
    if (response.status === 503) {
      const refusal = await response.json().catch(() => ({})) as { error?: string; message?: string };
      throw new ServiceUnavailableError(refusal.error ?? "UNAVAILABLE", refusal.message ?? `GET ${url} answered 503 ${response.statusText}`);
    }
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status} ${response.statusText}`);
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error(`GET ${url} did not answer a JSON array`);
    return body as DungeonListing[];
  }

  /**
   * Watches a replay read-only (replay.ts): a stored dungeon's (`source` = its id) or a replay
   * file's (`{ file: text }`), at `options.speed` game minutes per real second, with pause, speed
   * and seek.
   * @throws DungeonAccessError (rejects) `UNKNOWN_DUNGEON` (HTTP 404), `KEEPER_KEY_REQUIRED`
   *   (401: a private dungeon's replay without `options.keeperKey`), `KEEPER_KEY_WRONG` (403),
   *   `NO_STORE` (503); the Colyseus matchmaking error for any other refusal (400: a replay file
   *   the server cannot read, with what is wrong).
   * @example
   * const replay = await client.watchReplay(dungeonId, { speed: 120 });
   * await replay.seek(1000);
   */
  async watchReplay(source: ReplaySource, options: WatchReplayOptions = {}): Promise<ReplayConnection> {
    try {
      return await watchReplay(this.colyseus, source, options);
    } catch (err) {
      throw asAccessError(err);
    }
  }

  async #joinById(roomId: string, role: DungeonRole, name: string | undefined, keeperKey?: string): Promise<DungeonConnection> {
    const options: JoinOptions = name === undefined ? { role } : { role, name };
    if (keeperKey !== undefined) options.keeperKey = keeperKey;
    try {
      const room = await this.colyseus.joinById<DungeonState>(roomId, options, DungeonState);
      return await joined(room, role, this.#rejoiner(roomId, options), keeperKey);
    } catch (err) {
      throw asServiceError(asAccessError(err));
    }
  }

  /**
   * How a connection joins its dungeon again after the server process died or stopped
   * (resume.ts): the same join options, the keeper key it knows, and for an adventurer the unit
   * its seat played; a stored dungeon (its seat told a `dungeonId`) is opened by id (restored by
   * whichever process takes it), any other room joined by `roomId`.
   */
  #rejoiner(roomId: string, join: OpenDungeonOptions): Rejoin {
    return async (seat, keeperKey) => {
      const options: OpenDungeonOptions = { ...join };
      if (seat?.unitId !== undefined) options.unitId = seat.unitId;
      if (keeperKey !== undefined) options.keeperKey = keeperKey;
      if (seat?.dungeonId === undefined) return await this.colyseus.joinById<DungeonState>(roomId, options, DungeonState);
      return await this.colyseus.joinOrCreate<DungeonState>(DUNGEON_ROOM, { ...options, dungeonId: seat.dungeonId }, DungeonState);
    };
  }
}

/**
 * Returns a client of the Malignus server at `url` (default `ws://127.0.0.1:2567`). No socket is
 * opened until a dungeon is created, joined or spectated.
 *
 * @throws TypeError when `url` is not a ws/wss/http/https URL.
 * @example
 * import { connect } from "@malignus/client-sdk";
 * const client = connect("ws://127.0.0.1:2567");
 * const keeper = await client.createDungeon({ seed: 42 });
 * const result = await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 });
 * if (!result.ok) console.error(result.code, result.reason);
 */
export function connect(url: string = DEFAULT_SERVER_URL, options: ConnectOptions = {}): MalignusClient {
  return new MalignusClient(url, options);
}

/** 16 random bytes as base64url (Web Crypto: Node and browsers). */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** How long a join waits for the room's first full state, in ms. */
export const FIRST_STATE_TIMEOUT_MS = 10_000;

/**
 * Wraps a joined room once its first full state has arrived and the server has told its seat
 * (the seat message follows the first state), so `connection.state` is complete (map, clock,
 * units) and `connection.seat` (with `dungeonId`, and the creator's `keeperKey`) is set when a
 * join method resolves.
 * @throws Error when no state arrives within {@link FIRST_STATE_TIMEOUT_MS}, SeatTimeoutError when
 *   no seat message within {@link SEAT_TIMEOUT_MS}, Error when the server closes the connection
 *   first; the room is left in each case.
 */
async function joined(room: Room<any, DungeonState>, role: DungeonRole, rejoin?: Rejoin, keeperKey?: string): Promise<DungeonConnection> {
  // Construct first: the connection registers its message handlers (e.g. `seat`) at once.
  const connection = new DungeonConnection(room, role, rejoin, keeperKey);
  try {
    await Promise.all([firstState(room), connection.waitForSeat(SEAT_TIMEOUT_MS)]);
  } catch (err) {
    void connection.leave().catch(() => {});
    throw err;
  }
  return connection;
}

/** Resolves once `room` holds its first full state; rejects after {@link FIRST_STATE_TIMEOUT_MS}. */
function firstState(room: Room<any, DungeonState>): Promise<void> {
  if (room.state && room.state.mapName) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no state from room ${room.roomId} within ${FIRST_STATE_TIMEOUT_MS} ms`)), FIRST_STATE_TIMEOUT_MS);
    room.onStateChange.once(() => { clearTimeout(timer); resolve(); });
  });
}
