import type { Simulation } from "./simulation.ts";
import { stepClock } from "./clock.ts";
import { stepInvasionSchedule } from "./invasions/schedule.ts";
import { stepAdventurers } from "./invasions/adventurers.ts";
import { stepMinions } from "./minions/minions.ts";
import { stepWildCreatures } from "./combat/wild.ts";
import { stepMovement } from "./world/movement.ts";
import { stepTraps } from "./traps/index.ts";
import { stepDoors } from "./doors/index.ts";
import { stepCombat } from "./combat/combat.ts";
import { stepConditions } from "./combat/conditions.ts";
import { stepSpotting } from "./invasions/spotting.ts";
import { stepInvasionEnd } from "./invasions/end.ts";
import { stepKnowledge } from "./knowledge/step.ts";
import { stepD100Companions } from "./combat/d100/companions.ts";

/** A system: one concern advanced by one tick. */
export type System = (sim: Simulation) => void;

/**
 * The systems, in the order each tick runs them: time first, then decisions, then movement
 * (which sets off triggers), then delayed trap firings, fights, conditions, and finally what the
 * keeper learns and whether the invasion is over.
 */
export const SYSTEMS: readonly System[] = [
  stepClock,
  stepInvasionSchedule,
  stepAdventurers,
  stepMinions,
  stepWildCreatures,
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
