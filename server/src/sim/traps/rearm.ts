import { CRITICAL_FIRE_CHANCE, PARTS } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartRecord, UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { stopWalking, walkNextTo } from "../world/movement.ts";
import { fireMechanism } from "./firing.ts";
import { networkOf } from "./network.ts";
import { isExpired, neverNeedsRearm, partList, roleOf } from "./parts.ts";
import { markPart } from "../changes.ts";
import { setActivity } from "../world/units.ts";

/**
 * Rearming (TRAP-32 to TRAP-56). A built part that is not a lever or timer needs a rearm after
 * use (TRAP-32) and once its 2-day countdown ran out (TRAP-48, TRAP-51). A minion assigned to
 * Trapping takes one such part at a time (TRAP-34, TRAP-56: one job per part), walks next to it,
 * works `rearmWorkTicks` ticks (trap table) and then rolls the ruleset's "rearm" check for that
 * part alone (TRAP-35):
 * - success: the part works again (TRAP-52), its 2-day countdown restarts (TRAP-53), and a rigged
 *   trigger turns normal (TRAP-43);
 * - plain failure (catalogue proposal): the part stays unarmed, the work starts over and the
 *   minion tries again;
 * - critical failure (TRAP-36): 50% the trap fires at once (`CRITICAL_FIRE_CHANCE` in shared/src/data/chances.ts,
 *   TRAP-37: it can hit the minion; TRAP-38: the part still needs a rearm; proposal: it fires even
 *   when the other part is unarmed or expired and counts as a use), 50% the trap's trigger becomes
 *   rigged against everyone but this minion (TRAP-39 to TRAP-41; proposal: the rolled part counts
 *   as rearmed and the trigger is rigged whichever part failed). A lever is never rigged
 *   (TRAP-44), so on a lever trap a critical failure always fires (TRAP-45). On a part with
 *   nothing wired to it there is no trap to fire or rig (TRAP-10, TRAP-11): a plain failure.
 */

/**
 * TRAP-35 (left open): the difficulty of the rearm check, on the stat scale. With the `malignus`
 * check (1d10 + Craft + bonus ≥ difficulty + 5, a natural 1 always a critical failure) and the
 * default Craft 2, a roll of 4 or more succeeds: 70% success, 20% plain failure, 10% critical.
 */
export const REARM_DIFFICULTY = 1;

/**
 * True when `part` needs a rearm job: built, not a lever or timer (TRAP-33, TRAP-54), and used
 * (TRAP-32) or expired (TRAP-48, TRAP-51). Each part is its own job (TRAP-56).
 */
export function needsRearmJob(sim: Simulation, part: PartRecord): boolean {
  return part.built && !neverNeedsRearm(part) && (part.needsRearm || isExpired(sim, part));
}

/**
 * The part `minion` should rearm: the one it already took if it still needs it, otherwise the
 * nearest (Chebyshev, ties to the lowest id) part needing a rearm that no other minion took.
 * Only Trapping minions rearm (TRAP-34). Claims the part (`rearmerId`).
 */
export function rearmJobFor(sim: Simulation, minion: UnitRecord): PartRecord | undefined {
  if (minion.job !== "trapping") return undefined;
  let best: PartRecord | undefined;
  let bestDistance = Infinity;
  const parts = partList(sim); // issue 20: the per-tick search walks a cached list, in the same order
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as PartRecord;
    if (!needsRearmJob(sim, p)) {
      if (p.rearmerId === minion.id) { p.rearmerId = ""; p.rearmWorkDone = 0; markPart(sim, p.id); }
      continue;
    }
    if (p.rearmerId === minion.id) return p;
    const taker = p.rearmerId ? sim.state.units[p.rearmerId] : undefined;
    if (taker && taker.job === "trapping" && taker.activity !== "dead" && taker.activity !== "captured"
      && taker.activity !== "unconscious" && taker.activity !== "left") continue;
    const d = chebyshev(minion, p);
    if (d < bestDistance) { best = p; bestDistance = d; }
  }
  if (best) { best.rearmerId = minion.id; best.rearmWorkDone = 0; markPart(sim, best.id); }
  return best;
}

/**
 * The rearm behaviour of a Trapping minion for this tick (TRAP-34, TRAP-51): take a rearm job,
 * walk next to the part, then work on it. Minions carrying metal finish their delivery first.
 * @returns true when the minion has rearm work this tick.
 */
export function doRearmJob(sim: Simulation, minion: UnitRecord): boolean {
  if (minion.kind !== "minion" || minion.carryingMetal > 0) return false;
  const part = rearmJobFor(sim, minion);
  if (!part) return false;
  if (chebyshev(minion, part) <= 1) {
    stopWalking(minion);
    setActivity(sim, minion, "working");
    workOnRearm(sim, minion, part);
    return true;
  }
  if (walkNextTo(sim, minion, part)) { setActivity(sim, minion, "walking"); return true; }
  part.rearmerId = ""; // unreachable: leave it to someone else
  markPart(sim, part.id);
  return false;
}

