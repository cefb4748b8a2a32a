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
