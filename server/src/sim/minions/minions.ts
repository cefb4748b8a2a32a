import type { Simulation } from "../simulation.ts";
import { doorWork } from "../doors/work.ts";
import type { PartRecord, UnitRecord } from "../state.ts";
import { canSee } from "../combat/perception.ts";
import { chebyshev } from "../world/grid.ts";
import { areEnemies, isActive, isKeeperSide, presentUnits, setActivity, setTarget } from "../world/units.ts";
import { stopWalking, walkNextTo, walkTo } from "../world/movement.ts";
import { adjacentEnemy } from "../invasions/adventurers.ts";
import {
  deliverMetal, metalMissing, pickUpMetal, siteNeedingMetal, siteReadyForWork, workOnSite,
} from "../traps/construction.ts";
import { doRearmJob } from "../traps/rearm.ts";
import { terrorFlight } from "../traps/effects.ts";
import { decideCombat } from "../combat/stance.ts";
import { mayHaveEnemies } from "../world/factions.ts";

/**
 * What the keeper's side does each tick: the Master, minions and dungeon creatures.
 * - Everyone fights an enemy standing next to it.
 * - Minions with no job and creatures go after the enemies they see, or any enemy of a spotted
 *   party (the keeper points them at it), within {@link CHASE_RANGE} tiles.
 * - Minions with no job capture unconscious adventurers (INV-92, CMB-46).
 * - Minions haul metal to construction sites (TRAP-29); Trapping minions build them (TRAP-30).
 * The Master stays in the Sanctum and fights whoever reaches it.
 * (The stance slider and attack orders of the combat and doors issues refine this.)
 */

/** How far, in tiles, a fighter goes after an enemy of a spotted party. */
export const CHASE_RANGE = 30;

/** Decides what every active unit of the keeper's side does this tick. */
export function stepMinions(sim: Simulation): void {
  for (const unit of presentUnits(sim)) {
    if (!isKeeperSide(unit) || !isActive(unit)) continue;
    decide(sim, unit);
  }
}

function decide(sim: Simulation, unit: UnitRecord): void {
  if (terrorFlight(sim, unit)) return; // terror trap: victims flee (traps/effects.ts)
  if (decideCombat(sim, unit)) return; // orders, stance, carrying the unconscious (combat/stance.ts)
  const foe = adjacentEnemy(sim, unit);
  if (foe) {
    setTarget(sim, unit, foe.id);
    setActivity(sim, unit, "fighting");
    stopWalking(unit);
    return;
  }
  setTarget(sim, unit, "");
  if (unit.kind === "master") { setActivity(sim, unit, "idle"); return; }
  const fighter = unit.kind === "creature" || unit.job === "none";
  if (fighter) {
    const enemy = nearestKnownEnemy(sim, unit);
    if (enemy && walkNextTo(sim, unit, enemy)) { setActivity(sim, unit, "walking"); return; }
    const prisoner = nearestUnconsciousAdventurer(sim, unit);
    if (prisoner) { capture(sim, unit, prisoner); return; }
  }
  if (unit.kind === "minion" && doRearmJob(sim, unit)) return; // TRAP-34, TRAP-51
  if (unit.kind === "minion" && doorWork(sim, unit)) return; // DOOR-07, DOOR-08, DOOR-47, DOOR-48 (doors/work.ts)
  if (unit.kind === "minion" && construct(sim, unit)) return;
  if (unit.x !== unit.home.x || unit.y !== unit.home.y) {
    setActivity(sim, unit, walkTo(sim, unit, unit.home) ? "walking" : "idle");
  } else {
    setActivity(sim, unit, "idle");
  }
}

/** The nearest active enemy the unit sees, or of a spotted party, within CHASE_RANGE. */
function nearestKnownEnemy(sim: Simulation, unit: UnitRecord): UnitRecord | undefined {
  if (!mayHaveEnemies(sim, unit)) return undefined; // issue 20 part 2: every unit on its side (world/factions.ts)
  let best: UnitRecord | undefined;
  let bestDistance = Infinity;
  for (const u of presentUnits(sim)) {
    if (!isActive(u) || !areEnemies(unit, u)) continue;
    const d = chebyshev(unit, u);
    if (d > CHASE_RANGE || d >= bestDistance) continue;
    const party = u.partyId ? sim.state.parties[u.partyId] : undefined;
    if ((party && party.spotted) || canSee(sim, unit, u)) { best = u; bestDistance = d; }
  }
  return best;
}

