import type { Room } from "@colyseus/sdk";
import { EVENT_MESSAGE, MalignusCloseCode, SEAT_MESSAGE, type SeatInfo, type SimEvent } from "@malignus/shared";
import type { DungeonState } from "@malignus/shared/schema";

/**
 * How a {@link DungeonConnection} gets its seat back after the connection drops.
 *
 * Two layers, both bounded, both with exponential back-off:
 * 1. Colyseus' own reconnection (same room, same session, same reconnection token): covers a
 *    network drop while the server process lives. The SDK sets its options from the constants
 *    below ({@link configureReconnection}).
 * 2. Resume (this file): when the reconnection token can no longer work because the server
 *    process died (kill -9, crash) or stopped (SIGTERM, deploy), the connection joins the
 *    dungeon again by its id (the restarted process restores it under the same id, or another
 *    process reopens it) with the same role, name, keeper key and, for an adventurer, the same
 *    unit; the server then sends the seat message again. Events and state resume on the new room.
 *
 * Worst case before giving up: Colyseus retries for about 10 s (≈ 0.2 + 0.4 + 0.8 + 1.6 + 2 × 4 s),
 * then resume tries for about 15 s more (0.2, 0.4, 0.8, 1.6, 3.2, then 3 s each); then the
 * connection's `onLeave` listeners are told the original close code.
 *
 * What each close code does (docs/operations.md, "Reconnecting and seats"):
 * - 1001, 1005, 1006, 4010: Colyseus' reconnection (layer 1), then resume if it fails (4003).
 * - 4001, 4003: resume (layer 2).
 * - {@link FINAL_CLOSE_CODES} (1000, 4000 left, 4002 kicked, 4101 seat taken over, 4102 and 4103
 *   kicked for flooding or malformed frames) and any other code: final, `onLeave` at once.
 *
 * Every reconnection issues a new reconnection token (Colyseus): the connection's
 * `reconnectionToken` always reads the current one, and `onReconnectionToken` listeners hear
 * each change ({@link ResumingRoom.tokens}).
 */

/** Colyseus reconnection: most attempts with the reconnection token. */
export const RECONNECT_MAX_RETRIES = 8;
/** Colyseus reconnection: shortest wait between attempts, in real milliseconds (the wait doubles from 200 ms). */
export const RECONNECT_MIN_DELAY_MS = 100;
/** Colyseus reconnection: longest wait between attempts, in real milliseconds. */
export const RECONNECT_MAX_DELAY_MS = 2_000;
/**
 * Colyseus reconnection: how long a room must have been joined before a drop is retried, in
 * real milliseconds. 0: a client that joined just before a crash resumes too (Colyseus' default
 * is 5000).
 */
export const RECONNECT_MIN_UPTIME_MS = 0;

/** Resume: most attempts to join the dungeon again by its id. */
export const RESUME_MAX_ATTEMPTS = 8;
/** Resume: wait before the first attempt, in real milliseconds; doubles at each attempt. */
export const RESUME_FIRST_DELAY_MS = 200;
/** Resume: longest wait between attempts, in real milliseconds. */
export const RESUME_MAX_DELAY_MS = 3_000;
/** Resume: how long a rejoined room may take to send its first full state, in real milliseconds. */
export const RESUME_FIRST_STATE_TIMEOUT_MS = 10_000;

/**
 * Close codes after which the connection resumes (when it has a {@link Rejoin} and Colyseus'
 * reconnection is enabled on the room): 1001 going away, 1005 no status, 1006 abnormal closure
 * (the process died), 4001 server shutdown (SIGTERM), 4003 failed to reconnect (the token died
 * with the process, or Colyseus' retries ran out). Never 4000 (left on purpose), 4002 (kicked for
 * a malformed message) nor 4010 (a drop Colyseus retries itself, seen here only when its
 * reconnection is disabled).
 */
export const RESUMABLE_CLOSE_CODES: ReadonlySet<number> = new Set([1001, 1005, 1006, 4001, 4003]);

/**
 * Close codes that end a connection for good, never retried nor resumed: 1000 normal closure,
 * 4000 left on purpose, 4002 kicked (malformed message), 4101 `SEAT_TAKEN_OVER` (the seat was
 * resumed elsewhere with its token: the seat lives on the other connection, resuming would fight
 * it), 4102 `KICKED_FLOOD` and 4103 `KICKED_MALFORMED` (shared/src/closeCodes.ts). Listed for
 * documentation and tests: a code outside {@link RESUMABLE_CLOSE_CODES} is final anyway.
 */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  1000, 4000, 4002, MalignusCloseCode.SEAT_TAKEN_OVER, MalignusCloseCode.KICKED_FLOOD, MalignusCloseCode.KICKED_MALFORMED,
]);

