import type { Simulation } from "../simulation.ts";
import type { PartyRecord, UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { areEnemies, isActive, presentUnits, setActivity, setTarget } from "../world/units.ts";
import { stopWalking } from "../world/movement.ts";
import { terrorFlight } from "../traps/effects.ts";
import { walkKnowing } from "../knowledge/routing.ts";
import { guideAtDoors } from "../doors/routing.ts";
import { takeLoot } from "./loot.ts";
import { steerByPlayer } from "./playerMoves.ts";
import { pursueAltar } from "./altars.ts";
import { badlyHurt } from "./fleeing.ts";
import { openParties } from "./openParties.ts";
import { unitsOnTile } from "../world/unitIndex.ts";
import { mayHaveEnemies } from "../world/factions.ts";
import { markUnit } from "../changes.ts";

/**
 * Adventurer behaviour. Each adventurer acts only on what it itself knows and perceives: its
 * routes weigh the triggers it knows and nothing else (KNOW-03, knowledge/routing.ts). It fights
 * an enemy next to it, flees to its portal once badly wounded, and otherwise pursues its party's
 * goal (INV-01, INV-02): the Master, the treasure, or the prisoners. When the Master is dead or
 * out of its reach it scatters to take the treasure (INV-89), takes what it can carry and leaves
 * (INV-03, INV-90); a party that came to free prisoners leaves as soon as it has (INV-91).
 */

/** Wound points at which an adventurer gives up and flees to its portal. */
export const FLEE_AT_WOUND_POINTS = 6;

/** The Master, if alive. */
function master(sim: Simulation): UnitRecord | undefined {
  for (const u of presentUnits(sim)) {
    if (u.kind === "master") return isActive(u) ? u : undefined;
  }
  return undefined;
}

/** The lowest-id active enemy standing next to `unit` (8 neighbours), if any. */
export function adjacentEnemy(sim: Simulation, unit: UnitRecord): UnitRecord | undefined {
  // Issue 20 part 2: every unit of the state on the unit's side (world/factions.ts): no enemy anywhere.
  if (!mayHaveEnemies(sim, unit)) return undefined;
  // Issue 20: the first such unit of each of the 8 neighbour tiles (a tile's units are in id
  // order), then the lowest id of those: the first in id order of a scan of every unit.
  let best: UnitRecord | undefined;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      for (const u of unitsOnTile(sim, unit.x + dx, unit.y + dy)) {
        if (u === unit || !isActive(u) || !areEnemies(unit, u)) continue;
        if (best === undefined || Number(u.id) < Number(best.id)) best = u;
        break;
      }
    }
  }
  return best;
}

/** Makes `unit` leave the map alive from the portal it stands on. */
function leaveMap(sim: Simulation, unit: UnitRecord): void {
  setActivity(sim, unit, "left");
  unit.walk = null;
  setTarget(sim, unit, "");
  sim.emit({ type: "escaped", unitId: unit.id });
}

/** Decides what every active adventurer does this tick. */
export function stepAdventurers(sim: Simulation): void {
  for (const party of openParties(sim)) {
    if (party.ended) continue;
    for (const mid of party.memberIds) {
      const unit = sim.state.units[mid];
      if (unit && isActive(unit)) decide(sim, party, unit);
    }
  }
}

/** The nearest prisoner (a captured unit) to `unit`, if any (INV-02, INV-91). */
function nearestPrisoner(sim: Simulation, unit: UnitRecord): UnitRecord | undefined {
  let best: UnitRecord | undefined;
  for (const u of presentUnits(sim)) {
    if (u.activity === "captured" && (!best || chebyshev(unit, u) < chebyshev(unit, best))) best = u;
  }
  return best;
}

/** Frees `prisoner`: it joins the freeing party, which leaves at once (INV-91). It keeps what it knew (KNOW-48). */
function freePrisoner(sim: Simulation, party: PartyRecord, unit: UnitRecord, prisoner: UnitRecord): void {
  setActivity(sim, prisoner, "walking");
  prisoner.partyId = party.id; markUnit(sim, prisoner);
  if (!party.memberIds.includes(prisoner.id)) party.memberIds.push(prisoner.id);
  party.leaving = true;
  sim.emit({ type: "prisonerFreed", unitId: prisoner.id, partyId: party.id, amount: 0, detail: unit.id });
}

function goHome(sim: Simulation, party: PartyRecord, unit: UnitRecord): void {
  setTarget(sim, unit, "");
  if (unit.x === party.portal.x && unit.y === party.portal.y) { leaveMap(sim, unit); return; }
  setActivity(sim, unit, "fleeing");
  if (!walkKnowing(sim, unit, party.portal, false)) setActivity(sim, unit, "idle");
}

function decide(sim: Simulation, party: PartyRecord, unit: UnitRecord): void {
  if (terrorFlight(sim, unit)) return; // terror trap: victims flee (traps/effects.ts)
  if (steerByPlayer(sim, unit)) return; // an adventurer player's walk order (playerMoves.ts)
  const carried = party.carriers?.[unit.id] ?? 0;
  if (unit.woundPoints >= FLEE_AT_WOUND_POINTS || badlyHurt(sim, unit) || party.leaving || carried > 0) { goHome(sim, party, unit); return; } // badlyHurt: any ruleset (fleeing.ts)
  const foe = adjacentEnemy(sim, unit);
  if (foe) {
    setTarget(sim, unit, foe.id);
    setActivity(sim, unit, "fighting");
    stopWalking(unit);
    return;
  }
  setTarget(sim, unit, "");
  if (party.goal === "freePrisoners" && !party.scattering) {
    const prisoner = nearestPrisoner(sim, unit);
    if (prisoner) {
      if (chebyshev(unit, prisoner) <= 1) { freePrisoner(sim, party, unit, prisoner); return; }
      setActivity(sim, unit, "walking");
      if (walkKnowing(sim, unit, prisoner, true)) return;
    }
    party.goal = "killMaster"; // no prisoner left to free: the Master (INV-06)
  }
  if (party.goal === "destroyAltar" && !party.scattering) {
    if (pursueAltar(sim, party, unit)) return; // INV-02, INV-03 (altars.ts)
    party.goal = "killMaster"; // no altar left: the Master (INV-06)
  }
  const target = master(sim);
  if (party.goal === "stealTreasure" || party.scattering || !target) {
    party.scattering ||= !target; // INV-89: the Master is dead
    const t = sim.state.treasure;
    if (t.amount <= 0) { goHome(sim, party, unit); return; }
    if (unit.x === t.x && unit.y === t.y) { takeLoot(sim, party, unit); goHome(sim, party, unit); return; }
    setActivity(sim, unit, "walking");
    if (!walkKnowing(sim, unit, t, false)) goHome(sim, party, unit);
    return;
  }
  if (guideAtDoors(sim, party, unit, target)) return; // DOOR-01 to DOOR-06, DOOR-34 to DOOR-44 (doors/routing.ts)
  setActivity(sim, unit, "walking");
  if (!walkKnowing(sim, unit, target, true)) {
    party.scattering = true; // INV-89: the Master is out of reach (no walking path, proposal)
    setActivity(sim, unit, "idle");
  }
}
