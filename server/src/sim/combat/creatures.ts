import { SPECIES, WEAPONS, type SpeciesId, type WeaponData } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { addUnit } from "../world/units.ts";
import { speciesFields } from "../world/species.ts";

export { gearFor, speciesFields } from "../world/species.ts";

/**
 * Units built from the species and weapon table (shared/src/data/creatures.ts): the Master,
 * minions and creatures with the stats, gear and weapons the rules read. `gearFor` and
 * `speciesFields` live on the ground floor (world/species.ts) and are re-exported here.
 */

/** The table row of the unit's weapon; fists for a weapon the table does not know. */
export function weaponOf(unit: UnitRecord): WeaponData {
  return (WEAPONS as Record<string, WeaponData>)[unit.gear.weapon] ?? WEAPONS.fists;
}

/**
 * Adds a creature of `species` at (x, y): a dungeon creature (faction "dungeon") or a wild one
 * (faction "wild", enemy of everyone else; see combat/wild.ts).
 * @throws Error when `species` is not a creature species (the Master, minions).
 */
export function addCreature(sim: Simulation, species: SpeciesId, x: number, y: number, faction: "dungeon" | "wild" = "dungeon"): UnitRecord {
  if (SPECIES[species].kind !== "creature") throw new Error(`${species} is not a creature species`);
  return addUnit(sim, { ...speciesFields(species), x, y, faction });
}
