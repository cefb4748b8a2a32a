import { TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, type InvasionWord } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { InvasionRecord } from "../state.ts";
import { startInvasion } from "./party.ts";

/**
 * When invasions arrive (INV-10 to INV-25). The first one is due on day 2 at a random hour
 * (INV-10, drawn in Simulation.create); after each one ends, every game hour gives a chance
 * h / L that the next arrives, h being the hours since the end and L the time limit, so the
 * chance reaches 100% when the limit runs out (INV-11 to INV-15, catalogue proposal).
 */

/** Time limit in game hours by the game day the last invasion ended on (INV-16 to INV-18). */
export const TIME_LIMIT_HOURS_BY_DAY: Readonly<Record<number, number>> = { 2: 48, 3: 44, 4: 41, 5: 37, 6: 34 };
/** Time limit from day 7 on (INV-17). */
export const TIME_LIMIT_HOURS_LATE = 30;

/** The invasion record of a new dungeon: no invasion yet (the first is scheduled on create). */
export function createInvasionRecord(): InvasionRecord {
  return { count: 0, dueTick: -1, lastEndTick: -1, partyId: "" };
}

/** The time limit, in game hours, after an invasion that ended on `day` (INV-16 to INV-18). */
export function timeLimitHours(day: number): number {
  if (day <= 2) return 48;
  return TIME_LIMIT_HOURS_BY_DAY[day] ?? TIME_LIMIT_HOURS_LATE;
}

/**
 * The chance, in percent, that an invasion arrives during the current game hour (INV-25);
 * 0 while an invasion is under way or before day 2 (INV-23).
 */
export function hourlyChance(sim: Simulation): number {
  const inv = sim.state.invasion;
  if (inv.partyId !== "") return 0;
  const tick = sim.state.tick;
  if (inv.lastEndTick < 0) {
    // Before the first invasion: certain within day 2's remaining hours (INV-10 proposal).
    if (tick < TICKS_PER_GAME_DAY) return 0;
    const hoursLeft = Math.max(1, Math.ceil((2 * TICKS_PER_GAME_DAY - tick) / TICKS_PER_GAME_HOUR));
    return Math.min(100, Math.round(100 / hoursLeft));
  }
  const endDay = Math.floor(inv.lastEndTick / TICKS_PER_GAME_DAY) + 1;
  const limit = timeLimitHours(endDay);
  const h = Math.floor((tick - inv.lastEndTick) / TICKS_PER_GAME_HOUR) + 1;
  return Math.min(100, Math.round((100 * h) / limit));
}

/** The indicator word for a chance in percent (INV-21, INV-22; thresholds from the catalogue proposal). */
export function invasionWord(chance: number): InvasionWord {
  if (chance <= 0) return "Calm";
  if (chance < 25) return "Unlikely";
  if (chance < 50) return "Possible";
  if (chance < 75) return "Likely";
  return "Imminent";
}

/** Starts the due invasion; after an invasion, rolls the hourly chance at each new game hour. */
export function stepInvasionSchedule(sim: Simulation): void {
  const inv = sim.state.invasion;
  if (inv.partyId !== "") return;
  const tick = sim.state.tick;
  if (inv.dueTick < 0 && inv.lastEndTick >= 0 && (tick - inv.lastEndTick) % TICKS_PER_GAME_HOUR === 0) {
    if (sim.rng.chance(hourlyChance(sim))) inv.dueTick = tick;
  }
  if (inv.dueTick >= 0 && tick >= inv.dueTick) {
    inv.dueTick = -1;
    startInvasion(sim);
  }
}
