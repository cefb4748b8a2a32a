import { TICKS_PER_GAME_HOUR } from "@malignus/shared";
import type { Simulation } from "./simulation.ts";

/** Emits an `hour` event at the start of every game hour. */
export function stepClock(sim: Simulation): void {
  if (sim.state.tick % TICKS_PER_GAME_HOUR === 0) {
    const { day, hour } = sim.clock();
    sim.emit({ type: "hour", day, hour });
  }
}
