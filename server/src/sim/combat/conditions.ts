import type { Simulation } from "../simulation.ts";

/** Placeholder. */
export function stepConditions(_sim: Simulation): void {}
