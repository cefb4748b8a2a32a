import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import type { DoorRecord, PadlockRecord } from "./types.ts";
import { chebyshev } from "../world/grid.ts";
import { stopWalking, walkNextTo, walkTo } from "../world/movement.ts";
import { METAL_PER_TRIP } from "../traps/construction.ts";
import { doorList, refreshOpen } from "./doors.ts";
import { markDoor } from "../changes.ts";
import { setActivity } from "../world/units.ts";

/**
 * Minion work on doors, run by the minions system before trap construction:
 * - padlock sites are built like trap parts (TRAP-28 to TRAP-31): any minion hauls their metal
 *   from the stockpile, then a Trapping minion works on the site until it is built; a new padlock
 *   is armed (DOOR-07, DOOR-08);
 * - a Chores minion repairs a broken-in door: it closes it and re-arms its padlock (DOOR-47,
 *   DOOR-48).
 * A minion takes a door task only when it has no trap task under way; its task is
 * `UnitRecord.doorTask` (a door id).
 */

/** Metal a padlock needs on site (TRAP-31 applied to padlocks; proposal). */
export const PADLOCK_METAL = 2;
/** Ticks of Trapping work to build a padlock (like a trigger, TRAP-30; proposal). */
export const PADLOCK_BUILD_WORK_TICKS = 300;
/** Ticks of Chores work to close a broken-in door and re-arm its padlock (proposal: 5 game minutes). */
export const DOOR_REPAIR_WORK_TICKS = 50;

/** Metal the padlock site still needs delivered. */
export function padlockMetalMissing(padlock: PadlockRecord): number {
  return padlock.built ? 0 : Math.max(0, PADLOCK_METAL - padlock.metalDelivered);
}

/** Construction progress of a padlock in percent (0–100). */
export function padlockProgress(padlock: PadlockRecord): number {
  return padlock.built ? 100 : Math.floor((100 * padlock.workDone) / PADLOCK_BUILD_WORK_TICKS);
}

function assignees(sim: Simulation, doorId: string, except: UnitRecord): UnitRecord[] {
  return Object.values(sim.state.units).filter((u) => u !== except && u.doorTask === doorId && u.kind === "minion");
}

/** The door task a minion would take now, or undefined (lowest door id first). */
function nextTask(sim: Simulation, unit: UnitRecord): DoorRecord | undefined {
  for (const d of doorList(sim)) { // issue 20 part 2: the cached list, no `for…in` per minion per tick
    if (!d.brokenIn && (!d.padlock || d.padlock.built)) continue; // nothing to do here (the common case)
    const others = assignees(sim, d.id, unit);
    if (d.brokenIn && unit.job === "chores" && others.every((o) => o.job !== "chores")) return d;
    const p = d.padlock;
    if (!p || p.built) continue;
    const missing = padlockMetalMissing(p);
    if (missing > 0) {
      const incoming = others.reduce((n, o) => n + Math.max(o.carryingMetal, 1), 0);
      if (incoming < missing && sim.state.metal > 0) return d;
    } else if (unit.job === "trapping" && others.every((o) => o.job !== "trapping" || o.carryingMetal > 0)) {
      return d;
    }
  }
  return undefined;
}

function drop(sim: Simulation, unit: UnitRecord): false {
  sim.state.metal += unit.carryingMetal;
  unit.carryingMetal = 0;
  unit.doorTask = "";
  return false;
}

/** Walks next to the door, then runs `action` there. */
function atDoor(sim: Simulation, unit: UnitRecord, door: DoorRecord, action: () => void): true {
  if (chebyshev(unit, door) <= 1) { stopWalking(unit); action(); return true; }
  setActivity(sim, unit, walkNextTo(sim, unit, door) ? "walking" : "idle");
  if (unit.activity === "idle") drop(sim, unit);
  return true;
}

/**
 * One tick of a minion's door work (see the module comment).
 * @returns true when the minion worked on a door this tick (the caller then does nothing else).
 */
export function doorWork(sim: Simulation, unit: UnitRecord): boolean {
  if (unit.kind !== "minion") return false;
  let door = unit.doorTask ? sim.state.doors[unit.doorTask] : undefined;
  if (unit.doorTask && (!door || (!door.brokenIn && (!door.padlock || door.padlock.built)))) { door = undefined; drop(sim, unit); }
  if (!door) {
    if (unit.taskPartId || unit.carryingMetal > 0) return false;
    door = nextTask(sim, unit);
    if (!door) return false;
    unit.doorTask = door.id;
  }
  const d = door;
  if (d.brokenIn) {
    if (unit.job !== "chores") return drop(sim, unit);
    return atDoor(sim, unit, d, () => {
      setActivity(sim, unit, "working");
      d.repairWork++;
      markDoor(sim, d.id);
      if (d.repairWork < DOOR_REPAIR_WORK_TICKS) return;
      d.brokenIn = false; // DOOR-47: the door closes
      d.repairWork = 0;
      if (d.padlock?.built) d.padlock.armed = true; // DOOR-48
      unit.doorTask = "";
      refreshOpen(sim);
      sim.emit({ type: "doorRepaired", doorId: d.id, byUnitId: unit.id });
    });
  }
  const p = d.padlock as PadlockRecord;
  if (unit.carryingMetal > 0) {
    return atDoor(sim, unit, d, () => {
      const used = Math.min(unit.carryingMetal, padlockMetalMissing(p));
      p.metalDelivered += used;
      markDoor(sim, d.id);
      sim.state.metal += unit.carryingMetal - used;
      unit.carryingMetal = 0;
      unit.doorTask = "";
    });
  }
  if (padlockMetalMissing(p) > 0) {
    const { stockpile } = sim.state.map;
    if (unit.x === stockpile.x && unit.y === stockpile.y) {
      const amount = Math.min(METAL_PER_TRIP, padlockMetalMissing(p), sim.state.metal);
      sim.state.metal -= amount;
      unit.carryingMetal += amount;
      if (amount === 0) return drop(sim, unit);
      return true;
    }
    setActivity(sim, unit, walkTo(sim, unit, stockpile) ? "walking" : "idle");
    if (unit.activity === "idle") return drop(sim, unit);
    return true;
  }
  if (unit.job !== "trapping") return drop(sim, unit);
  return atDoor(sim, unit, d, () => {
    setActivity(sim, unit, "working");
    p.workDone++;
    markDoor(sim, d.id);
    if (p.workDone < PADLOCK_BUILD_WORK_TICKS) return;
    p.built = true;
    p.armed = true; // DOOR-08
    unit.doorTask = "";
    sim.emit({ type: "padlockBuilt", doorId: d.id, builderId: unit.id });
  });
}
