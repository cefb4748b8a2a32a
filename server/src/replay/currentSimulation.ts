import type { Simulation } from "../sim/index.ts";

/**
 * A stand-in for "whichever simulation the playback holds now": every property read is
 * forwarded to `current()` (getters run on it, methods are bound to it, so its private fields
 * work). The replay room hands it to the dungeon room's `RoomViews`, which keeps one simulation
 * for its life, while a seek back replaces the playback's simulation (replay/playback.ts): the
 * views, their StateViews and every client's view then stay as they are, and the next projection
 * mirrors the new simulation into the same schema. Read-only: writes are refused.
 * @example const sim = currentSimulation(() => playback.sim); new RoomViews(state, sim, speed);
 */
export function currentSimulation(current: () => Simulation): Simulation {
  return new Proxy(current(), {
    get(_target, prop) {
      const sim = current();
      const value: unknown = Reflect.get(sim, prop, sim);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(sim) : value;
    },
    has(_target, prop) { return Reflect.has(current(), prop); },
    set() { throw new TypeError("currentSimulation: read-only"); },
  });
}
