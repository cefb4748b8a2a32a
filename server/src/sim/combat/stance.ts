import type { Stance } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { Pos, UnitRecord } from "../state.ts";
import { chebyshev, isWalkable, tileIndex } from "../world/grid.ts";
import { areEnemies, isActive, isKeeperSide, presentMinions, presentUnits, setActivity, setTarget } from "../world/units.ts";
import { insideTick, unitIndexChecks } from "../world/unitIndex.ts";
import { walkNextTo, walkTo } from "../world/movement.ts";
import { forgetEnemy } from "./awareness.ts";
import { CHASE_RANGE_TILES, isSpotted, KnownEnemies, type Known } from "./knownEnemies.ts";
import { canReach, MELEE_REACH } from "./combat.ts";
import { hasRoomFor, manhattan } from "./crowding.ts";
import { perceptionRange } from "./perception.ts";
import { BED_TENDING_RULESETS, bedOf, healNextTo, onOwnBed, pickUp, putDown } from "./unconscious.ts";
import { markUnit } from "../changes.ts";

/**
 * The keeper's side in a fight, whatever the ruleset: attack orders, the stance slider
 * (CMB-15 to CMB-17) and carrying the unconscious home (CMB-44, CMB-49). Deterministic: no dice.
 *
 * Decision table (CMB-16, open: catalogue proposal "4 positions, one per behaviour"), for a
 * minion or dungeon creature with no attack order and nobody to carry, where A is the lowest-id
 * enemy next to it and E the nearest enemy it knows about (sees, of a spotted party within
 * {@link CHASE_RANGE_TILES}, or remembered from a hit or a noise, CMB-05, CMB-08):
 *
 * | stance       | A next to it                       | only E known                               |
 * |--------------|------------------------------------|--------------------------------------------|
 * | aggression   | fights A                           | fighters go after E (or wait for a free tile next to it, CMB-20); workers keep working |
 * | regroup      | fights A                           | joins the nearest ally and waits there     |
 * | keepDistance | steps away; fights A if cornered   | steps away within {@link KEEP_DISTANCE_TILES}, shoots E when it can, else holds |
 * | flight       | flees (never fights)               | flees when E is within its perception range |
 *
 * With no enemy known a minion with no job carries an unconscious minion of the dungeon to its
 * bed; otherwise the ordinary minion behaviour runs (minions/minions.ts).
 */

/** Keep distance: the distance in tiles (Chebyshev) inside which the minion backs away. */
export const KEEP_DISTANCE_TILES = 3;

/** Flight and keep distance: how far from itself, in tiles, a unit looks for a tile farther from its enemies. */
export const RETREAT_SEARCH_TILES = 5;

/** What a minion's stance chose this tick (for tests and clients). */
export type StanceChoice = "fight" | "chase" | "regroup" | "hold" | "retreat" | "shoot" | "flee" | "none";

/**
 * Decides the fighting side of a keeper's minion or creature this tick: follows an attack order,
 * carries a body home, or applies the stance table above.
 * @returns true when it decided what the unit does (the ordinary behaviour is then skipped).
 */
export function decideCombat(sim: Simulation, unit: UnitRecord): boolean {
  if (unit.kind !== "minion" && unit.kind !== "creature") return false;
  if (unit.carryingId !== "") { carryHome(sim, unit); return true; }
  if (followOrder(sim, unit)) return true;
  const choice = stanceChoice(sim, unit);
  if (choice !== "none") return true;
  return unit.kind === "minion" && unit.job === "none" && rescue(sim, unit);
}

/**
 * CMB-15 to CMB-17: applies the stance table to `unit` (see the module comment) and returns the
 * choice; "none" when it leaves the unit to the ordinary behaviour. Draws no random numbers.
 */
