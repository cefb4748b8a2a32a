import { randomInt } from "node:crypto";
import { z } from "zod";
import { ADVENTURER_CLASSES, EntityId, RULESET_IDS, SEAT_ROLES, type DungeonListing, type RulesetId, type SeatRole } from "@malignus/shared";
import { mapNames } from "../maps.ts";
import { DEFAULT_KICK_COOLDOWN_SECONDS, DEFAULT_MAX_CLIENTS, MAX_KICK_COOLDOWN_SECONDS, MAX_MAX_CLIENTS } from "./abuse.ts";

/** Largest `timeScale` a room accepts, in game minutes per real second. */
export const MAX_TIME_SCALE = 1000;
/** Longest display name a client may join with, in characters. */
export const MAX_NAME_LENGTH = 64;
/** Most keeper seats a room may have. */
export const MAX_KEEPER_SEATS = 8;
/** Default seconds a dropped keeper or adventurer keeps its seat (`reconnectSeconds`). */
export const DEFAULT_RECONNECT_SECONDS = 30;
/** Longest reconnection window a room may set, in seconds. */
export const MAX_RECONNECT_SECONDS = 600;
/** Most game days the `skipToInvasion` create option runs headless looking for an invasion. */
export const SKIP_TO_INVASION_MAX_DAYS = 10;
/** Latest game day the `firstMerchantDay` create option may name. */
export const MAX_FIRST_MERCHANT_DAY = 365;
/** Default most messages a client may send per second before it is disconnected (`maxMessagesPerSecond`). */
export const DEFAULT_MAX_MESSAGES_PER_SECOND = 50;

/**
 * A create or join request the room refuses on purpose (bad options, keeper seat taken). The
 * client receives its message; the room logs it at info level rather than as a fault.
 * `code` is the HTTP status matchmaking answers when the refusal comes from a room's `onCreate`
 * (Colyseus answers `e.code`, else its own 523 "unhandled", which proxies such as Cloudflare read
 * as theirs): {@link REFUSAL_STATUS} by default, or `options.status`.
 */
export class RoomRefusal extends Error {
  override name = "RoomRefusal";
  /** The HTTP status of the refusal (400 bad options by default; 409 a seat taken, 401/403/404 an access refusal…). */
  readonly code: number;
  constructor(message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.status ?? REFUSAL_STATUS;
  }
}

/** The HTTP status of a {@link RoomRefusal} by default: 400, the request (its options) is refused as it stands. */
export const REFUSAL_STATUS = 400;

const name = z.string().trim().min(1).max(MAX_NAME_LENGTH);
/** A keeper key as clients send it (the server checks it against the stored hash). */
const KeeperKey = z.string().min(1).max(128);
/** A creator token (see `creatorToken`). */
export const CreatorToken = z.string().min(16).max(128);
/** A stored dungeon's id (= the room id it had when created). */
export const DungeonId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "a dungeon id is 1-64 letters, digits, _ or -");

/**
 * Options a `dungeon` room is created with. Colyseus passes the creator's join options to
 * `onCreate` too, so `role` and `name` are accepted here; any other unknown key is refused so a
 * typo (`timescale`) is not silently ignored.
 */
