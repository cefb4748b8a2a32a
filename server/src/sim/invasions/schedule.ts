import {
  TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, TIME_LIMIT_HOURS_BY_DAY, TIME_LIMIT_HOURS_LATE, type InvasionWord,
} from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { InvasionRecord, PendingInvasion } from "../state.ts";
import { startInvasion, portalReachesDungeon } from "./party.ts";
import { stepScrying } from "./scrying.ts";
import { stepFugitives } from "./settlements.ts";

/**
 * When invasions arrive (INV-10 to INV-37). The first one is due on day 2 at a random hour
 * (INV-10, drawn in Simulation.create). When an invasion ends a time limit of L game hours
 * starts (INV-14, L by the day it ended, INV-16 to INV-18); in hour h of the limit (h = 1 in
 * the hour the invasion ended) the chance is h / L, rolled once at the start of each hour, so
 * hour L is 100% (INV-11 to INV-15, INV-19, catalogue proposal).
 *
 * Invasions are stopped during a Storm Rite (INV-26) and while no portal has a walking path to
 * the dungeon (INV-27): the chance is then 0% (proposal), the limit keeps running (INV-28), and
 * when it runs out no invasion comes (INV-29) and a limit of the same length starts at once, its
 * chance starting low again (INV-30, INV-31). The first invasion and special invasions wait too.
 *
 * Punitive expeditions, camp warriors and fugitive pursuers (`pending`) replace the next
 * invasion and set out at once, or when the invasion in the dungeon ends (INV-34 to INV-36,
 * INV-51); a new time limit starts when they are gone (INV-37).
 */

export { TIME_LIMIT_HOURS_BY_DAY, TIME_LIMIT_HOURS_LATE };

/** The invasion record of a new dungeon: no invasion yet (the first is scheduled on create). */
export function createInvasionRecord(): InvasionRecord {
  return {
    count: 0, dueTick: -1, lastEndTick: -1, partyId: "", limitStartTick: -1, limitHours: 0,
    stormRiteUntilTick: -1, spectralEyeUntilTick: -1, stopped: false, pending: [], lastWord: "Calm",
  };
}

/** The time limit, in game hours, after an invasion that ended on `day` (INV-16 to INV-18). */
export function timeLimitHours(day: number): number {
  return TIME_LIMIT_HOURS_BY_DAY[day] ?? (day < 2 ? 48 : TIME_LIMIT_HOURS_LATE);
}

/** The running limit's start and length; older records without them fall back to the last end. */
function limitOf(inv: InvasionRecord): { start: number; hours: number } | null {
  const start = inv.limitStartTick ?? -1;
  if (start >= 0 && (inv.limitHours ?? 0) > 0) return { start, hours: inv.limitHours };
  if (inv.lastEndTick < 0) return null;
  return { start: inv.lastEndTick, hours: timeLimitHours(Math.floor(inv.lastEndTick / TICKS_PER_GAME_DAY) + 1) };
}

/** Starts a time limit at `tick` for an invasion that ended then (INV-14, INV-37). */
export function startTimeLimit(sim: Simulation, tick: number): void {
  const inv = sim.state.invasion;
  inv.limitStartTick = tick;
  inv.limitHours = timeLimitHours(Math.floor(tick / TICKS_PER_GAME_DAY) + 1);
}

/**
 * True while invasions are stopped: a Storm Rite runs (INV-26) or no portal has a walking path
 * to the dungeon (INV-27).
 */
export function invasionsStopped(sim: Simulation): boolean {
  const inv = sim.state.invasion;
  if ((inv.stormRiteUntilTick ?? -1) > sim.state.tick) return true;
  return !sim.state.map.portals.some((p) => portalReachesDungeon(sim, p));
}

/**
 * The chance, in percent, that an invasion arrives during the current game hour (INV-25);
 * 0 while an invasion is under way, before day 2 (INV-23), while stopped (INV-24) or while a
 * special invasion waits (it comes instead, INV-34).
 */
