import {
  TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, TICKS_PER_GAME_MINUTE,
  type CheckedCommand, type Command, type CommandResult, type RulesetId, type SimEvent,
} from "@malignus/shared";
import { Rng } from "./rng.ts";
import { fnv1a64 } from "./hash.ts";
import type { SimState, UnitRecord } from "./state.ts";
import type { MapDefinition } from "./world/map.ts";
import type { RoomRuleset } from "./combat/ruleset.ts";
import { rulesetFor } from "./combat/rulesets.ts";
import { DEFAULT_D100_OPTIONS, type D100Options } from "./combat/d100/constants.ts";
import { spawnFromMap } from "./world/spawn.ts";
import { applyInput, type InputPayloadCheck } from "./inputs/apply.ts";
import type { Actor, Checkpoint, Input, InputCommand } from "./inputs/types.ts";
import { SYSTEMS, createSystemHooks } from "./systems.ts";
import type { WorldHooks } from "./world/hooks.ts";
import { createInvasionRecord } from "./invasions/schedule.ts";
import { createTreasure } from "./invasions/loot.ts";
import { createDoorMemory, createDoorsFromMap } from "./doors/doors.ts";
import { newWiringMemo, type WiringMemo } from "./traps/network.ts";
import { beginTick, endTick } from "./world/unitIndex.ts";
import { ChangeLog, beginChangeCheck, endChangeCheck } from "./changes.ts";

/** Options to create a simulation. */
export interface SimulationOptions {
  /** 32-bit seed of every random draw. */
  seed: number;
  /** The room's combat ruleset (CMB seam). */
  ruleset: RulesetId;
  /** A parsed map (see world/map.ts `parseMap`). */
  map: MapDefinition;
  /** Pause the clock when the keeper spots a party (INV-79). Default true. */
  pauseOnSpot?: boolean;
  /** d100 rooms: the ruleset's room options (combat/d100/constants.ts `D100Options`); defaults when absent. */
  d100?: Partial<D100Options>;
}

/** An event without its tick: systems emit these and the simulation stamps the tick. */
export type EventInput = SimEvent extends infer E ? E extends SimEvent ? Omit<E, "tick"> : never : never;

/**
 * The actor of {@link Simulation.apply}: a keeper's seat named `k0` (headless runs and tests; a
 * room's seats count from `k1`).
 */
export const HEADLESS_KEEPER: Actor = Object.freeze({ kind: "keeper", seatId: "k0" });

/**
 * One live dungeon as a deterministic simulation: plain TypeScript with no Colyseus, no I/O and
 * no wall clock. `step()` advances one tick (TICKS_PER_GAME_MINUTE ticks per game minute).
 * Everything from outside is an input handed to {@link Simulation.enqueue} between steps (at a
 * tick boundary) and kept in {@link Simulation.inputLog}: the same create options, seed and
 * log give the same state hash at any speed (inputs/replay.ts).
 *
 * @example
 * ```ts
 * const sim = Simulation.create({ seed: 42, ruleset: "malignus", map: parseMap("default", text) });
 * sim.enqueue({ kind: "keeper", seatId: "k1" }, { type: "placePart", kind: "pressurePlate", x: 5, y: 15 });
 * for (let i = 0; i < 1000; i++) for (const e of sim.step()) console.log(e);
 * console.log(sim.hash(), sim.inputLog.length);
 * ```
 */
