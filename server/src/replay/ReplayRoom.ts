import { Room, type Client, type RoomException, type RoomMethodName } from "@colyseus/core";
import { z } from "zod";
import {
  COMMAND_TYPES, DEFAULT_REPLAY_SPEED, MAX_REPLAY_SPEED, REPLAY_CONTROL_MESSAGE, REPLAY_STATUS_MESSAGE, ReplayControl,
  SEAT_MESSAGE, TICKS_PER_GAME_MINUTE,
  type CommandResult, type ReplayControlResult, type ReplayStatus, type SeatInfo,
} from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import type { Simulation } from "../sim/index.ts";
import { logger } from "../logger.ts";
import { RoomRefusal } from "../rooms/options.ts";
import { projectMap } from "../rooms/projection.ts";
import { RoomViews } from "../rooms/roomViews.ts";
import { MAX_TICKS_PER_STEP, ROOM_STEPS_PER_SECOND } from "../rooms/stepLoop.ts";
import type { Viewer } from "../rooms/views.ts";
import { seatViewer } from "../sim/views/index.ts";
import type { DungeonStore } from "../store/types.ts";
import { parseReplay, replayInputs, replaySimOptions, type ReplayFile } from "./format.ts";
import { ReplayAccessError, replayFromStore } from "./build.ts";
import { ACCESS_HTTP_STATUS } from "../rooms/access.ts";
import { Playback } from "./playback.ts";
import { currentSimulation } from "./currentSimulation.ts";

/** Largest replay file a client may send as the `file` create option, in characters (Colyseus' matchmaking body limit is 1 MiB). */
export const MAX_REPLAY_UPLOAD_CHARS = 1_000_000;

/**
 * Create options of a `replay` room: exactly one source, `dungeonId` (a stored dungeon's
 * replay, as `GET /dungeons/:id/replay` writes it; `keeperKey` for a private one) or `file` (a
 * replay file's text); `speed` (game minutes per real second, default {@link DEFAULT_REPLAY_SPEED});
 * `paused` (open paused, default false). The creator's join options (`role`, `name`) are accepted.
 */
export const ReplayCreateOptionsSchema = z.object({
  dungeonId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  keeperKey: z.string().min(1).max(128).optional(),
  file: z.string().min(1).max(MAX_REPLAY_UPLOAD_CHARS).optional(),
  speed: z.number().gt(0).max(MAX_REPLAY_SPEED).default(DEFAULT_REPLAY_SPEED),
  paused: z.boolean().default(false),
  role: z.literal("spectator").optional(),
  name: z.string().trim().min(1).max(64).optional(),
}).strict().refine((o) => (o.dungeonId === undefined) !== (o.file === undefined), { message: "give exactly one of dungeonId and file" });

type ReplayClient = Client<{ userData: { viewer: Viewer; seatId: string } }>;

/**
 * The `replay` room: plays a recorded game read-only (replay/playback.ts over the core's
 * simulation), to any number of spectators who see it through a live spectator's views (the
 * dungeon room's projection and `RoomViews`: what the keeper sees, or everything when the game
 * was created with `spectatorsSeeAll`) and hear the events a live spectator would.
 *
 * - Every command is refused `NOT_ALLOWED_FOR_ROLE` (a replay is read-only); nothing a client
 *   sends changes the game.
 * - Playback controls ({@link REPLAY_CONTROL_MESSAGE}: pause, resume, speed, seek) are obeyed
 *   from one viewer only, the controller: the client that opened the room, then, when it leaves,
 *   the viewer present longest (a named choice: one person drives a watch party; the others are
 *   refused `NOT_ALLOWED_FOR_ROLE`). Everyone gets the {@link REPLAY_STATUS_MESSAGE} after a change.
 * - Speed works like a dungeon's `timeScale`: each of the {@link ROOM_STEPS_PER_SECOND} steps a
 *   second plays `speed * TICKS_PER_GAME_MINUTE / ROOM_STEPS_PER_SECOND` ticks (at most
 *   MAX_TICKS_PER_STEP). Seeking back restarts from the nearest state kept while playing.
 * - At the end it stops (status `ended`); the room stays until its last viewer leaves.
 */
export class ReplayRoom extends Room<{ state: DungeonState; client: ReplayClient }> {
  override patchRate: number | null = null;
  override autoDispose = true;

