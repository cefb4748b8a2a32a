import { SPECIES, WEAPONS, type ArmourKind, type SpeciesId, type WeaponName } from "@malignus/shared";
import type { Gear, UnitRecord } from "../state.ts";

/**
 * Unit fields from the species and weapon table (shared/src/data/creatures.ts), on the ground
 * floor so that world/spawn.ts can place a map's units without importing combat/
 * (combat/creatures.ts re-exports both).
 */

/** The gear for `weapon` (its bluntness and range from WEAPONS) with the given armour and helm. */
export function gearFor(weapon: WeaponName, armour: ArmourKind = "none", helm = 0): Gear {
  const w = WEAPONS[weapon];
  return { weapon, blunt: w.blunt, ranged: w.ranged, armour, helm };
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
