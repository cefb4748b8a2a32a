import { expect } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { Simulation, type SimulationOptions } from "../../src/sim/index.ts";
import { loadMap } from "../../src/maps.ts";

/** A simulation on the shipped default map. */
export function defaultSim(seed: number, options: Partial<SimulationOptions> = {}): Simulation {
  return Simulation.create({ seed, ruleset: "malignus", map: loadMap("default"), ...options });
}

/** Steps `sim` `ticks` times and returns every event. */
export function run(sim: Simulation, ticks: number): ReturnType<Simulation["step"]> {
  const all: ReturnType<Simulation["step"]> = [];
  for (let i = 0; i < ticks; i++) all.push(...sim.step());
  return all;
}

/**
 * The default dungeon (seed 7, `ruleset`, no pause on spot) played `ticks` ticks (default two game
 * days and 6,000 ticks) straight, and again in two halves with a snapshot restored between them:
 * asserts the restored copy's hash equals its source's at the half and the straight run's at the
 * end (replayable). Returns the straight run and its events.
 */
export function replayedDungeon(ruleset: RulesetId, ticks = 2 * 14_400 + 6_000): { straight: Simulation; events: ReturnType<Simulation["step"]> } {
  const straight = defaultSim(7, { ruleset, pauseOnSpot: false });
  const first = defaultSim(7, { ruleset, pauseOnSpot: false });
  const events = run(straight, ticks);
  run(first, ticks / 2);
  const restored = Simulation.restore(JSON.parse(JSON.stringify(first.snapshot())));
  expect(restored.hash()).toBe(first.hash());
  run(restored, ticks / 2);
  expect(restored.hash()).toBe(straight.hash());
  return { straight, events };
}
