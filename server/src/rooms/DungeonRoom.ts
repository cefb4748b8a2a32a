import { CloseCode, Room, type Client, type RoomException, type RoomMethodName } from "@colyseus/core";
import { COMMAND_TYPES, COMMANDS, SEAT_MESSAGE, type CommandResult, type CommandType, type SeatInfo } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { createDungeonSimulation, type Checkpoint, type DungeonSimOptions, type Input, type Simulation } from "../sim/index.ts";
import { loadMap } from "../maps.ts";
import { logger } from "../logger.ts";
import { addStepPhase, clientsGauge, messagesReceived, messagesRefused, roomsGauge, tickDuration } from "../metrics.ts";
import { corkClientsInto, uncorkAll, type Corkable } from "../transport.ts";
import { checkpointEveryTicks } from "./settings.ts";
import { RoomRefusal, parseCreateOptions, parseJoinOptions, type DungeonMetadata, type DungeonOptions } from "./options.ts";
import { projectMap, projectState } from "./projection.ts";
import { SeatBook, type Seat } from "./seats.ts";
import { CommandGate } from "./gate.ts";
import { ROOM_STEPS_PER_SECOND, StepLoop } from "./stepLoop.ts";
import { RoomViews } from "./roomViews.ts";
import { PatchByteCounter } from "./byteMetrics.ts";
import { Listing } from "./listing.ts";
import type { Viewer } from "./views.ts";

export { ROOM_STEPS_PER_SECOND, MAX_TICKS_PER_STEP, PATCH_RATE_MS } from "./stepLoop.ts";
export { MAX_REFUSAL_LOGS_PER_SECOND } from "./gate.ts";
export type { Seat } from "./seats.ts";

/** What the room keeps about each client. */
export interface DungeonClientData { seat: Seat; viewer: Viewer }

type DungeonClient = Client<{ userData: DungeonClientData }>;

