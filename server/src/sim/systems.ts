import type { Simulation } from "./simulation.ts";
import { stepClock } from "./clock.ts";
import { stepInvasionSchedule } from "./invasions/schedule.ts";
import { stepAdventurers } from "./invasions/adventurers.ts";
import { stepMinions } from "./minions/minions.ts";
import { stepWildCreatures } from "./combat/wild.ts";
import { stepMovement } from "./world/movement.ts";
import { registerTrapHooks, stepTraps } from "./traps/index.ts";
import { registerDoorHooks, stepDoors } from "./doors/index.ts";
import { stepCombat } from "./combat/combat.ts";
import { stepConditions } from "./combat/conditions.ts";
import { stepSpotting } from "./invasions/spotting.ts";
import { stepInvasionEnd } from "./invasions/end.ts";
import { stepKnowledge } from "./knowledge/step.ts";
import { stepD100Companions } from "./combat/d100/companions.ts";
import { registerMerchantHooks, stepMerchants } from "./merchants/merchants.ts";
import { createWorldHooks, type WorldHooks } from "./world/hooks.ts";

/** A system: one concern advanced by one tick. */
export type System = (sim: Simulation) => void;

/**
 * The systems, in the order each tick runs them: time first, then decisions (travelling merchants,
 * DOOR-12, decide last), then movement
 * (which sets off triggers), then delayed trap firings, fights, conditions, and finally what the
 * keeper learns and whether the invasion is over.
 */
export const SYSTEMS: readonly System[] = [
  stepClock,
  stepInvasionSchedule,
  stepAdventurers,
  stepMinions,
  stepWildCreatures,
  stepMerchants,
  stepMovement,
  stepTraps,
  stepKnowledge,
  stepDoors,
  stepCombat,
  stepD100Companions,
  stepConditions,
  stepSpotting,
  stepInvasionEnd,
];

/**
 * The world hooks of a new simulation (world/hooks.ts), with every system's listeners registered
 * in a fixed order: the doors (a locked door refuses a step, DOOR-13; a trigger wired to doors
 * activates them, DOOR-24), then the traps (a unit entering a tile sets off the trigger there,
 * TRAP-13, with DOOR-24 and KNOW-18), then the merchants (a merchant stepping into a locked
 * doorway unlocks it, DOOR-12). `Simulation` calls it once, when created or restored.
 */
export function createSystemHooks(): WorldHooks {
  const hooks = createWorldHooks();
  registerDoorHooks(hooks);
  registerTrapHooks(hooks);
  registerMerchantHooks(hooks);
  return hooks;
}
