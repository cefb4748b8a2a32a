import type { Simulation } from "../simulation.ts";
import type { MapSpawn } from "./map.ts";
import { addUnit } from "./units.ts";
import { speciesFields } from "./species.ts";

/**
 * Places the units a map file marks: the Master (M), minions (t: Trapping, m: no job) and
 * dungeon creatures (T: troll, k: kobold, g: gargoyle, a flyer, b: giant bat, a flyer, c: crocodile,
 * a native swimmer placed on deep water), all of the dungeon, and wild wolves (w, faction "wild",
 * combat/wild.ts). Their stats, gear and speed come from the species table
 * (shared/src/data/creatures.ts).
 */
export function spawnFromMap(sim: Simulation, spawns: readonly MapSpawn[]): void {
  for (const s of spawns) {
    switch (s.marker) {
      case "M":
        addUnit(sim, { ...speciesFields("master"), x: s.x, y: s.y });
        break;
      case "t":
      case "m":
        addUnit(sim, {
          ...speciesFields("minion"), name: `Minion ${sim.state.nextId}`, x: s.x, y: s.y,
          job: s.marker === "t" ? "trapping" : "none",
        });
        break;
      case "T":
        addUnit(sim, { ...speciesFields("troll"), x: s.x, y: s.y });
        break;
      case "k":
        addUnit(sim, { ...speciesFields("kobold"), x: s.x, y: s.y });
        break;
      case "g":
        addUnit(sim, { ...speciesFields("gargoyle"), x: s.x, y: s.y });
        break;
      case "b":
        addUnit(sim, { ...speciesFields("giantBat"), x: s.x, y: s.y });
        break;
      case "c":
        addUnit(sim, { ...speciesFields("crocodile"), x: s.x, y: s.y });
        break;
      case "w":
        addUnit(sim, { ...speciesFields("wolf"), x: s.x, y: s.y, faction: "wild" });
        break;
    }
  }
}
