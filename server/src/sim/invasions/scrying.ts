import { TICKS_PER_GAME_DAY, type LetterMember } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartyRecord, UnitRecord } from "../state.ts";
import { isActive } from "../world/units.ts";

/**
 * Scrying (INV-66, INV-67). The seed leaves the numbers open; decisions: the Master receives one
 * charge at the start of each game day while the keeper has a scrying pool and the Master lives,
 * holding at most {@link MAX_SCRYING_CHARGES}; a charge shows the party on its way, i.e. the
 * party that has arrived but is still hidden in the fog (the Surface is not modelled), with its
 * goal and members like the letter but without a pause; with none on its way the charge is kept.
 */

/** Most scrying charges the Master can hold. */
export const MAX_SCRYING_CHARGES = 3;

/** At each new game day, the Master receives a charge at the pool (INV-67). */
export function stepScrying(sim: Simulation): void {
  const inv = sim.state.invasion;
  if (sim.state.tick % TICKS_PER_GAME_DAY !== 0 || !inv.scryingPool) return;
  const masterAlive = Object.values(sim.state.units).some((u) => u.kind === "master" && isActive(u));
  if (masterAlive) inv.scryingCharges = Math.min(MAX_SCRYING_CHARGES, (inv.scryingCharges ?? 0) + 1);
}

/** The party on its way: in the dungeon and not yet spotted. */
export function partyOnItsWay(sim: Simulation): PartyRecord | undefined {
  const id = sim.state.invasion.partyId;
  const party = id ? sim.state.parties[id] : undefined;
  return party && !party.spotted && !party.ended ? party : undefined;
}

/**
 * Spends a charge to show the party on its way (INV-66): emits `partyScried`.
 * @returns "NO_SCRYING_CHARGE" or "NO_PARTY_ON_ITS_WAY" when refused (nothing spent), else null.
 */
export function scryNextParty(sim: Simulation): "NO_SCRYING_CHARGE" | "NO_PARTY_ON_ITS_WAY" | null {
  const inv = sim.state.invasion;
  if ((inv.scryingCharges ?? 0) <= 0) return "NO_SCRYING_CHARGE";
  const party = partyOnItsWay(sim);
  if (!party) return "NO_PARTY_ON_ITS_WAY";
  inv.scryingCharges = (inv.scryingCharges ?? 0) - 1;
  const members: LetterMember[] = party.memberIds.map((id) => {
    const u = sim.state.units[id] as UnitRecord;
    return { unitId: u.id, name: u.name, adventurerClass: u.adventurerClass, level: u.level, abilities: [...u.traits] };
  });
  sim.emit({ type: "partyScried", partyId: party.id, goal: party.goal, members });
  return null;
}
