import type { Simulation } from "../simulation.ts";
import type { Pos, UnitRecord } from "../state.ts";
import { canSee } from "../combat/perception.ts";
import { isActive } from "../world/units.ts";
import { knows } from "../knowledge/knowledge.ts";

/**
 * What an adventurer player may see and know through its unit: the units and tiles it perceives
 * (CMB-02 to CMB-04), the trap parts it knows (KNOW-03, KNOW-04), its own party (INV-05).
 * Nothing here allocates.
 */

/**
 * CMB-02 to CMB-04: true when adventurer `viewerId` perceives unit `id`: itself always; another
 * unit only while the viewer is active (not unconscious, dead, captured or gone) and the other has
 * not left the map, within the viewer's perception range (3 + 2 × Tracking tiles, Chebyshev) with
 * a clear line of sight. False for ids that are no unit.
 */
export function adventurerSeesUnit(sim: Simulation, viewerId: string, id: string): boolean {
  if (id === viewerId) return true;
  const units = sim.state.units;
  const me = Object.hasOwn(units, viewerId) ? units[viewerId] : undefined;
  const other = Object.hasOwn(units, id) ? units[id] : undefined;
  if (!me || !other || !isActive(me) || other.activity === "left") return false;
  return canSee(sim, me, other);
}

const scratch: Pos = { x: 0, y: 0 };

/**
 * CMB-02 to CMB-04: true when adventurer `me`, active, perceives the tile (x, y) (in tiles): within
 * its perception range with a clear line of sight, as it would a unit standing there.
 */
export function adventurerSeesTile(sim: Simulation, me: UnitRecord, x: number, y: number): boolean {
  if (!isActive(me)) return false;
  scratch.x = x;
  scratch.y = y;
  return canSee(sim, me, scratch);
}

/**
 * True when adventurer `me` may know of unit `id`: itself, a member of its own party (INV-05: it
 * reads its party's member list), a unit it perceives ({@link adventurerSeesUnit}), or a fellow
 * participant of an encounter it takes part in (d20 and d100: the acting order is announced to
 * every participant, D20-FLOW-19).
 */
export function adventurerMayKnowUnit(sim: Simulation, me: UnitRecord, id: string): boolean {
  if (id === me.id) return true;
  const units = sim.state.units;
  const other = Object.hasOwn(units, id) ? units[id] : undefined;
  if (other && me.partyId !== "" && other.partyId === me.partyId) return true;
  if (adventurerSeesUnit(sim, me.id, id)) return true;
  const encounters = sim.state.encounters;
  if (encounters === undefined) return false;
  for (const key in encounters) {
    const p = encounters[key]!.participants;
    if (p.includes(me.id) && p.includes(id)) return true;
  }
  return false;
}

/**
 * KNOW-03, KNOW-04: true when adventurer `unit` knows where trap part `partId` is (the knowledge
 * module's `knows`): a player never receives a trap part its adventurer does not know.
 */
export function adventurerKnowsPart(sim: Simulation, unit: UnitRecord, part: { id: string }): boolean {
  return knows(sim, unit, part.id);
}