/**
 * Joins the dungeon again, for the seat the connection held (`seat` as last told by the server,
 * undefined if it never was): same role and name, the dungeon's `keeperKey` when the connection
 * knows it, and for an adventurer `seat.unitId`. A stored dungeon (`seat.dungeonId`) is opened
 * (`joinOrCreate` with its id: the server restores it when no room runs it); otherwise the room
 * is joined by id. Resolves with the joined room; rejects when the server refuses or is away.
 */
export type Rejoin = (seat: SeatInfo | undefined, keeperKey: string | undefined) => Promise<Room<any, DungeonState>>;

/**
 * Wait before resume attempt `attempt` (1, 2, …), in real milliseconds:
 * `min(RESUME_MAX_DELAY_MS, RESUME_FIRST_DELAY_MS × 2^(attempt-1))`.
 */
export function resumeDelayMs(attempt: number): number {
  return Math.min(RESUME_MAX_DELAY_MS, RESUME_FIRST_DELAY_MS * 2 ** (attempt - 1));
}

/** Sets a joined room's Colyseus reconnection options from the constants above. */
export function configureReconnection(room: Room<any, DungeonState>): void {
  const r = room.reconnection;
  if (!r) return;
  r.maxRetries = RECONNECT_MAX_RETRIES;
  r.minDelay = RECONNECT_MIN_DELAY_MS;
  r.maxDelay = RECONNECT_MAX_DELAY_MS;
  r.minUptime = RECONNECT_MIN_UPTIME_MS;
}

/**
 * Tries `rejoin` up to {@link RESUME_MAX_ATTEMPTS} times, waiting {@link resumeDelayMs} before
 * each attempt, and waits for the joined room's first full state.
 * @param cancelled checked before and after each attempt; true stops the loop (a room joined
 *   meanwhile is left).
 * @param attach called as soon as a room is joined, before any of its messages is handled (the
 *   seat message follows the join at once); returns how to detach it when the attempt fails.
 * @returns the joined room, or undefined when every attempt failed or it was cancelled.
 */
export async function resumeWithBackoff(
  rejoin: Rejoin, seat: SeatInfo | undefined, keeperKey: string | undefined, cancelled: () => boolean,
  attach: (room: Room<any, DungeonState>) => () => void = () => () => {},
): Promise<Room<any, DungeonState> | undefined> {
  for (let attempt = 1; attempt <= RESUME_MAX_ATTEMPTS; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, resumeDelayMs(attempt)));
    if (cancelled()) return undefined;
    let room: Room<any, DungeonState> | undefined;
    let detach = () => {};
    try {
      room = await rejoin(seat, keeperKey);
      detach = attach(room);
      await waitForFirstState(room, RESUME_FIRST_STATE_TIMEOUT_MS);
    } catch {
      detach();
      if (room) void room.leave(true).catch(() => {});
      continue;
    }
    if (cancelled()) {
      detach();
      void room.leave(true).catch(() => {});
      return undefined;
    }
    return room;
  }
  return undefined;
}

/**
 * Resolves once `room` holds its first full state (its map name is set).
 * @throws Error when none arrives within `timeoutMs` real milliseconds.
 */
