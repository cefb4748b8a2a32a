import { CloseCode, Protocol, ResponseStatus, Room, getMessageBytes, type AuthContext, type Client, type RoomException, type RoomMethodName } from "@colyseus/core";
import { COMMAND_TYPES, COMMANDS, MalignusCloseCode, SEAT_MESSAGE, type CommandResult, type CommandType, type SeatInfo } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import type { Checkpoint, DungeonSimOptions, Input, Simulation } from "../sim/index.ts";
import { logger } from "../logger.ts";
import { addStepPhase, clientsGauge, endStepCpu, messagesReceived, messagesRefused, roomsGauge, stepCpuMicros, tickDuration } from "../metrics.ts";
import { corkClientsInto, uncorkAll, type Corkable } from "../transport.ts";
import { checkpointEveryTicks } from "./settings.ts";
import { RoomRefusal, parseJoinOptions, type DungeonMetadata, type DungeonOptions } from "./options.ts";
import { DungeonAccessRefusal, checkAccess } from "./access.ts";
import { CLOCK_STOPS_WHILE_EMPTY, LEASE_RENEW_MS, PERSISTENCE_OPTION, type DungeonHost, type DurableDungeon } from "./durable.ts";
import { CreatorClaim, authorizeOpen, joinByIdTarget, openingId, startDungeon } from "./roomStart.ts";
import { projectMap, projectState } from "./projection.ts";
import { SEAT_TAKEN_OVER_CODE, SEAT_TAKEN_OVER_REASON, SeatBook, holdsAcrossDrop, seatInfo, type Seat } from "./seats.ts";
import { CommandGate } from "./gate.ts";
import { ROOM_STEPS_PER_SECOND, StepLoop } from "./stepLoop.ts";
import { RoomViews } from "./roomViews.ts";
import { PatchByteCounter } from "./byteMetrics.ts";
import { Listing } from "./listing.ts";
import { ClientAbuse, LimitRefusal, MAX_MALFORMED_FRAMES, abuseLog, checkRoomCap, describeInvalidPayload, inspectFrame, processLimits } from "./abuse.ts";
import { seatViewer, type Viewer } from "./views.ts";

export { ROOM_STEPS_PER_SECOND, MAX_TICKS_PER_STEP, PATCH_RATE_MS } from "./stepLoop.ts";
export { MAX_REFUSAL_LOGS_PER_SECOND } from "./gate.ts";
export type { Seat } from "./seats.ts";

/** What the room keeps about each client. */
export interface DungeonClientData { seat: Seat; viewer: Viewer }

type DungeonClient = Client<{ userData: DungeonClientData }>;

/** Colyseus' per-frame entry point (`Room._onMessage`, private in its types), which the room wraps. */
type FrameHandler = (client: DungeonClient, buffer: Uint8Array) => void;

/** The command types, for the unknown-type answer. */
const KNOWN_TYPES = new Set<string>(COMMAND_TYPES);

/**
 * The `dungeon` room: one live dungeon shared by keepers, adventurer players and spectators, as
 * a thin adapter around its {@link Simulation}. Each job has its own file:
 * - seats and reconnection: seats.ts ({@link SeatBook}) and the lifecycle methods here;
 * - the command gate: gate.ts (client message → `gateCommand` → `sim.enqueue` → answer);
 * - the step loop: stepLoop.ts (`setFixedTimestep` at {@link ROOM_STEPS_PER_SECOND} Hz, the tick budget);
 * - projection, controllers, views and events: roomViews.ts (over projection.ts and views.ts);
 * - metrics: byteMetrics.ts (patch bytes) and metrics.ts; listing metadata: listing.ts;
 * - stored dungeons: roomStart.ts (create or open), durable.ts (appends, snapshots, lease, the
 *   last save), access.ts (the keeper key), restore.ts (snapshot + log → simulation).
 *
 * Stored dungeons (a server with a store): the dungeon id is the room id; every accepted input
 * is stored before its answer; the dungeon is saved and rests when the last client leaves, and
 * its clock runs only while a seat is held; `openDungeon` restores it with the stored hash.
 *
 * One direction: clients' commands and the room's seat facts go into the simulation only as
 * inputs (`sim.enqueue`, kept in `sim.inputLog`); the room reads the simulation and never writes
 * it. After each step's ticks it projects the state into the {@link DungeonState} schema, gives
 * each client a `StateView` of what its seat may see, and sends each event to those who may see it.
 *
 * Seats (join option `role`): `keeper` (at most the `keeperSeats` option; every accepted command
 * is logged with its seat), `adventurer` (claims a member of the party in the dungeon, the
 * `unitId` option or the first unclaimed one; the listing advertises the open ones), and
 * `spectator`. Each client is told its seat in a {@link SEAT_MESSAGE}. A dropped keeper or
 * adventurer keeps its seat for `reconnectSeconds` and resumes with its reconnection token;
 * meanwhile its seat counts as taken and an adventurer's unit is played by the AI. Every seat
 * change is told to the simulation as a `seats` input (sim/inputs/seats.ts decides what follows:
 * controllers, INV-79's pause rule with adventurer players, keeperAway).
 *
 * Input: every command is validated by its zod schema (a malformed `send` disconnects with
 * 4002, a malformed `request` is answered with an error; neither changes anything); then the
 * gate (gate.ts); a legal-but-refused command is answered `{ ok: false, code, reason }`; unknown
 * message types are refused `UNKNOWN_TYPE` (a request is answered with the type named) and counted.
 *
 * Abuse (abuse.ts, docs/operations.md "Limits and abuse"): every frame a client sends is counted
 * and decoded before Colyseus sees it ({@link DungeonRoom.frameGuard}); a client sending more than
 * `maxMessagesPerSecond` frames in a second is kicked at once with 4102, one sending more than
 * `MAX_MALFORMED_FRAMES` malformed frames with 4103; a kicked client's seat is freed at once and
 * the room refuses its reconnection token and its address for `kickCooldownSeconds`. At most
 * `maxClients` clients (connected or holding a seat).
 */