export const CreateOptionsSchema = z.object({
  /** 32-bit seed of the simulation; default a random one (logged). */
  seed: z.number().int().min(-(2 ** 31)).max(2 ** 32 - 1).optional(),
  ruleset: z.enum(RULESET_IDS).default("malignus"),
  map: z.string().default("default").refine((m) => mapNames().includes(m), {
    message: `unknown map; known maps: ${mapNames().join(", ")}`,
  }),
  /** Game minutes per real second. */
  timeScale: z.number().gt(0).max(MAX_TIME_SCALE).default(1),
  /**
   * Pause the game clock when the keeper spots a party (INV-79). Never in effect while an
   * adventurer player is seated: the clock does not pause for one side.
   */
  pauseOnSpot: z.boolean().default(true),
  /**
   * Create the dungeon with its game clock paused, so keepers can build before time runs; a
   * keeper's `resume` command starts it. Commands given while paused all apply at tick 0, so a
   * seeded room started this way replays exactly.
   */
  startPaused: z.boolean().default(false),
  /**
   * Load tests and demos: at creation, run the simulation headless (no client yet, no event
   * sent) until the first invasion's party is in the dungeon, at most
   * {@link SKIP_TO_INVASION_MAX_DAYS} game days, so a room at `timeScale` 1 opens on an invasion
   * instead of a game day (24 real minutes) before it. Deterministic: the same seed skips to the
   * same tick.
   */
  skipToInvasion: z.boolean().default(false),
  /**
   * The first game day (from 1) a travelling merchant comes to the dungeon (DOOR-12); then one
   * every `MERCHANT_EVERY_DAYS` days. Absent: `MERCHANT_FIRST_DAY` (day 3).
   */
  firstMerchantDay: z.number().int().min(1).max(MAX_FIRST_MERCHANT_DAY).optional(),
  /** Keeper seats (co-op keepers share the dungeon). */
  keeperSeats: z.number().int().min(1).max(MAX_KEEPER_SEATS).default(1),
  /** Seconds a dropped keeper or adventurer player keeps its seat; 0 = no reconnection. */
  reconnectSeconds: z.number().int().min(0).max(MAX_RECONNECT_SECONDS).default(DEFAULT_RECONNECT_SECONDS),
  /** Spectators see everything (true) or exactly what the keepers see (false, the default). */
  spectatorsSeeAll: z.boolean().default(false),
  /** Messages a client may send per real second; one more disconnects it (Colyseus `maxMessagesPerSecond`). */
  maxMessagesPerSecond: z.number().int().min(1).max(100_000).default(DEFAULT_MAX_MESSAGES_PER_SECOND),
  /** Most clients in the room, connected or holding a seat for a reconnection; one more is refused `ROOM_FULL` (abuse.ts). */
  maxClients: z.number().int().min(1).max(MAX_MAX_CLIENTS).default(DEFAULT_MAX_CLIENTS),
  /** Seconds a client kicked for flooding (4102) or malformed frames (4103) is refused by this room: its reconnection token and its address (abuse.ts); 0 = none. */
  kickCooldownSeconds: z.number().int().min(0).max(MAX_KICK_COOLDOWN_SECONDS).default(DEFAULT_KICK_COOLDOWN_SECONDS),
  /**
   * Stored dungeons: only a client with the keeper key may join (spectators and adventurer
   * players included); default false (anyone may watch it live).
   */
  private: z.boolean().default(false),
  role: z.enum(SEAT_ROLES).optional(),
  name: name.optional(),
  unitId: z.optional(EntityId),
  keeperKey: KeeperKey.optional(),
  /**
   * A secret the creating client chooses (the SDK: 16 random bytes, base64url) so the room knows
   * it among the joining clients and tells it, and it only, the keeper key. Never stored.
   */
  creatorToken: CreatorToken.optional(),
  /** `openDungeon`: the stored dungeon this room runs (restored from the store, never a new one). */
  dungeonId: DungeonId.optional(),
  /**
   * d100 rooms: gravely wounded instead of dead for characters that refuse death (P100-DEATH-10), and
   * spells recharged at every fight, not only boss fights (P100-SPELL-08). Both default false.
   */
  d100: z.object({
    traumaticInsteadOfDeath: z.boolean().optional(), rechargeBetweenFights: z.boolean().optional(),
    /** The classes (level 1) of the first invasion's party, e.g. ["Skyrider"] (companions: familiars and mounts). */
    firstParty: z.array(z.string().refine((c) => c in ADVENTURER_CLASSES, { message: "unknown adventurer class" })).min(1).max(6).optional(),
  }).strict().optional(),
}).strict();

