import type { Simulation } from "../simulation.ts";

/** Placeholder. */
export function stepAdventurers(_sim: Simulation): void {}
