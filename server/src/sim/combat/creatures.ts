export { speciesFields } from "../world/species.ts";

/**
 * Units built from the species and weapon table (shared/src/data/creatures.ts): the Master,
 * minions and creatures with the stats, gear and weapons the rules read. `gearFor` and
 * `speciesFields` live on the ground floor (world/species.ts) and are re-exported here; the map's
 * creatures are spawned from them (world/spawn.ts), companions too (d20/d100 companions.ts).
 */
