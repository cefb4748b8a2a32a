import { CloseCode, Protocol, Room, getMessageBytes, type Client, type RoomException, type RoomMethodName } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import {
  COMMAND_TYPES, COMMANDS, DungeonState, EVENT_MESSAGE, SEAT_MESSAGE, TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, TICKS_PER_GAME_MINUTE, gateCommand,
  type Command, type CommandResult, type CommandType, type SeatInfo, type SeatRole,
} from "@malignus/shared";
import { createDungeonSimulation, type Actor, type Checkpoint, type DungeonSimOptions, type Input, type Simulation } from "../sim/index.ts";
import { isActive } from "../sim/world/units.ts";
import { loadMap } from "../maps.ts";
import { logger } from "../logger.ts";
import { addStepPhase, clientsGauge, messagesReceived, messagesRefused, patchBytes, roomsGauge, tickDuration } from "../metrics.ts";
import { checkpointEveryTicks } from "./settings.ts";
import { RoomRefusal, parseCreateOptions, parseJoinOptions, type DungeonMetadata, type DungeonOptions } from "./options.ts";
import { projectMap, projectState, structureVersion } from "./projection.ts";
import { awaitingPlayer } from "./turnProjection.ts";
import { StepViewContext, ViewSignature, eventVisible, initView, patchCarriesViews, syncView, viewerKey, type Viewer } from "./views.ts";
import { corkClientsInto, uncorkAll, type Corkable } from "../transport.ts";

/** Room steps per real second (`setFixedTimestep` rate). */
export const ROOM_STEPS_PER_SECOND = 10;
/** Most simulation ticks run in one room step, so a step stays short (the backlog is dropped). */
export const MAX_TICKS_PER_STEP = 2000;
/**
 * State patch interval in milliseconds: one patch per room step (10 Hz). The room sends it by
 * hand at the end of each step (`broadcastPatch`), so a patch always carries one whole step and
 * no timer sends patches between steps, when nothing changed.
 */
export const PATCH_RATE_MS = 1000 / ROOM_STEPS_PER_SECOND;
/** Most refusals a room logs per real second; the rest are counted and summed up in one line. */
export const MAX_REFUSAL_LOGS_PER_SECOND = 5;

/** A seat: who holds it, in which role, and whether its client is connected right now. */
export interface Seat {
  /** Stable id: `k1`, `a2`, `s3`… (role initial and a per-room counter). */
  seatId: string;
  role: SeatRole;
  name: string | undefined;
  /** Adventurers: the unit played. */
  unitId: string | undefined;
  /** False while a dropped client may still reconnect (`reconnectSeconds`). */
  connected: boolean;
}

/** What the room keeps about each client. */
export interface DungeonClientData { seat: Seat; viewer: Viewer }

type DungeonClient = Client<{ userData: DungeonClientData }>;

/** One shared StateView of a room and what the room keeps to sync it and to send it events. */
interface ViewEntry {
  /** Its {@link viewerKey}. */
  readonly key: string;
  readonly view: StateView;
  readonly viewer: Viewer;
  /** Clients holding it. */
  clients: number;
  /** What its entries depended on at its last sync (views.ts). */
  readonly signature: ViewSignature;
  /** The room's event counter when {@link ViewEntry.eventSee} was decided. */
  eventStamp: number;
  /** Whether its viewer may see the event {@link ViewEntry.eventStamp} names. */
  eventSee: boolean;
}

