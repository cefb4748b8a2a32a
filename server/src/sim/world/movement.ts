import type { Simulation } from "../simulation.ts";

/** Placeholder. */
export function stepMovement(_sim: Simulation): void {}
