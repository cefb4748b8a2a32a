import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { allUnits } from "./units.ts";
import { markUnit } from "../changes.ts";

/**
 * Issue 20 part 2, idle systems skip their work: which factions have units in the state, so that
 * a question about a unit's enemies (units of another faction, `areEnemies`) is answered "none"
 * at once in a dungeon where every unit is on one side (no party inside, no wild creature):
 * the idle dungeon's every tick.
 *
 * The set covers every unit of {@link allUnits}, whatever its activity (dead and departed units
 * too: a superset is safe, it only means looking). It is made only when it may have changed: when
 * the list changes (a unit added or removed) and after {@link factionChanged}, which
 * {@link setFaction}, the one way to change a unit's `faction` (traps/lairs.ts: a wild creature
 * joins the dungeon; tests), calls. With the unit index checks on (tests), {@link checkFactions}
 * verifies it at the end of every tick.
 */
interface FactionCache { list: readonly UnitRecord[]; factions: Set<string> }

const caches = new WeakMap<object, FactionCache>();

function factionsOf(list: readonly UnitRecord[]): Set<string> {
  const factions = new Set<string>();
  for (let i = 0; i < list.length; i++) factions.add((list[i] as UnitRecord).faction);
  return factions;
}

/** The factions of the state's units (see the module doc). The set is shared: read it only. */
export function factionsPresent(sim: Simulation): ReadonlySet<string> {
  const list = allUnits(sim);
  const cached = caches.get(sim.state.units);
  if (cached && cached.list === list) return cached.factions;
  const factions = factionsOf(list);
  caches.set(sim.state.units, { list, factions });
  return factions;
}

/**
 * Debug check (tests, through world/unitIndex.ts `endTick`): throws when the cached
 * {@link factionsPresent} set differs from the factions of the units (a `faction` written without
 * {@link setFaction}).
 * @throws Error naming both sets.
 */
export function checkFactions(sim: Simulation): void {
  const cached = caches.get(sim.state.units);
  if (!cached || cached.list !== allUnits(sim)) return;
  const actual = factionsOf(cached.list);
  if (actual.size === cached.factions.size && [...actual].every((f) => cached.factions.has(f))) return;
  throw new Error(`factionsPresent is stale: cached [${[...cached.factions].sort().join(", ")}], units [${[...actual].sort().join(", ")}] (a unit's faction changed without setFaction)`);
}

/**
 * Changes `unit`'s `faction` (who its enemies are, `areEnemies`): marks the unit for the projection
 * and {@link factionChanged}. The one way to change a faction (traps/lairs.ts TRAP-61: a wild
 * creature settling in a lair joins the dungeon).
 */
export function setFaction(sim: Simulation, unit: UnitRecord, faction: string): void {
  unit.faction = faction;
  markUnit(sim, unit);
  factionChanged(sim);
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