/**
 * True while `unitId` is the loser of a duel to the death whose fate the winner's side has not
 * decided yet (P100-DUEL-20, `state.duelMercies`, d100 rooms only): nobody takes it prisoner
 * meanwhile, so the decision stays the winner's side's to make. Reads the state only, so minion code
 * keeps reaching fights through `sim.ruleset` alone (CMB-01).
 */
function awaitsMercy(sim: Simulation, unitId: string): boolean {
  const all = sim.state.duelMercies;
  if (!all) return false;
  for (const id in all) if (all[id]!.loserId === unitId) return true;
  return false;
}

function nearestUnconsciousAdventurer(sim: Simulation, unit: UnitRecord): UnitRecord | undefined {
  let best: UnitRecord | undefined;
  let bestDistance = Infinity;
  for (const u of presentUnits(sim)) {
    if (u.kind !== "adventurer" || u.activity !== "unconscious") continue;
    if (awaitsMercy(sim, u.id)) continue; // P100-DUEL-20: its fate is the winner's side's to decide first
    const d = chebyshev(unit, u);
    if (d < bestDistance) { best = u; bestDistance = d; }
  }
  return best;
}

/** Walks next to an unconscious adventurer and takes it prisoner (INV-92, CMB-46). */
function capture(sim: Simulation, unit: UnitRecord, prisoner: UnitRecord): void {
  if (chebyshev(unit, prisoner) <= 1) {
    setActivity(sim, prisoner, "captured");
    prisoner.walk = null;
    sim.emit({ type: "captured", unitId: prisoner.id, byUnitId: unit.id });
    setActivity(sim, unit, "idle");
    return;
  }
  setActivity(sim, unit, walkNextTo(sim, unit, prisoner) ? "walking" : "idle");
}

/**
 * Construction work (TRAP-28 to TRAP-31): carry metal from the stockpile to a site, or, for a
 * Trapping minion, build a site that has all its metal.
 * @returns true when the minion has construction work this tick.
 */
function construct(sim: Simulation, unit: UnitRecord): boolean {
  const { stockpile } = sim.state.map;
  const task = unit.taskPartId ? sim.state.parts[unit.taskPartId] : undefined;
  if (unit.taskPartId && (!task || task.built)) {
    // The site is gone or done: return what we carry to the stock.
    sim.state.metal += unit.carryingMetal;
    unit.carryingMetal = 0;
    unit.taskPartId = "";
  }
  if (task && !task.built) {
    if (unit.carryingMetal > 0) return goAndDo(sim, unit, task, () => deliverMetal(sim, unit, task));
    if (metalMissing(task) > 0) {
      if (unit.x === stockpile.x && unit.y === stockpile.y) {
        pickUpMetal(sim, unit, task);
        if (unit.carryingMetal === 0) { unit.taskPartId = ""; return false; }
        return true;
      }
      setActivity(sim, unit, walkTo(sim, unit, stockpile) ? "walking" : "idle");
      return true;
    }
    // TRAP-04: only a Trapping minion works on a site: the rule's one check (construction.ts `workOnSite` trusts it, issue 17)
    if (unit.job === "trapping") return goAndDo(sim, unit, task, () => {
      setActivity(sim, unit, "working");
      if (workOnSite(sim, unit, task)) unit.taskPartId = "";
    });
    unit.taskPartId = "";
  }
  const next = (unit.job === "trapping" ? siteReadyForWork(sim, unit) : undefined) ?? siteNeedingMetal(sim, unit);
  if (!next) return false;
  unit.taskPartId = next.id;
  return true;
}

/** Walks onto or next to the site, then runs `action` there. */
function goAndDo(sim: Simulation, unit: UnitRecord, site: PartRecord, action: () => void): boolean {
  if (chebyshev(unit, site) <= 1) { stopWalking(unit); action(); return true; }
  setActivity(sim, unit, walkNextTo(sim, unit, site) ? "walking" : "idle");
  if (unit.activity === "idle") unit.taskPartId = "";
  return true;
}
