import { PARTS } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartRecord, UnitRecord } from "../state.ts";
import { allUnits } from "../world/units.ts";
import { partList } from "./parts.ts";
import { markPart } from "../changes.ts";

/**
 * On-site construction of trap parts (TRAP-28 to TRAP-31): a placed part is a construction
 * site; minions carry its metal from the stock (TRAP-29); once all its metal is on site, a
 * minion assigned to Trapping works on it until it is built (TRAP-30). Every part needs metal
 * (TRAP-31, amounts in shared/data/traps.ts).
 */

/** Most metal a minion carries in one trip. */
export const METAL_PER_TRIP = 5;

/** Metal the site still needs delivered. */
export function metalMissing(part: PartRecord): number {
  return Math.max(0, PARTS[part.kind].metal - part.metalDelivered);
}

/** True when minions assigned to `partId` (other than `except`) already cover its missing metal. */
function haulersCover(sim: Simulation, part: PartRecord, except: UnitRecord): boolean {
  let incoming = 0;
  for (const u of allUnits(sim)) {
    if (u !== except && u.taskPartId === part.id && u.kind === "minion") incoming += Math.max(u.carryingMetal, 1);
  }
  return incoming >= metalMissing(part);
}

/**
 * The next site a minion should haul metal to: the lowest-id unbuilt site still missing metal
 * that other haulers do not already cover, when the stock has metal; undefined otherwise.
 */
export function siteNeedingMetal(sim: Simulation, minion: UnitRecord): PartRecord | undefined {
  if (sim.state.metal <= 0) return undefined;
  const parts = partList(sim); // issue 20: a cached list, in `state.parts` order
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as PartRecord;
    if (!p.built && metalMissing(p) > 0 && !haulersCover(sim, p, minion)) return p;
  }
  return undefined;
}

/** The next site with all its metal, waiting for a Trapping minion's work (TRAP-30). */
export function siteReadyForWork(sim: Simulation, minion: UnitRecord): PartRecord | undefined {
  const parts = partList(sim); // issue 20: a cached list, in `state.parts` order
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as PartRecord;
    if (p.built || metalMissing(p) > 0) continue;
    const taken = Object.values(sim.state.units).some((u) => u !== minion && u.taskPartId === p.id && u.carryingMetal === 0 && u.job === "trapping");
    if (!taken) return p;
  }
  return undefined;
}

/** Takes up to {@link METAL_PER_TRIP} metal (no more than the site misses) from the stock into the minion's hands. */
export function pickUpMetal(sim: Simulation, minion: UnitRecord, part: PartRecord): void {
  const amount = Math.min(METAL_PER_TRIP, metalMissing(part), sim.state.metal);
  sim.state.metal -= amount;
  minion.carryingMetal += amount;
}

/** Drops the metal the minion carries on the site (TRAP-29); any surplus goes back to the stock. */
export function deliverMetal(sim: Simulation, minion: UnitRecord, part: PartRecord): void {
  const used = Math.min(minion.carryingMetal, metalMissing(part));
  part.metalDelivered += used;
  markPart(sim, part.id);
  sim.state.metal += minion.carryingMetal - used;
  minion.carryingMetal = 0;
}

/**
 * One tick of a Trapping minion's work on a site with all its metal (TRAP-30); the job itself
 * (TRAP-04) is checked once, by minions/minions.ts before it calls this. When the work
 * reaches the part's `buildWorkTicks` the part is built: its 2-day rearm countdown starts
 * (TRAP-48) and `partBuilt` is emitted.
 * @returns true when this tick finished the part.
 */
export function workOnSite(sim: Simulation, minion: UnitRecord, part: PartRecord): boolean {
  if (part.built || metalMissing(part) > 0) return false;
  part.workDone++;
  markPart(sim, part.id);
  if (part.workDone < PARTS[part.kind].buildWorkTicks) return false;
  part.built = true;
  part.rearmedTick = sim.state.tick;
  sim.emit({ type: "partBuilt", partId: part.id, kind: part.kind, builderId: minion.id });
  return true;
}
