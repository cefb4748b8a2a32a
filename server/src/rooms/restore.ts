import { Simulation, createDungeonSimulation, type DungeonSimOptions, type SimState } from "../sim/index.ts";
import type { MapDefinition } from "../sim/world/map.ts";
import { DungeonDataError, type LoadedDungeon } from "../store/types.ts";

/**
 * Rebuilds a stored dungeon's simulation from what `store.load` returned: its latest snapshot
 * (`Simulation.restore`), or a new dungeon from its create options when there is none
 * (`createDungeonSimulation`, as the room created it), then every input after the snapshot
 * replayed as the room applied it: step to the input's tick, enqueue it from its actor. The
 * restored simulation's `inputLog` holds those inputs, so the room's next input has seq
 * `(snapshot?.nextSeq ?? 0) + inputLog.length`. Then its hash must equal the record's (the
 * hash after the last logged input, or the later snapshot's).
 * @throws DungeonDataError `corrupt-input` (an input's tick already past, the clock paused
 *   before it, or the input refused: the log does not fit the snapshot), `hash-mismatch` (the
 *   restored state differs from the stored hash), `unknown-format` (a snapshot version the
 *   simulation refuses).
 */
export function restoreSimulation(loaded: LoadedDungeon, simOptions: DungeonSimOptions, map: MapDefinition): Simulation {
  const id = loaded.record.dungeonId;
  let sim: Simulation;
  try {
    sim = loaded.snapshot ? Simulation.restore(loaded.snapshot.state as SimState) : createDungeonSimulation(simOptions, map);
  } catch (err) {
    throw new DungeonDataError(id, "unknown-format", (err as Error).message);
  }
  for (const { seq, input } of loaded.inputs) {
    if (sim.tick > input.tick) throw new DungeonDataError(id, "corrupt-input", `input seq ${seq} is at tick ${input.tick}, before the restored tick ${sim.tick}`);
    while (sim.tick < input.tick) {
      if (sim.state.paused) throw new DungeonDataError(id, "corrupt-input", `paused at tick ${sim.tick} before input seq ${seq} at tick ${input.tick}`);
      sim.step();
    }
    const result = sim.enqueue(input.actor, input.command);
    if (!result.ok) throw new DungeonDataError(id, "corrupt-input", `input seq ${seq} (${input.command.type}) refused on replay: ${result.code} ${result.reason}`);
  }
  sim.drainEvents(); // nobody hears a restore's events
  const expected = loaded.record.hash;
  if (expected !== "") {
    const actual = sim.hash();
    if (actual !== expected) throw new DungeonDataError(id, "hash-mismatch", `restored state hash ${actual} at tick ${sim.tick}, stored ${expected} at tick ${loaded.record.tick}`);
  }
  return sim;
}
