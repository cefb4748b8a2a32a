import { DETOUR_CHANCE_PERCENT, SCOUT_DETOUR_CHANCE_PERCENT } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartyRecord, Pos, UnitRecord } from "../state.ts";
import type { DoorRecord } from "./types.ts";
import { findPath, tileIndex } from "../world/grid.ts";
import { walkTo } from "../world/movement.ts";
import { canSee } from "../combat/perception.ts";
import { doorAt, isLocked, mayUnlock } from "./doors.ts";
import { activeMembers, ensureForcer, forcingFor, memoryKey, TRAIT, workOnDoor } from "./forcing.ts";
import { setActivity, setTarget } from "../world/units.ts";

/**
 * Adventurer routing at doors (DOOR-01 to DOOR-06, DOOR-34, DOOR-44, DOOR-55). The adventurer AI
 * calls {@link guideAtDoors} before walking toward its goal:
 * - the member its party sent to force a locked door works on it (doors/forcing.ts);
 * - a member whose next step is a locked door it cannot unlock makes its party start forcing it
 *   (DOOR-02, DOOR-34); the others wait in front of it (movement stops them, DOOR-13);
 * - when its path crosses a closed door it sees, the party rolls once per door whether it takes
 *   another route: 50% of the time, 25% with a Scout (DOOR-03, DOOR-04), never when the door is
 *   the only route (DOOR-05) or for the party after a Cartographer's escape (DOOR-06);
 * - a door the party gave up on counts as a wall; with no route left the party leaves the map
 *   (DOOR-44 proposal).
 *
 * Decisions (catalogue proposals): one roll per party per door; locked doors count as closed;
 * held-open (open) doors are not closed; "another route" is any walking route that avoids the
 * door, whatever its length; a Cartographer "escapes alive" by leaving the map alive, and
 * exactly the next party of that faction (the faction of its first member) never detours.
 */

/**
 * The detour chance of a party, in percent (DOOR-03, DOOR-04, DOOR-06): `DETOUR_CHANCE_PERCENT`,
 * `SCOUT_DETOUR_CHANCE_PERCENT` with a Scout (shared/src/data/chances.ts), 0 after a Cartographer's escape.
 */
export function detourChance(sim: Simulation, party: PartyRecord): number {
  if (sim.state.doorMemory.noDetourParties.includes(party.id)) return 0;
  return activeMembers(sim, party).some((m) => m.traits.includes(TRAIT.scout)) ? SCOUT_DETOUR_CHANCE_PERCENT : DETOUR_CHANCE_PERCENT;
}

/** A walking path next to `target` that avoids the given door tiles, or null (walkNextTo's semantics). */
function pathNextTo(sim: Simulation, unit: UnitRecord, target: Pos, avoid: ReadonlySet<number>): number[] | null {
  const map = sim.state.map;
  const path = findPath(map, unit, target, (x, y) => !avoid.has(tileIndex(map, x, y)) || (x === target.x && y === target.y));
  if (!path || path.length === 0) return null;
  path.pop();
  return path;
}

/** Door tiles the party avoids: those it decided to detour around and those it gave up on. */
function avoidedTiles(sim: Simulation, party: PartyRecord): Set<number> {
  const out = new Set<number>();
  const mem = sim.state.doorMemory;
  for (const id in sim.state.doors) {
    const d = sim.state.doors[id] as DoorRecord;
    const key = memoryKey(party.id, id);
    if (mem.detours[key] === true || mem.forcing[key]?.gaveUp === true) out.add(tileIndex(sim.state.map, d.x, d.y));
  }
  return out;
}

/** Makes the unit walk to its party's portal and leave the map there (DOOR-44 proposal). */
function leave(sim: Simulation, party: PartyRecord, unit: UnitRecord): void {
  if (unit.x === party.portal.x && unit.y === party.portal.y) {
    setActivity(sim, unit, "left");
    unit.walk = null;
    setTarget(sim, unit, "");
    sim.emit({ type: "escaped", unitId: unit.id });
    return;
  }
  setActivity(sim, unit, "fleeing");
  walkTo(sim, unit, party.portal);
}

/**
 * Door decisions for one adventurer walking toward `target` (see the module comment).
 * @returns true when doors decided what the unit does this tick (the caller does nothing else);
 *   false when the caller should walk on as usual (its walk may have been re-planned around doors).
 */
export function guideAtDoors(sim: Simulation, party: PartyRecord, unit: UnitRecord, target: Pos): boolean {
  const mem = sim.state.doorMemory;
  if (mem.leavingParties.includes(party.id)) { leave(sim, party, unit); return true; }
  // The member sent to force a door works on it.
  for (const key in mem.forcing) {
    const rec = mem.forcing[key]!;
    if (rec.partyId !== party.id || rec.gaveUp) continue;
    const door = sim.state.doors[rec.doorId];
    if (!door || !isLocked(door)) { delete mem.forcing[key]; continue; }
    ensureForcer(sim, party, rec);
    if (rec.forcerId === unit.id) { workOnDoor(sim, party, unit, rec, door); return true; }
  }
  if (!unit.walk) return false; // planned by the adventurer AI on an earlier tick
  const map = sim.state.map;
  // Blocked by a locked door: the party forces it (DOOR-02, DOOR-34).
  const next = unit.walk.path[0];
  if (next !== undefined && map.tiles[next] === "+") {
    const door = doorAt(sim.state, next % map.width, Math.floor(next / map.width));
    if (door && isLocked(door) && !mayUnlock(sim, unit)) {
      const rec = forcingFor(sim, party, door);
      if (!rec.gaveUp && rec.forcerId === unit.id) { workOnDoor(sim, party, unit, rec, door); return true; }
    }
  }
  // Closed doors on the path: detour rolls (DOOR-03 to DOOR-06), doors given up (DOOR-44).
  let avoid = avoidedTiles(sim, party);
  let replan = unit.walk.path.some((t) => avoid.has(t));
  for (const t of unit.walk.path) {
    if (map.tiles[t] !== "+" || avoid.has(t)) continue;
    const door = doorAt(sim.state, t % map.width, Math.floor(t / map.width));
    if (!door || door.open) continue;
    const key = memoryKey(party.id, door.id);
    if (key in mem.detours || !canSee(sim, unit, door)) continue;
    const trial = new Set(avoid).add(t);
    const other = pathNextTo(sim, unit, target, trial) !== null;
    mem.detours[key] = other && sim.rng.chance(detourChance(sim, party)); // DOOR-05: the only route is always taken
    if (mem.detours[key]) { avoid = trial; replan = true; }
  }
  if (!replan) return false;
  const path = pathNextTo(sim, unit, target, avoid);
  if (path === null) {
    // Only doors the party gave up on block every route: it leaves (detours exist by construction).
    mem.leavingParties.push(party.id);
    leave(sim, party, unit);
    return true;
  }
  if (path.length === 0) { unit.walk = null; return false; }
  unit.walk = { goal: path[path.length - 1] as number, path, progress: unit.walk?.progress ?? 0 };
  return false;
}
