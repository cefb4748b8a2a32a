import type { Simulation } from "../simulation.ts";
import type { PartRecord, UnitRecord } from "../state.ts";

/**
 * The hooks of the ground floor. `world/` moves units over tiles and knows no system above it
 * (traps, doors, combat, invasions, knowledge: server/test/boundaries checks it); what those
 * systems must do when a unit steps somewhere reaches them through listeners they register here
 * when the simulation is created (systems.ts `createSystemHooks`), not through imports. The
 * same registry carries the one event traps raise for doors (DOOR-24), so traps do not import
 * doors either.
 *
 * Listeners run in the order they were registered; that order is part of the simulation's
 * determinism (systems.ts fixes it).
 */

/** A step of `unit` onto tile (x, y) (tiles) is refused while any of these says true (DOOR-13: a locked door). */
export type StepBlockedHook = (sim: Simulation, unit: UnitRecord, x: number, y: number) => boolean;

/** `unit` has just stepped onto tile (x, y) (tiles), facing and position already updated (TRAP-13, DOOR-24, KNOW-18). */
export type UnitEnteredHook = (sim: Simulation, unit: UnitRecord, x: number, y: number) => void;

/** A unit set off `trigger`, a trigger whose cable network holds doors (DOOR-24). */
export type DoorTriggerHook = (sim: Simulation, trigger: PartRecord) => void;

/** The listeners of one simulation, by event. Each list is appended to at creation and then only read. */
export interface WorldHooks {
  readonly stepBlocked: StepBlockedHook[];
  readonly unitEntered: UnitEnteredHook[];
  readonly doorTriggerSetOff: DoorTriggerHook[];
}

/** An empty registry (no listener): world/ alone, as a test of the ground floor may want it. */
export function createWorldHooks(): WorldHooks {
  return { stepBlocked: [], unitEntered: [], doorTriggerSetOff: [] };
}

/** True when a registered listener refuses `unit`'s step onto (x, y) (tiles); the first refusal stops the asking. */
export function stepBlocked(sim: Simulation, unit: UnitRecord, x: number, y: number): boolean {
  for (const blocked of sim.hooks.stepBlocked) if (blocked(sim, unit, x, y)) return true;
  return false;
}

/**
 * Tells every listener that `unit` has just entered tile (x, y) (tiles): movement calls it after
 * each step (world/movement.ts `stepMovement`), and so may any code that moves a unit one tile.
 */
export function unitEntered(sim: Simulation, unit: UnitRecord, x: number, y: number): void {
  for (const entered of sim.hooks.unitEntered) entered(sim, unit, x, y);
}

/** Tells every listener that a unit set off `trigger`, wired to doors (DOOR-24; traps/firing.ts raises it). */
export function doorTriggerSetOff(sim: Simulation, trigger: PartRecord): void {
  for (const setOff of sim.hooks.doorTriggerSetOff) setOff(sim, trigger);
}
