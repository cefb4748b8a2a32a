import { PARTS, TICKS_PER_GAME_DAY, type PartKind, type PartRole } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { partTile, wiringRevision } from "./network.ts";

/**
 * Trap part queries and the numbers the seed leaves open for parts (TRAP-01 to TRAP-11,
 * TRAP-48). Part numbers (metal, work, harm, areas) come from the shared trap table
 * (`PARTS` in shared/src/data/traps.ts); only the decisions the seed leaves open live here.
 */

/**
 * TRAP-09 ("at least 3 tiles between any two triggers"), catalogue proposal: three free tiles in
 * between, i.e. a Chebyshev distance of at least 4 tiles between any two triggers, levers and
 * unbuilt sites included.
 */
export const TRIGGER_MIN_CHEBYSHEV_DISTANCE = 4;

/**
 * TRAP-48: every non-lever trigger and mechanism needs a rearm every 2 days. Proposal: 48 game
 * hours, counted from `PartRecord.rearmedTick` (construction completed or last rearm). In ticks.
 */
export const REARM_PERIOD_TICKS = 2 * TICKS_PER_GAME_DAY;

/**
 * TRAP-17: a timer's delay is set on the timer (the `setTimerDelay` command); a new timer starts
 * with this delay, in game minutes.
 */
export const DEFAULT_TIMER_DELAY_MINUTES = 1;

/** TRAP-17 (left open: range and step): the shortest delay a keeper may set, in whole game minutes. */
export const TIMER_MIN_DELAY_MINUTES = 1;
/** TRAP-17 (left open: range and step): the longest delay a keeper may set, in whole game minutes (1 game hour). */
export const TIMER_MAX_DELAY_MINUTES = 60;

/** The role of a part record: trigger, timer or mechanism (TRAP-01, TRAP-07, TRAP-19). */
export function roleOf(part: PartRecord): PartRole {
  return PARTS[part.kind].role;
}

/** True for trigger kinds, levers included (TRAP-05). */
export function isTriggerKind(kind: PartKind): boolean {
  return PARTS[kind].role === "trigger";
}

/**
 * The part standing on tile (x, y), or undefined. At most one part stands on a tile (the first
 * in `state.parts` order if several did). Reads an index by tile (`Simulation.wiring`) rebuilt
 * only when the wiring revision (traps/network.ts `wiringRevision`) changed: parts are added,
 * removed and moved only by the commands that mark it.
 */
export function partAt(sim: Simulation, x: number, y: number): PartRecord | undefined {
  const s = sim.state;
  const { width, height } = s.map;
  if (x < 0 || y < 0 || x >= width || y >= height || !Number.isInteger(x) || !Number.isInteger(y)) {
    for (const id in s.parts) { const part = s.parts[id] as PartRecord; if (part.x === x && part.y === y) return part; }
    return undefined;
  }
  const revision = wiringRevision(sim);
  const memo = sim.wiring;
  let byTile = memo.partsByTile;
  if (byTile === null || memo.partsByTileAt !== revision) {
    byTile = new Map<number, PartRecord>();
    for (const id in s.parts) {
      const part = s.parts[id] as PartRecord;
      const t = partTile(s.map, part);
      if (!byTile.has(t)) byTile.set(t, part);
    }
    memo.partsByTile = byTile;
    memo.partsByTileAt = revision;
  }
  return byTile.get(y * width + x);
}

/**
 * Every part record of `sim`, in the order `for…in` visits `state.parts` (ascending ids), as a
 * list kept until the wiring revision (traps/network.ts `wiringRevision`) changes: parts are
 * added and removed only by the commands that mark it (its test-time check, `setWiringChecks`,
 * catches a missed one), as {@link partAt}'s index relies on. Issue 20: the minions' per-tick job
 * searches (rearm, metal hauling, site work) no longer walk the integer-keyed record each time.
 * Read it, never modify it.
 */
export function partList(sim: Simulation): readonly PartRecord[] {
  const revision = wiringRevision(sim);
  const memo = sim.wiring;
  if (memo.partList !== null && memo.partListAt === revision) return memo.partList;
  const list: PartRecord[] = [];
  for (const id in sim.state.parts) list.push(sim.state.parts[id] as PartRecord);
  memo.partList = list;
  memo.partListAt = revision;
  return list;
}

/**
 * The nearest other trigger closer than {@link TRIGGER_MIN_CHEBYSHEV_DISTANCE} to (x, y), or
 * undefined when a trigger may stand there (TRAP-09). Sites and levers count; `exceptId` (a part
 * being moved) does not.
 */
export function triggerTooClose(sim: Simulation, x: number, y: number, exceptId = ""): PartRecord | undefined {
  let nearest: PartRecord | undefined;
  let best = Infinity;
  for (const part of Object.values(sim.state.parts)) {
    if (!isTriggerKind(part.kind) || part.id === exceptId) continue;
    const d = chebyshev(part, { x, y });
    if (d < TRIGGER_MIN_CHEBYSHEV_DISTANCE && d < best) { best = d; nearest = part; }
  }
  return nearest;
}

/** True for parts that never need a rearm: levers (TRAP-33, TRAP-54) and timers (proposal). */
export function neverNeedsRearm(part: PartRecord): boolean {
  return part.kind === "lever" || part.kind === "timer";
}

/**
 * True when a built part's 2-day rearm ran out (TRAP-48, TRAP-49): `tick - rearmedTick` is at
 * least {@link REARM_PERIOD_TICKS}. Levers and timers never expire (TRAP-54); sites are not
 * expired (they do not work anyway). An expired part is fully inert (proposal).
 */
export function isExpired(sim: Simulation, part: PartRecord): boolean {
  return sim.state.tick >= expiryTick(part);
}

/**
 * The tick from which `part` is expired ({@link isExpired}, TRAP-48, TRAP-49): `rearmedTick` +
 * {@link REARM_PERIOD_TICKS} for a built part that needs rearms; Infinity for sites, levers and
 * timers (TRAP-54). It changes only when the part record does (built, rearmed), so a reader that
 * watches the part's change marks (sim/changes.ts) knows when to look at it again.
 */
export function expiryTick(part: PartRecord): number {
  if (!part.built || neverNeedsRearm(part)) return Infinity;
  return part.rearmedTick + REARM_PERIOD_TICKS;
}

/** True when a part works right now: built, not waiting for a rearm, not expired (TRAP-32, TRAP-49). */
export function isReady(sim: Simulation, part: PartRecord): boolean {
  return part.built && !part.needsRearm && !isExpired(sim, part);
}
