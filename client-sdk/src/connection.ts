import type { Room } from "@colyseus/sdk";
import {
  EVENT_MESSAGE, MOVE_TO_MESSAGE, PLAN_TURN_MESSAGE, SEAT_MESSAGE, type MoveTo, type TurnPlan, type SeatInfo, type SeatRole,
  type CommandPayload, type CommandResult, type CommandType, type SimEvent, type SimEventOf, type SimEventType,
} from "@malignus/shared";
import type { DungeonState, DuelProposal } from "@malignus/shared/schema";
import { SDK_COMMAND_TYPES, validateCommand } from "./validate.ts";
import { ResumingRoom, type Rejoin } from "./resume.ts";

/** A client's seat role: `keeper`, `adventurer` (plays one party member) or `spectator`. */
export type DungeonRole = SeatRole;

/** Default time {@link DungeonConnection.waitForEvent} waits, in real milliseconds. */
export const DEFAULT_WAIT_TIMEOUT_MS = 30_000;

/** The arguments of a command method: the payload, optional when `{}` is a valid payload. */
type CommandArgs<T extends CommandType> =
  {} extends CommandPayload<T> ? [payload?: CommandPayload<T>] : [payload: CommandPayload<T>];

/**
 * One method per command of `COMMAND_DEFINITIONS`, named after it (`placePart`, `wire`,
 * `removePart`, `removeCable`, `resume`, `proposeDuel`…, and any command added later; `planTurn`
 * and `moveTo` have typed methods of their own). Each validates the payload locally, sends it with
 * `room.request` and resolves with the server's {@link CommandResult}. The server refuses a
 * command the seat's role may not send (`NOT_ALLOWED_FOR_ROLE`, see each definition's `roles`).
 */
export type CommandMethods = {
  [T in Exclude<CommandType, "planTurn" | "moveTo">]: (...args: CommandArgs<T>) => Promise<CommandResult>;
};

/**
 * Commands with a method of their own on {@link DungeonConnection} (adventurer players' `planTurn`
 * and `moveTo`, documented there), not generated; they send the same message type.
 */
const EXPLICIT_METHODS: ReadonlySet<CommandType> = new Set<CommandType>([PLAN_TURN_MESSAGE, MOVE_TO_MESSAGE]);

/** How long every join (and {@link DungeonConnection.waitForSeat} by default) waits for the seat message, in real milliseconds. */
export const SEAT_TIMEOUT_MS = 10_000;

/** Thrown when the server did not tell a joined connection its seat in time (the join is abandoned). */
export class SeatTimeoutError extends Error {
  override name = "SeatTimeoutError";
  /** The room joined. */
  readonly roomId: string;
  constructor(roomId: string, role: string, timeoutMs: number) {
    super(`Room ${roomId} did not tell this ${role} connection its seat within ${timeoutMs} ms.`);
    this.roomId = roomId;
  }
}

/** What {@link DungeonConnection.leave} returns when the connection was already closed. */
export const CLOSED_ALREADY = -1;

/** Thrown by {@link DungeonConnection.waitForEvent} when no matching event came in time. */
export class EventTimeoutError extends Error {
  constructor(type: string, timeoutMs: number) {
    super(`No "${type}" event within ${timeoutMs} ms.`);
    this.name = "EventTimeoutError";
  }
}

// Declaration merging: the command methods are installed in the constructor, one per COMMANDS key.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface DungeonConnection extends CommandMethods {}

/**
 * A joined dungeon room, as a keeper or a spectator: the typed state, one method per keeper
 * command, the event stream and leaving. Get one from {@link MalignusClient}.
 *
 * Commands are checked locally with the room's own validator first (as JSON Schema, src/check.ts): a malformed payload
 * throws a {@link CommandValidationError} and is not sent (the server would disconnect the
 * client with code 4002). A well-formed command resolves with `{ ok: true, id? }` or
 * `{ ok: false, code, reason, rule? }`; it rejects only if the connection fails or the server
 * does not answer within the request timeout (10 s by default).
 *
 * @example
 * const keeper = await connect("ws://127.0.0.1:2567").createDungeon({ seed: 7, timeScale: 60 });
 * const plate = await keeper.placePart({ kind: "pressurePlate", x: 6, y: 15 });
 * const blades = await keeper.placePart({ kind: "spinningBlades", x: 9, y: 15 });
 * await keeper.wire({ path: [6, 7, 8, 9].map((x) => ({ x, y: 15 })) });
 * keeper.onEvent("trapFired", (e) => console.log("trap fired on", e.victims));
 * keeper.onEvent("paused", () => void keeper.resume());
 * await keeper.waitForEvent("invasionEnded", undefined, 120_000);
 * await keeper.leave();
 */