export function stanceChoice(sim: Simulation, unit: UnitRecord): StanceChoice {
  // Issue 20: the known enemies are found nearest first and only as far as the choice needs.
  const cursor = new KnownEnemies(sim, unit);
  const nearest = cursor.at(0);
  if (nearest === undefined) return "none";
  let adjacent: UnitRecord | undefined;
  for (let i = 0, k = nearest; k !== undefined && chebyshev(unit, k.at) <= MELEE_REACH; k = cursor.at(++i) as Known) {
    // A seen enemy's `at` is where it stands, so the first seen one within reach comes first here.
    if (k.seen && chebyshev(unit, k.enemy) <= MELEE_REACH) { adjacent = k.enemy; break; }
  }
  const d = chebyshev(unit, nearest.at);
  switch (unit.stance) {
    case "aggression": {
      if (adjacent) return "none"; // the ordinary behaviour fights it
      const fighter = unit.kind === "creature" || unit.job === "none";
      if (!fighter) return "none";
      // CMB-19, CMB-20: go after the nearest enemy in view (or of a spotted party) that has a free
      // tile next to it; when none has, wait where it stands.
      let inView = false;
      for (let i = 0, k = nearest; k !== undefined; k = cursor.at(++i) as Known) {
        if (!k.seen && !isSpotted(sim, k.enemy)) continue;
        if (!inView) { inView = true; setTarget(sim, unit, ""); }
        if (walkNextTo(sim, unit, k.enemy)) { setActivity(sim, unit, "walking"); return "chase"; }
      }
      if (inView) {
        unit.walk = null;
        setActivity(sim, unit, "idle");
        return "hold";
      }
      // Remembered only (CMB-05, CMB-08): go where it was; forget it once there.
      if (d <= 1) { forgetEnemy(unit, nearest.enemy.id); return "none"; }
      setTarget(sim, unit, "");
      setActivity(sim, unit, walkNextTo(sim, unit, nearest.at) ? "walking" : "idle");
      return "chase";
    }
    case "regroup": {
      if (adjacent) return fight(sim, unit, adjacent);
      const ally = nearestAlly(sim, unit);
      setTarget(sim, unit, "");
      if (!ally || chebyshev(unit, ally) <= 1) { unit.walk = null; setActivity(sim, unit, "idle"); return "hold"; }
      setActivity(sim, unit, walkNextTo(sim, unit, ally) ? "walking" : "idle");
      return "regroup";
    }
    case "keepDistance": {
      const known = cursor.all();
      if (d <= KEEP_DISTANCE_TILES && retreat(sim, unit, known)) { setTarget(sim, unit, ""); setActivity(sim, unit, "walking"); return "retreat"; }
      if (adjacent) return fight(sim, unit, adjacent);
      const shootable = known.find((k) => k.seen && unit.gear.ranged && canReach(sim, unit, k.enemy));
      unit.walk = null;
      if (shootable) { setTarget(sim, unit, shootable.enemy.id); setActivity(sim, unit, "fighting"); return "shoot"; }
      setTarget(sim, unit, ""); setActivity(sim, unit, "idle");
      return "hold";
    }
    case "flight": {
      if (d > perceptionRange(unit) && !adjacent) return "none";
      setTarget(sim, unit, "");
      if (!retreat(sim, unit, cursor.all())) unit.walk = null;
      setActivity(sim, unit, "fleeing");
      return "flee";
    }
  }
}

function fight(sim: Simulation, unit: UnitRecord, foe: UnitRecord): StanceChoice {
  setTarget(sim, unit, foe.id);
  setActivity(sim, unit, "fighting");
  unit.walk = null;
  return "fight";
}

/** The nearest standing unit of `unit`'s side (then lowest id), or undefined. */
function nearestAlly(sim: Simulation, unit: UnitRecord): UnitRecord | undefined {
  let best: UnitRecord | undefined;
  let bestD = Infinity;
  for (const u of presentUnits(sim)) {
    if (u === unit || !isActive(u) || u.faction !== unit.faction || u.carriedBy !== "") continue;
    const d = chebyshev(unit, u);
    if (d < bestD) { best = u; bestD = d; }
  }
  return best;
}

/**
 * Flight and keep distance: walks `unit` to the tile within {@link RETREAT_SEARCH_TILES} that is
 * farthest from the known enemies (the nearest of them, Chebyshev), strictly farther than where it
 * stands; ties go to the tile nearer the unit (Chebyshev, then Manhattan), then the lowest tile
 * index. Deterministic.
 * @returns false when no such tile is reachable (cornered).
 */
