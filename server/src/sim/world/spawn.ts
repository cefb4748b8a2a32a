import type { Simulation } from "../simulation.ts";
import type { MapSpawn } from "./map.ts";
import { addUnit } from "./units.ts";

/**
 * Places the units a map file marks: the Master (M), minions (t: Trapping, m: no job) and
 * dungeon creatures (T: troll, k: kobold). Minions and creatures belong to the dungeon.
 */
export function spawnFromMap(sim: Simulation, spawns: readonly MapSpawn[]): void {
  for (const s of spawns) {
    switch (s.marker) {
      case "M":
        addUnit(sim, {
          kind: "master", name: "The Master", x: s.x, y: s.y,
          stats: { combat: 6, craft: 3, tracking: 3, block: 2 },
          gear: { weapon: "staff", blunt: true, ranged: false, armour: "cloth", helm: 0 },
        });
        break;
      case "t":
      case "m":
        addUnit(sim, {
          kind: "minion", name: `Minion ${sim.state.nextId}`, x: s.x, y: s.y,
          job: s.marker === "t" ? "trapping" : "none",
          stats: { combat: 3, craft: 3, tracking: 2, block: 1 },
          gear: { weapon: "club", blunt: true, ranged: false, armour: "leather", helm: 0 },
        });
        break;
      case "T":
        addUnit(sim, {
          kind: "creature", species: "troll", name: "Troll", x: s.x, y: s.y,
          stats: { combat: 6, craft: 0, tracking: 1, block: 2 },
          gear: { weapon: "fists", blunt: true, ranged: false, armour: "none", helm: 0 },
        });
        break;
      case "k":
        addUnit(sim, {
          kind: "creature", species: "kobold", name: "Kobold", x: s.x, y: s.y,
          stats: { combat: 2, craft: 1, tracking: 2, block: 0 },
          gear: { weapon: "spear", blunt: false, ranged: false, armour: "none", helm: 0 },
        });
        break;
    }
  }
}
