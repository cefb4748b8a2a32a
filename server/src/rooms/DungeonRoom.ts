import { Room, type Client, type RoomException, type RoomMethodName } from "@colyseus/core";
import {
  COMMAND_TYPES, COMMANDS, DungeonState, EVENT_MESSAGE, TICKS_PER_GAME_MINUTE,
  type Command, type CommandResult, type CommandType, type Role,
} from "@malignus/shared";
import { Simulation } from "../sim/index.ts";
import { loadMap } from "../maps.ts";
import { logger } from "../logger.ts";
import { RoomRefusal, parseCreateOptions, parseJoinOptions, type DungeonMetadata, type DungeonOptions } from "./options.ts";
import { projectMap, projectState } from "./projection.ts";

/** Room steps per real second (`setFixedTimestep` rate). */
export const ROOM_STEPS_PER_SECOND = 10;
/** Most simulation ticks run in one room step, so a step stays short (the backlog is dropped). */
export const MAX_TICKS_PER_STEP = 2000;
/** State patch interval in milliseconds (20 Hz). */
export const PATCH_RATE_MS = 50;
/** Keepers allowed per dungeon. */
export const MAX_KEEPERS = 1;

/** What the room keeps about each client. */
export interface DungeonClientData { role: Role; name: string | undefined }

type DungeonClient = Client<{ userData: DungeonClientData }>;

/**
 * The `dungeon` room: one live dungeon. It owns a {@link Simulation}, runs it with
 * `setFixedTimestep` at {@link ROOM_STEPS_PER_SECOND} Hz (each step runs
 * `timeScale * TICKS_PER_GAME_MINUTE / ROOM_STEPS_PER_SECOND` ticks on average, capped by
 * {@link MAX_TICKS_PER_STEP}), broadcasts every simulation event as an `event` message, and
 * projects the simulation into the {@link DungeonState} schema once per step.
 *
 * Create options: see options.ts (a bad option makes the create fail with
 * `invalid dungeon options: …`). Join options: `role` (`keeper`, at most {@link MAX_KEEPERS};
 * or `spectator`, the default) and `name`. Each keeper command is a request whose answer is the
 * simulation's {@link CommandResult}; spectators get `NOT_ALLOWED_FOR_ROLE`. A payload failing
 * its validator disconnects the client (Colyseus close code 4002).
 */
export class DungeonRoom extends Room<{ state: DungeonState; metadata: DungeonMetadata; client: DungeonClient }> {
  override patchRate = PATCH_RATE_MS;

  #sim!: Simulation;
  #options!: DungeonOptions;
  #tickBudget = 0;
  #keepers = 0;
  #spectators = 0;
  #lastDay = 0;
  #lastHour = -1;
  #log = logger;

  override onCreate(rawOptions: unknown): void {
    const options = parseCreateOptions(rawOptions);
    this.#options = options;
    this.#log = logger.child({ roomId: this.roomId });
    const map = loadMap(options.map);
    this.#sim = Simulation.create({
      seed: options.seed, ruleset: options.ruleset, map, pauseOnSpot: options.pauseOnSpot,
    });
    this.#log.info({ ...options }, "dungeon created");

    this.state = new DungeonState();
    projectMap(this.state, this.#sim.state);
    projectState(this.state, this.#sim, options.timeScale);

    for (const type of COMMAND_TYPES) {
      this.onMessage(type, COMMANDS[type], (client: DungeonClient, payload: unknown) => this.#command(client, type, payload));
    }

    this.setFixedTimestep(() => this.#step(), ROOM_STEPS_PER_SECOND);
    this.#publishMetadata();
  }

  override onJoin(client: DungeonClient, rawOptions?: unknown): void {
    const { role, name } = parseJoinOptions(rawOptions);
    if (role === "keeper" && this.#keepers >= MAX_KEEPERS) {
      throw new RoomRefusal(`this dungeon already has a keeper (at most ${MAX_KEEPERS}); join as a spectator`);
    }
    client.userData = { role, name };
    if (role === "keeper") this.#keepers++;
    else this.#spectators++;
    this.#log.info({ sessionId: client.sessionId, role, name }, "client joined");
    this.#rolesChanged();
  }

  override onLeave(client: DungeonClient, code?: number): void {
    const role = client.userData?.role;
    if (role === "keeper") this.#keepers--;
    else if (role === "spectator") this.#spectators--;
    this.#log.info({ sessionId: client.sessionId, role, code }, "client left");
    if (role) this.#rolesChanged();
  }

  override onDispose(): void {
    this.#log.info({ tick: this.#sim?.state.tick, hash: this.#sim?.hash() }, "dungeon disposed");
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

  #command(client: DungeonClient, type: CommandType, payload: unknown): CommandResult {
    const role = client.userData?.role;
    if (role !== "keeper") {
      const refused: CommandResult = { ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "spectators cannot send commands" };
      this.#log.debug({ sessionId: client.sessionId, type, code: refused.code }, "command refused");
      return refused;
    }
    try {
      const result = this.#sim.apply({ type, ...(payload as object) } as Command);
      if (result.ok) {
        // Show the command's effect now rather than at the next step.
        projectState(this.state, this.#sim, this.#options.timeScale);
      } else {
        this.#log.debug({ sessionId: client.sessionId, type, payload, ...result }, "command refused");
      }
      return result;
    } catch (err) {
      this.#log.error({ err, sessionId: client.sessionId, type, payload }, "command threw");
      return { ok: false, code: "INVALID_COMMAND", reason: "the server failed to apply this command" };
    }
  }

  #step(): void {
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
      }
    }
    projectState(this.state, sim, this.#options.timeScale);
    const { day, hour } = sim.clock();
    if (day !== this.#lastDay || hour !== this.#lastHour) this.#publishMetadata();
  }

  #broadcastEvents(events: readonly unknown[]): void {
    for (const event of events) this.broadcast(EVENT_MESSAGE, event);
  }

  #rolesChanged(): void {
    this.state.keepers = this.#keepers;
    this.state.spectators = this.#spectators;
    this.#publishMetadata();
  }

  #publishMetadata(): void {
    const { day, hour } = this.#sim.clock();
    this.#lastDay = day;
    this.#lastHour = hour;
    const metadata: DungeonMetadata = {
      map: this.#options.map,
      ruleset: this.#options.ruleset,
      day,
      hour,
      keepers: this.#keepers,
      spectators: this.#spectators,
    };
    this.setMatchmaking({ metadata }).catch((err: unknown) => this.#log.warn({ err }, "could not publish matchmaking metadata"));
  }
}
