import type { Client, Room } from "@colyseus/sdk";
import {
  KEEPER_KEY_HEADER, REPLAY_CONTROL_MESSAGE, REPLAY_ROOM, REPLAY_STATUS_MESSAGE, type ReplayControl,
  type ReplayControlResult, type ReplayStatus,
} from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { DungeonConnection } from "./connection.ts";
import { checkPayload } from "./check.ts";
import { CommandValidationError } from "./validate.ts";
import { REPLAY_CONTROL_JSON_SCHEMA } from "./validators.generated.ts";

/**
 * What {@link watchReplay} plays: a stored dungeon's id (the server writes its replay from its
 * log, as `GET /dungeons/:id/replay` does), or `{ file }`, a replay file's text (at most about
 * 1 MB: larger files are watched by dungeon id).
 */
export type ReplaySource = string | { file: string };

/** Options of {@link watchReplay}. */
export interface WatchReplayOptions {
  /** Game minutes per real second, default 60 (`DEFAULT_REPLAY_SPEED`), at most 1000. */
  speed?: number;
  /** Open paused (then `resume()` or `seek()`), default false. */
  paused?: boolean;
  /** A private dungeon's keeper key (its replay shows everything its keeper saw). */
  keeperKey?: string;
  /** A display name for the server's logs. */
  name?: string;
}

/** How long {@link watchReplay} waits for the replay's first state and status, in ms. */
export const REPLAY_FIRST_STATE_TIMEOUT_MS = 10_000;

/**
 * A replay being watched: a spectator's {@link DungeonConnection} (the state and events a live
 * spectator would get; every command is refused `NOT_ALLOWED_FOR_ROLE`) plus playback controls.
 * Controls are obeyed from the room's controller only (the viewer who opened it, then the one
 * present longest); others are answered `{ ok: false, code: "NOT_ALLOWED_FOR_ROLE" }`.
 *
 * @example
 * const replay = await client.watchReplay(dungeonId, { speed: 120 });
 * await replay.seek(1000);            // resolves with the status at tick 1000
 * await replay.pause();
 * replay.onStatus((s) => console.log(s.tick, s.ended));
 */
export class ReplayConnection extends DungeonConnection {
  #status: ReplayStatus | undefined;
  readonly #statusListeners = new Set<(status: ReplayStatus) => void>();
  readonly #unbindStatus: () => void;

