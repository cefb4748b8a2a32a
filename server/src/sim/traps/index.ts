import type { Simulation } from "../simulation.ts";
import type { WorldHooks } from "../world/hooks.ts";
import { onUnitEntersTile } from "./firing.ts";
import { stepPendingFirings } from "./firing.ts";
import { stepEffects } from "./effects.ts";
import { stepLairs } from "./lairs.ts";

/**
 * The trap system's entry points used by the rest of the simulation (TRAP rules): movement raises
 * `unitEntered`, which reaches `onUnitEntersTile` through {@link registerTrapHooks}, `systems.ts` calls `stepTraps`, the state projection and the room use
 * `cableNetworks` (cached by `wiringRevision`), `networkOf` or `computeNetworks`; a code path that
 * adds, removes or moves a part, cable or door calls `markWiringChanged`.
 */
export { onUnitEntersTile } from "./firing.ts";

/**
 * Registers what the traps do when a unit enters a tile (TRAP-13: it sets off the trigger there;
 * DOOR-24 and KNOW-18 through it) on the simulation's world hooks. systems.ts calls it once per
 * simulation.
 */
export function registerTrapHooks(hooks: WorldHooks): void {
  hooks.unitEntered.push(onUnitEntersTile);
}

/**
 * Advances the traps by one tick: fires the timer-delayed firings that are due (TRAP-16), then
 * advances the lingering mechanism effects (gas, web, terror, spiders) and the lairs (TRAP-61).
 */
export function stepTraps(sim: Simulation): void {
  stepPendingFirings(sim);
  stepEffects(sim);
  stepLairs(sim);
}