/**
 * The `dungeon` room: one live dungeon shared by keepers, adventurer players and spectators, as
 * a thin adapter around its {@link Simulation}. Each job has its own file:
 * - seats and reconnection: seats.ts ({@link SeatBook}) and the lifecycle methods here;
 * - the command gate: gate.ts (client message → `gateCommand` → `sim.enqueue` → answer);
 * - the step loop: stepLoop.ts (`setFixedTimestep` at {@link ROOM_STEPS_PER_SECOND} Hz, the tick budget);
 * - projection, controllers, views and events: roomViews.ts (over projection.ts and views.ts);
 * - metrics: byteMetrics.ts (patch bytes) and metrics.ts; listing metadata: listing.ts.
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
 * message types are ignored and counted; a client sending more than `maxMessagesPerSecond`
 * messages is disconnected.
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

  override onCreate(rawOptions: unknown): void {
    const options = parseCreateOptions(rawOptions);
    this.#options = options;
    this.maxMessagesPerSecond = options.maxMessagesPerSecond;
    this.#log = logger.child({ roomId: this.roomId });
    this.#simOptions = {
      map: options.map, seed: options.seed, ruleset: options.ruleset, pauseOnSpot: options.pauseOnSpot,
      skipToInvasion: options.skipToInvasion, startPaused: options.startPaused,
      ...(options.d100 ? { d100: structuredClone(options.d100) } : {}),
    };
    const sim = createDungeonSimulation(this.#simOptions, loadMap(options.map));
    sim.checkpointEvery = checkpointEveryTicks();
    this.#sim = sim;
    if (options.skipToInvasion) this.#log.info({ tick: sim.tick, partyId: sim.state.invasion.partyId }, "skipped to the first invasion");
    this.#log.info({ ...options }, "dungeon created");
    this.#gate = new CommandGate(this.#log, () => this.clock.currentTime);
    this.#loop = new StepLoop(options.timeScale);

    this.state = new DungeonState();
    projectMap(this.state, sim.state);
    projectState(this.state, sim, options.timeScale);
    this.#views = new RoomViews(this.state, sim, options.timeScale);

    for (const type of COMMAND_TYPES) {
      this.onMessage(type, COMMANDS[type], (client: DungeonClient, payload: unknown) => this.#command(client, type, payload));
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
    this.#publishMetadata();
  }

  override onJoin(client: DungeonClient, rawOptions?: unknown): void {
    const { role, name, unitId: wanted } = parseJoinOptions(rawOptions);
    const seat = this.#seats.take(client.sessionId, role, name, wanted, this.#options.keeperSeats, this.#sim.state);
    const unitId = seat.unitId;
    const viewer: Viewer = role === "keeper" ? { kind: "keeper" }
      : role === "adventurer" ? { kind: "adventurer", unitId: unitId as string }
      : this.#options.spectatorsSeeAll ? { kind: "all" } : { kind: "keeper" };
    client.userData = { seat, viewer };
    this.#views.attach(client);
    this.#bytes.count(client);
    clientsGauge.inc({ role });
    const info: SeatInfo = unitId === undefined ? { seatId: seat.seatId, role } : { seatId: seat.seatId, role, unitId };
    client.send(SEAT_MESSAGE, info);
    this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId, role, name, unitId }, "client joined");
    this.#seatsChanged();
  }

  override async onDrop(client: DungeonClient, code?: number): Promise<void> {
    const seat = client.userData?.seat;
    if (code === CloseCode.WITH_ERROR) messagesRefused.inc({ reason: "DISCONNECTED" });
    // Spectators simply rejoin. Any other drop holds the seat, a kick (4002) included: Colyseus
    // also closes with 4002 the old connection of a seat its token holder resumes elsewhere.
    if (!seat || seat.role === "spectator" || this.#options.reconnectSeconds === 0) return; // onLeave follows
    seat.connected = false;
    clientsGauge.dec({ role: seat.role });
    this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId, code, seconds: this.#options.reconnectSeconds }, "client dropped: seat held");
    this.#seatsChanged();
    try {
      await this.allowReconnection(client, this.#options.reconnectSeconds);
    } catch {
      // The window closed: onLeave frees the seat.
    }
  }

  override onReconnect(client: DungeonClient): void {
    const seat = client.userData?.seat;
    if (!seat) return;
    seat.connected = true;
    clientsGauge.inc({ role: seat.role });
    this.#bytes.count(client);
    this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId }, "client reconnected");
    this.#seatsChanged();
  }

  override onLeave(client: DungeonClient, code?: number): void {
    const seat = this.#seats.get(client.sessionId);
    if (!seat) return;
    this.#seats.free(client.sessionId);
    if (seat.connected) clientsGauge.dec({ role: seat.role });
    this.#views.detach(client);
    this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId, role: seat.role, code }, "client left: seat freed");
    this.#seatsChanged();
  }

  override onDispose(): void {
    this.#bytes.flush();
    roomsGauge.dec();
    for (const seat of this.#seats.all()) if (seat.connected) clientsGauge.dec({ role: seat.role });
    this.#seats.clear();
    this.#gate?.flush();
    // The state hash costs a walk of the whole state: only when the line is printed.
    if (this.#log.isLevelEnabled("info")) this.#log.info({ tick: this.#sim?.state.tick, hash: this.#sim?.hash() }, "dungeon disposed");
  }

  override onUncaughtException(error: RoomException, methodName: RoomMethodName): void {
    if (error.cause instanceof RoomRefusal) {
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

  /** Refusals so far (commands refused, role not allowed, unknown types). */
  get refusalCount(): number { return this.#gate.refusals; }

  /** Refusals logged one by one so far (at most MAX_REFUSAL_LOGS_PER_SECOND a second). */
  get refusalsLogged(): number { return this.#gate.loggedTotal; }

  /** The seats, held or waiting for a reconnection. */
  get seats(): readonly Seat[] { return [...this.#seats.all()]; }

  /** Ids of the current party's active members no seat has claimed. */
  openAdventurerSeats(): string[] { return this.#seats.openAdventurerSeats(this.#sim.state); }

  /** One command message through the gate (gate.ts); an adventurer's accepted command shows in the room's state at once. */
  #command(client: DungeonClient, type: CommandType, payload: unknown): CommandResult {
    const { result, accepted } = this.#gate.command(this.#sim, { sessionId: client.sessionId, seat: client.userData?.seat }, type, payload);
    // A keeper's effect reaches clients with the next step's patch (at most 100 ms away).
    if (accepted?.kind === "adventurer") this.#project();
    return result;
  }

  #step(): void {
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
  }

  /** Runs the step's ticks, projects, and sends the step's one patch; `started` is the step's `performance.now()`. */
  #stepAndPatch(started: number): void {
    const sim = this.#sim;
    this.#loop.run(sim, (events) => this.#views.broadcast(this.clients, events));
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
  }

  #publishMetadata(): void {
    const metadata = this.#listing.metadata(this.#sim, this.#seats, this.#options);
    this.setMatchmaking({ metadata }).catch((err: unknown) => this.#log.warn({ err }, "could not publish matchmaking metadata"));
  }
}