export class DungeonConnection {
  /** The role this client joined with. */
  readonly role: DungeonRole;
  readonly #listeners = new Set<(event: SimEvent) => void>();
  readonly #link: ResumingRoom;

  /**
   * Wraps a joined room. Usually called by {@link MalignusClient}; starts listening to events
   * at once so none is missed.
   * @param rejoin how to join the dungeon again when the server process died or stopped (see
   *   resume.ts); without it, such a close ends the connection (`onLeave`).
   * @param keeperKey the keeper key this client joined with, if any (kept for a resume).
   */
  constructor(room: Room<any, DungeonState>, role: DungeonRole, rejoin?: Rejoin, keeperKey?: string) {
    this.role = role;
    this.#link = new ResumingRoom(room, (event) => {
      for (const listener of [...this.#listeners]) listener(event);
    }, rejoin, keeperKey);
    for (const type of SDK_COMMAND_TYPES) {
      if (EXPLICIT_METHODS.has(type)) continue; // typed methods of their own, below
      if (type in this) throw new Error(`Command "${type}" clashes with a DungeonConnection member.`);
      Object.defineProperty(this, type, {
        value: (payload?: unknown) => this.command(type, payload as CommandPayload<typeof type>),
        enumerable: false,
      });
    }
  }

  /**
   * The underlying Colyseus room, for what this wrapper does not cover. After a resume (the
   * server process restarted, see resume.ts) this is the new room.
   */
  get room(): Room<any, DungeonState> {
    return this.#link.room;
  }

  /** The room id: give it to others so they can `spectate(roomId)` or `joinAsKeeper(roomId)`. */
  get roomId(): string {
    return this.room.roomId;
  }

  /**
   * Stored dungeons: the dungeon's id (`client.openDungeon(dungeonId, …)` reopens it later, even
   * after everyone left), once the seat message came; undefined for a dungeon the server does not store.
   */
  get dungeonId(): string | undefined {
    return this.#link.seat?.dungeonId;
  }

  /**
   * Only on the connection that created a stored dungeon: its keeper key, the secret needed to take its keeper seat again (`openDungeon(dungeonId, { keeperKey })`).
   * The server keeps only its hash: keep it safe, it is never shown again.
   */
  get keeperKey(): string | undefined {
    return this.#link.keeperKey;
  }

  /**
   * The seat this client holds (`seatId`, `role`, and the `unitId` an adventurer plays). Always
   * set on a connection `MalignusClient` returned (its join methods resolve only once the server
   * told it); kept across a drop, and told again after every reconnection.
   */
  get seat(): SeatInfo | undefined {
    return this.#link.seat;
  }

  /**
   * Resolves with the seat once the server has told it: at once when it is known already.
   * @param timeoutMs real milliseconds to wait, default {@link SEAT_TIMEOUT_MS}.
   * @throws SeatTimeoutError (rejects) when no seat message came in time; Error when the
   *   connection closes first (with its close code and reason).
   */
  waitForSeat(timeoutMs: number = SEAT_TIMEOUT_MS): Promise<SeatInfo> {
    const known = this.#link.seat;
    if (known) return Promise.resolve(known);
    return new Promise<SeatInfo>((resolve, reject) => {
      const done = () => { clearTimeout(timer); offSeat(); offLeave(); };
      const timer = setTimeout(() => { done(); reject(new SeatTimeoutError(this.room.roomId, this.role, timeoutMs)); }, timeoutMs);
      const offSeat = this.#link.listen(this.#link.seats, (seat) => { done(); resolve(seat); });
      const offLeave = this.onLeave((code, reason) => {
        done();
        reject(new Error(`Connection to room ${this.room.roomId} closed (code ${code}${reason ? `: ${reason}` : ""}) before the server told the seat.`));
      });
    });
  }

  /**
   * The token that holds this client's seat right now: `MalignusClient.reconnect(token, role)`
   * resumes the seat within the room's `reconnectSeconds` after a drop. Every reconnection issues
   * a new token and the previous one is refused from then on: read this again after
   * {@link onReconnect}, or keep it current with {@link onReconnectionToken}. Using it from another
   * connection while this one is open takes the seat over: this connection is then closed with
   * 4101 (`MalignusCloseCode.SEAT_TAKEN_OVER`) and does not reconnect. The SDK already
   * reconnects by itself after an unexpected drop (see {@link onDrop} and {@link onReconnect}).
   */
  get reconnectionToken(): string {
    return this.room.reconnectionToken;
  }