export class Simulation {
  /** The whole state; systems mutate it in place. Read-only for everyone else. */
  readonly state: SimState;
  /** The random source; its state is copied into `state.rng` on snapshot. */
  readonly rng: Rng;
  /** The combat ruleset chosen by the room. */
  readonly ruleset: RoomRuleset;
  /**
   * The wiring revision and what is cached by it (traps/network.ts `wiringRevision`,
   * `cableNetworks`): outside the state, so never hashed nor in snapshots; a restored simulation
   * starts with a revision never seen before. Only traps/network.ts and its readers touch it.
   */
  readonly wiring: WiringMemo = newWiringMemo();
  /**
   * What the systems do when world/ moves a unit (world/hooks.ts), registered at creation
   * (systems.ts `createSystemHooks`): functions, outside the state, never hashed nor snapshot.
   */
  readonly hooks: WorldHooks = createSystemHooks();
  /**
   * Which records inputs and ticks added, changed or removed since the room's projection last
   * took them (sim/changes.ts, issue 20 part 2): outside the state, never hashed nor snapshot;
   * a new or restored simulation starts with "everything changed".
   */
  readonly changes: ChangeLog = new ChangeLog();
  #events: SimEvent[] = [];
  readonly #inputLog: Input[] = [];
  readonly #checkpoints: Checkpoint[] = [];
  /**
   * Records `{ tick, hash }` in {@link Simulation.checkpoints} after every tick that is a multiple
   * of this many ticks; 0 (the default) records none. Hashing walks the whole state: keep it off
   * where speed matters.
   */
  checkpointEvery = 0;

  private constructor(state: SimState) {
    this.state = state;
    this.rng = new Rng(state.rng);
    this.ruleset = rulesetFor(state.ruleset);
  }

  /** A new dungeon on day 1 at 00:00 with the map's units spawned. */
  static create(options: SimulationOptions): Simulation {
    const seed = options.seed | 0;
    const state: SimState = {
      version: 1,
      seed,
      ruleset: options.ruleset,
      tick: 0,
      paused: false,
      pauseOnSpot: options.pauseOnSpot ?? true,
      rng: new Rng(seed).getState(),
      nextId: 1,
      map: structuredClone(options.map.map),
      metal: 40,
      units: {},
      parts: {},
      cables: {},
      pendingFirings: [],
      effects: {},
      lairs: {},
      invasion: createInvasionRecord(),
      parties: {},
      knowledge: {},
      treasure: createTreasure(options.map.map),
      guardPosts: {},
      altars: {},
      traces: {},
      doors: {},
      doorMemory: createDoorMemory(),
      ...(options.d100 ? { d100Options: { ...DEFAULT_D100_OPTIONS, ...options.d100 } } : {}),
    };
    const sim = new Simulation(state);
    spawnFromMap(sim, options.map.spawns);
    createDoorsFromMap(sim);
    sim.state.invasion.dueTick = sim.firstInvasionTick();
    sim.#syncRng();
    sim.#events.length = 0;
    return sim;
  }

  /**
   * A simulation that continues exactly from a snapshot.
   * @throws Error when the snapshot's version is not 1.
   */
  static restore(snapshot: SimState): Simulation {
    if (snapshot.version !== 1) throw new Error(`unsupported snapshot version ${String(snapshot.version)}`);
    return new Simulation(structuredClone(snapshot));
  }

  /** A deep, JSON-safe copy of the whole state. */
  snapshot(): SimState {
    this.#syncRng();
    return structuredClone(this.state);
  }

  /** FNV-1a 64 hash (16 hex digits) of the canonical JSON of the state. */
  hash(): string {
    this.#syncRng();
    return fnv1a64(JSON.stringify(this.state));
  }

  /** Ticks elapsed since day 1, 00:00. */
  get tick(): number { return this.state.tick; }

  /** The game time of the current tick: `day` from 1, `hour` 0–23, `minute` 0–59. */
  clock(): { day: number; hour: number; minute: number } {
    const t = this.state.tick;
    return {
      day: Math.floor(t / TICKS_PER_GAME_DAY) + 1,
      hour: Math.floor((t % TICKS_PER_GAME_DAY) / TICKS_PER_GAME_HOUR),
      minute: Math.floor((t % TICKS_PER_GAME_HOUR) / TICKS_PER_GAME_MINUTE),
    };
  }

  /**
   * The one way anything outside changes the simulation: applies `command` from `actor` at the
   * boundary before the next tick and answers it (inputs/apply.ts: a room input only from the
   * room; a client command known, allowed to the actor's role and naming only an adventurer
   * seat's own unit, then its handler's rules). Accepted, it is appended to
   * {@link Simulation.inputLog} stamped with the current tick; refused, nothing changes and
   * nothing is logged. Events it causes are returned by the next `step()` (or `drainEvents()`).
   * Call it between steps only (the room does). A client command's fields are checked here
   * (inputs/apply.ts, the gate's `"fields"` check): replays, tests and headless callers come
   * here; the room's gate, whose transport parsed the payload already, calls
   * {@link Simulation.enqueueChecked}.
   */
  enqueue(actor: Actor, command: InputCommand): CommandResult {
    return this.#enqueue(actor, command, "fields");
  }

