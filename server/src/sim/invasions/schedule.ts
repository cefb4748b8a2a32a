import type { Simulation } from "../simulation.ts";
import type { InvasionRecord } from "../state.ts";

/** The invasion record of a new dungeon: no invasion yet, the first one due on day 2 (INV-10). */
export function createInvasionRecord(): InvasionRecord {
  return { count: 0, dueTick: -1, lastEndTick: -1, partyId: "" };
}

/** Starts the next invasion when it is due. */
export function stepInvasionSchedule(_sim: Simulation): void {}