  /** The store `dungeonId` sources are read from (set by {@link replayRoomWith}). */
  protected store(): DungeonStore | undefined { return undefined; }

  #log = logger;
  #playback!: Playback;
  #views!: RoomViews;
  #speed = DEFAULT_REPLAY_SPEED;
  #paused = false;
  #budget = 0;
  #error: string | undefined;
  #announcedEnd = false;
  #dungeonId: string | undefined;
  #viewer: Viewer = { kind: "keeper" };
  /** Session ids in joining order: the first is the controller. */
  readonly #order: string[] = [];
  #seats = 0;

  override async onCreate(raw: unknown): Promise<void> {
    const parsed = ReplayCreateOptionsSchema.safeParse(raw ?? {});
    if (!parsed.success) throw new RoomRefusal(`invalid replay options: ${parsed.error.issues.map((i) => `${i.path.join(".") || "options"}: ${i.message}`).join("; ")}`);
    const o = parsed.data;
    this.#log = logger.child({ roomId: this.roomId, replayOf: o.dungeonId ?? "file" });
    const file = await this.#load(o.dungeonId, o.keeperKey, o.file);
    this.#dungeonId = o.dungeonId;
    this.#speed = o.speed;
    this.#paused = o.paused;
    this.#playback = new Playback({ options: replaySimOptions(file.header), map: file.header.map, inputs: replayInputs(file), endTick: file.end.end });
    // A live spectator's viewer (the core's rule): the keeper's, or everything when the game let spectators see all.
    this.#viewer = seatViewer("spectator", undefined, file.header.options.spectatorsSeeAll === true);
    this.state = new DungeonState();
    const sim = currentSimulation(() => this.#playback.sim);
    projectMap(this.state, sim.state);
    this.#views = new RoomViews(this.state, sim, this.#speed);
    this.#project();

    for (const type of COMMAND_TYPES) {
      this.onMessage(type, (): CommandResult => ({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "a replay is read-only" }));
    }
    this.onMessage(REPLAY_CONTROL_MESSAGE, (client: ReplayClient, payload: unknown) => this.#control(client, payload));
    this.onMessage("*", () => { /* unknown message types are ignored */ });
    this.setFixedTimestep(() => this.#step(), ROOM_STEPS_PER_SECOND);
    this.patchRate = null;
    this.broadcastPatch();
    this.#log.info({ tick: this.#playback.tick, endTick: this.#playback.endTick, inputs: file.inputs.length, speed: this.#speed }, "replay opened");
  }

  override onJoin(client: ReplayClient): void {
    const seatId = `s${++this.#seats}`;
    client.userData = { viewer: this.#viewer, seatId };
    this.#views.attach(client);
    this.#order.push(client.sessionId);
    const info: SeatInfo = { seatId, role: "spectator" };
    client.send(SEAT_MESSAGE, info);
    client.send(REPLAY_STATUS_MESSAGE, this.status());
  }

  override onLeave(client: ReplayClient): void {
    this.#views.detach(client);
    const i = this.#order.indexOf(client.sessionId);
    if (i >= 0) this.#order.splice(i, 1);
    if (i === 0) this.#announce();
  }

  override onUncaughtException(error: RoomException, methodName: RoomMethodName): void {
    const cause = error.cause ?? error;
    if (cause instanceof RoomRefusal) {
      this.#log.info({ method: methodName }, `refused: ${(cause as Error).message}`);
      return;
    }
    this.#log.error({ err: cause, method: methodName }, `uncaught exception in ${methodName}: ${error.message}`);
  }

  /** Where playback stands now. */
  status(): ReplayStatus {
    const p = this.#playback;
    return {
      tick: p.tick, startTick: p.startTick, endTick: p.endTick, speed: this.#speed, paused: this.#paused, ended: p.ended,
      controller: this.#order[0] ?? "",
      ...(this.#dungeonId !== undefined ? { dungeonId: this.#dungeonId } : {}),
      ...(this.#error !== undefined ? { error: this.#error } : {}),
    };
  }

  /** The simulation being played (tests; read only). */
  get simulation(): Simulation { return this.#playback.sim; }

  /**
   * The replay file of the room's source.
   * @throws RoomRefusal with the message of what went wrong (a ReplayFormatError naming the line,
   *   a ReplayAccessError `UNKNOWN_DUNGEON: …`, a DungeonDataError…): Colyseus reads an error's
   *   `code` as the matchmaking error code, so the typed errors' string codes must not reach it.
   */
  async #load(dungeonId: string | undefined, keeperKey: string | undefined, text: string | undefined): Promise<ReplayFile> {
    try {
      if (text !== undefined) return parseReplay(text);
      const store = this.store();
      if (!store) throw new RoomRefusal("NO_STORE: this server keeps no dungeons (started without a store)", { status: ACCESS_HTTP_STATUS.NO_STORE });
      return await replayFromStore(store, dungeonId!, keeperKey, 0);
    } catch (err) {
      if (err instanceof RoomRefusal) throw err;
      // 404 / 401 / 403, the body's `error` starting with the code (not Colyseus' 523 of an unhandled error).
      if (err instanceof ReplayAccessError) throw new RoomRefusal(err.message, { cause: err, status: ACCESS_HTTP_STATUS[err.code] });
      throw new RoomRefusal((err as Error).message, { cause: err });
    }
  }

  #control(client: ReplayClient, payload: unknown): ReplayControlResult {
    if (this.#order[0] !== client.sessionId) return { ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "only the replay's controller (the viewer who opened it, then the longest present) may control playback" };
    const parsed = ReplayControl.safeParse(payload);
    if (!parsed.success) return { ok: false, code: "INVALID_COMMAND", reason: `invalid replay control: ${parsed.error.issues.map((i) => `${i.path.join(".") || "control"}: ${i.message}`).join("; ")}` };
    if (this.#error !== undefined) return { ok: false, code: "INVALID_COMMAND", reason: `the replay failed: ${this.#error}` };
    const c = parsed.data;
    if (c.action === "pause") this.#paused = true;
    else if (c.action === "resume") this.#paused = false;
    else if (c.action === "speed") { this.#speed = c.speed; this.#project(); }
    else {
      this.#budget = 0;
      this.#guard(() => this.#playback.seek(c.tick));
      this.#announcedEnd = this.#playback.ended;
      this.#project();
    }
    this.#announce();
    return { ok: true, status: this.status() };
  }

  /**
   * Projects the playback's simulation and the views (RoomViews), then the speed into the
   * clock's `timeScale`: RoomViews keeps the speed it was made with, so the room writes the
   * current one after it (the projection's shadow then leaves it alone).
   */
  #project(): void {
    this.#views.project(0);
    if (this.state.clock.timeScale !== this.#speed) this.state.clock.timeScale = this.#speed;
  }

  #step(): void {
    const p = this.#playback;
    if (!this.#paused && this.#error === undefined && !p.ended) {
      this.#budget += (this.#speed * TICKS_PER_GAME_MINUTE) / ROOM_STEPS_PER_SECOND;
      const ticks = Math.min(Math.floor(this.#budget), MAX_TICKS_PER_STEP);
      this.#budget -= ticks;
      if (this.#budget >= MAX_TICKS_PER_STEP) this.#budget %= 1;
      this.#guard(() => {
        for (let i = 0; i < ticks && !p.ended; i++) this.#views.broadcast(this.clients, p.step());
        if (p.ended) this.#views.broadcast(this.clients, p.step()); // the end tick's inputs
      });
    }
    this.#project();
    this.#views.markPatch();
    this.broadcastPatch();
    if (p.ended && !this.#announcedEnd) { this.#announcedEnd = true; this.#announce(); }
  }

  /** Runs playback work; a log that does not replay stops playback for good (status `error`). */
  #guard(run: () => unknown): void {
    try {
      run();
    } catch (err) {
      this.#error = (err as Error).message;
      this.#paused = true;
      this.#log.error({ err }, "replay failed");
      this.#announce();
    }
  }

  #announce(): void {
    this.broadcast(REPLAY_STATUS_MESSAGE, this.status());
  }
}

/**
 * The `replay` room class of a server: {@link ReplayRoom} reading `dungeonId` sources from the
 * server's store (`store()` is read at each creation; undefined = no store, such sources refused).
 * @example server.define(REPLAY_ROOM, replayRoomWith(() => store));
 */
export function replayRoomWith(store: () => DungeonStore | undefined): typeof ReplayRoom {
  return class extends ReplayRoom {
    protected override store(): DungeonStore | undefined { return store(); }
  };
}
