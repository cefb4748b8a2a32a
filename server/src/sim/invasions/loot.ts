import type { Simulation } from "../simulation.ts";
import type { MapState, PartyRecord, TreasureRecord, UnitRecord } from "../state.ts";
import { unitsChanged } from "../world/units.ts";
import { markUnit } from "../changes.ts";

/**
 * After the invasion (INV-89 to INV-95): the treasure adventurers take, recovering or leaving the
 * dead, and pyres.
 */

/** Gold in a new dungeon's treasure. */
export const STARTING_TREASURE = 100;
/** Gold one adventurer can carry away (INV-90). */
export const CARRY_GOLD = 20;
/** Metal the salvager's table gives for a recovered body (INV-93). */
export const SALVAGE_METAL = 2;

/** The treasure of a new dungeon: {@link STARTING_TREASURE} gold on the first sanctum tile (else the stockpile). */
export function createTreasure(map: MapState): TreasureRecord {
  const at = map.sanctum[0] ?? map.stockpile;
  return { amount: STARTING_TREASURE, x: at.x, y: at.y };
}

/**
 * `unit`, standing on the treasure, takes what it can carry: up to {@link CARRY_GOLD} (INV-90).
 * Emits `lootTaken`. @returns the gold taken.
 */
export function takeLoot(sim: Simulation, party: PartyRecord, unit: UnitRecord): number {
  const t = sim.state.treasure;
  const amount = Math.min(CARRY_GOLD, t.amount);
  t.amount -= amount;
  party.carriers ??= {};
  party.carriers[unit.id] = (party.carriers[unit.id] ?? 0) + amount;
  party.loot = (party.loot ?? 0) + amount;
  if (party.goal === "stealTreasure" || party.scattering) party.leaving = party.leaving || t.amount === 0;
  sim.emit({ type: "lootTaken", unitId: unit.id, partyId: party.id, amount, detail: "" });
  return amount;
}

/**
 * The keeper recovers dead adventurer `unitId` at the salvager's table (INV-93): the body leaves
 * the map and gives {@link SALVAGE_METAL} metal. Emits `bodyRecovered`.
 * @returns an error text, or null when done.
 */
export function recoverBody(sim: Simulation, unitId: string): string | null {
  const u = sim.state.units[unitId];
  if (!u || u.kind !== "adventurer") return "not an adventurer";
  if (u.activity !== "dead") return "only dead adventurers can be recovered";
  delete sim.state.units[unitId];
  unitsChanged(sim);
  markUnit(sim, unitId);
  delete sim.state.knowledge?.[unitId];
  sim.state.metal += SALVAGE_METAL;
  sim.emit({ type: "bodyRecovered", unitId, partyId: u.partyId, amount: SALVAGE_METAL, detail: "salvager's table" });
  return null;
}

/** True when a pyre may burn `unit`: only dead non-adventurers; a pyre never burns an adventurer (INV-95). */
export function pyreMayBurn(unit: UnitRecord): boolean {
  return unit.kind !== "adventurer" && unit.activity === "dead";
}

/**
 * The keeper burns dead unit `unitId` on the pyre (INV-95): the body leaves the map. Emits
 * `bodyBurned` (`detail` "pyre").
 * @returns an error text (unknown, alive, or an adventurer: a pyre never burns one), or null when done.
 */
export function burnBody(sim: Simulation, unitId: string): string | null {
  const u = sim.state.units[unitId];
  if (!u) return `no unit ${unitId}`;
  if (!pyreMayBurn(u)) return u.kind === "adventurer" ? "a pyre never burns an adventurer" : "only the dead are burnt";
  delete sim.state.units[unitId];
  unitsChanged(sim);
  markUnit(sim, unitId);
  sim.emit({ type: "bodyBurned", unitId, partyId: u.partyId, amount: 0, detail: "pyre" });
  return null;
}