export function hourlyChance(sim: Simulation): number {
  const inv = sim.state.invasion;
  if (inv.partyId !== "" || inv.stopped || (inv.pending?.length ?? 0) > 0) return 0;
  const tick = sim.state.tick;
  const limit = limitOf(inv);
  if (!limit) {
    // Before the first invasion: certain within day 2's remaining hours (INV-10 proposal).
    if (tick < TICKS_PER_GAME_DAY || inv.dueTick < 0) return 0;
    const hoursLeft = Math.max(1, Math.ceil((2 * TICKS_PER_GAME_DAY - tick) / TICKS_PER_GAME_HOUR));
    return Math.min(100, Math.round(100 / hoursLeft));
  }
  const h = Math.floor((tick - limit.start) / TICKS_PER_GAME_HOUR) + 1;
  return Math.min(100, Math.round((100 * h) / limit.hours));
}

/** The indicator word for a chance in percent (INV-21, INV-22; thresholds from the catalogue proposal). */
export function invasionWord(chance: number): InvasionWord {
  if (chance <= 0) return "Calm";
  if (chance < 25) return "Unlikely";
  if (chance < 50) return "Possible";
  if (chance < 75) return "Likely";
  return "Imminent";
}

/**
 * The indicator as the keeper sees it (INV-20 to INV-25, INV-83): "In progress" once the party
 * in the dungeon is spotted; before that, the word shown when it arrived (proposal); otherwise
 * the word of the hourly chance.
 */
export function indicator(sim: Simulation): { word: InvasionWord; chance: number } {
  const inv = sim.state.invasion;
  if (inv.partyId !== "") {
    const party = sim.state.parties[inv.partyId];
    if (party?.spotted) return { word: "In progress", chance: 0 };
    return { word: (inv.lastWord ?? "Calm") as InvasionWord, chance: 0 };
  }
  const chance = hourlyChance(sim);
  return { word: invasionWord(chance), chance };
}

/** Starts an invasion, remembering the indicator word it arrived under (INV-83 proposal). */
function arrive(sim: Simulation, special?: PendingInvasion): void {
  const inv = sim.state.invasion;
  inv.lastWord = invasionWord(hourlyChance(sim));
  inv.dueTick = -1;
  inv.limitStartTick = -1;
  inv.limitHours = 0;
  startInvasion(sim, special);
}

/** Runs the schedule for this tick. */
export function stepInvasionSchedule(sim: Simulation): void {
  const inv = sim.state.invasion;
  stepScrying(sim); // INV-67
  stepFugitives(sim); // INV-50
  if (inv.partyId !== "") return;
  const tick = sim.state.tick;
  const limit = limitOf(inv);
  // Hour h of a limit is rolled on its first tick after the limit started (the end tick itself
  // runs the schedule before the end is seen), so hour 1 is rolled too (INV-13).
  const hourStart = limit ? (tick - limit.start) % TICKS_PER_GAME_HOUR === 1 : tick % TICKS_PER_GAME_HOUR === 0;
  if (hourStart || tick === inv.stormRiteUntilTick || tick === inv.dueTick) {
    inv.stopped = invasionsStopped(sim);
  }
  if (inv.stopped) {
    // INV-28 to INV-31: the limit runs on; when it runs out, a new one of the same length starts.
    if (limit && tick - limit.start >= limit.hours * TICKS_PER_GAME_HOUR) {
      inv.limitStartTick = limit.start + limit.hours * TICKS_PER_GAME_HOUR;
      inv.limitHours = limit.hours;
    }
    return;
  }
  if ((inv.pending?.length ?? 0) > 0) { arrive(sim, inv.pending.shift()); return; }
  if (inv.dueTick >= 0) {
    if (tick >= inv.dueTick) arrive(sim);
    return;
  }
  if (!limit) return;
  if (tick - limit.start >= limit.hours * TICKS_PER_GAME_HOUR) {
    // A limit that ran out while stopped and was not renewed (stopped just lifted): certain now.
    arrive(sim);
    return;
  }
  if (hourStart && sim.rng.chance(hourlyChance(sim))) arrive(sim);
}
