import type { Simulation } from "../simulation.ts";
import type { MapState, PartRecord, SimState, UnitRecord } from "../state.ts";
import type { DoorMemory, DoorRecord } from "./types.ts";
import { areEnemies, isActive, isMerchant, presentUnits } from "../world/units.ts";
import { cableNetworks, markWiringChanged, wiringRevision } from "../traps/network.ts";
import { markDoor, markPart } from "../changes.ts";

/**
 * Doors and padlocks (DOOR-07 to DOOR-33): the door records, who may unlock a locked door, how a
 * door opens and closes, and how doors follow the trigger they are wired to.
 *
 * Decisions:
 * - A door is open when it was broken in (DOOR-45), or when exactly one of "held open"
 *   (DOOR-18) and "its trigger is active" (DOOR-20, DOOR-21, DOOR-26, DOOR-27) holds, or while a
 *   unit stands in it: it closes by itself once that unit has passed (DOOR-17, DOOR-31).
 * - Opening and closing never stop anyone: only an armed, built padlock does (DOOR-30, DOOR-32).
 * - The door and its padlock each follow their own rule on activation (DOOR-20/DOOR-28 proposal).
 * - Merchants are units of faction `MERCHANT_FACTION` (world/units.ts), brought in by merchants/merchants.ts.
 * - "During an invasion" means while a party is in the dungeon (`state.invasion.partyId`).
 */

/** A fresh, empty {@link DoorMemory}. */
export function createDoorMemory(): DoorMemory {
  return { detours: {}, forcing: {}, cartographerFactions: [], noDetourParties: [], seenParties: [], countedCartographers: [], leavingParties: [] };
}

/** A new closed door record with no padlock at (x, y), in tiles. */
export function newDoor(id: string, x: number, y: number): DoorRecord {
  return { id, x, y, open: false, heldOpen: false, triggered: false, padlock: null, brokenIn: false, repairWork: 0, triggerIds: [] };
}

/** Creates a door record for every `+` tile of the map (row-major order). Called by `Simulation.create`. */
export function createDoorsFromMap(sim: Simulation): void {
  const { map } = sim.state;
  for (let i = 0; i < map.tiles.length; i++) {
    if (map.tiles[i] !== "+") continue;
    const id = sim.newId();
    sim.state.doors[id] = newDoor(id, i % map.width, Math.floor(i / map.width));
    markDoor(sim, id);
  }
  markWiringChanged(sim);
}

/** The cached {@link doorList}: the doors object it was made from and the wiring revision it holds for. */
const doorLists = new WeakMap<object, { revision: number; list: readonly DoorRecord[] }>();

/**
 * Every door record of `sim`, in the order `for…in` visits `state.doors` (ascending ids), as a list
 * kept until the wiring revision changes (issue 20 part 2: the per-tick door loops and the minions'
 * door tasks no longer walk integer-keyed records each time). A door is only ever added or removed
 * together with `markWiringChanged` (traps/network.ts; its test-time check, `setWiringChecks`,
 * catches a missed one), so the list holds while the revision does. Read it, never modify it.
 */
export function doorList(sim: Simulation): readonly DoorRecord[] {
  const doors = sim.state.doors;
  const revision = sim.wiring.revision;
  const cached = doorLists.get(doors);
  if (cached !== undefined && cached.revision === revision) return cached.list;
  const list: DoorRecord[] = [];
  for (const id in doors) list.push(doors[id] as DoorRecord);
  doorLists.set(doors, { revision, list });
  return list;
}

/** The door standing on (x, y), or undefined. */
export function doorAt(state: Pick<SimState, "doors">, x: number, y: number): DoorRecord | undefined {
  for (const id in state.doors) {
    const d = state.doors[id] as DoorRecord;
    if (d.x === x && d.y === y) return d;
  }
  return undefined;
}

/** True when the door is locked: a built, armed padlock and no break-in (DOOR-07, DOOR-08, DOOR-46). */
export function isLocked(door: DoorRecord): boolean {
  return door.padlock !== null && door.padlock.built && door.padlock.armed && !door.brokenIn;
}

/** True when the door stands open with nobody in it (DOOR-18, DOOR-20, DOOR-21, DOOR-26, DOOR-27, DOOR-45). */
export function restsOpen(door: DoorRecord): boolean {
  return door.brokenIn || door.heldOpen !== door.triggered;
}

