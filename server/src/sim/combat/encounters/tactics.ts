/**
 * What a turn does on the board, written once for the round-based rulesets (d20 and d100) and
 * parameterised where they differ: who is in the way ({@link occupied}), who the foes are
 * ({@link foesOf}), walking up to a foe ({@link moveToward}) and striking it ({@link strike}).
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { findPath } from "../../world/grid.ts";
import { areEnemies, isActive, setActivity } from "../../world/units.ts";
import { stepBlocked } from "../../world/hooks.ts";
import { CROWDING_SPECIES, hasRoomFor } from "../../world/crowding.ts";
import { shotTaker } from "../shots.ts";
import { participantsOf } from "./book.ts";
import type { EncounterRecord } from "./types.ts";

/** A tile, in tiles. */
export interface Tile { x: number; y: number }

/**
 * The tiles (`y · width + x`) other active units stand on (walls for a path around them), but for
 * a kobold not a tile it may share with the kobold already there (CMB-21, `hasRoomFor`: at most
 * two kobolds to a tile, kobolds only). Only the d100 encounters path with it; d20 keeps its own
 * space rules (d20/spaces.ts).
 */
export function occupied(sim: Simulation, unit: UnitRecord): Set<number> {
  const w = sim.state.map.width;
  const s = new Set<number>();
  const kobold = unit.species === CROWDING_SPECIES;
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u === unit || !isActive(u)) continue;
    if (kobold && hasRoomFor(sim, unit, u.x, u.y)) continue;
    s.add(u.y * w + u.x);
  }
  return s;
}

/** How a ruleset sees its foes: who still stands and how far (in tiles) one unit is from another. */
export interface FoeRules {
  isUp(unit: UnitRecord): boolean;
  distance(sim: Simulation, from: UnitRecord, to: UnitRecord): number;
}

/**
 * The hostile participants of `enc` still standing (by `rules.isUp`) within `limit` tiles of
 * `unit` (by `rules.distance`), nearest first, then by id.
 */
export function foesOf(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, rules: FoeRules, limit = Number.POSITIVE_INFINITY): UnitRecord[] {
  return participantsOf(sim, enc)
    .filter((u) => u !== unit && areEnemies(unit, u) && rules.isUp(u) && rules.distance(sim, unit, u) <= limit)
    .sort((a, b) => rules.distance(sim, unit, a) - rules.distance(sim, unit, b) || Number(a.id) - Number(b.id));
}

/**
 * The A* way (tiles, the start excluded, `goal` included) from `unit` to `goal` around the tiles
 * other active units hold ({@link occupied}; with `freeGoal` the goal's own tile is not held).
 * Null when there is none.
 */
export function freePath(sim: Simulation, unit: UnitRecord, goal: Tile, freeGoal: boolean): Tile[] | null {
  const map = sim.state.map;
  const busy = occupied(sim, unit);
  if (freeGoal) busy.delete(goal.y * map.width + goal.x);
  // DOOR-13, DOOR-15: a locked door the unit may not unlock (the doors' stepBlocked hook) is no way.
  const path = findPath(map, unit, goal, (x, y) => !busy.has(y * map.width + x) && !stepBlocked(sim, unit, x, y));
  if (!path) return null;
  return path.map((i) => ({ x: i % map.width, y: Math.floor(i / map.width) }));
}

/** How a ruleset walks up to a foe: the way next to it (or null), and the walk along it (how far it got). */
export interface Approach<R> {
  route(): R | null;
  walk(route: R): number;
}

/**
 * Moves toward a place next to a foe the ruleset's way (d20: the D20-MOVE route and its steps;
 * d100: the A* way and a normal or guarded move).
 * @returns what `approach.walk` reports (d100: the tiles walked), 0 when there is no way.
 */
export function moveToward<R>(approach: Approach<R>): number {
  const route = approach.route();
  return route ? approach.walk(route) : 0;
}

/**
 * CMB-14 (always on): who an attack of `unit` on `target` strikes: a shot (`shoots`) may strike a
 * standing body on its path instead (the shared `shotTaker`, drawn before the attack roll); a blow
 * strikes its target.
 */
export function struckBy(sim: Simulation, unit: UnitRecord, target: UnitRecord, shoots: boolean): UnitRecord {
  return shoots ? shotTaker(sim, unit, target) : target;
}

/**
 * One attack of `unit` on `target` in a fight: the unit is fighting, the one struck is chosen
 * ({@link struckBy}) and the ruleset resolves the attack on it (`resolve`).
 */
export function strike(sim: Simulation, unit: UnitRecord, target: UnitRecord, shoots: boolean, resolve: (struck: UnitRecord) => void): void {
  setActivity(sim, unit, "fighting");
  resolve(struckBy(sim, unit, target, shoots));
}