/**
 * The `dungeon` room: one live dungeon shared by keepers, adventurer players and spectators.
 * It owns a {@link Simulation}, runs it with `setFixedTimestep` at {@link ROOM_STEPS_PER_SECOND}
 * Hz (each step runs `timeScale * TICKS_PER_GAME_MINUTE / ROOM_STEPS_PER_SECOND` ticks on
 * average, capped by {@link MAX_TICKS_PER_STEP}), broadcasts every simulation event as an
 * `event` message, projects the simulation into the {@link DungeonState} schema once per step
 * and gives each client a `StateView` of what its seat may see (views.ts).
 *
 * Seats (join option `role`): `keeper` (at most the `keeperSeats` option; every accepted command
 * is logged with its seat id), `adventurer` (claims a member of the party in the dungeon, the
 * `unitId` option or the first unclaimed one; the listing advertises the open ones), and
 * `spectator`. Each client is told its seat in a {@link SEAT_MESSAGE}. A dropped keeper or
 * adventurer keeps its seat for `reconnectSeconds` and resumes with its reconnection token;
 * meanwhile its seat counts as taken and an adventurer's unit is played by the AI.
 *
 * Input: every command is validated by its zod schema (a malformed `send` disconnects with
 * 4002, a malformed `request` is answered with an error; neither changes anything); a
 * legal-but-refused command is answered `{ ok: false, code, reason }`; only keepers may send
 * commands (`NOT_ALLOWED_FOR_ROLE`); unknown message types are ignored and counted; a client
 * sending more than `maxMessagesPerSecond` messages is disconnected. Refusals are logged at
 * most {@link MAX_REFUSAL_LOGS_PER_SECOND} times per second.
 *
 * Pausing (INV-79): the clock pauses on spotting only when the room's `pauseOnSpot` is on and
 * no adventurer player is seated; any keeper may `resume`.
 */
export class DungeonRoom extends Room<{ state: DungeonState; metadata: DungeonMetadata; client: DungeonClient }> {
  /** No patch timer: {@link DungeonRoom.#step} sends one patch per step (PATCH_RATE_MS apart). */
  override patchRate: number | null = null;

  #sim!: Simulation;
  #options!: DungeonOptions;
  #simOptions!: DungeonSimOptions;
  /** The facts of the last `seats` input sent (JSON), so an unchanged seating sends none. */
  #lastSeatFacts = "";
  #tickBudget = 0;
  #lastDay = 0;
  #lastHour = -1;
  /** The open adventurer seats last published (never mutated: the metadata holds it). */
  #lastOpenSeats: readonly string[] = [];
  #log = logger;
  /** Seats by session id (a reconnecting client keeps its session id). */
  readonly #seats = new Map<string, Seat>();
  #seatCounter = 0;
  /** Units claimed by a seat, connected or not (rebuilt when the seats change). */
  readonly #claimed = new Set<string>();
  /** Bumped by every seat change ({@link DungeonRoom.#seatsChanged}). */
  #seatsVersion = 0;
  /** {@link DungeonRoom.#seatsVersion} when the `controller` fields were last written, -1 never. */
  #controllersSeatsVersion = -1;
  /** The units map's structure version (projection.ts) when the `controller` fields were last written. */
  #controllersUnitsVersion: number | undefined = -1;
  /** The room's view context (views.ts), invalidated whenever the simulation may have changed. */
  #ctx!: StepViewContext;
  /** Sockets corked for the current step (transport.ts), reused from step to step. */
  readonly #corked: Corkable[] = [];
  /** Counts events sent, so each view decides an event's visibility once ({@link ViewEntry.eventStamp}). */
  #eventStamp = 0;
  /** Bytes of patch frames sent since they were last added to the `patchBytes` metric (at each step's end). */
  #patchBytesPending = 0;
  /** `performance.now()` when the step's projection ended (the `views` phase starts there). */
  #projectedAt = 0;
  /**
   * The StateViews, one per distinct viewer ({@link viewerKey}): every keeper and every spectator
   * of a room without `spectatorsSeeAll` share one view, so it is synced and encoded once per
   * patch, not once per client (Colyseus encodes a view once per patch and sends the bytes to
   * each client holding it).
   */
  readonly #views = new Map<string, ViewEntry>();
  /** The same entries as {@link DungeonRoom.#views}, as an array walked each step without allocating. */
  readonly #viewList: ViewEntry[] = [];
  #refusalWindowEnd = 0;
  #refusalsLogged = 0;
  #refusalsSuppressed = 0;
  #refusalCount = 0;
  #refusalsLoggedTotal = 0;

  override onCreate(rawOptions: unknown): void {
    const options = parseCreateOptions(rawOptions);
    this.#options = options;
    this.maxMessagesPerSecond = options.maxMessagesPerSecond;
    this.#log = logger.child({ roomId: this.roomId });
    const map = loadMap(options.map);
    this.#simOptions = {
      map: options.map, seed: options.seed, ruleset: options.ruleset, pauseOnSpot: options.pauseOnSpot,
      skipToInvasion: options.skipToInvasion, startPaused: options.startPaused,
      ...(options.d100 ? { d100: structuredClone(options.d100) } : {}),
    };
    this.#sim = createDungeonSimulation(this.#simOptions, map);
    this.#sim.checkpointEvery = checkpointEveryTicks();
    if (options.skipToInvasion) this.#log.info({ tick: this.#sim.tick, partyId: this.#sim.state.invasion.partyId }, "skipped to the first invasion");
    this.#ctx = new StepViewContext(this.#sim);
    this.#log.info({ ...options }, "dungeon created");