/** Validated create options, with defaults filled in and the seed chosen. */
export interface DungeonOptions {
  seed: number;
  ruleset: RulesetId;
  map: string;
  timeScale: number;
  pauseOnSpot: boolean;
  startPaused: boolean;
  /** Run headless to the first invasion at creation (load tests). */
  skipToInvasion: boolean;
  /** The first game day a travelling merchant comes (DOOR-12), when the creator chose one. */
  firstMerchantDay?: number;
  keeperSeats: number;
  reconnectSeconds: number;
  spectatorsSeeAll: boolean;
  maxMessagesPerSecond: number;
  /** Most clients (connected or holding a seat) before joins are refused `ROOM_FULL`. */
  maxClients: number;
  /** Seconds a kicked client's token and address are refused by the room. */
  kickCooldownSeconds: number;
  /** Stored dungeons: every seat needs the keeper key (present only when true). */
  private?: true;
  /** d100 rooms: the ruleset's room options, when given. */
  d100?: { traumaticInsteadOfDeath?: boolean | undefined; rechargeBetweenFights?: boolean | undefined; firstParty?: string[] | undefined };
}

/**
 * Validates create options (undefined = all defaults) and picks a random seed (node:crypto) when
 * none is given.
 * @throws RoomRefusal `invalid dungeon options: <field>: <problem>; …` on bad options.
 */
export function parseCreateOptions(raw: unknown): DungeonOptions {
  const parsed = CreateOptionsSchema.safeParse(raw ?? {});
  if (!parsed.success) throw new RoomRefusal(`invalid dungeon options: ${formatIssues(parsed.error)}`);
  const o = parsed.data;
  return {
    seed: o.seed ?? randomInt(0, 2 ** 31 - 1),
    ruleset: o.ruleset,
    map: o.map,
    timeScale: o.timeScale,
    pauseOnSpot: o.pauseOnSpot,
    startPaused: o.startPaused,
    skipToInvasion: o.skipToInvasion,
    keeperSeats: o.keeperSeats,
    reconnectSeconds: o.reconnectSeconds,
    spectatorsSeeAll: o.spectatorsSeeAll,
    maxMessagesPerSecond: o.maxMessagesPerSecond,
    maxClients: o.maxClients,
    kickCooldownSeconds: o.kickCooldownSeconds,
    ...(o.private ? { private: true as const } : {}),
    ...(o.firstMerchantDay !== undefined ? { firstMerchantDay: o.firstMerchantDay } : {}),
    ...(o.d100 ? { d100: o.d100 } : {}),
  };
}

/** Join options as the room reads them: other keys (the create options) are ignored. */
export const JoinOptionsSchema = z.object({
  role: z.enum(SEAT_ROLES).default("spectator"),
  name: name.optional(),
  unitId: z.optional(EntityId),
  keeperKey: KeeperKey.optional(),
});

/** Validated join options. */
export interface ParsedJoinOptions { role: SeatRole; name: string | undefined; unitId: string | undefined; keeperKey: string | undefined }

/**
 * Validates join options.
 * @throws RoomRefusal `invalid join options: …` when `role` or `name` is malformed.
 */
export function parseJoinOptions(raw: unknown): ParsedJoinOptions {
  const parsed = JoinOptionsSchema.safeParse(raw ?? {});
  if (!parsed.success) throw new RoomRefusal(`invalid join options: ${formatIssues(parsed.error)}`);
  return { role: parsed.data.role, name: parsed.data.name, unitId: parsed.data.unitId, keeperKey: parsed.data.keeperKey };
}

/**
 * The matchmaking metadata a dungeon room advertises (a {@link DungeonListing} without its id);
 * stored dungeons add their `dungeonId` (`openDungeon` finds the live room by it: `filterBy`),
 * private ones `private: true` (`GET /rooms` leaves them out: app.ts `listDungeons`).
 */
export type DungeonMetadata = Omit<DungeonListing, "roomId"> & { dungeonId?: string; private?: true };

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join(".") : "options"}: ${i.message}`).join("; ");
}
