import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { allUnits } from "./units.ts";

/**
 * Issue 20 part 2, idle systems skip their work: which factions have units in the state, so that
 * a question about a unit's enemies (units of another faction, `areEnemies`) is answered "none"
 * at once in a dungeon where every unit is on one side (no party inside, no wild creature):
 * the idle dungeon's every tick.
 *
 * The set covers every unit of {@link allUnits}, whatever its activity (dead and departed units
 * too: a superset is safe, it only means looking). It is made again when the list changes (a
 * unit added or removed), at each tick, and after {@link factionChanged}, which every site that
 * changes a unit's `faction` calls (traps/lairs.ts: a wild creature joins the dungeon).
 */
interface FactionCache { list: readonly UnitRecord[]; tick: number; factions: Set<string> }

const caches = new WeakMap<object, FactionCache>();

/** The factions of the state's units (see the module doc). The set is shared: read it only. */
export function factionsPresent(sim: Simulation): ReadonlySet<string> {
  const list = allUnits(sim);
  const tick = sim.state.tick;
  const cached = caches.get(sim.state.units);
  if (cached && cached.list === list && cached.tick === tick) return cached.factions;
  const factions = new Set<string>();
  for (let i = 0; i < list.length; i++) factions.add((list[i] as UnitRecord).faction);
  caches.set(sim.state.units, { list, tick, factions });
  return factions;
}

/**
 * False when no unit of the state is of another faction than `unit` (so none is its enemy,
 * `areEnemies`); true when one may be.
 */
export function mayHaveEnemies(sim: Simulation, unit: UnitRecord): boolean {
  const factions = factionsPresent(sim);
  return factions.size > 1 || !factions.has(unit.faction);
}

/** Records that a unit's `faction` changed: {@link factionsPresent} is made again at the next question. */
export function factionChanged(sim: Simulation): void {
  caches.delete(sim.state.units);
}
