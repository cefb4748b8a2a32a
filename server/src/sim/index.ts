/**
 * The simulation core: a deterministic dungeon that never imports Colyseus, Node I/O or the
 * wall clock. Rooms adapt it; tests and benchmarks step it headless.
 */
export { Simulation, type SimulationOptions, type EventInput } from "./simulation.ts";
export type * from "./state.ts";
export { parseMap, type MapDefinition, type MapSpawn } from "./world/map.ts";
export { Rng } from "./rng.ts";
export { fnv1a64 } from "./hash.ts";
export { HEADLESS_KEEPER } from "./simulation.ts";
export * from "./inputs/index.ts";