/**
 * One tick of rearm work by `minion` standing next to `part` (TRAP-34). When the work reaches
 * the part's `rearmWorkTicks` the check is rolled ({@link resolveRearm}).
 * @returns true when this tick finished the work (the roll was made).
 */
export function workOnRearm(sim: Simulation, minion: UnitRecord, part: PartRecord): boolean {
  part.rearmWorkDone++;
  markPart(sim, part.id);
  if (part.rearmWorkDone < PARTS[part.kind].rearmWorkTicks) return false;
  resolveRearm(sim, minion, part);
  return true;
}

/**
 * Rolls the rearm of `part` by `minion` (TRAP-35) and applies the outcome (see the module doc).
 * Emits `partRearmed`; the immediate firing also emits `trapFired`.
 */
export function resolveRearm(sim: Simulation, minion: UnitRecord, part: PartRecord): void {
  part.rearmWorkDone = 0;
  part.rearmerId = "";
  markPart(sim, part.id);
  const result = sim.ruleset.check(sim, minion, "rearm", REARM_DIFFICULTY, 0);
  const emit = (outcome: "rearmed" | "failed" | "fired" | "rigged", riggedTriggerId: string | null = null) =>
    sim.emit({ type: "partRearmed", partId: part.id, byUnitId: minion.id, outcome, roll: result.roll, riggedTriggerId });
  if (result.critical !== "failure") {
    if (!result.success) { emit("failed"); return; }
    markRearmed(sim, part);
    emit("rearmed");
    return;
  }
  // TRAP-36: a critical failure.
  const net = networkOf(sim, part.id);
  if (nothingWiredTo(part, net)) { emit("failed"); return; } // TRAP-10, TRAP-11: no trap to fire or rig
  const triggerId = roleOf(part) === "trigger" ? part.id : net?.trigger ?? null;
  const trigger = triggerId ? sim.state.parts[triggerId] : undefined;
  const leverTrap = trigger?.kind === "lever"; // TRAP-44, TRAP-45
  const fires = leverTrap || !trigger || sim.rng.chance(CRITICAL_FIRE_CHANCE);
  if (fires) {
    emit("fired");
    fireAtOnce(sim, part, triggerId, net?.mechanism ?? (roleOf(part) === "mechanism" ? part.id : null));
    part.needsRearm = true; // TRAP-38
    markPart(sim, part.id);
    return;
  }
  markRearmed(sim, part);
  (trigger as PartRecord).riggedBy = minion.id; // TRAP-39, TRAP-41
  markPart(sim, (trigger as PartRecord).id);
  emit("rigged", (trigger as PartRecord).id);
}

/**
 * True when nothing is wired to `part` (TRAP-10, TRAP-11): a trigger whose network (if any) holds
 * no mechanism and no door, a mechanism whose network holds no trigger. Such a part does nothing,
 * so a critical failure on its rearm has no trap to fire and no trigger to rig: it is a plain
 * failure (the part stays unarmed and the minion tries again).
 */
function nothingWiredTo(part: PartRecord, net: ReturnType<typeof networkOf>): boolean {
  if (roleOf(part) === "trigger") return !net || (net.mechanism === null && net.doors.length === 0);
  return !net || net.trigger === null;
}

/** A successful rearm: the part works again and its 2-day countdown restarts (TRAP-43, TRAP-52, TRAP-53). */
function markRearmed(sim: Simulation, part: PartRecord): void {
  part.needsRearm = false;
  part.rearmedTick = sim.state.tick;
  part.riggedBy = "";
  markPart(sim, part.id);
}

/**
 * TRAP-37 immediate firing (proposal: regardless of the other part's state, and a use): the
 * trigger is used (needs a rearm unless a lever; a rigged one turns normal) and the mechanism
 * fires at once, skipping any timer; with no mechanism wired, `trapFired` reports nothing fired.
 */
function fireAtOnce(sim: Simulation, part: PartRecord, triggerId: string | null, mechanismId: string | null): void {
  const trigger = triggerId ? sim.state.parts[triggerId] : undefined;
  if (trigger) {
    if (!neverNeedsRearm(trigger)) trigger.needsRearm = true;
    trigger.riggedBy = "";
    markPart(sim, trigger.id);
  }
  if (mechanismId) { fireMechanism(sim, triggerId ?? mechanismId, mechanismId, null, true); return; }
  sim.emit({
    type: "trapFired", triggerId: part.id, mechanismId: null, mechanism: null,
    x: part.x, y: part.y, byUnitId: null, victims: [],
  });
}
