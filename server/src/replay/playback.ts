import type { SimEvent } from "@malignus/shared";
import { createDungeonSimulation, parseMap, Simulation, type DungeonSimOptions, type Input, type MapDefinition, type SimState } from "../sim/index.ts";

/** While playing, the state is kept every this many ticks (a multiple of it), so a seek back restarts near its target. */
export const PLAYBACK_CACHE_EVERY_TICKS = 5000;
/** Most states a playback keeps for seeking back (beyond it, a seek back re-runs from the nearest kept one). */
export const MAX_PLAYBACK_CACHED_STATES = 64;

/** What a {@link Playback} plays: what defines a game, and the tick it ends at. */
export interface PlaybackSource {
  options: DungeonSimOptions;
  /** The map's name and text (a file of server/maps). */
  map: { name: string; text: string };
  inputs: readonly Input[];
  /** The tick the game ends at (≥ the last input's tick). */
  endTick: number;
}

/** A state kept for seeking: after tick `tick`'s systems ran, before the inputs logged at that tick (`next` = the first of them). */
interface Kept { tick: number; next: number; state: SimState }

/**
 * A game played back tick by tick from its create options, map and input log, exactly as the
 * core's `replay()` (sim/inputs/replay.ts) re-runs it: each input is enqueued from its actor when
 * the simulation's tick equals its tick, before the next step. Unlike `replay()` it stops
 * anywhere, and {@link Playback.seek}s both ways (back: from the nearest kept state, else
 * from the start). No Colyseus, no I/O: the replay room (ReplayRoom.ts) and the replay file
 * writer (build.ts) drive it.
 *
 * A position is a tick `t` with the state after tick `t`'s systems ran and before the inputs
 * logged at `t` (the same moment as a simulation checkpoint), except at the end: there, every
 * input is applied.
 *
 * @example
 * const p = new Playback({ options, map: { name: "default", text }, inputs, endTick: 4200 });
 * p.seek(1000); p.sim.hash(); // the checkpoint hash at tick 1000
 * while (!p.ended) p.step();
 */
export class Playback {
  readonly source: PlaybackSource;
  readonly #map: MapDefinition;
  #sim: Simulation;
  /** Index of the next input to apply. */
  #next = 0;
  readonly #kept: Kept[] = [];
  /** The tick playback started at (after creation; `skipToInvasion` starts later than 0). */
  readonly startTick: number;

  /**
   * @throws Error when the map text does not parse, or an input's tick is before the start tick.
   */
  constructor(source: PlaybackSource) {
    this.source = source;
    this.#map = parseMap(source.map.name, source.map.text);
    this.#sim = createDungeonSimulation(source.options, this.#map);
    this.startTick = this.#sim.tick;
    const first = source.inputs[0];
    if (first && first.tick < this.startTick) throw new Error(`replay: input 0 (${first.command.type}) is at tick ${first.tick}, before the dungeon's first tick ${this.startTick}`);
    this.#kept.push({ tick: this.startTick, next: 0, state: this.#sim.snapshot() });
  }

  /** The simulation at the current position (read it; change it only through the playback). */
  get sim(): Simulation { return this.#sim; }
  /** The current tick (ticks since day 1, 00:00). */
  get tick(): number { return this.#sim.tick; }
  /** The tick the game ends at. */
  get endTick(): number { return this.source.endTick; }
  /** How many inputs are applied so far. */
  get applied(): number { return this.#next; }
  /** True at the end: the end tick reached and every input applied. */
  get ended(): boolean { return this.#sim.tick >= this.source.endTick && this.#next >= this.source.inputs.length; }

  /**
   * Applies the inputs logged at the current tick, then runs one tick (none at the end).
   * @returns the events of those inputs and that tick.
   * @throws Error when the log is inconsistent with the game (an input refused, an input's tick
   *   already past, or the clock paused with no input to resume it): the same refusals as `replay()`.
   */
  step(): SimEvent[] {
    this.#applyDue();
    const sim = this.#sim;
    if (sim.tick >= this.source.endTick) return sim.drainEvents();
    if (sim.state.paused) {
      const next = this.source.inputs[this.#next];
      throw new Error(`replay: paused at tick ${sim.tick} before ${next ? `input ${this.#next} (${next.command.type}) at tick ${next.tick}` : `the end at tick ${this.source.endTick}`}: the log is inconsistent`);
    }
    const events = sim.step();
    if (sim.tick % PLAYBACK_CACHE_EVERY_TICKS === 0 && this.#kept.length < MAX_PLAYBACK_CACHED_STATES && this.#kept.at(-1)!.tick < sim.tick) {
      this.#kept.push({ tick: sim.tick, next: this.#next, state: sim.snapshot() });
    }
    if (this.ended || sim.tick >= this.source.endTick) this.#applyDue();
    return events;
  }

  /**
   * Moves to tick `target` (clamped to the start and end ticks): forward by stepping; back by
   * restoring the nearest kept state at or before it, then stepping. Events on the way are
   * dropped (nobody hears them). The simulation object changes when seeking back: read
   * {@link Playback.sim} again.
   * @returns true when the simulation object was replaced (callers holding it re-attach).
   * @throws Error as {@link Playback.step} does.
   */
  seek(target: number): boolean {
    const tick = Math.max(this.startTick, Math.min(Math.floor(target), this.source.endTick));
    let replaced = false;
    if (tick < this.#sim.tick || (tick === this.#sim.tick && this.#next > this.#firstInputAt(tick))) {
      let kept = this.#kept[0]!;
      for (const k of this.#kept) if (k.tick <= tick) kept = k;
      this.#sim = Simulation.restore(kept.state);
      this.#next = kept.next;
      replaced = true;
    }
    while (this.#sim.tick < tick) this.step();
    this.#sim.drainEvents();
    if (tick >= this.source.endTick) this.#applyDue();
    this.#sim.drainEvents();
    return replaced;
  }

  /** Index of the first input logged at `tick` or later. */
  #firstInputAt(tick: number): number {
    const inputs = this.source.inputs;
    let i = 0;
    while (i < inputs.length && inputs[i]!.tick < tick) i++;
    return i;
  }

  /** Applies the inputs logged at the current tick (refused or past ones: the log is inconsistent). */
  #applyDue(): void {
    const inputs = this.source.inputs;
    const sim = this.#sim;
    while (this.#next < inputs.length) {
      const input = inputs[this.#next]!;
      if (input.tick > sim.tick) return;
      if (input.tick < sim.tick) throw new Error(`replay: input ${this.#next} (${input.command.type}) is at tick ${input.tick}, already past (tick ${sim.tick})`);
      const result = sim.enqueue(input.actor, input.command);
      if (!result.ok) throw new Error(`replay: input ${this.#next} (${input.command.type}) at tick ${input.tick} was refused: ${result.code} ${result.reason}`);
      this.#next++;
    }
  }
}