export class DungeonRoom extends Room<{ state: DungeonState; metadata: DungeonMetadata; client: DungeonClient }> {
  /** No patch timer: the step sends one patch per step (PATCH_RATE_MS apart). */
  override patchRate: number | null = null;

  #sim!: Simulation;
  #options!: DungeonOptions;
  #simOptions!: DungeonSimOptions;
  #log = logger;
  readonly #seats = new SeatBook();
  #gate!: CommandGate;
  #loop!: StepLoop;
  #views!: RoomViews;
  readonly #bytes = new PatchByteCounter();
  readonly #listing = new Listing();
  /** The facts of the last `seats` input sent (JSON), so an unchanged seating sends none. */
  #lastSeatFacts = "";
  /** Sockets corked for the current step (transport.ts), reused from step to step. */
  readonly #corked: Corkable[] = [];
  /** The stored dungeon this room runs (durable.ts); undefined for an ephemeral room (no store). */
  #durable: DurableDungeon | undefined;
  /** A new stored dungeon: its creator and the keeper key to tell it once (roomStart.ts). */
  #creator: CreatorClaim | undefined;
  #restoredAt: { tick: number; hash: string } | undefined;
  /** Connections whose seat a `reconnect(token)` elsewhere took over ({@link checkReconnectionToken}), until their onDrop. */
  readonly #takenOver = new WeakSet<DungeonClient>();
  /** Each client's frame and malformed-frame counters (abuse.ts). */
  readonly #abuse = new WeakMap<DungeonClient, ClientAbuse>();
  /** Each client's commands still being answered (a store write may be in flight): a kick closes the socket only once they are. */
  readonly #answering = new WeakMap<DungeonClient, Set<Promise<CommandResult>>>();
  /** Reconnection tokens and addresses of kicked clients, with the end of their cool-down (room clock, ms) and the close code. */
  readonly #cooldowns = new Map<string, { until: number; code: number }>();
  /** Each client's address, as its join's auth context gave it (Colyseus: `x-real-ip`, `x-forwarded-for`, or the socket's). */
  readonly #addresses = new WeakMap<DungeonClient, string>();
  /** Counted in {@link processLimits}.rooms (onCreate got that far). */
  #counted = false;
  /** Set by {@link disconnect}: the room is closing all its clients. */
  #disconnecting = false;

  /**
   * Matchmaking's check, before any socket is opened and any room is created or restored:
   * `openDungeon(dungeonId, { keeperKey })` of a stored dungeon is refused here when the id is
   * unknown, the dungeon is damaged, or the key does not fit the seat asked (access.ts
   * `checkAccess`), and so is a join by id of a stored dungeon's live room whose key does not fit
   * (roomStart.ts `authorizeOpen`): a refused join changes nothing and is one HTTP error (no
   * socket closed with 4002 beside it). Other joins pass (the room's own `onAuth` checks them).
   * @throws DungeonAccessRefusal `UNKNOWN_DUNGEON`, `DUNGEON_DAMAGED`, `KEEPER_KEY_REQUIRED`, `KEEPER_KEY_WRONG`, `NO_STORE`.
   */
  static override async onAuth(_token: string, options: unknown, context: AuthContext): Promise<unknown> {
    processLimits.joins.hit(context?.ip); // JOIN_RATE_PER_ADDRESS (abuse.ts)
    return await authorizeOpen(options, joinByIdTarget(context?.req as { url?: string } | undefined));
  }

