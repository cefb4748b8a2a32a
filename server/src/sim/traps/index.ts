import type { Simulation } from "../simulation.ts";
import { stepPendingFirings } from "./firing.ts";

/**
 * The trap system's entry points used by the rest of the simulation (TRAP rules): movement calls
 * `onUnitEntersTile`, `systems.ts` calls `stepTraps`, the state projection and the room use
 * `networkOf`/`computeNetworks`.
 */
export { onUnitEntersTile, pullLever, setsOff, fireMechanism } from "./firing.ts";
export { networkOf, networkOfCable, computeNetworks, type TrapNetwork, type NetworkIndex, type NetworkMember } from "./network.ts";
export {
  isExpired, isReady, partAt, roleOf, REARM_PERIOD_TICKS, TRIGGER_MIN_CHEBYSHEV_DISTANCE, DEFAULT_TIMER_DELAY_MINUTES,
} from "./parts.ts";

/**
 * Advances the traps by one tick: fires the timer-delayed firings that are due (TRAP-16).
 * TODO (later issue): lingering effects (gas, web, terror, spiders, alarm).
 */
export function stepTraps(sim: Simulation): void {
  stepPendingFirings(sim);
}
