import type { Simulation } from "../simulation.ts";
import type { PartyRecord, UnitRecord } from "../state.ts";
import { addUnit } from "../world/units.ts";

/**
 * Party generation. The first invasion is one peasant (INV-38); the second has 1 or 2 members
 * at 50/50 (INV-39); later ones at least 2 (INV-40), growing with the game day to 5 (INV-42).
 * Early parties are peasants (INV-49). The full curves of the invasions issue replace this.
 */

/** Stats of a peasant (level 0, INV-47): weak, pitchfork, no armour. */
export const PEASANT: Pick<UnitRecord, "stats" | "gear" | "adventurerClass" | "level"> = {
  adventurerClass: "Peasant",
  level: 0,
  stats: { combat: 1, craft: 1, tracking: 1, block: 0 },
  gear: { weapon: "pitchfork", blunt: false, ranged: false, armour: "none", helm: 0 },
};

/** Party size for invasion number `n` on game day `day` (INV-38 to INV-42). */
export function partySize(sim: Simulation, n: number, day: number): number {
  if (n === 1) return 1;
  if (n === 2) return sim.rng.chance(50) ? 2 : 1;
  return Math.min(5, 2 + Math.floor(Math.max(0, day - 3) / 4));
}

/**
 * Starts the next invasion: a party appears at a portal on the map edge and walks in under fog
 * (INV-07, INV-68, INV-69); its goal is to kill the Master (INV-01). Emits `invasionStarted`.
 */
export function startInvasion(sim: Simulation): PartyRecord {
  const inv = sim.state.invasion;
  inv.count++;
  const { day } = sim.clock();
  const portal = sim.rng.pick(sim.state.map.portals);
  const id = sim.newId();
  const party: PartyRecord = {
    id, invasionNumber: inv.count, goal: "killMaster", memberIds: [], portal: { ...portal },
    spotted: false, startTick: sim.state.tick, ended: false,
  };
  sim.state.parties[id] = party;
  inv.partyId = id;
  const size = partySize(sim, inv.count, day);
  for (let i = 0; i < size; i++) {
    const u = addUnit(sim, {
      kind: "adventurer", name: `Peasant ${i + 1}`, x: portal.x, y: portal.y, faction: "village",
      partyId: id, activity: "walking", ...structuredClone(PEASANT),
    });
    party.memberIds.push(u.id);
  }
  sim.emit({ type: "invasionStarted", invasionNumber: inv.count, partyId: id, size });
  return party;
}
