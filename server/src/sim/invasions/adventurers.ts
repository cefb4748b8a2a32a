import type { Simulation } from "../simulation.ts";
import type { PartyRecord, UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { areEnemies, isActive } from "../world/units.ts";
import { walkNextTo, walkTo, stopWalking } from "../world/movement.ts";
import { terrorFlight } from "../traps/effects.ts";

/**
 * Adventurer behaviour. Each adventurer acts on what it itself perceives (KNOW-03: it knows no
 * trap it has not learned of). It fights an enemy next to it, flees to its portal once badly
 * wounded, and otherwise walks toward its party's goal (the Master, INV-01), leaving the map
 * when the Master is dead (INV-89, simplified until the invasions issue).
 */

/** Wound points at which an adventurer gives up and flees to its portal. */
export const FLEE_AT_WOUND_POINTS = 6;

/** The Master, if alive. */
function master(sim: Simulation): UnitRecord | undefined {
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u.kind === "master") return isActive(u) ? u : undefined;
  }
  return undefined;
}

/** The lowest-id active enemy standing next to `unit` (8 neighbours), if any. */
export function adjacentEnemy(sim: Simulation, unit: UnitRecord): UnitRecord | undefined {
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && isActive(u) && areEnemies(unit, u) && chebyshev(unit, u) === 1) return u;
  }
  return undefined;
}

/** Makes `unit` leave the map alive from the portal it stands on. */
function leaveMap(sim: Simulation, unit: UnitRecord): void {
  unit.activity = "left";
  unit.walk = null;
  unit.targetId = "";
  sim.emit({ type: "escaped", unitId: unit.id });
}

/** Decides what every active adventurer does this tick. */
export function stepAdventurers(sim: Simulation): void {
  for (const pid in sim.state.parties) {
    const party = sim.state.parties[pid] as PartyRecord;
    if (party.ended) continue;
    for (const mid of party.memberIds) {
      const unit = sim.state.units[mid];
      if (unit && isActive(unit)) decide(sim, party, unit);
    }
  }
}

function decide(sim: Simulation, party: PartyRecord, unit: UnitRecord): void {
  if (terrorFlight(sim, unit)) return; // terror trap: victims flee (traps/effects.ts)
  const target = master(sim);
  const fleeing = unit.woundPoints >= FLEE_AT_WOUND_POINTS || !target;
  if (fleeing) {
    unit.targetId = "";
    if (unit.x === party.portal.x && unit.y === party.portal.y) { leaveMap(sim, unit); return; }
    unit.activity = "fleeing";
    walkTo(sim, unit, party.portal);
    return;
  }
  const foe = adjacentEnemy(sim, unit);
  if (foe) {
    unit.targetId = foe.id;
    unit.activity = "fighting";
    stopWalking(unit);
    return;
  }
  unit.targetId = "";
  unit.activity = "walking";
  if (!walkNextTo(sim, unit, target)) unit.activity = "idle";
}