/** True while a party is in the dungeon (DOOR-14 "during an invasion"). */
export function invasionUnderway(sim: Simulation): boolean {
  return sim.state.invasion.partyId !== "";
}

/**
 * True when `unit` may unlock a locked door and pass through it (DOOR-11 to DOOR-16).
 * - Adventurers never (DOOR-13), nor wild creatures; merchants always (DOOR-12).
 * - The Master always, also to reach an enemy (DOOR-11, DOOR-16).
 * - Minions and the dungeon's creatures do (DOOR-11), except to reach an enemy: creatures never,
 *   invasion or not (DOOR-15), minions during an invasion only when the keeper ordered them to
 *   attack that enemy (DOOR-14: `orderTargetId`, set by the combat issue's attack order).
 * @param purpose "move" for any other reason (work, going home, fleeing: proposal), "reachEnemy" when chasing `targetId`.
 */
export function mayUnlock(sim: Simulation, unit: UnitRecord, purpose: "move" | "reachEnemy" = "move", targetId = ""): boolean {
  if (isMerchant(unit)) return true;
  if (unit.kind === "adventurer" || unit.faction !== "dungeon") return false;
  if (unit.kind === "master") return true;
  if (purpose === "reachEnemy" && unit.kind === "creature") return false;
  if (purpose === "reachEnemy" && invasionUnderway(sim)) return targetId !== "" && unit.orderTargetId === targetId;
  return true;
}


/**
 * Movement calls this before `unit` steps onto (x, y): true when a locked door stands there and
 * the unit may not unlock it (DOOR-02, DOOR-13, DOOR-32); it then waits in front of it (and an
 * adventurer's party forces it, doors/forcing.ts). A creature whose walk leads next to an enemy
 * (always, DOOR-15) or a minion's during an invasion (DOOR-14) is going to reach that enemy.
 */
export function blockedByDoor(sim: Simulation, unit: UnitRecord, x: number, y: number): boolean {
  if (sim.state.map.tiles[y * sim.state.map.width + x] !== "+") return false;
  const d = doorAt(sim.state, x, y);
  if (d === undefined || !isLocked(d)) return false;
  if (!mayUnlock(sim, unit, "move")) return true;
  if (unit.kind === "master" || unit.faction !== "dungeon") return false;
  if (unit.kind !== "creature" && !invasionUnderway(sim)) return false;
  const enemy = enemyAtWalkGoal(sim, unit) ?? fightTarget(sim, unit);
  return enemy !== undefined && !mayUnlock(sim, unit, "reachEnemy", enemy.id);
}

/**
 * The active enemy `unit` is fighting (`targetId`) when it steps with no walk of its own: a move
 * inside a d20 or d100 encounter turn goes for a foe, so a locked door on it is passed only as
 * DOOR-14 and DOOR-15 allow. Undefined when it has a walk, no target, or the target is no active enemy.
 */
function fightTarget(sim: Simulation, unit: UnitRecord): UnitRecord | undefined {
  if (unit.walk || unit.targetId === "") return undefined;
  const t = sim.state.units[unit.targetId];
  return t && isActive(t) && areEnemies(unit, t) ? t : undefined;
}

/** The active enemy next to (or on) the unit's walk goal, its ordered target first; undefined when none. */
export function enemyAtWalkGoal(sim: Simulation, unit: UnitRecord): UnitRecord | undefined {
  if (!unit.walk) return undefined;
  const w = sim.state.map.width;
  const gx = unit.walk.goal % w, gy = Math.floor(unit.walk.goal / w);
  let found: UnitRecord | undefined;
  for (const u of presentUnits(sim)) {
    if (!isActive(u) || !areEnemies(unit, u) || Math.max(Math.abs(u.x - gx), Math.abs(u.y - gy)) > 1) continue;
    if (u.id === unit.orderTargetId) return u;
    found ??= u;
  }
  return found;
}

/**
 * A trigger wired to doors was activated (DOOR-20, DOOR-21, DOOR-24, DOOR-28): each door on it
 * follows the trigger (opens, or closes when held open) and each built padlock toggles.
 */
