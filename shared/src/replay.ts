import * as z from "zod/mini";

/**
 * The replay room's protocol (issue 16 part 5), shared by the server (server/src/replay/) and the
 * client-sdk (`client.watchReplay`). A replay room plays a recorded game read-only to any number
 * of spectators, who see it through a live spectator's views; playback controls are room
 * messages ({@link REPLAY_CONTROL_MESSAGE}) that only the room's controller may send.
 */

/** The Colyseus room name of a replay. */
export const REPLAY_ROOM = "replay";

/** Client → server request: one {@link ReplayControl}; answered with a {@link ReplayControlResult}. */
export const REPLAY_CONTROL_MESSAGE = "replayControl";

/** Server → client message: the {@link ReplayStatus}, sent on joining and after every change (control, end, failure). */
export const REPLAY_STATUS_MESSAGE = "replayStatus";

/** Request header carrying a private dungeon's keeper key to `GET /dungeons/:id/replay`. */
export const KEEPER_KEY_HEADER = "x-keeper-key";

/** Default playback speed of a replay room, in game minutes per real second (one game hour a second). */
export const DEFAULT_REPLAY_SPEED = 60;
/** Fastest playback speed, in game minutes per real second (the dungeon room's largest `timeScale`). */
export const MAX_REPLAY_SPEED = 1000;

/**
 * A playback control: `pause`, `resume`, `speed` (game minutes per real second, > 0 and at
 * most {@link MAX_REPLAY_SPEED}), `seek` (to a tick, ticks since day 1, 00:00; clamped to the
 * replay's start and end; the state shown is the one after that tick's systems ran, before the
 * inputs logged at it, or the end state at the end tick).
 *
 * The pure marks let a browser bundle that imports this module for its constants only (the
 * client SDK's, which checks controls with the JSON Schema generated from this) drop the
 * validator: zod marks its own functions, but a method call such as `.check()` would otherwise be
 * kept as a possible side effect, and zod with it.
 */
export const ReplayControl = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("pause") }),
  z.strictObject({ action: z.literal("resume") }),
  z.strictObject({ action: z.literal("speed"), speed: /* @__PURE__ */ z.number().check(z.gt(0), z.maximum(MAX_REPLAY_SPEED)) }),
  z.strictObject({ action: z.literal("seek"), tick: /* @__PURE__ */ z.number().check(z.int(), z.minimum(0)) }),
]);
/** One {@link ReplayControl}. */
export type ReplayControl = z.infer<typeof ReplayControl>;

/** Where a replay room's playback stands (the {@link REPLAY_STATUS_MESSAGE} payload). */
export interface ReplayStatus {
  /** The current tick (ticks since day 1, 00:00). */
  tick: number;
  /** The first tick of the game (after creation) and the last (the replay file's end line). */
  startTick: number;
  endTick: number;
  /** Game minutes per real second. */
  speed: number;
  /** Playback paused by a control (the game clock itself may also be paused, INV-79: see the state). */
  paused: boolean;
  /** The end reached: every input applied, nothing more plays until a seek back. */
  ended: boolean;
  /** Session id of the client whose controls are obeyed (the opener, then the longest-present viewer); "" when nobody is there. */
  controller: string;
  /** The replay's stored dungeon id, when played from the store. */
  dungeonId?: string;
  /** Why playback stopped for good: the log does not replay on this server (names the input and tick). */
  error?: string;
}

/**
 * The answer to a {@link ReplayControl}: the status after it, or a refusal with a code
 * (`NOT_ALLOWED_FOR_ROLE` from a viewer who is not the controller, `INVALID_COMMAND` for a
 * malformed control or a replay that failed) and a reason.
 */
export type ReplayControlResult =
  | { ok: true; status: ReplayStatus }
  | { ok: false; code: "NOT_ALLOWED_FOR_ROLE" | "INVALID_COMMAND"; reason: string };