  /**
   * Calls `callback` with the new reconnection token after every reconnection (Colyseus' own or
   * a resume), before the {@link onReconnect} listeners; the previous token is dead by then.
   * @returns A function that unsubscribes.
   * @example
   * conn.onReconnectionToken((token) => localStorage.setItem("malignus-token", token));
   */
  onReconnectionToken(callback: (token: string) => void): () => void {
    return this.#link.listen(this.#link.tokens, callback);
  }

  /**
   * Calls `callback` when the connection drops unexpectedly; the SDK then retries on its own
   * with the reconnection token (keepers and adventurers keep their seat meanwhile).
   * @returns A function that unsubscribes.
   */
  onDrop(callback: (code: number, reason?: string) => void): () => void {
    return this.#link.listen(this.#link.drops, callback);
  }

  /**
   * Calls `callback` once the SDK has reconnected after a drop: the seat, state and events
   * resume; {@link reconnectionToken} is the new token by then (the server also tells the seat
   * again).
   * @returns A function that unsubscribes.
   */
  onReconnect(callback: () => void): () => void {
    return this.#link.listen(this.#link.reconnects, callback);
  }

  /**
   * Adventurer players: plans the adventurer's coming turn in its encounter (d20 and d100
   * rooms). Resolves `{ ok: true }` once stored, or `{ ok: false, code, reason }` when this
   * client plays no adventurer or its adventurer is in no encounter. Without a plan the AI acts.
   *
   * @throws CommandValidationError (rejects) when `plan` is malformed; nothing is sent.
   * @example
   * await hero.planTurn({ action: "attack", targetId: "12" });
   * @example
   * // d20: one step at a time; `state.turnOptions` is refreshed after each (movement left, tiles, targets).
   * await hero.planTurn({ action: "move", x: 5, y: 5, keepTurn: true });
   * await hero.planTurn({ action: "wait" }); // ends the turn
   */
  async planTurn(plan: TurnPlan): Promise<CommandResult> {
    return await this.room.request<TurnPlan, CommandResult>(PLAN_TURN_MESSAGE as never, validateCommand(PLAN_TURN_MESSAGE, plan));
  }

  /**
   * Adventurer players: walks the adventurer to tile (x, y) out of combat (the `moveTo` message);
   * it keeps to that tile until the next order, and the AI plays it again once this client
   * leaves or drops. Resolves `{ ok: true }` when the order is taken, or `{ ok: false, code,
   * reason }`: `NOT_ALLOWED_FOR_ROLE` (this client plays no adventurer), `NOT_FLOOR`,
   * `OUT_OF_BOUNDS`, `NO_PATH`, `IN_ENCOUNTER` (plan its turn with {@link planTurn} instead).
   *
   * @throws CommandValidationError (rejects) when `to` is malformed; nothing is sent.
   * @example
   * await hero.moveTo({ x: 12, y: 15 });
   */
  async moveTo(to: MoveTo): Promise<CommandResult> {
    return await this.room.request<MoveTo, CommandResult>(MOVE_TO_MESSAGE as never, validateCommand(MOVE_TO_MESSAGE, to));
  }

  /**
   * d100 rooms: the pending duel proposals (`state.duelProposals`, P100-DUEL-01) this client may
   * answer with `answerDuel({ proposalId, accept })`: for an adventurer player, those made to its
   * adventurer by the keeper; for a keeper, those adventurer players made to its minions and
   * creatures; none for a spectator. Oldest first (by id).
   *
   * @example
   * for (const p of hero.duelProposalsToAnswer()) await hero.answerDuel({ proposalId: p.id, accept: !p.toDeath });
   * // An adventurer player challenges a minion (its own unit as `unitId`):
   * await hero.proposeDuel({ unitId: hero.seat!.unitId!, opponentId: "12", toDeath: false, noMagic: true });
   */
  duelProposalsToAnswer(): DuelProposal[] {
    const out: DuelProposal[] = [];
    const mine = this.#link.seat?.unitId;
    this.room.state?.duelProposals?.forEach((p) => {
      if (this.role === "keeper" ? p.by === "adventurer" : this.role === "adventurer" && p.by === "keeper" && p.opponentId === mine) out.push(p);
    });
    return out.sort((a, b) => Number(a.id) - Number(b.id));
  }