  /**
   * The owner check of a stored dungeon's room (access.ts): a keeper seat needs the keeper key,
   * any seat of a private dungeon too. The creator of a new stored dungeon (the client whose join
   * options carry the create option `creatorToken`; without one, the first client) needs none:
   * it receives the key.
   * Before that, the room's limits: a client from an address kicked less than
   * `kickCooldownSeconds` ago, or one past `maxClients` (seats held for a reconnection count), is refused.
   * @throws DungeonAccessRefusal `KEEPER_KEY_REQUIRED` or `KEEPER_KEY_WRONG` (no seat, nothing changes);
   *   LimitRefusal `KICKED_COOLDOWN`, `ROOM_FULL`.
   */
  override async onAuth(client: DungeonClient, rawOptions: unknown, context?: AuthContext): Promise<boolean> {
    const ip = context?.ip;
    if (ip !== undefined) this.#addresses.set(client, ip);
    this.#checkCooldown(ip === undefined ? undefined : `address:${ip}`);
    if (this.#seats.size >= this.#options.maxClients) {
      throw new LimitRefusal("ROOM_FULL", `dungeon ${this.roomId} holds its ${this.#options.maxClients} clients (maxClients); try later`);
    }
    const durable = this.#durable;
    if (!durable) return true;
    if (this.#creator?.claim(client.sessionId, rawOptions)) return true;
    const { role, keeperKey } = parseJoinOptions(rawOptions);
    await checkAccess(durable, role, keeperKey);
    return true;
  }

  /**
   * Creates the room's dungeon: a new one from the create options (stored with a new keeper key
   * when the server has a store: durable.ts), or, with the `dungeonId` option (`openDungeon`),
   * the stored dungeon of that id restored from its snapshot and log (the room id becomes the
   * dungeon id, so one process never runs two rooms of one dungeon).
   * @throws RoomRefusal on bad create options; DungeonAccessRefusal when a stored dungeon cannot open.
   */
  override async onCreate(rawOptions: unknown): Promise<void> {
    const { [PERSISTENCE_OPTION]: host, ...clientOptions } = (rawOptions ?? {}) as Record<string, unknown>;
    const base = (host as DungeonHost | undefined)?.log ?? logger;
    const opening = openingId(host as DungeonHost | undefined, clientOptions);
    if (opening !== undefined) this.roomId = opening; // one room per stored dungeon
    this.#log = base.child({ roomId: this.roomId });
    checkRoomCap(); // MAX_ROOMS_PER_PROCESS (abuse.ts); refused on the server's log, at info level
    const start = await startDungeon(host as DungeonHost | undefined, clientOptions, this.roomId, opening, this.#log);
    const { options, sim } = start;
    this.#simOptions = start.simOptions;
    this.#durable = start.durable;
    this.#creator = start.creator;
    this.#restoredAt = start.restoredAt;
    this.#options = options;
    // The room's own flood check (frameGuard) kicks at once with 4102; Colyseus' would close the
    // socket with 4002 only after onDrop returned.
    this.maxMessagesPerSecond = Infinity;
    const self = this as unknown as { _onMessage: FrameHandler };
    const colyseusFrame = self._onMessage.bind(this);
    self._onMessage = (client, buffer) => this.frameGuard(client, buffer, colyseusFrame);
    sim.checkpointEvery = checkpointEveryTicks();
    this.#sim = sim;
    this.#log.info({ ...options, dungeonId: this.#durable?.dungeonId }, this.#durable ? "stored dungeon running" : "dungeon created");
    const durable = this.#durable;
    if (durable) this.clock.setInterval(() => void durable.keepLease(() => this.disconnect()), LEASE_RENEW_MS);
    this.#gate = new CommandGate(this.#log, () => this.clock.currentTime);
    this.#loop = new StepLoop(options.timeScale);

    this.state = new DungeonState();
    projectMap(this.state, sim.state);
    projectState(this.state, sim, options.timeScale);
    this.#views = new RoomViews(this.state, sim, options.timeScale);

    for (const type of COMMAND_TYPES) {
      this.onMessage(type, COMMANDS[type], (client: DungeonClient, payload: unknown) => this.#answer(client, this.#command(client, type, payload)));
    }
    this.onMessage("*", (client: DungeonClient, type: string | number) => {
      messagesReceived.inc({ type: "unknown" });
      this.#gate.refused({ sessionId: client.sessionId, seat: client.userData?.seat }, String(type).slice(0, 64), "UNKNOWN_TYPE", "unknown message type");
    });

    this.setFixedTimestep(() => this.#step(), ROOM_STEPS_PER_SECOND);
    // Set again now that the fixed timestep exists: with no patch rate and no timestep yet,
    // Colyseus started its own 16 ms clock ticker, which would eat the timestep's clock deltas.
    this.patchRate = null;
    // No client yet: this patch only drops the creation-time changes (every client gets them in
    // its full state). Left pending, they would ride the first step's patch, and Colyseus then
    // sends the first clients field changes of entries their view does not hold ("refId not
    // found" in their decoder) when entries exist at creation that a view hides
    // (skipToInvasion's party).
    this.broadcastPatch();
    roomsGauge.inc();
    processLimits.rooms++;
    this.#counted = true;
    this.#publishMetadata();
  }

  override onJoin(client: DungeonClient, rawOptions?: unknown): void {
    const { role, name, unitId: wanted } = parseJoinOptions(rawOptions);
    const seat = this.#seats.take(client.sessionId, role, name, wanted, this.#options.keeperSeats, this.#sim.state);
    const unitId = seat.unitId;
    const viewer: Viewer = seatViewer(role, unitId, this.#options.spectatorsSeeAll); // the core decides whose eyes a seat has
    client.userData = { seat, viewer };
    this.#views.attach(client);
    this.#bytes.count(client);
    clientsGauge.inc({ role });
    const info: SeatInfo = seatInfo(seat, this.#durable?.dungeonId);
    const keeperKey = this.#creator?.take(client.sessionId); // once, to the creator only; the store keeps its hash
    if (keeperKey !== undefined) info.keeperKey = keeperKey;
    client.send(SEAT_MESSAGE, info);
    this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId, role, name, unitId }, "client joined");
    this.#seatsChanged();
  }

  /**
   * Matchmaking's check of `reconnect(token)` (Colyseus calls it on the process running the room).
   * A token whose seat's connection is still open takes the seat over: the old connection is
   * closed with {@link SEAT_TAKEN_OVER_CODE} (4101) and reason {@link SEAT_TAKEN_OVER_REASON}
   * (both transports), the seat is held for `reconnectSeconds` as after a drop, and the new
   * connection resumes it (its seat message is sent again: {@link onReconnect}). A token of a seat
   * that is not held across a drop (a spectator, or `reconnectSeconds` 0) is refused and its
   * connection left alone. Any other token: Colyseus' own check (a dropped seat waiting for its
   * client, or none).
   * A token of a client kicked less than `kickCooldownSeconds` ago is refused first (its seat is
   * gone anyway).
   * @returns the session id to resume, or undefined to refuse ("reconnection token invalid or expired").
   * @throws LimitRefusal `KICKED_COOLDOWN` naming why and for how long.
   */
  override checkReconnectionToken(reconnectionToken: string): string {
    this.#checkCooldown(`token:${reconnectionToken}`);
    const open = this.clients.find((c) => c.reconnectionToken === reconnectionToken);
    if (open && !holdsAcrossDrop(open.userData?.seat, this.#options.reconnectSeconds)) return undefined as unknown as string;
    if (open) this.#takenOver.add(open);
    // Colyseus detaches the old connection (its messages are no longer read) and calls onDrop…
    const sessionId = super.checkReconnectionToken(reconnectionToken);
    // …but would close it only if nobody resumed the seat: tell it now.
    open?.leave(SEAT_TAKEN_OVER_CODE, SEAT_TAKEN_OVER_REASON);
    return sessionId;
  }

  /**
   * A client's socket closed without a consented leave. A kicked client (4102 flood, 4103
   * malformed frames) loses its seat at once (onLeave follows). Otherwise a keeper's or an
   * adventurer player's seat is held `reconnectSeconds` for its reconnection token, a seat taken
   * over by another connection's `reconnect(token)` included ({@link checkReconnectionToken}).
   * Never waits for the reconnection: Colyseus closes a socket it drops itself (4002) only once
   * this returns.
   */
  override onDrop(client: DungeonClient, code?: number): void {
    const seat = client.userData?.seat;
    const takenOver = this.#takenOver.delete(client); // detached by checkReconnectionToken, with Colyseus' 4002
    if (code === CloseCode.WITH_ERROR && !takenOver) messagesRefused.inc({ reason: "DISCONNECTED" });
    if (code === MalignusCloseCode.KICKED_FLOOD || code === MalignusCloseCode.KICKED_MALFORMED) return; // onLeave frees the seat
    // The room is closing (SIGTERM/Ctrl-C shutdown, its lease lost): no seat is held here, onLeave
    // frees it at once (the SDK resumes it where the dungeon runs next); never logged as held.
    if (this.#closing()) return;
    // Spectators simply rejoin. Any other drop holds the seat, a Colyseus 4002 included.
    if (!holdsAcrossDrop(seat, this.#options.reconnectSeconds)) return; // onLeave follows
    seat.connected = false;
    clientsGauge.dec({ role: seat.role });
    if (takenOver) this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId, code: SEAT_TAKEN_OVER_CODE }, "seat taken over: old connection closed, seat held for its token holder");
    else this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId, code, seconds: this.#options.reconnectSeconds }, "client dropped: seat held");
    this.#seatsChanged();
    // The window closing rejects: Colyseus then calls onLeave, which frees the seat.
    this.allowReconnection(client, this.#options.reconnectSeconds).catch(() => undefined);
  }

  /** True once the room is disconnecting all its clients to close ({@link disconnect}: shutdown, lease lost). */
  #closing(): boolean {
    return this.#disconnecting;
  }

  /**
   * Closes the room: every client is closed with `closeCode` (4001 on a server shutdown, through
   * Colyseus' `onBeforeShutdown`), and no seat is held for a reconnection from then on.
   */
  override disconnect(closeCode?: number): Promise<unknown> {
    this.#disconnecting = true;
    return super.disconnect(closeCode);
  }

  override onReconnect(client: DungeonClient): void {
    const seat = client.userData?.seat;
    if (!seat) return;
    seat.connected = true;
    clientsGauge.inc({ role: seat.role });
    this.#bytes.count(client);
    client.send(SEAT_MESSAGE, seatInfo(seat, this.#durable?.dungeonId)); // again after every reconnection (sent once joined)
    this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId }, "client reconnected");
    this.#seatsChanged();
  }

  override onLeave(client: DungeonClient, code?: number): void {
    const seat = this.#seats.get(client.sessionId);
    if (!seat) return;
    this.#seats.free(client.sessionId);
    if (seat.connected) clientsGauge.dec({ role: seat.role });
    this.#views.detach(client);
    if (this.#closing()) this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId, role: seat.role, code }, "room closing: seat freed, not held");
    else this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId, role: seat.role, code }, "client left: seat freed");
    this.#seatsChanged();
  }

  override onDispose(): Promise<void> | undefined {
    this.#bytes.flush();
    // Only a room whose create succeeded counted itself (a refused create is disposed too).
    if (this.#counted) {
      roomsGauge.dec();
      processLimits.rooms--;
    }
    this.#counted = false;
    for (const seat of this.#seats.all()) if (seat.connected) clientsGauge.dec({ role: seat.role });
    this.#seats.clear();
    this.#gate?.flush();
    // The state hash costs a walk of the whole state: only when the line is printed.
    if (this.#log.isLevelEnabled("info")) this.#log.info({ tick: this.#sim?.state.tick, hash: this.#sim?.hash() }, "dungeon disposed");
    // A stored dungeon: the last snapshot, then resting (its clock stops until it is opened again).
    return this.#durable?.close(this.#sim);
  }

  override onUncaughtException(error: RoomException, methodName: RoomMethodName): void {
    if (error.cause instanceof RoomRefusal || error.cause instanceof DungeonAccessRefusal || error.cause instanceof LimitRefusal) {
      this.#log.info({ method: methodName }, `refused: ${error.message}`);
      return;
    }
    this.#log.error({ err: error.cause ?? error, method: methodName }, `uncaught exception in ${methodName}: ${error.message}`);
  }

  /** The simulation (tests and tools; read-only: change it only through `enqueue`). */
  get simulation(): Simulation { return this.#sim; }

  /**
   * The simulation's one input log: every accepted input (keepers' and adventurer players'
   * commands, the room's seat facts) with its tick and actor. With {@link DungeonRoom.createOptions}
   * and the map it replays the room (sim/inputs/replay.ts).
   */
  get inputLog(): readonly Input[] { return this.#sim.inputLog; }

  /** What the room created its simulation from (seed included; the map by name). */
  get createOptions(): Readonly<DungeonSimOptions> { return this.#simOptions; }

  /** The state hashes the simulation recorded (every `CHECKPOINT_EVERY_TICKS` ticks; none by default). */
  get checkpoints(): readonly Checkpoint[] { return this.#sim.checkpoints; }

  /**
   * A room that opened a stored dungeon: its tick and state hash right after the restore (equal
   * to the stored ones: checked), before anyone joined. Undefined for a new dungeon.
   */
  get restoredAt(): { tick: number; hash: string } | undefined { return this.#restoredAt; }

  /** The stored dungeon's id; undefined for an ephemeral room (no store). */
  get dungeonId(): string | undefined { return this.#durable?.dungeonId; }

  /** Refusals so far (commands refused, role not allowed, unknown types). */
  get refusalCount(): number { return this.#gate.refusals; }

  /** Refusals logged one by one so far (at most MAX_REFUSAL_LOGS_PER_SECOND a second). */
  get refusalsLogged(): number { return this.#gate.loggedTotal; }

  /** The seats, held or waiting for a reconnection. */
  get seats(): readonly Seat[] { return [...this.#seats.all()]; }

  /** Ids of the current party's active members no seat has claimed. */
  openAdventurerSeats(): string[] { return this.#seats.openAdventurerSeats(this.#sim.state); }

  /**
   * One command message through the gate (gate.ts); an adventurer's accepted command shows in
   * the room's state at once. A stored dungeon answers an accepted command only once its input
   * is durable (durable.ts `appendLast`): an acknowledged command is never lost; while the
   * writer's queue is full (database away) commands are refused `STORE_UNAVAILABLE` before they apply.
   */
  /** Keeps `reply` in the client's answering set until it settles (see {@link DungeonRoom.#kick}); returns it. */
  #answer(client: DungeonClient, reply: Promise<CommandResult>): Promise<CommandResult> {
    let set = this.#answering.get(client);
    if (!set) this.#answering.set(client, set = new Set());
    set.add(reply);
    const done = (): void => { set.delete(reply); };
    reply.then(done, done);
    return reply;
  }

  async #command(client: DungeonClient, type: CommandType, payload: unknown): Promise<CommandResult> {
    const gateClient = { sessionId: client.sessionId, seat: client.userData?.seat };
    const durable = this.#durable;
    if (durable && !durable.canAppend()) return this.#gate.refused(gateClient, type, "STORE_UNAVAILABLE", "the dungeon store is unavailable: try again later");
    const { result, accepted } = this.#gate.command(this.#sim, gateClient, type, payload);
    // A keeper's effect reaches clients with the next step's patch (at most 100 ms away).
    if (accepted?.kind === "adventurer") this.#project();
    if (accepted && durable) {
      try {
        await durable.appendLast(this.#sim);
      } catch (err) {
        this.#log.error({ err, type }, "accepted input not stored");
        return { ok: false, code: "STORE_UNAVAILABLE", reason: `the command applied but could not be saved: ${(err as Error).message}` };
      }
    }
    return result;
  }

  /**
   * Every frame a client sends, before Colyseus (`colyseusFrame`) sees it: counted against
   * `maxMessagesPerSecond` (past it: kicked with 4102 at once) and decoded (abuse.ts
   * `inspectFrame`). A malformed frame (bad varint, undecodable payload, unknown protocol code)
   * is dropped, logged on the process's rate-limited abuse warn line, answered when it is a request
   * whose id could be read, and counted: past {@link MAX_MALFORMED_FRAMES} the client is kicked
   * with 4103. A message of an unknown type (`""` included) is refused `UNKNOWN_TYPE`, a request
   * answered with an error naming it; a request for a command whose payload fails its schema is
   * answered with a readable error (first issue's path and message; NaN and Infinity named).
   * Everything else goes on to Colyseus unchanged.
   */
  frameGuard(client: DungeonClient, buffer: Uint8Array, colyseusFrame: FrameHandler): void {
    let abuse = this.#abuse.get(client);
    if (!abuse) this.#abuse.set(client, abuse = new ClientAbuse());
    if (abuse.kicked) return;
    const verdict = buffer ? inspectFrame(buffer) : { kind: "malformed" as const, reason: "no frame" };
    const decision = abuse.frame(this.clock.currentTime, this.#options.maxMessagesPerSecond, verdict.kind === "malformed");
    if (decision === "flood") {
      this.#kick(client, abuse, MalignusCloseCode.KICKED_FLOOD, `kicked: more than ${this.#options.maxMessagesPerSecond} messages a second`);
      return;
    }
    if (verdict.kind === "malformed") {
      messagesRefused.inc({ reason: "MALFORMED_FRAME" });
      abuseLog.warn(this.#log, "malformedFrame", { sessionId: client.sessionId, reason: verdict.reason, malformed: abuse.malformed },
        `malformed frame refused: ${verdict.reason} (${abuse.malformed} from this client; kicked past ${MAX_MALFORMED_FRAMES})`);
      if (decision === "kick-malformed") {
        this.#kick(client, abuse, MalignusCloseCode.KICKED_MALFORMED, `kicked: more than ${MAX_MALFORMED_FRAMES} malformed frames`);
      } else if (verdict.requestId !== undefined) {
        this.#reply(client, verdict.requestId, "MALFORMED_FRAME", `malformed frame: ${verdict.reason}`);
      }
      return;
    }
    if (verdict.kind === "message" && (typeof verdict.type !== "string" || !KNOWN_TYPES.has(verdict.type))) {
      const type = String(verdict.type).slice(0, 64);
      messagesReceived.inc({ type: "unknown" });
      const refusal = this.#gate.refused({ sessionId: client.sessionId, seat: client.userData?.seat }, type, "UNKNOWN_TYPE", "unknown message type");
      if (verdict.requestId !== undefined) {
        this.#reply(client, verdict.requestId, "UNKNOWN_TYPE", `unknown message type ${JSON.stringify(type)}: the commands are ${COMMAND_TYPES.join(", ")}`, refusal);
      }
      return;
    }
    if (verdict.kind === "message" && verdict.via === "request") {
      // Parsed twice, on purpose (review s11, read in @colyseus/core 0.18 build/RoomMessages.mjs):
      // Colyseus decodes a frame (msgpack `unpack`) and runs the type's validator
      // (`standardValidate`) inside `RoomMessages.onData`/`onRequest`, reached only through
      // `Room._onMessage(client, buffer)` with the raw bytes; the room's handler gets the message
      // only after that, and no hook hands Colyseus a message decoded already (`#_messages` is a
      // private field, `onMessageValidators` a private getter). A failed validation there replies
      // `Error` with the issues as JSON (`standardValidate` throws `new Error(JSON.stringify(issues))`)
      // and cannot say which client sent it, so the readable INVALID_PAYLOAD answer, its metric and
      // its abuse log line need this check first; and counting malformed frames (4103) needs
      // `inspectFrame`'s own decode before Colyseus, which answers an undecodable request with an
      // error and never counts it. So a well-formed request is decoded and checked here, then again
      // by Colyseus.
      const type = verdict.type as CommandType;
      const parsed = COMMANDS[type].safeParse(verdict.payload);
      if (!parsed.success) {
        const message = describeInvalidPayload(type, parsed.error.issues, verdict.payload);
        messagesRefused.inc({ reason: "INVALID_PAYLOAD" });
        abuseLog.warn(this.#log, "invalidRequest", { sessionId: client.sessionId, type }, `invalid message refused (request): ${message}`);
        this.#reply(client, verdict.requestId!, "INVALID_PAYLOAD", message);
        return;
      }
    }
    colyseusFrame(client, buffer);
  }

  /** Answers request `requestId` with an error `{ name, message, code }` (the SDK rejects with an Error of that name and message). */
  #reply(client: DungeonClient, requestId: number, name: string, message: string, refusal?: CommandResult): void {
    const code = refusal && !refusal.ok ? refusal.code : name;
    client.enqueueRaw(getMessageBytes[Protocol.ROOM_RESPONSE](requestId, ResponseStatus.ERROR, { name, message, code }));
  }

  /**
   * Kicks `client` now: its later frames are ignored, its reconnection token and address refused
   * for `kickCooldownSeconds`; once the commands it sent before the kick are answered (their
   * replies, a store write included, go out first), its socket is closed with `code` (4102 or
   * 4103) and `reason` and its seat freed (onDrop, onLeave). What Colyseus' own kick does, without
   * waiting for onDrop.
   */
  #kick(client: DungeonClient, abuse: ClientAbuse, code: number, reason: string): void {
    abuse.kicked = true;
    const until = this.clock.currentTime + this.#options.kickCooldownSeconds * 1000;
    if (this.#options.kickCooldownSeconds > 0) {
      this.#cooldowns.set(`token:${client.reconnectionToken}`, { until, code });
      const ip = this.#addresses.get(client);
      if (ip !== undefined) this.#cooldowns.set(`address:${ip}`, { until, code });
    }
    messagesRefused.inc({ reason: code === MalignusCloseCode.KICKED_FLOOD ? "KICKED_FLOOD" : "KICKED_MALFORMED" });
    this.#log.info({ sessionId: client.sessionId, seatId: client.userData?.seat?.seatId, code, cooldownSeconds: this.#options.kickCooldownSeconds }, `client ${reason}`);
    const ref = client.ref as unknown as { removeAllListeners(e: string): void; removeListener(e: string, f: unknown): void; onleave?: unknown };
    ref.removeAllListeners("message");
    if (ref.onleave) ref.removeListener("close", ref.onleave);
    // Its frames are ignored from now on, but the commands it sent before the kick were applied
    // (or refused) and are answered first: the socket closes once their replies are on it.
    const close = (): void => {
      client.leave(code, reason);
      void (this as unknown as { _onLeave(c: DungeonClient, code: number): Promise<void> })._onLeave(client, code);
    };
    const answering = [...(this.#answering.get(client) ?? [])];
    void Promise.allSettled(answering).then(() => setImmediate(close));
  }

  /**
   * Refuses `key` (`token:<reconnection token>` or `address:<ip>`) while its kick cool-down runs.
   * @throws LimitRefusal `KICKED_COOLDOWN`.
   */
  #checkCooldown(key: string | undefined): void {
    const now = this.clock.currentTime;
    for (const [k, c] of this.#cooldowns) if (c.until <= now) this.#cooldowns.delete(k);
    const c = key === undefined ? undefined : this.#cooldowns.get(key);
    if (!c) return;
    const why = c.code === MalignusCloseCode.KICKED_FLOOD ? "flooding (4102)" : "malformed frames (4103)";
    const what = key!.startsWith("token:") ? "its reconnection token is" : "its address is";
    throw new LimitRefusal("KICKED_COOLDOWN", `a client of this dungeon was kicked for ${why}: ${what} refused for ${Math.ceil((c.until - now) / 1000)} s more`);
  }

  #step(): void {
    const cpu = stepCpuMicros(); // the phases' CPU time, beside their real time (metrics.ts)
    const started = performance.now();
    // Every frame a client gets in this step (events, then the patch) leaves in one socket write.
    corkClientsInto(this.clients, this.#corked);
    let sending = started;
    try {
      this.#stepAndPatch(started);
    } finally {
      sending = performance.now();
      uncorkAll(this.#corked);
      this.#bytes.flush();
    }
    const ended = performance.now();
    addStepPhase("send", ended - sending);
    tickDuration.observe((ended - started) / 1000);
    endStepCpu(cpu);
  }

  /** Runs the step's ticks, projects, and sends the step's one patch; `started` is the step's `performance.now()`. */
  #stepAndPatch(started: number): void {
    const sim = this.#sim;
    // A stored dungeon's clock runs only while a seat is held (durable.ts CLOCK_STOPS_WHILE_EMPTY).
    if (!this.#durable || !CLOCK_STOPS_WHILE_EMPTY || this.#seats.size > 0) this.#loop.run(sim, (events) => this.#views.broadcast(this.clients, events));
    this.#durable?.afterStep(sim);
    const simulated = performance.now();
    addStepPhase("simulation", simulated - started);
    this.#project(simulated);
    const projected = performance.now();
    addStepPhase("views", projected - this.#views.projectedAt);
    if (this.#listing.due(sim, this.#seats)) this.#publishMetadata();
    this.#views.markPatch();
    this.broadcastPatch();
    addStepPhase("patch", performance.now() - projected);
  }

  /** Projects the simulation, the controllers and every client's view (roomViews.ts); `started` times the phases. */
  #project(started?: number): void {
    this.#views.project(this.#seats.version, started);
  }

  /** Seats changed: counts in the state, the seats' facts to the simulation, projection, listing. */
  #seatsChanged(): void {
    this.#seats.changed();
    this.state.keepers = this.#seats.count("keeper", true);
    this.state.spectators = this.#seats.count("spectator", true);
    this.state.adventurers = this.#seats.count("adventurer");
    this.#sendSeatFacts();
    this.#project();
    this.#publishMetadata();
  }

  /**
   * Tells the simulation the seats' facts as a `seats` input from the room, when they changed:
   * the simulation decides what follows (sim/inputs/seats.ts).
   */
  #sendSeatFacts(): void {
    const command = this.#seats.facts();
    const facts = JSON.stringify(command);
    if (facts === this.#lastSeatFacts) return;
    this.#lastSeatFacts = facts;
    const result = this.#sim.enqueue({ kind: "room" }, command);
    if (!result.ok) this.#log.error({ code: result.code, reason: result.reason }, "seats input refused");
    else this.#durable?.appendLast(this.#sim).catch((err: unknown) => this.#log.error({ err }, "seats input not stored"));
  }

  #publishMetadata(): void {
    const listed = this.#listing.metadata(this.#sim, this.#seats, this.#options);
    const metadata: DungeonMetadata = this.#durable
      ? { ...listed, dungeonId: this.#durable.dungeonId, ...(this.#durable.private ? { private: true as const } : {}) }
      : listed;
    this.setMatchmaking({ metadata }).catch((err: unknown) => this.#log.warn({ err }, "could not publish matchmaking metadata"));
  }
}
