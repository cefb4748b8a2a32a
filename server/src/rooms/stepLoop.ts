import { TICKS_PER_GAME_MINUTE, type SimEvent } from "@malignus/shared";
import type { Simulation } from "../sim/index.ts";
import { awaitingPlayer } from "./turnProjection.ts";

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

/**
 * The room's tick budget: how many simulation ticks each room step runs. Each step adds
 * `timeScale * TICKS_PER_GAME_MINUTE / ROOM_STEPS_PER_SECOND` ticks (fractions carry over) and
 * runs the whole ticks, at most {@link MAX_TICKS_PER_STEP} (a larger backlog is dropped). While
 * paused no time passes; a step stops early when the clock pauses or a player's turn waits
 * (turnProjection.ts `awaitingPlayer`: one tick per step then), and the budget is dropped.
 */
export class StepLoop {
  readonly #timeScale: number;
  #budget = 0;

  /** @param timeScale game minutes per real second. */
  constructor(timeScale: number) {
    this.#timeScale = timeScale;
  }

  /** Runs one room step's ticks on `sim`, handing each tick's events to `onEvents` (a paused step drains the inputs' events). */
  run(sim: Simulation, onEvents: (events: readonly SimEvent[]) => void): void {
    if (sim.state.paused) {
      this.#budget = 0;
      onEvents(sim.step()); // no time passes; drains events caused by inputs
      return;
    }
    this.#budget += (this.#timeScale * TICKS_PER_GAME_MINUTE) / ROOM_STEPS_PER_SECOND;
    const ticks = Math.min(Math.floor(this.#budget), MAX_TICKS_PER_STEP);
    this.#budget -= ticks;
    if (this.#budget >= MAX_TICKS_PER_STEP) this.#budget %= 1;
    for (let i = 0; i < ticks; i++) {
      onEvents(sim.step());
      if (sim.state.paused) { this.#budget = 0; break; }
      if (awaitingPlayer(sim)) { this.#budget = 0; break; } // a player's turn: one tick per step (turnProjection.ts)
    }
  }
}
