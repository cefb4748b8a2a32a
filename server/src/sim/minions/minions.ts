import type { Simulation } from "../simulation.ts";

/** Placeholder. */
export function stepMinions(_sim: Simulation): void {}