  /** Wraps a joined replay room (usually through {@link watchReplay}). */
  constructor(room: Room<any, DungeonState>) {
    super(room, "spectator");
    const offMessage = room.onMessage(REPLAY_STATUS_MESSAGE, (status: ReplayStatus) => this.#emit(status));
    // The position moves without a status message (the server sends one after a control, at the
    // end, on a failure): each patch that moves the state's clock tick is a status change too.
    const offState = this.onStateChange((state) => {
      const tick = state.clock?.tick;
      const last = this.#status;
      if (last !== undefined && typeof tick === "number" && tick !== last.tick) this.#emit({ ...last, tick });
    });
    this.#unbindStatus = () => { offMessage(); offState(); };
  }

  #emit(status: ReplayStatus): void {
    this.#status = status;
    for (const listener of [...this.#statusListeners]) listener(status);
  }

  /**
   * The playback status: the last the server sent, its `tick` kept at the state's clock tick
   * (undefined before the first, right after joining).
   */
  get status(): ReplayStatus | undefined { return this.#status; }

  /**
   * Calls `callback` at each change of the playback status: each status the server sends (after
   * any viewer's control: paused, playing, speed, seek; at the end, `ended`; on a failure,
   * `error`; when the controller changes), and each move of the position while playing (`tick`:
   * the state's clock tick, which the room syncs once a game minute: once a real second at speed
   * 60, every patch, ten a second, from speed 600 up). Nothing while paused or ended.
   * @returns A function that unsubscribes.
   */
  onStatus(callback: (status: ReplayStatus) => void): () => void {
    this.#statusListeners.add(callback);
    return () => void this.#statusListeners.delete(callback);
  }

  /** Pauses playback. */
  pause(): Promise<ReplayControlResult> { return this.control({ action: "pause" }); }
  /** Resumes playback. Note: the inherited `resume` command (the keeper's) would be refused here. */
  play(): Promise<ReplayControlResult> { return this.control({ action: "resume" }); }
  /** Sets the speed, in game minutes per real second (> 0, at most 1000). */
  setSpeed(speed: number): Promise<ReplayControlResult> { return this.control({ action: "speed", speed }); }
  /**
   * Moves to `tick` (ticks since day 1, 00:00; clamped to the replay's start and end): the state
   * after that tick's systems ran, before the inputs logged at it (the end state at the end tick).
   */
  seek(tick: number): Promise<ReplayControlResult> { return this.control({ action: "seek", tick }); }

  /**
   * Sends one playback control; resolves with the status after it or a refusal.
   * @throws CommandValidationError (rejects, nothing sent) when `control` is malformed.
   */
  async control(control: ReplayControl): Promise<ReplayControlResult> {
    const issues = checkPayload(REPLAY_CONTROL_JSON_SCHEMA, control);
    if (issues.length) {
      throw new CommandValidationError(REPLAY_CONTROL_MESSAGE, `invalid replay control: ${issues.map((i) => `${i.path.join(".") || "control"}: ${i.message}`).join("; ")}`, issues);
    }
    return await this.room.request<ReplayControl, ReplayControlResult>(REPLAY_CONTROL_MESSAGE as never, control);
  }

  /** Leaves the replay and stops every listener. */
  override async leave(): Promise<number> {
    try {
      return await super.leave();
    } finally {
      this.#unbindStatus();
      this.#statusListeners.clear();
    }
  }
}

/**
 * Opens a replay room for `source` and watches it; resolves once its first state and status
 * have arrived. Usually called as `client.watchReplay(…)`.
 * @throws the Colyseus matchmaking error (rejects) when the server refuses: unknown dungeon
 *   (`UNKNOWN_DUNGEON: …`), a private dungeon without its key, a replay file of another format
 *   version (`replay line 1: unknown-version: replay format version 2 is not supported …`).
 * @example
 * const replay = await watchReplay(client.colyseus, { file: text }, { speed: 600, paused: true });
 */
export async function watchReplay(colyseus: Client, source: ReplaySource, options: WatchReplayOptions = {}): Promise<ReplayConnection> {
  const create: Record<string, unknown> = typeof source === "string" ? { dungeonId: source } : { file: source.file };
  if (options.speed !== undefined) create.speed = options.speed;
  if (options.paused !== undefined) create.paused = options.paused;
  if (options.keeperKey !== undefined) create.keeperKey = options.keeperKey;
  if (options.name !== undefined) create.name = options.name;
  const room = await colyseus.create<DungeonState>(REPLAY_ROOM, create, DungeonState);
  const connection = new ReplayConnection(room);
  const ready = (): boolean => Boolean(room.state?.mapName) && connection.status !== undefined;
  if (!ready()) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        offStatus();
        void room.leave().catch(() => {});
        reject(new Error(`no state from replay room ${room.roomId} within ${REPLAY_FIRST_STATE_TIMEOUT_MS} ms`));
      }, REPLAY_FIRST_STATE_TIMEOUT_MS);
      const check = (): void => { if (ready()) { clearTimeout(timer); offStatus(); room.onStateChange.remove(check); resolve(); } };
      const offStatus = connection.onStatus(check);
      room.onStateChange(check);
    });
  }
  return connection;
}

/**
 * Downloads a stored dungeon's replay file (`GET /dungeons/:id/replay`) from the server at
 * `httpUrl` (`client.httpUrl`); `keeperKey` for a private dungeon. Save the text as a `.jsonl`
 * file for `npm run replay -- FILE`, or watch it with `watchReplay(…, { file: text })`.
 * @returns the replay file's text (JSON Lines).
 * @throws Error (rejects) naming the server's refusal, e.g. `GET …/replay answered 404: UNKNOWN_DUNGEON: unknown dungeon x`.
 * @example
 * const text = await downloadReplay(client.httpUrl, keeper.dungeonId!);
 */
export async function downloadReplay(httpUrl: string, dungeonId: string, options: { keeperKey?: string; fetch?: typeof fetch } = {}): Promise<string> {
  const url = `${httpUrl}/dungeons/${encodeURIComponent(dungeonId)}/replay`;
  const headers: Record<string, string> = options.keeperKey !== undefined ? { [KEEPER_KEY_HEADER]: options.keeperKey } : {};
  const response = await (options.fetch ?? globalThis.fetch)(url, { headers });
  if (!response.ok) {
    const body = await response.json().catch(() => undefined) as { error?: string; reason?: string } | undefined;
    throw new Error(`GET ${url} answered ${response.status}${body?.error ? `: ${body.error}: ${body.reason ?? ""}` : ""}`);
  }
  return await response.text();
}
