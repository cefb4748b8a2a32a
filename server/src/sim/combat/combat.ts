import type { Simulation } from "../simulation.ts";

/** Placeholder. */
export function stepCombat(_sim: Simulation): void {}