export function waitForFirstState(room: Room<any, DungeonState>, timeoutMs: number): Promise<void> {
  if (room.state && room.state.mapName) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no state from room ${room.roomId} within ${timeoutMs} ms`)), timeoutMs);
    room.onStateChange.once(() => { clearTimeout(timer); resolve(); });
  });
}

/**
 * The room behind a {@link DungeonConnection}, swapped for a new one when a resume succeeds:
 * forwards its events (`onEvent`), keeps the last seat message, and holds the connection's
 * state, drop, reconnect and leave listeners so they survive the swap. `onLeave` listeners
 * hear a close only when it is final: left on purpose, not resumable, or every resume failed.
 */
export class ResumingRoom {
  /** Listeners of each patch's state. */
  readonly states = new Set<(state: DungeonState) => void>();
  /** Listeners of a drop (Colyseus' or one that starts a resume), told once per drop. */
  readonly drops = new Set<(code: number, reason?: string) => void>();
  /** Listeners of a reconnection (Colyseus' or a successful resume). */
  readonly reconnects = new Set<() => void>();
  /** Listeners of the final close. */
  readonly leaves = new Set<(code: number, reason?: string) => void>();
  /** Listeners of each seat message (after the join and again after every reconnection). */
  readonly seats = new Set<(seat: SeatInfo) => void>();
  /** Listeners of a new reconnection token (after every reconnection: Colyseus' or a resume). */
  readonly tokens = new Set<(token: string) => void>();
  /** The reconnection token last told to {@link tokens} listeners (or read at the start). */
  #token: string | undefined;
  readonly #onEvent: (event: SimEvent) => void;
  readonly #rejoin: Rejoin | undefined;
  #room: Room<any, DungeonState>;
  #unbind: () => void = () => {};
  #seat: SeatInfo | undefined;
  /** The key the server told this connection (its creator), once. */
  #toldKey: string | undefined;
  /** The key this connection joined with, if any. */
  readonly #joinKey: string | undefined;
  /** True once {@link leave} was called: no resume after that. */
  #leaving = false;
  /** True between a drop and the reconnection. */
  #dropped = false;
  #closed = false;

  /** @param keeperKey the key the connection joined with, if any (the creator is told its key in its first seat message). */
  constructor(room: Room<any, DungeonState>, onEvent: (event: SimEvent) => void, rejoin: Rejoin | undefined, keeperKey?: string) {
    this.#room = room;
    this.#joinKey = keeperKey;
    this.#onEvent = onEvent;
    this.#rejoin = rejoin;
    this.#token = room.reconnectionToken;
    this.#bind(room);
  }

  /** The current room. */
  get room(): Room<any, DungeonState> { return this.#room; }

  /** The last seat message of the current room (kept across a drop), undefined before the first. */
  get seat(): SeatInfo | undefined { return this.#seat; }

  /** The dungeon's keeper key as the server told it (once, to the creator), kept across seat messages and resumes. */
  get keeperKey(): string | undefined { return this.#toldKey; }

  /** Adds `callback` to `set`; returns a function that removes it. */
  listen<F>(set: Set<F>, callback: F): () => void {
    set.add(callback);
    return () => void set.delete(callback);
  }

  /**
   * Leaves the current room for good (no resume) and drops every listener.
   * @returns the close code, or `closedAlready` when the socket was already closed.
   */
  async leave(closedAlready: number): Promise<number> {
    this.#leaving = true;
    const room = this.#room;
    try {
      // A connection the server already closed would never answer: don't wait for it.
      return room.connection?.isOpen ? await room.leave(true) : closedAlready;
    } finally {
      this.#unbind();
      this.#closed = true;
      for (const set of [this.states, this.drops, this.reconnects, this.leaves, this.seats, this.tokens]) set.clear();
    }
  }

  #bind(room: Room<any, DungeonState>): void {
    configureReconnection(room);
    const offEvent = room.onMessage(EVENT_MESSAGE, (event: SimEvent) => this.#onEvent(event));
    const offSeat = room.onMessage(SEAT_MESSAGE, (seat: SeatInfo) => {
      this.#seat = seat;
      if (seat.keeperKey !== undefined) this.#toldKey = seat.keeperKey; // told once: kept across seat messages
      for (const f of [...this.seats]) f(seat);
    });
    const onState = (state: DungeonState) => { for (const f of [...this.states]) f(state); };
    const onDrop = (code: number, reason?: string) => this.#drop(code, reason);
    // Colyseus tells onReconnect before it stores the new token: read it once that is done.
    const onReconnect = () => queueMicrotask(() => this.#reconnected());
    const onLeave = (code: number, reason?: string) => void this.#closedBy(room, code, reason);
    room.onStateChange(onState);
    room.onDrop?.(onDrop);
    room.onReconnect?.(onReconnect);
    room.onLeave(onLeave);
    let bound = true;
    this.#unbind = () => {
      // Once only: the SDK's signal `remove` of a callback it does not hold removes another one.
      if (!bound) return;
      bound = false;
      offEvent();
      offSeat();
      room.onStateChange.remove(onState);
      room.onDrop?.remove(onDrop);
      room.onReconnect?.remove(onReconnect);
      room.onLeave.remove(onLeave);
    };
  }

  #drop(code: number, reason?: string): void {
    if (this.#dropped) return;
    this.#dropped = true;
    for (const f of [...this.drops]) f(code, reason);
  }

  #reconnected(): void {
    if (this.#closed) return;
    this.#dropped = false;
    const token = this.#room.reconnectionToken;
    if (token !== this.#token) {
      this.#token = token;
      for (const f of [...this.tokens]) f(token);
    }
    for (const f of [...this.reconnects]) f();
  }

  /**
   * `room` closed with `code`: resume on a new room when the code says the server process died
   * or stopped ({@link RESUMABLE_CLOSE_CODES}) and there is a rejoin; else the close is final.
   */
  async #closedBy(room: Room<any, DungeonState>, code: number, reason?: string): Promise<void> {
    if (room !== this.#room || this.#closed) return;
    this.#unbind();
    const rejoin = this.#rejoin;
    // `room.reconnection.enabled = false` opts out of resuming too.
    if (!this.#leaving && rejoin && room.reconnection?.enabled !== false && RESUMABLE_CLOSE_CODES.has(code)) {
      this.#drop(code, reason);
      // Listen to a joined room at once (its seat message follows the join), swap it in once it has its state.
      const next = await resumeWithBackoff(rejoin, this.#seat, this.#toldKey ?? this.#joinKey, () => this.#leaving, (joined) => {
        this.#bind(joined);
        return this.#unbind;
      });
      if (next) {
        this.#room = next;
        this.#reconnected();
        return;
      }
    }
    this.#closed = true;
    for (const f of [...this.leaves]) f(code, reason);
  }
}