  /**
   * {@link Simulation.enqueue} for a command that passed shared `gateCommand` (the room's gate,
   * rooms/gate.ts: its transport parsed the payload with the command's validator), so its payload
   * is not parsed a second time. The same rules, answer and input log otherwise.
   */
  enqueueChecked(actor: Actor, command: CheckedCommand): CommandResult {
    return this.#enqueue(actor, command, "none");
  }

  #enqueue(actor: Actor, command: InputCommand, payload: InputPayloadCheck): CommandResult {
    const tick = this.state.tick;
    const probe = beginChangeCheck(this); // tests: every change marked (sim/changes.ts)
    const result = applyInput(this, actor, command, payload);
    endChangeCheck(this, probe, `input ${command.type} at tick ${tick}`);
    if (result.ok) this.#inputLog.push({ tick, actor, command: structuredClone(command) });
    return result;
  }

  /** Shorthand for {@link Simulation.enqueue} from the headless keeper ({@link HEADLESS_KEEPER}); logged the same. */
  apply(command: Command): CommandResult {
    return this.enqueue(HEADLESS_KEEPER, command);
  }

  /**
   * Every accepted input since this simulation was created (a restored one starts empty), in
   * the order applied, each with its tick and actor.
   */
  get inputLog(): readonly Input[] { return this.#inputLog; }

  /** The state hashes recorded every {@link Simulation.checkpointEvery} ticks, oldest first. */
  get checkpoints(): readonly Checkpoint[] { return this.#checkpoints; }

  /**
   * Advances one tick, running every system in order; while paused no time passes (inputs still
   * apply between steps). Records a checkpoint when the new tick is a multiple of
   * {@link Simulation.checkpointEvery}.
   * @returns the events of this tick, including those caused by inputs since the last step.
   */
  step(): SimEvent[] {
    if (!this.state.paused) {
      this.state.tick++;
      beginTick(this); // issue 20: the unit index (world/unitIndex.ts)
      const probe = beginChangeCheck(this); // tests: every change marked (sim/changes.ts)
      let ran = false;
      try {
        for (const system of SYSTEMS) system(this);
        ran = true;
      } finally {
        endTick(this, ran);
      }
      endChangeCheck(this, probe, `tick ${this.state.tick}`);
      const every = this.checkpointEvery;
      if (every > 0 && this.state.tick % every === 0) this.#checkpoints.push({ tick: this.state.tick, hash: this.hash() });
    }
    return this.drainEvents();
  }

  /** Takes the events emitted since the last drain. */
  drainEvents(): SimEvent[] {
    const out = this.#events;
    this.#events = [];
    return out;
  }

  /** Emits a domain event stamped with the current tick. */
  emit(event: EventInput): void {
    this.#events.push({ ...event, tick: this.state.tick } as SimEvent);
  }

  /** A fresh entity id. */
  newId(): string {
    return String(this.state.nextId++);
  }

  /** The unit with `id`, or undefined. */
  unit(id: string): UnitRecord | undefined {
    return this.state.units[id];
  }

  /** Pauses the clock (INV-79) with a reason clients can show. No-op when already paused. */
  pause(reason: string): void {
    if (this.state.paused) return;
    this.state.paused = true;
    this.emit({ type: "paused", reason });
  }

  /** Resumes the clock. No-op when not paused. */
  resume(reason: string): void {
    if (!this.state.paused) return;
    this.state.paused = false;
    this.emit({ type: "resumed", reason });
  }

  /** The tick of the first invasion: day 2 at a random hour (INV-10). */
  private firstInvasionTick(): number {
    return TICKS_PER_GAME_DAY + this.rng.int(0, 23) * TICKS_PER_GAME_HOUR;
  }

  #syncRng(): void {
    this.state.rng = this.rng.getState();
  }
}