    this.state = new DungeonState();
    projectMap(this.state, this.#sim.state);
    projectState(this.state, this.#sim, options.timeScale);

    for (const type of COMMAND_TYPES) {
      this.onMessage(type, COMMANDS[type], (client: DungeonClient, payload: unknown) => this.#command(client, type, payload));
    }
    this.onMessage("*", (client: DungeonClient, type: string | number) => {
      messagesReceived.inc({ type: "unknown" });
      this.#refused(client, String(type).slice(0, 64), "UNKNOWN_TYPE", "unknown message type");
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
    let unitId: string | undefined;
    if (role === "keeper") {
      const held = this.#count("keeper");
      if (held >= this.#options.keeperSeats) {
        throw new RoomRefusal(`this dungeon already has a keeper in each of its ${this.#options.keeperSeats} keeper seat(s); join as a spectator`);
      }
    } else if (role === "adventurer") {
      const open = this.openAdventurerSeats();
      if (wanted !== undefined && !open.includes(wanted)) {
        throw new RoomRefusal(`unit ${wanted} is not an open adventurer seat (open: ${open.join(", ") || "none"})`);
      }
      if (open.length === 0) throw new RoomRefusal("no open adventurer seat: no party in the dungeon, or every member is taken");
      unitId = wanted ?? open[0];
    }
    const seat: Seat = { seatId: `${role[0]}${++this.#seatCounter}`, role, name, unitId, connected: true };
    const viewer: Viewer = role === "keeper" ? { kind: "keeper" }
      : role === "adventurer" ? { kind: "adventurer", unitId: unitId as string }
      : this.#options.spectatorsSeeAll ? { kind: "all" } : { kind: "keeper" };
    client.userData = { seat, viewer };
    this.#seats.set(client.sessionId, seat);
    this.#attachView(client);
    this.#countBytes(client);
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
    this.#countBytes(client);
    this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId }, "client reconnected");
    this.#seatsChanged();
  }

  override onLeave(client: DungeonClient, code?: number): void {
    const seat = this.#seats.get(client.sessionId);
    if (!seat) return;
    this.#seats.delete(client.sessionId);
    if (seat.connected) clientsGauge.dec({ role: seat.role });
    this.#detachView(client);
    this.#log.info({ sessionId: client.sessionId, seatId: seat.seatId, role: seat.role, code }, "client left: seat freed");
    this.#seatsChanged();
  }

  override onDispose(): void {
    this.#flushPatchBytes();
    roomsGauge.dec();
    for (const seat of this.#seats.values()) if (seat.connected) clientsGauge.dec({ role: seat.role });
    this.#seats.clear();
    this.#flushRefusalSummary();
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

  /** The simulation (tests and tools; read-only). */
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
  get refusalCount(): number { return this.#refusalCount; }

  /** Refusals logged one by one so far (at most {@link MAX_REFUSAL_LOGS_PER_SECOND} a second). */
  get refusalsLogged(): number { return this.#refusalsLoggedTotal; }

  /** The seats, held or waiting for a reconnection. */
  get seats(): readonly Seat[] { return [...this.#seats.values()]; }

  /** Ids of the current party's active members no seat has claimed. */
  openAdventurerSeats(): string[] {
    const sim = this.#sim.state;
    const party = sim.invasion.partyId ? sim.parties[sim.invasion.partyId] : undefined;
    if (!party) return [];
    const claimed = new Set<string>();
    for (const s of this.#seats.values()) if (s.unitId) claimed.add(s.unitId);
    return party.memberIds.filter((id) => {
      const u = sim.units[id];
      return !!u && isActive(u) && !claimed.has(id);
    });
  }

  #count(role: SeatRole, connectedOnly = false): number {
    let n = 0;
    for (const s of this.#seats.values()) if (s.role === role && (!connectedOnly || s.connected)) n++;
    return n;
  }

  /**
   * The command gate: shared `gateCommand` over `COMMAND_DEFINITIONS` in one fixed order (known
   * type → role → an adventurer seat names only its own unit; the payload was validated by
   * Colyseus before this handler runs), then `sim.enqueue` from the seat's actor (the rules).
   * Refusals are answered with their code and counted; nothing changes.
   */
  #command(client: DungeonClient, type: CommandType, payload: unknown): CommandResult {
    messagesReceived.inc({ type });
    const seat = client.userData?.seat;
    if (!seat) return this.#refused(client, type, "NOT_ALLOWED_FOR_ROLE", "no seat");
    const gate = gateCommand(type, seat, payload, false);
    if (!gate.ok) return this.#refused(client, type, gate.code, gate.reason);
    try {
      const command = { type, ...(payload as object) } as Command;
      const actor: Actor = seat.role === "adventurer" ? { kind: "adventurer", seatId: seat.seatId, unitId: seat.unitId as string }
        : { kind: seat.role, seatId: seat.seatId };
      const result = this.#sim.enqueue(actor, command);
      if (!result.ok) return this.#refused(client, type, result.code, result.reason, result);
      this.#log.debug({ seatId: seat.seatId, type, tick: this.#sim.tick, id: result.id }, "command accepted");
      // Its effect reaches clients with the next step's patch (at most 100 ms away); an
      // adventurer's shows in the room's state at once.
      if (actor.kind === "adventurer") this.#project();
      return result;
    } catch (err) {
      this.#log.error({ err, sessionId: client.sessionId, type, payload }, "command threw");
      return this.#refused(client, type, "INVALID_COMMAND", "the server failed to apply this command");
    }
  }

  /** Counts and logs (rate-limited) a refusal, and returns the refusal answer. */
  #refused(client: DungeonClient, type: string, code: string, reason: string, result?: CommandResult): CommandResult {
    this.#refusalCount++;
    messagesRefused.inc({ reason: code });
    const now = this.clock.currentTime;
    if (now >= this.#refusalWindowEnd) {
      this.#flushRefusalSummary();
      this.#refusalWindowEnd = now + 1000;
      this.#refusalsLogged = 0;
    }
    if (this.#refusalsLogged < MAX_REFUSAL_LOGS_PER_SECOND) {
      this.#refusalsLogged++;
      this.#refusalsLoggedTotal++;
      this.#log.info({ sessionId: client.sessionId, seatId: client.userData?.seat.seatId, type, code }, `refused: ${reason}`);
    } else {
      this.#refusalsSuppressed++;
    }
    return result && !result.ok ? result : { ok: false, code: code as never, reason };
  }

  #flushRefusalSummary(): void {
    if (this.#refusalsSuppressed === 0) return;
    this.#log.info({ suppressed: this.#refusalsSuppressed }, `${this.#refusalsSuppressed} more refusals not logged`);
    this.#refusalsSuppressed = 0;
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
      this.#flushPatchBytes();
    }
    const ended = performance.now();
    addStepPhase("send", ended - sending);
    tickDuration.observe((ended - started) / 1000);
  }

  /** Adds the patch bytes sent since the last call to the `patchBytes` metric (one `inc` per step, not per frame). */
  #flushPatchBytes(): void {
    if (this.#patchBytesPending === 0) return;
    patchBytes.inc({ kind: "patch" }, this.#patchBytesPending);
    this.#patchBytesPending = 0;
  }

  /** Runs the step's ticks, projects, and sends the step's one patch; `started` is the step's `performance.now()`. */
  #stepAndPatch(started: number): void {
    const sim = this.#sim;
    if (sim.state.paused) {
      this.#tickBudget = 0;
      this.#broadcastEvents(sim.step()); // no time passes; drains events caused by commands
    } else {
      this.#tickBudget += (this.#options.timeScale * TICKS_PER_GAME_MINUTE) / ROOM_STEPS_PER_SECOND;
      const ticks = Math.min(Math.floor(this.#tickBudget), MAX_TICKS_PER_STEP);
      this.#tickBudget -= ticks;
      if (this.#tickBudget >= MAX_TICKS_PER_STEP) this.#tickBudget %= 1;
      for (let i = 0; i < ticks; i++) {
        this.#broadcastEvents(sim.step());
        if (sim.state.paused) { this.#tickBudget = 0; break; }
        if (awaitingPlayer(sim)) { this.#tickBudget = 0; break; } // a player's turn: one tick per step (turnProjection.ts)
      }
    }
    const simulated = performance.now();
    addStepPhase("simulation", simulated - started);
    this.#project(simulated);
    const projected = performance.now();
    addStepPhase("views", projected - this.#projectedAt);
    const t = sim.state.tick; // sim.clock()'s day and hour, without its object
    const day = Math.floor(t / TICKS_PER_GAME_DAY) + 1;
    const hour = Math.floor((t % TICKS_PER_GAME_DAY) / TICKS_PER_GAME_HOUR);
    if (day !== this.#lastDay || hour !== this.#lastHour || this.#openSeatsChanged()) this.#publishMetadata();
    patchCarriesViews(this.state, this.#viewList);
    this.broadcastPatch();
    addStepPhase("patch", performance.now() - projected);
  }

  /**
   * True when {@link DungeonRoom.openAdventurerSeats} would answer other ids, or the same in
   * another order, than the list last published; walks the party without allocating.
   */
  #openSeatsChanged(): boolean {
    const sim = this.#sim.state;
    const last = this.#lastOpenSeats;
    const party = sim.invasion.partyId ? sim.parties[sim.invasion.partyId] : undefined;
    if (!party) return last.length !== 0;
    const members = party.memberIds;
    let n = 0;
    for (let i = 0; i < members.length; i++) {
      const id = members[i]!;
      const u = sim.units[id];
      if (!u || !isActive(u) || this.#claimed.has(id)) continue;
      if (last[n] !== id) return true;
      n++;
    }
    return n !== last.length;
  }

  /** Projects the simulation, the adventurers' controllers, and every client's view; given the step's time after its ticks, times the projection and views phases. */
  #project(started?: number): void {
    projectState(this.state, this.#sim, this.#options.timeScale);
    if (started !== undefined) { this.#projectedAt = performance.now(); addStepPhase("projection", this.#projectedAt - started); }
    this.#ctx.invalidate();
    this.#projectControllers();
    const views = this.#viewList;
    for (let i = 0; i < views.length; i++) {
      const entry = views[i]!;
      // Skipped while nothing it may see has changed (views.ts ViewSignature).
      if (!entry.signature.changed(this.state, this.#ctx, entry.viewer, structureVersion)) continue;
      syncView(entry.view, this.state, this.#ctx, entry.viewer);
    }
  }

  /**
   * Writes the adventurers' `controller` (the seat playing each unit, as the simulation's
   * records hold it after the room's `seats` inputs) into the schema units. They change only with
   * the seats (every change goes through {@link DungeonRoom.#seatsChanged}) or the units (added
   * or removed: the units map's structure version). Skipped while neither changed.
   */
  #projectControllers(): void {
    const unitsVersion = structureVersion(this.state.units);
    const seatsChanged = this.#controllersSeatsVersion !== this.#seatsVersion;
    if (!seatsChanged && unitsVersion !== undefined && unitsVersion === this.#controllersUnitsVersion) return;
    this.#controllersUnitsVersion = unitsVersion;
    this.#controllersSeatsVersion = this.#seatsVersion;
    const records = this.#sim.state.units;
    this.state.units.forEach((u, id) => {
      const c = records[id]?.controller ?? "";
      if (u.controller !== c) u.controller = c;
    });
  }

  /** Gives `client` the shared view of its viewer, making and syncing it if it is the first. */
  #attachView(client: DungeonClient): void {
    const viewer = client.userData!.viewer;
    const key = viewerKey(viewer);
    let entry = this.#views.get(key);
    if (!entry) {
      const view = new StateView();
      initView(view, this.state, viewer);
      this.#ctx.invalidate();
      syncView(view, this.state, this.#ctx, viewer);
      // A fresh signature: the next step syncs the view again, as it always did.
      entry = { key, view, viewer, clients: 0, signature: new ViewSignature(), eventStamp: 0, eventSee: false };
      this.#views.set(key, entry);
      this.#viewList.push(entry);
    }
    entry.clients++;
    client.view = entry.view;
  }

  /** Releases `client`'s view; the last client of a view disposes it. */
  #detachView(client: DungeonClient): void {
    const viewer = client.userData?.viewer;
    if (!viewer || !client.view) return;
    const key = viewerKey(viewer);
    const entry = this.#views.get(key);
    if (!entry || entry.view !== client.view) { client.view.dispose(); return; }
    if (--entry.clients > 0) return;
    entry.view.dispose();
    this.#views.delete(key);
    this.#viewList.splice(this.#viewList.indexOf(entry), 1);
  }

  /**
   * Counts the bytes of the state frames sent to `client` (the `patchBytes` metric): full states
   * at once, patches summed per room and added at the end of the step that sent them
   * ({@link DungeonRoom.#flushPatchBytes}; the room sends patches only from its step).
   */
  #countBytes(client: DungeonClient): void {
    const raw = client.raw.bind(client) as (data: Uint8Array | Buffer, options?: unknown, cb?: unknown) => void;
    client.raw = ((data: Uint8Array | Buffer, options?: unknown, cb?: unknown) => {
      const code = data[0];
      if (code === Protocol.ROOM_STATE_PATCH) this.#patchBytesPending += data.length;
      else if (code === Protocol.ROOM_STATE) patchBytes.inc({ kind: "full" }, data.length);
      return raw(data, options, cb);
    }) as typeof client.raw;
  }

  /** Sends each event to the clients whose seat may see it (views.ts `eventVisible`). */
  #broadcastEvents(events: readonly unknown[]): void {
    if (events.length === 0) return;
    const ctx = this.#ctx;
    ctx.invalidate(); // the simulation just stepped
    for (const event of events) {
      const e = event as { type: string } & Record<string, unknown>;
      // Encoded once per event, visibility decided once per distinct viewer (per shared view).
      let bytes: Buffer | undefined;
      const stamp = ++this.#eventStamp;
      for (const client of this.clients) {
        const viewer = client.userData?.viewer;
        if (!viewer) continue;
        const entry = this.#views.get(viewerKey(viewer));
        let see: boolean;
        if (entry === undefined) see = eventVisible(ctx, viewer, e);
        else if (entry.eventStamp === stamp) see = entry.eventSee;
        else { see = eventVisible(ctx, viewer, e); entry.eventStamp = stamp; entry.eventSee = see; }
        if (see) client.enqueueRaw(bytes ??= getMessageBytes.raw(Protocol.ROOM_DATA, EVENT_MESSAGE, event));
      }
    }
  }

  /** Seats changed: counts in the state, the pause rule (INV-79), controllers, listing. */
  #seatsChanged(): void {
    this.#seatsVersion++;
    this.#claimed.clear();
    for (const s of this.#seats.values()) if (s.unitId) this.#claimed.add(s.unitId);
    this.state.keepers = this.#count("keeper", true);
    this.state.spectators = this.#count("spectator", true);
    this.state.adventurers = this.#count("adventurer");
    this.#sendSeatFacts();
    this.#project();
    this.#publishMetadata();
  }

  /**
   * Tells the simulation the seats' facts (connected keepers; every adventurer seat, its unit and
   * whether it is connected) as a `seats` input from the room, when they changed: the simulation
   * decides what follows (controllers, INV-79, keeperAway; sim/inputs/seats.ts).
   */
  #sendSeatFacts(): void {
    const adventurers = [];
    for (const s of this.#seats.values()) if (s.role === "adventurer" && s.unitId) adventurers.push({ seatId: s.seatId, unitId: s.unitId, connected: s.connected });
    const command = { type: "seats" as const, keepers: this.#count("keeper", true), adventurers };
    const facts = JSON.stringify(command);
    if (facts === this.#lastSeatFacts) return;
    this.#lastSeatFacts = facts;
    const result = this.#sim.enqueue({ kind: "room" }, command);
    if (!result.ok) this.#log.error({ code: result.code, reason: result.reason }, "seats input refused");
  }

  #publishMetadata(): void {
    const { day, hour } = this.#sim.clock();
    this.#lastDay = day;
    this.#lastHour = hour;
    const open = this.openAdventurerSeats();
    this.#lastOpenSeats = open;
    const metadata: DungeonMetadata = {
      map: this.#options.map,
      ruleset: this.#options.ruleset,
      day,
      hour,
      keepers: this.#count("keeper", true),
      spectators: this.#count("spectator", true),
      keeperSeats: this.#options.keeperSeats,
      adventurers: this.#count("adventurer"),
      openAdventurerSeats: open,
    };
    this.setMatchmaking({ metadata }).catch((err: unknown) => this.#log.warn({ err }, "could not publish matchmaking metadata"));
  }
}

