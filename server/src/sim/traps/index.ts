import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";

/**
 * The trap system's entry points used by the rest of the simulation (TRAP rules).
 * Placeholder until the traps module lands.
 */

/** Advances delayed firings (timers) and lingering effects by one tick. */
export function stepTraps(_sim: Simulation): void {}

/** Called by movement when `unit` steps onto (x, y): sets off a trigger standing there, if any. */
export function onUnitEntersTile(_sim: Simulation, _unit: UnitRecord, _x: number, _y: number): void {}