export function activateDoors(sim: Simulation, triggerId: string): void {
  for (const d of doorList(sim)) {
    if (!d.triggerIds.includes(triggerId) || d.triggered) continue;
    d.triggered = true;
    if (d.padlock?.built) d.padlock.armed = !d.padlock.armed; // DOOR-28
    markDoor(sim, d.id);
  }
  refreshOpen(sim);
}

/** A trigger wired to doors was deactivated (DOOR-26, DOOR-27, DOOR-29): the doors go back; padlocks stay as they are. */
export function deactivateDoors(sim: Simulation, triggerId: string): void {
  for (const d of doorList(sim)) {
    if (d.triggerIds.includes(triggerId)) { d.triggered = false; markDoor(sim, d.id); }
  }
  refreshOpen(sim);
}

/**
 * Traps call this when `unit` sets off `trigger` on a network holding doors (DOOR-24): the
 * trigger becomes active and, not being a lever, stays so until a Trapping minion rearms it
 * (DOOR-25: it needs a rearm); its doors are activated.
 */
export function activateDoorTrigger(sim: Simulation, trigger: PartRecord): void {
  if (trigger.active) return;
  trigger.active = true;
  if (trigger.kind !== "lever") trigger.needsRearm = true;
  markPart(sim, trigger.id);
  activateDoors(sim, trigger.id);
}

/**
 * Refreshes every door's `triggerIds` from the cable networks (DOOR-19, DOOR-33) when parts,
 * cables or doors were added, removed or moved, i.e. when the wiring revision changed since the
 * last refresh; otherwise it reads nothing.
 */
export function refreshDoorWiring(sim: Simulation): void {
  const s = sim.state;
  const revision = wiringRevision(sim);
  if (sim.wiring.doorsAt === revision) return;
  sim.wiring.doorsAt = revision;
  const index = cableNetworks(sim);
  for (const id in s.doors) {
    const d = s.doors[id] as DoorRecord;
    const net = index.byDoor.get(id);
    const ids = net ? net.triggers : [];
    if (ids.join(",") !== d.triggerIds.join(",")) { d.triggerIds = [...ids]; markDoor(sim, id); }
  }
}

/**
 * Keeps doors in step with their trigger's `active` flag (DOOR-22 to DOOR-27): a lever pulled
 * (active) activates its doors and a lever reset deactivates them (DOOR-23); a plate, tripwire
 * or sensor that a Trapping minion rearmed (no longer waiting for a rearm) turns inactive and
 * deactivates its doors (DOOR-25). A door whose trigger was removed is deactivated.
 */
export function reconcileTriggers(sim: Simulation): void {
  const s = sim.state;
  for (const d of doorList(sim)) {
    const id = d.id;
    const trigger = d.triggerIds[0] !== undefined ? s.parts[d.triggerIds[0]] : undefined;
    if (trigger && trigger.kind !== "lever" && trigger.active && !trigger.needsRearm) { trigger.active = false; markPart(sim, trigger.id); }
    const active = trigger !== undefined && trigger.built && trigger.active;
    if (active && !d.triggered) activateDoors(sim, (trigger as PartRecord).id);
    else if (!active && d.triggered) {
      if (trigger) deactivateDoors(sim, trigger.id);
      else { d.triggered = false; markDoor(sim, id); }
    }
  }
}

/** Recomputes every door's `open` flag: it rests open (see {@link restsOpen}) or someone stands in it (DOOR-17, DOOR-31). */
export function refreshOpen(sim: Simulation): void {
  const s = sim.state;
  const { tiles, width } = s.map;
  const doors = doorList(sim);
  if (doors.length === 0) return; // no door to open or close: skip the walk over the units
  let occupied: number[] | undefined;
  for (const u of presentUnits(sim)) {
    const t = u.y * width + u.x;
    if (tiles.charCodeAt(t) !== 43 /* + */) continue;
    if (isActive(u) || u.activity === "unconscious" || u.activity === "dead") (occupied ??= []).push(t);
  }
  for (const d of doors) {
    const open = restsOpen(d) || (occupied !== undefined && occupied.includes(d.y * width + d.x));
    if (d.open !== open) { d.open = open; markDoor(sim, d.id); }
  }
}

/** Sets one tile's character (tiles are one string, row-major). */
export function setTile(map: MapState, x: number, y: number, c: string): void {
  const i = y * map.width + x;
  map.tiles = map.tiles.slice(0, i) + c + map.tiles.slice(i + 1);
}
