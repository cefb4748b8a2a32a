import type { Simulation } from "../simulation.ts";

/** Placeholder. */
export function stepInvasionEnd(_sim: Simulation): void {}
