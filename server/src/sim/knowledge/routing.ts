import { PARTS } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartRecord, PartyRecord, Pos, UnitRecord } from "../state.ts";
import { findPath, tileIndex, tilePos } from "../world/grid.ts";
import { networkOf } from "../traps/network.ts";
import { setOffTrigger } from "../traps/firing.ts";
import { isReady } from "../traps/parts.ts";
import { cautionBonus, isConsciousAdventurer, knowledgeOf, triggerTypeOf } from "./knowledge.ts";
import { markPart } from "../changes.ts";

/**
 * Routes that weigh an adventurer's own knowledge (KNOW-03, KNOW-17 to KNOW-19, KNOW-25): it
 * goes around every trigger it knows when it can; failing that it may step over a known tripwire
 * (never fails, proposal); failing that the route crosses a known plate or sensor, which the
 * party tries to defuse when the walker reaches it. Triggers it does not know play no part.
 */

/** Difficulty of defusing a trigger, on the stat scale (KNOW-19 proposal: the best Craft member rolls). */
export const DEFUSE_DIFFICULTY = 3;

/** Known triggers by tile index for `unit` (built or not: it cannot tell). */
export function knownTriggerTiles(sim: Simulation, unit: UnitRecord): Map<number, PartRecord> {
  const out = new Map<number, PartRecord>();
  const k = sim.state.knowledge?.[unit.id];
  if (!k) return out;
  const defused = unit.partyId !== "" ? sim.state.parties[unit.partyId]?.defused ?? [] : [];
  for (const id of k.known) {
    if (defused.includes(id)) continue;
    const p = sim.state.parts[id];
    if (p && PARTS[p.kind].role === "trigger" && triggerTypeOf(p.kind) !== null) out.set(tileIndex(sim.state.map, p.x, p.y), p);
  }
  return out;
}

/** A route: tile indices to walk, and the known plate or sensor on it that must be defused first, if any. */
export interface Route { path: number[]; defuse: PartRecord | null }

/**
 * The route of `unit` to `goal` (or to a tile next to it when `adjacent`), avoiding the triggers
 * it knows (KNOW-17), else stepping over known tripwires (KNOW-18), else through a known plate or
 * sensor to defuse (KNOW-19). Null when the goal cannot be reached at all.
 */
export function planRoute(sim: Simulation, unit: UnitRecord, goal: Pos, adjacent: boolean, swim = false): Route | null {
  const map = sim.state.map;
  const known = knownTriggerTiles(sim, unit);
  const goalIdx = tileIndex(map, goal.x, goal.y);
  const attempt = (blocks: (p: PartRecord) => boolean): number[] | null => {
    const path = findPath(map, unit, goal, (x, y) => {
      const idx = tileIndex(map, x, y);
      if (adjacent && idx === goalIdx) return true;
      const p = known.get(idx);
      return !p || !blocks(p);
    }, swim);
    if (!path) return null;
    if (adjacent) path.pop();
    return path;
  };
  if (known.size === 0) {
    // Issue 20: no known trigger, so every tile passes: findPath's memoised plain search gives
    // the same path (without swimming), shared by every walker of the map.
    const p = swim ? attempt(() => false) : findPath(map, unit, goal);
    if (p && adjacent && !swim) p.pop();
    return p ? { path: p, defuse: null } : null;
  }
  const around = attempt(() => true);
  if (around) return { path: around, defuse: null };
  const over = attempt((p) => triggerTypeOf(p.kind) !== "tripwire");
  if (over) return { path: over, defuse: null };
  const through = attempt(() => false);
  if (!through) return null;
  for (const idx of through) {
    const p = known.get(idx);
    if (p && triggerTypeOf(p.kind) !== "tripwire") return { path: through, defuse: p };
  }
  return { path: through, defuse: null };
}

/**
 * The route of adventurer `unit` to `goal` across water, planned like {@link planRoute} (known
 * triggers weigh the same) with water tiles passable. Used only once no dry route exists (INV-09;
 * the swimming decisions are in invasions/swimming.ts, which re-exports this).
 * @returns null for units that are not adventurers, or when even swimming cannot reach the goal.
 */
export function swimRoute(sim: Simulation, unit: UnitRecord, goal: Pos, adjacent: boolean): Route | null {
  if (unit.kind !== "adventurer") return null;
  return planRoute(sim, unit, goal, adjacent, true);
}

