/** Why a command was refused. Codes are stable; the reason text is for people. */
export const ERROR_CODES = [
  "NOT_ALLOWED_FOR_ROLE",
  "OUT_OF_BOUNDS",
  "NOT_FLOOR",
  "TILE_OCCUPIED",
  "TRIGGER_TOO_CLOSE",
  "UNKNOWN_PART",
  "UNKNOWN_CABLE",
  "CABLE_PATH_NOT_CONTIGUOUS",
  "CABLE_ENDS_UNCONNECTED",
  "CABLE_OVERLAPS",
  "TRIGGER_ALREADY_WIRED",
  "MECHANISM_ALREADY_WIRED",
  "TIMER_ALREADY_WIRED",
  "WIRING_LOOP",
  "NOT_PAUSED",
  "INVALID_COMMAND",
  "NO_GUARD_POST",
  "NO_FUGITIVE",
  "UNKNOWN_SETTLEMENT",
  "EXPEDITION_PENDING",
  "NOT_BURNABLE",
  "NOT_A_DEAD_ADVENTURER",
  "NO_SCRYING_CHARGE",
  "NO_PARTY_ON_ITS_WAY",
  "DUEL_REFUSED",
  "UNKNOWN_DOOR",
  "NO_PADLOCK",
  "PADLOCK_EXISTS",
  "PADLOCK_NOT_BUILT",
  "NOT_ROCK",
  "WOULD_CUT_WALKING_PATH",
  "UNKNOWN_UNIT",
  "NOT_YOUR_UNIT",
  "INVALID_TARGET",
  "NOT_A_MINION",
  "NOT_A_TIMER",
  "DELAY_OUT_OF_RANGE",
  "NOT_A_LEVER",
  "PART_NOT_BUILT",
  "LEVER_ALREADY_ACTIVE",
  "LEVER_NOT_ACTIVE",
  "NO_PATH",
  "IN_ENCOUNTER",
  "NO_DUEL_PROPOSAL",
  "NO_DUEL_MERCY",
  "NOT_KEEPER_GROUND",
  "UNKNOWN_LAIR",
  /**
   * Stored dungeons: the database is away and the process's queue of unsaved inputs is full
   * (store/writer.ts `MAX_QUEUED_INPUTS`); the command was not applied. Try again later.
   */
  "STORE_UNAVAILABLE",
] as const;
/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A command accepted: `id` names the entity it created, if any. */
export interface CommandAccepted { ok: true; id?: string }
/** A command refused: nothing changed. `rule` names the rule ID behind the refusal, if any. */
export interface CommandRefused { ok: false; code: ErrorCode; reason: string; rule?: string }
/** The answer to every command. */
export type CommandResult = CommandAccepted | CommandRefused;
