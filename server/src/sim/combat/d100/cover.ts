import { TILE } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { tileAt } from "../../world/grid.ts";
import { d100Of } from "./sheet.ts";

/**
 * P100-PLACE-13, P100-PLACE-14 (Left open PLACE, cover): true when `unit` stands on a cover tile
 * (TILE.cover, "=") on the ground. Being there is part of a normal move (no action); a flyer off
 * the ground is never in cover (server choice), while cover still protects a ground unit against
 * attackers in the air (P100-AIR-25).
 */
export function standsInCover(sim: Simulation, unit: UnitRecord): boolean {
  return d100Of(unit).altitude === "ground" && tileAt(sim.state.map, unit.x, unit.y) === TILE.cover;
}