/**
 * Sets `unit` walking toward `goal` along {@link planRoute}; keeps its current walk while the goal
 * is the same and it learned nothing new (learning sets the walk's goal to −1). When the next
 * tile is a known plate or sensor to defuse, the party tries it now ({@link defuse}).
 * @returns false when the goal cannot be reached.
 */
export function walkKnowing(sim: Simulation, unit: UnitRecord, goal: Pos, adjacent: boolean): boolean {
  const map = sim.state.map;
  if (adjacent ? Math.max(Math.abs(unit.x - goal.x), Math.abs(unit.y - goal.y)) <= 1 : unit.x === goal.x && unit.y === goal.y) {
    unit.walk = null;
    return true;
  }
  if (unit.walk && unit.walk.goal !== -1 && unit.walk.path.length > 0) {
    const end = tilePos(map, unit.walk.goal);
    const ok = adjacent ? Math.max(Math.abs(end.x - goal.x), Math.abs(end.y - goal.y)) <= 1 : unit.walk.goal === tileIndex(map, goal.x, goal.y);
    if (ok && !nextIsKnownBlocker(sim, unit)) return true;
  }
  const route = planRoute(sim, unit, goal, adjacent) ?? swimRoute(sim, unit, goal, adjacent); // INV-09
  if (!route) { unit.walk = null; return false; }
  if (route.path.length === 0) { unit.walk = null; return true; }
  if (route.defuse && route.path[0] === tileIndex(map, route.defuse.x, route.defuse.y)) {
    const party = unit.partyId !== "" ? sim.state.parties[unit.partyId] : undefined;
    if (party) defuse(sim, party, route.defuse, unit);
    unit.walk = null;
    return true;
  }
  unit.walk = { goal: route.path[route.path.length - 1] as number, path: route.path, progress: unit.walk?.progress ?? 0 };
  return true;
}

/** True when the walk's next tile is a known plate or sensor (to defuse before stepping on it). */
function nextIsKnownBlocker(sim: Simulation, unit: UnitRecord): boolean {
  const next = unit.walk?.path[0];
  if (next === undefined) return false;
  const k = knowledgeOf(sim, unit.id);
  if (k.known.length === 0) return false;
  const known = knownTriggerAt(sim, unit, next);
  return !!known && triggerTypeOf(known.kind) !== "tripwire";
}

/**
 * `knownTriggerTiles(sim, unit).get(tile)` without building the map (issue 20: asked every tick
 * by every walking adventurer): the last trigger of the unit's known list on tile index `tile`
 * that {@link knownTriggerTiles} would keep.
 */
function knownTriggerAt(sim: Simulation, unit: UnitRecord, tile: number): PartRecord | undefined {
  const k = sim.state.knowledge?.[unit.id];
  if (!k) return undefined;
  const defused = unit.partyId !== "" ? sim.state.parties[unit.partyId]?.defused ?? [] : [];
  let found: PartRecord | undefined;
  for (const id of k.known) {
    if (defused.includes(id)) continue;
    const p = sim.state.parts[id];
    if (p && tileIndex(sim.state.map, p.x, p.y) === tile && PARTS[p.kind].role === "trigger" && triggerTypeOf(p.kind) !== null) found = p;
  }
  return found;
}

/**
 * The party tries to defuse known trigger `trigger` blocking `walker`'s way (KNOW-19, KNOW-25):
 * its conscious member with the best Craft (then lowest id) rolls the ruleset's "defuse" check
 * against {@link DEFUSE_DIFFICULTY} with the Caution bonus. Success leaves the trigger needing a
 * rearm without firing; failure sets it off as if the roller stepped on it. Emits `triggerDefused`.
 * @returns true on success.
 */
export function defuse(sim: Simulation, party: PartyRecord, trigger: PartRecord, walker: UnitRecord): boolean {
  let best = walker;
  for (const id of party.memberIds) {
    const m = sim.state.units[id];
    if (m && isConsciousAdventurer(m) && m.stats.craft > best.stats.craft) best = m;
  }
  const result = sim.ruleset.check(sim, best, "defuse", DEFUSE_DIFFICULTY, cautionBonus(sim, best));
  sim.emit({ type: "triggerDefused", partyId: party.id, unitId: best.id, triggerId: trigger.id, success: result.success });
  (party.defused ??= []).push(trigger.id);
  if (result.success) {
    trigger.needsRearm = true;
    markPart(sim, trigger.id);
    return true;
  }
  if (isReady(sim, trigger)) {
    const net = networkOf(sim, trigger.id);
    if (net && net.mechanism !== null) setOffTrigger(sim, trigger, net, best.id);
  }
  return false;
}