  /** The synchronised dungeon state (read-only: the server owns it). */
  get state(): DungeonState {
    return this.room.state;
  }

  /**
   * Sends any command by type and resolves with the server's answer.
   *
   * @throws CommandValidationError (synchronously rejected promise) for an unknown type or a
   *   malformed payload; nothing is sent.
   * @example
   * const result = await conn.command("removePart", { partId: "12" });
   * if (!result.ok) console.warn(result.code, result.reason, result.rule);
   */
  async command<T extends CommandType>(type: T, ...args: CommandArgs<T>): Promise<CommandResult> {
    const payload = validateCommand(type, args[0]);
    return await this.room.request<CommandPayload<T>, CommandResult>(type as never, payload);
  }

  /**
   * Calls `callback` for every event, or only for events of `type` (typed accordingly).
   *
   * @returns A function that unsubscribes.
   * @example
   * const off = conn.onEvent("wound", (e) => console.log(e.targetId, e.severity, e.location));
   * conn.onEvent((e) => console.log(e.type, e.tick));
   * off();
   */
  onEvent(callback: (event: SimEvent) => void): () => void;
  onEvent<T extends SimEventType>(type: T, callback: (event: SimEventOf<T>) => void): () => void;
  onEvent(typeOrCallback: SimEventType | ((event: SimEvent) => void), callback?: (event: never) => void): () => void {
    let listener: (event: SimEvent) => void;
    if (typeof typeOrCallback === "function") {
      listener = typeOrCallback;
    } else {
      if (callback === undefined) throw new TypeError(`onEvent("${typeOrCallback}") needs a callback.`);
      const cb = callback as (event: SimEvent) => void;
      listener = (event) => {
        if (event.type === typeOrCallback) cb(event);
      };
    }
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /**
   * Resolves with the first event of `type` (matching `predicate`, if given) that arrives from
   * now on. Events come a room step (100 ms) at a time, one message each, and the awaiting code
   * resumes only after the rest of the network read was handed over: in Node the events after
   * this one in the same step have already reached every `onEvent` listener by then (stop a
   * listener at the event itself to see none of them).
   *
   * @param timeoutMs Real milliseconds to wait, default {@link DEFAULT_WAIT_TIMEOUT_MS}.
   * @throws EventTimeoutError (rejects) when none arrives in time; rejects with an Error when
   *   the connection closes first.
   * @example
   * const fired = await conn.waitForEvent("trapFired", (e) => e.victims.length > 0, 60_000);
   */
  waitForEvent<T extends SimEventType>(
    type: T,
    predicate?: (event: SimEventOf<T>) => boolean,
    timeoutMs: number = DEFAULT_WAIT_TIMEOUT_MS,
  ): Promise<SimEventOf<T>> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        off();
        offLeave();
      };
      const onLeave = (code: number, reason?: string) => {
        done();
        reject(new Error(`Connection closed (code ${code}${reason ? `: ${reason}` : ""}) while waiting for "${type}".`));
      };
      const off = this.onEvent(type, (event) => {
        if (predicate && !predicate(event)) return;
        done();
        resolve(event);
      });
      const timer = setTimeout(() => {
        done();
        reject(new EventTimeoutError(type, timeoutMs));
      }, timeoutMs);
      const offLeave = this.onLeave(onLeave);
    });
  }

  /**
   * Calls `callback` with the state after each patch the server sends.
   *
   * @returns A function that unsubscribes.
   * @example
   * conn.onStateChange((s) => console.log(`day ${s.clock.day} ${s.clock.hour}h, ${s.parts.size} parts`));
   */
  onStateChange(callback: (state: DungeonState) => void): () => void {
    return this.#link.listen(this.#link.states, callback);
  }

  /**
   * Calls `callback` once the connection is closed for good, by {@link leave} or by the server
   * (code 4002 after a malformed command, 4101 when another connection took the seat over with
   * its reconnection token, for instance), or when every reconnection attempt failed.
   *
   * @returns A function that unsubscribes.
   */
  onLeave(callback: (code: number, reason?: string) => void): () => void {
    return this.#link.listen(this.#link.leaves, callback);
  }

  /**
   * Leaves the dungeon and stops every event listener.
   *
   * @returns The close code.
   */
  async leave(): Promise<number> {
    try {
      return await this.#link.leave(CLOSED_ALREADY);
    } finally {
      this.#listeners.clear();
    }
  }
}
