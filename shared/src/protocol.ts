/** Wire names shared by the server and the client-sdk. */
export { TurnStep, TurnPlan, MoveTo } from "./commands/plans.ts";

/** The Colyseus room name of a live dungeon. */
export const DUNGEON_ROOM = "dungeon";

/** Server → client message type carrying one {@link SimEvent} (see events.ts). */
export const EVENT_MESSAGE = "event";

/**
 * The seats of a dungeon room: `keeper` (as many as the room's `keeperSeats` option; co-op
 * keepers share one dungeon), `adventurer` (a player claims a member of the party in the
 * dungeon; unclaimed members stay AI) and `spectator` (any number).
 */
export const SEAT_ROLES = ["keeper", "adventurer", "spectator"] as const;
/** One of {@link SEAT_ROLES}. */
export type SeatRole = (typeof SEAT_ROLES)[number];

/** Options a client passes when it joins a dungeon room. */
export interface JoinOptions {
  /** `keeper`, `adventurer` or `spectator` (the default). */
  role?: SeatRole;
  /** A display name for logs and the room listing. */
  name?: string;
  /** Adventurers: the id of the party member to play; default the first unclaimed one. */
  unitId?: string;
  /**
   * The dungeon's keeper key (given to its creator in the {@link SeatInfo}): needed to take a
   * keeper seat of a stored dungeon, and any seat of a private one.
   */
  keeperKey?: string;
}

/** Server → client message sent once after joining: the seat this client holds. */
export const SEAT_MESSAGE = "seat";

/** The seat a client holds (the {@link SEAT_MESSAGE} payload). */
export interface SeatInfo {
  /** Stable seat id: keepers' commands are logged with it; adventurers' units carry it as `controller`. */
  seatId: string;
  role: SeatRole;
  /** Adventurers: the unit played. */
  unitId?: string;
  /** Stored dungeons: the dungeon's id (= the room id while live), for `openDungeon` later. */
  dungeonId?: string;
  /**
   * Only to the client that created a stored dungeon, once: the keeper key (32 base64url
   * characters). The server keeps only its hash; without it nobody can take a keeper seat again.
   */
  keeperKey?: string;
}

/** Matchmaking metadata every dungeon room advertises (used by `GET /rooms`). */
export interface DungeonListing {
  roomId: string;
  map: string;
  ruleset: string;
  day: number;
  hour: number;
  keepers: number;
  spectators: number;
  /** Keeper seats the room has (its `keeperSeats` option). */
  keeperSeats: number;
  /** Adventurer players seated. */
  adventurers: number;
  /** Ids of the current party's members no player has claimed: the open adventurer seats. */
  openAdventurerSeats: string[];
}

/**
 * Client → server request of an adventurer player: its plan for its adventurer's coming turn in
 * an encounter (d20 and d100 rooms), the `planTurn` command of `COMMAND_DEFINITIONS`. Answered
 * with a `CommandResult`; refused when the client plays no adventurer or its adventurer is in no
 * encounter. The ruleset reads the plan when the turn comes (the encounter's `plans`); without
 * one the AI acts.
 */
export const PLAN_TURN_MESSAGE = "planTurn";

/**
 * Client → server request of an adventurer player: walk its adventurer to tile (x, y) out of
 * combat (`MoveTo`, the `moveTo` command of `COMMAND_DEFINITIONS`). Answered with a `CommandResult`: refused with `NOT_ALLOWED_FOR_ROLE`
 * when the client plays no adventurer, `NOT_FLOOR` for a tile one cannot walk on, `NO_PATH` when
 * no walk reaches it, `IN_ENCOUNTER` while its adventurer is in an encounter (use `planTurn`).
 * The adventurer walks at its own speed along the routes its knowledge allows, and stays on the
 * tile until the next `moveTo`; the AI takes over again when the player drops.
 */
export const MOVE_TO_MESSAGE = "moveTo";

/**
 * Why a join or an open of a stored dungeon is refused; the server's error message starts with
 * the code and a colon (`KEEPER_KEY_WRONG: …`), the SDK turns it into a `DungeonAccessError`:
 * - `KEEPER_KEY_REQUIRED`: a keeper seat (or any seat of a private dungeon) asked without a key;
 * - `KEEPER_KEY_WRONG`: the key given is not this dungeon's;
 * - `UNKNOWN_DUNGEON`: no stored dungeon has that id;
 * - `DUNGEON_DAMAGED`: its stored data failed to load (the reason follows); it never opens;
 * - `DUNGEON_BUSY`: another process runs it (its lease has not expired);
 * - `NO_STORE`: this server keeps no dungeons (started without a store).
 */
export const DUNGEON_ACCESS_CODES = ["KEEPER_KEY_REQUIRED", "KEEPER_KEY_WRONG", "UNKNOWN_DUNGEON", "DUNGEON_DAMAGED", "DUNGEON_BUSY", "NO_STORE"] as const;
/** One of {@link DUNGEON_ACCESS_CODES}. */
export type DungeonAccessCode = (typeof DUNGEON_ACCESS_CODES)[number];

/** Where a stored dungeon stands: run by a room now, resting (saved, its clock stopped), or damaged (never opens). */
export type StoredDungeonStatus = "live" | "resting" | "damaged";

/** One stored dungeon as `GET /dungeons` lists it. */
export interface StoredDungeon {
  /** Its id: `openDungeon(dungeonId)`; the room id while live. */
  dungeonId: string;
  map: string;
  ruleset: string;
  /** Game day (from 1) at its last save. */
  day: number;
  /** Display name of the keeper who created it. */
  ownerName: string;
  /** Only its keeper (with the key) may watch it. */
  private: boolean;
  status: StoredDungeonStatus;
}

/** Default and largest page of `GET /dungeons` (`limit`). */
export const STORED_DUNGEONS_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

/** Answer of `GET /dungeons?offset=&limit=`: a page, oldest dungeon first, and how many there are in all. */
export interface StoredDungeonPage {
  total: number;
  offset: number;
  limit: number;
  dungeons: StoredDungeon[];
}
