import type { Simulation } from "../simulation.ts";
import { addUnit } from "../world/units.ts";
import { adventurerFields } from "./party.ts";
import type { PendingInvasion } from "../state.ts";

/**
 * Fugitives (INV-50 to INV-53). A fugitive from a settlement asks on fixed days
 * (invasions/settlements.ts, `stepFugitives`); the keeper answers with the `answerFugitive` command.
 */

/**
 * Queues a punitive expedition, camp warriors or fugitive pursuers (INV-32 to INV-37, INV-51):
 * it replaces the next invasion and sets out at once, or when the current one ends (the
 * schedule, invasions/schedule.ts, takes it from `invasion.pending`).
 */
export function queueSpecialInvasion(sim: Simulation, pending: PendingInvasion): void {
  sim.state.invasion.pending ??= [];
  sim.state.invasion.pending.push({ ...pending });
}

/** A fugitive asks to hide in the dungeon (INV-50). Emits `fugitiveAsks`. */
export function offerFugitive(sim: Simulation, name: string): void {
  sim.state.invasion.fugitiveOffer = name;
  sim.emit({ type: "fugitiveAsks", unitId: "", partyId: "", amount: 0, detail: name });
}

/**
 * The keeper lets the fugitive in: it joins the dungeon at the stockpile, and its pursuers are
 * queued as the next invasion, counted in the invasion numbers (INV-51), never a mob and never
 * weaker or stronger (INV-52, INV-53; invasions/party.ts).
 * @returns the fugitive's unit id.
 */
export function admitFugitive(sim: Simulation): string {
  const inv = sim.state.invasion;
  const name = inv.fugitiveOffer ?? "Fugitive";
  inv.fugitiveOffer = "";
  const { stockpile } = sim.state.map;
  const u = addUnit(sim, { kind: "creature", species: "fugitive", name, x: stockpile.x, y: stockpile.y, faction: "dungeon", ...adventurerFields("Rogue", 1) });
  queueSpecialInvasion(sim, { kind: "pursuers", source: u.id });
  sim.emit({ type: "specialInvasionQueued", unitId: u.id, partyId: "", amount: 0, detail: "pursuers" });
  return u.id;
}

/** The keeper turns the fugitive away: nothing else happens. */
export function refuseFugitive(sim: Simulation): void {
  sim.state.invasion.fugitiveOffer = "";
}

/**
 * A settlement sends a punitive expedition or a Hostile camp its warriors (INV-32, INV-33): it
 * replaces the next invasion and sets out at once or when the current one ends (INV-34 to INV-36).
 * Called by the keeper's raid on a settlement (invasions/settlements.ts, `raidSettlement`).
 */
export function sendExpedition(sim: Simulation, kind: "punitive" | "camp", source: string): void {
  queueSpecialInvasion(sim, { kind, source });
  sim.emit({ type: "specialInvasionQueued", unitId: "", partyId: "", amount: 0, detail: kind });
}
