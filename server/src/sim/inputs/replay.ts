import type { Simulation } from "../simulation.ts";
import type { MapDefinition } from "../world/map.ts";
import { createDungeonSimulation, type DungeonSimOptions } from "./create.ts";
import type { Input } from "./types.ts";

/** Options of {@link replay}. */
export interface ReplayOptions {
  /** Step on to this tick after the last input (ticks since day 1, 00:00); default: stop at the last input. */
  untilTick?: number;
  /** Called after every step with the simulation (e.g. to compare hashes on the way). */
  onTick?: (sim: Simulation) => void;
  /** Sets `sim.checkpointEvery` (ticks) before the first step; default 0 (none). */
  checkpointEvery?: number;
}

/**
 * Replays a game headless from what defines it: creates the dungeon as the room did
 * ({@link createDungeonSimulation}), then for each input steps until `sim.tick === input.tick`
 * and enqueues it from its actor; finally steps to `untilTick`. Pure.
 *
 * @returns the simulation after the replay (its `inputLog` equals `inputs`).
 * @throws Error when the log is inconsistent with the game it replays: an input's tick is
 *   already past, the clock is paused before an input's tick or `untilTick`, or an input is
 *   refused.
 * @example
 * const sim = replay(room.createOptions, loadMap(room.createOptions.map), room.inputLog, { untilTick: room.simulation.tick });
 * expect(sim.hash()).toBe(room.simulation.hash());
 */
export function replay(options: DungeonSimOptions, map: MapDefinition, inputs: readonly Input[], replayOptions: ReplayOptions = {}): Simulation {
  const sim = createDungeonSimulation(options, map);
  sim.checkpointEvery = replayOptions.checkpointEvery ?? 0;
  const stepTo = (tick: number, what: string): void => {
    while (sim.tick < tick) {
      if (sim.state.paused) throw new Error(`replay: paused at tick ${sim.tick} before ${what} at tick ${tick}: the log is inconsistent`);
      sim.step();
      replayOptions.onTick?.(sim);
    }
  };
  inputs.forEach((input, i) => {
    if (sim.tick > input.tick) throw new Error(`replay: input ${i} (${input.command.type}) is at tick ${input.tick}, already past (tick ${sim.tick})`);
    stepTo(input.tick, `input ${i} (${input.command.type})`);
    const result = sim.enqueue(input.actor, input.command);
    if (!result.ok) throw new Error(`replay: input ${i} (${input.command.type}) at tick ${input.tick} was refused: ${result.code} ${result.reason}`);
  });
  if (replayOptions.untilTick !== undefined) stepTo(replayOptions.untilTick, "the end");
  return sim;
}
