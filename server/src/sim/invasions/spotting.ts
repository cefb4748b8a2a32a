import type { Simulation } from "../simulation.ts";

/** Placeholder. */
export function stepSpotting(_sim: Simulation): void {}
