/**
 * @malignus/client-sdk — a typed client for Malignus servers, over `@colyseus/sdk`.
 * Runs in Node 24 and in browsers.
 *
 * @example
 * import { connect } from "@malignus/client-sdk";
 * const client = connect("ws://127.0.0.1:2567");
 * const keeper = await client.createDungeon({ seed: 42, timeScale: 60 });
 * keeper.onEvent("hour", (e) => console.log(`day ${e.day}, ${e.hour}h`));
 * await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 });
 */
export {
  connect, MalignusClient, DungeonAccessError, asAccessError, SEAT_TIMEOUT_MS,
  type ConnectOptions, type DungeonCreateOptions, type OpenDungeonOptions,
} from "./client.ts";
export {
  DungeonConnection, EventTimeoutError, SeatTimeoutError, CLOSED_ALREADY, DEFAULT_WAIT_TIMEOUT_MS,
  type CommandMethods, type DungeonRole,
} from "./connection.ts";
export {
  RECONNECT_MAX_RETRIES, RECONNECT_MIN_DELAY_MS, RECONNECT_MAX_DELAY_MS, RECONNECT_MIN_UPTIME_MS,
  RESUME_MAX_ATTEMPTS, RESUME_FIRST_DELAY_MS, RESUME_MAX_DELAY_MS, RESUME_FIRST_STATE_TIMEOUT_MS, RESUMABLE_CLOSE_CODES,
  FINAL_CLOSE_CODES, resumeDelayMs, type Rejoin,
} from "./resume.ts";
export { ServiceUnavailableError, asServiceError } from "./errors.ts";
export { CommandValidationError, validateCommand, isCommandType } from "./validate.ts";
export { ReplayConnection, watchReplay, downloadReplay, REPLAY_FIRST_STATE_TIMEOUT_MS, type ReplaySource, type WatchReplayOptions } from "./replay.ts";
export { httpBaseUrl, DEFAULT_SERVER_URL } from "./urls.ts";
export { gameTimeOfTick, formatGameTime, estimateTick, CLOCK_TICK_SYNC_TICKS, type GameTime, type ClockLike } from "./clock.ts";
export type {
  CommandType, CommandPayload, CommandResult, CommandAccepted, CommandRefused, ErrorCode,
  SimEvent, SimEventType, SimEventOf, DungeonListing, JoinOptions, SeatInfo, SeatRole, TurnPlan,
  DungeonAccessCode, StoredDungeon, StoredDungeonPage, StoredDungeonStatus,
} from "@malignus/shared";
export { MalignusCloseCode } from "@malignus/shared";
export { DungeonState } from "@malignus/shared/schema";
export type {
  Altar, Cable, D20SpellOption, Door, DuelMercy, DuelProposal, GameClock, InvasionInfo, Journal, Lair, PartyInfo,
  TrapEffect, TrapPart, TurnOptions, Unit,
} from "@malignus/shared/schema";
