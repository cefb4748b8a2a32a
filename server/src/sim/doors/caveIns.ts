import { TILE } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { Pos } from "../state.ts";
import { partAt } from "../traps/parts.ts";
import { altarAt } from "../invasions/altars.ts";
import { setTile } from "./doors.ts";
import { caveIn } from "./walkingPath.ts";

/**
 * Cave-ins (DOOR-52). The seed names cave-ins without saying what causes them; decision: the
 * keeper causes them with the `collapse` order on a plain floor tile (commands/collapse.ts): the
 * tunnel's ceiling comes down there. That tile fills with rock ("#") through {@link caveIn}, which
 * spares it when its rock would cut the last walking path between a portal and the Sanctum
 * (DOOR-49, DOOR-52); the plain floor tiles around it (8 neighbours, reading order) turn to rubble
 * (":": walkable, so rubble never cuts the path; difficult terrain in d20 fights, D20-MOVE-24),
 * except those holding one of the keeper's structures ({@link structureOn}). Units on rubble
 * stay where they are. Immediate and free, like digging and walls. Emits `caveIn`.
 */

/** What one cave-in did: tiles that filled with rock, turned to rubble, or were spared (DOOR-52). */
export interface CaveInResult { rock: Pos[]; rubble: Pos[]; spared: Pos[] }

/**
 * The keeper's structure standing on tile (x, y), which a cave-in or a lair must leave alone: a
 * trap part or construction site, a cable, a guard post, an altar, the scrying pool, the metal
 * stockpile or the treasure.
 * @returns a short description for a refusal's reason ("trap part 5", "the treasure", …), or null.
 */
export function structureOn(sim: Simulation, x: number, y: number): string | null {
  const s = sim.state;
  const part = partAt(sim, x, y);
  if (part) return `trap part ${part.id}`;
  const index = y * s.map.width + x;
  for (const id in s.cables) if (s.cables[id]!.path.includes(index)) return `cable ${id}`;
  for (const id in s.guardPosts ?? {}) { const g = s.guardPosts[id]!; if (g.x === x && g.y === y) return `guard post ${id}`; }
  const altar = altarAt(sim, x, y);
  if (altar) return `altar ${altar.id}`;
  const pool = s.invasion.scryingPool;
  if (pool && pool.x === x && pool.y === y) return "the scrying pool";
  if (s.map.stockpile.x === x && s.map.stockpile.y === y) return "the metal stockpile";
  if (s.treasure.x === x && s.treasure.y === y) return "the treasure";
  return null;
}

/**
 * The keeper's `collapse` order at (x, y), already checked (a plain floor tile on the map with
 * nothing and no one on it): the tile falls into rock unless that would cut the walking path
 * (DOOR-52: then it is spared and stays floor), and the plain floor around it turns to rubble.
 * Emits `caveIn` with the tiles in each group.
 */
export function collapseCeiling(sim: Simulation, x: number, y: number): CaveInResult {
  const map = sim.state.map;
  const rock = caveIn(sim, [{ x, y }]);
  const spared = rock.length === 0 ? [{ x, y }] : [];
  const rubble: Pos[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx, ny = y + dy;
      if ((dx === 0 && dy === 0) || nx < 0 || ny < 0 || nx >= map.width || ny >= map.height) continue;
      if (map.tiles[ny * map.width + nx] !== TILE.floor || structureOn(sim, nx, ny) !== null) continue;
      setTile(map, nx, ny, TILE.rubble);
      rubble.push({ x: nx, y: ny });
    }
  }
  sim.emit({ type: "caveIn", x, y, rock, rubble, spared });
  return { rock, rubble, spared };
}