function retreat(sim: Simulation, unit: UnitRecord, known: readonly Known[]): boolean {
  const { map } = sim.state;
  const danger = (p: Pos): number => Math.min(...known.map((k) => chebyshev(p, k.at)));
  const here = danger(unit);
  if (unit.walk) {
    const g = { x: unit.walk.goal % map.width, y: Math.floor(unit.walk.goal / map.width) };
    if (danger(g) > here) return true;
  }
  const candidates: { p: Pos; score: number }[] = [];
  for (let y = unit.y - RETREAT_SEARCH_TILES; y <= unit.y + RETREAT_SEARCH_TILES; y++) {
    for (let x = unit.x - RETREAT_SEARCH_TILES; x <= unit.x + RETREAT_SEARCH_TILES; x++) {
      if (!isWalkable(map, x, y) || !hasRoomFor(sim, unit, x, y)) continue;
      const score = danger({ x, y });
      if (score > here) candidates.push({ p: { x, y }, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score || chebyshev(unit, a.p) - chebyshev(unit, b.p)
    || manhattan(unit, a.p) - manhattan(unit, b.p) || tileIndex(map, a.p.x, a.p.y) - tileIndex(map, b.p.x, b.p.y));
  for (const c of candidates.slice(0, 4)) if (walkTo(sim, unit, c.p)) return true;
  return false;
}

/**
 * An attack order (`orderAttack`): the unit goes after `orderTargetId` whatever its stance, and
 * strikes it when in reach; an unconscious target is killed (CMB-47, in the fight system). The
 * order ends when the target is dead, captured, gone or no longer an enemy.
 * @returns true while an order is being followed.
 */
function followOrder(sim: Simulation, unit: UnitRecord): boolean {
  if (unit.orderTargetId === "") return false;
  const target = sim.state.units[unit.orderTargetId];
  if (!target || !(isActive(target) || target.activity === "unconscious") || !areEnemies(unit, target)) {
    unit.orderTargetId = ""; markUnit(sim, unit);
    setTarget(sim, unit, "");
    if (unit.activity === "fighting") setActivity(sim, unit, "idle");
    return false;
  }
  setTarget(sim, unit, target.id);
  if (chebyshev(unit, target) <= MELEE_REACH || (isActive(target) && canReach(sim, unit, target))) {
    unit.walk = null;
    setActivity(sim, unit, "fighting");
    return true;
  }
  setActivity(sim, unit, walkNextTo(sim, unit, target) ? "walking" : "idle");
  return true;
}

/**
 * CMB-44, CMB-49: a minion with no job and no enemy known goes to the nearest unconscious minion
 * of its side that is not carried and not on its own bed, picks it up, and carries it to its bed.
 * @returns true when it has such a body to fetch.
 */
function rescue(sim: Simulation, unit: UnitRecord): boolean {
  let body: UnitRecord | undefined;
  let bestD = Infinity;
  for (const u of bodyCandidates(sim)) { // issue 20: the minions that may be bodies, in presentMinions order
    if (u.kind !== "minion" || u.activity !== "unconscious" || u.carriedBy !== "" || !isKeeperSide(u) || onOwnBed(u)) continue;
    const d = chebyshev(unit, u);
    if (d < bestD) { body = u; bestD = d; }
  }
  if (!body) return false;
  setTarget(sim, unit, "");
  if (bestD <= 1) { unit.walk = null; pickUp(sim, unit, body); setActivity(sim, unit, "working"); return true; }
  setActivity(sim, unit, walkNextTo(sim, unit, body) ? "walking" : "idle");
  return unit.activity === "walking";
}

/** Per {@link presentMinions} list (a new one each tick): its minions that were unconscious when {@link bodyCandidates} first looked. */
const bodyLists = new WeakMap<readonly UnitRecord[], readonly UnitRecord[]>();

/**
 * Issue 20: the minions {@link rescue} looks through, in {@link presentMinions} order (ascending
 * id). Inside a tick, the minions that were unconscious at the first rescue of the tick: nothing
 * that runs between two rescues (the keeper side's decisions, stepMinions) knocks a minion out,
 * so no body is missed, and {@link rescue} checks each one again. Every minion between ticks
 * (tests and inputs write state directly). With the index checks on (tests) a cached list is
 * compared with the minions unconscious now.
 * @throws Error when a minion was knocked out after the list was made (checks on only).
 */
function bodyCandidates(sim: Simulation): readonly UnitRecord[] {
  const minions = presentMinions(sim);
  if (!insideTick()) return minions;
  let list = bodyLists.get(minions);
  if (list === undefined) {
    list = minions.filter((u) => u.activity === "unconscious");
    bodyLists.set(minions, list);
  } else if (unitIndexChecks()) {
    for (const u of minions) {
      if (u.activity === "unconscious" && !list.includes(u)) throw new Error(`rescue: minion ${u.id} was knocked out during the minions' decisions of tick ${sim.state.tick}, after the body list was made (combat/stance.ts bodyCandidates)`);
    }
  }
  return list;
}

/**
 * Walks the carried body to its bed and puts it down there (or where it stands when the bed cannot
 * be reached). On the bed the carrier then tends it once in the rulesets of
 * {@link BED_TENDING_RULESETS} (CMB-45, `healNextTo`: malignus removes its most severe wound; emits `healed`).
 */
function carryHome(sim: Simulation, unit: UnitRecord): void {
  const body = sim.state.units[unit.carryingId];
  if (!body) { unit.carryingId = ""; return; }
  const bed = bedOf(body);
  setTarget(sim, unit, "");
  if (unit.x === bed.x && unit.y === bed.y) {
    putDown(sim, unit);
    if (body.activity === "unconscious" && BED_TENDING_RULESETS.includes(sim.ruleset.id)) healNextTo(sim, unit, body); // CMB-45
    setActivity(sim, unit, "idle");
    return;
  }
  if (walkTo(sim, unit, bed)) { setActivity(sim, unit, "walking"); return; }
  putDown(sim, unit);
  setActivity(sim, unit, "idle");
}
