import { SPECIES, WEAPONS, type ArmourKind, type SpeciesId, type WeaponData, type WeaponName } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { Gear, UnitRecord } from "../state.ts";
import { addUnit } from "../world/units.ts";

/**
 * Units built from the species and weapon table (shared/src/data/creatures.ts): the Master,
 * minions and creatures with the stats, gear and weapons the rules read.
 */

/** The gear for `weapon` (its bluntness and range from WEAPONS) with the given armour and helm. */
export function gearFor(weapon: WeaponName, armour: ArmourKind = "none", helm = 0): Gear {
  const w = WEAPONS[weapon];
  return { weapon, blunt: w.blunt, ranged: w.ranged, armour, helm };
}

/** The table row of the unit's weapon; fists for a weapon the table does not know. */
export function weaponOf(unit: UnitRecord): WeaponData {
  return (WEAPONS as Record<string, WeaponData>)[unit.gear.weapon] ?? WEAPONS.fists;
}

/**
 * The fields of a new unit of `species`: kind, species (creatures only), name, stats, gear and
 * speed from the table. Pass them to `addUnit` with a position and anything else.
 */
export function speciesFields(species: SpeciesId): Pick<UnitRecord, "kind" | "species" | "name" | "stats" | "gear" | "speed"> {
  const s = SPECIES[species];
  return {
    kind: s.kind,
    species: s.kind === "creature" ? species : "",
    name: s.name,
    stats: { ...s.stats },
    gear: gearFor(s.weapon, s.armour, s.helm),
    speed: s.speed,
  };
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
