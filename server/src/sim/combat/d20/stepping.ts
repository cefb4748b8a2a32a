/**
 * A d20 creature moving in an encounter: one step ({@link stepTo}, with the opportunity and readied
 * attacks it provokes), walking up to a foe ({@link moveToward}, over the shared encounters/tactics.ts
 * `moveToward`), fleeing ({@link flee}) and getting off a mount ({@link unseat}); and the foes
 * it sees ({@link d20FoesOf}).
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { facingOf } from "../../world/movement.ts";
import { onUnitEntersTile } from "../../traps/index.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { noteReaction, participantsOf } from "../encounters/book.ts";
import { foesOf, moveToward as approach, type FoeRules } from "../encounters/tactics.ts";
import { dragSlows, inReach, provokesOpportunity } from "./attack.ts";
import { newTurn, readyMovePath, type TurnBudget } from "./actions.ts";
import { routeNextTo, type Route } from "./routes.ts";
import { checkStep, occupancy, refreshSqueezing, slipCheck, switchModeNow } from "./spaces.ts";
import { canEnter, gridDistance, modeOf, sheetModeFactor, spaceDistance, spaceSide, stepCost, switchMode, turnMovement } from "./movement.ts";
import { spellAttack, spellReaches } from "./spells.ts";
import { canMove, canReact, hasStatus, removeStatus, targetingLimit } from "./statuses.ts";
import { canStrike, isUp, spaceOf, unitDistance } from "./resolve.ts";
import { d20Of } from "./sheet.ts";
import { strike } from "./strikes.ts";
import { placeUnit } from "../../world/unitIndex.ts";
import { markUnit } from "../../changes.ts";

/** Who counts as a foe in d20: standing ({@link isUp}), at its distance in tiles ({@link unitDistance}). */
const D20_FOES: FoeRules = { isUp, distance: unitDistance };

/** Hostile participants still standing that `unit` can target (D20-STATUS-06: blinded, 8 tiles), nearest first (then by id). */
export function d20FoesOf(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): UnitRecord[] {
  return foesOf(sim, enc, unit, D20_FOES, targetingLimit(d20Of(unit).statuses, Number.POSITIVE_INFINITY));
}

/**
 * Moves `unit` along its cheapest route (routes.ts `routeNextTo`) toward a place next to `target`,
 * one {@link stepTo} at a time while the budget allows; stops early on a tile where `until`
 * (when given) says true.
 */
export function moveToward(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, budget: TurnBudget, until?: () => boolean): void {
  // d20move: the cheapest route by the D20-MOVE costs (rubble, modes and their switches, squeezing;
  // routes.ts d20RouteTo) to a place next to the target's space, walked while the budget allows.
  approach({ route: () => routeNextTo(sim, unit, target), walk: (route) => { walkRoute(sim, enc, unit, route, budget, until); return 0; } });
}

/** Walks `route` (routes.ts `routeNextTo`) step by step while `budget` allows ({@link moveToward}). */
function walkRoute(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, route: Route, budget: TurnBudget, until?: () => boolean): void {
  const freeHere = (): boolean => {
    const occ = occupancy(sim, unit), w = sim.state.map.width, s = spaceSide(unit);
    for (let dy = 0; dy < s; dy++) for (let dx = 0; dx < s; dx++) if (occ.has((unit.y + dy) * w + unit.x + dx)) return false;
    return true;
  };
  for (const step of route.steps) {
    if (step.kind === "switchMode") {
      const me = d20Of(unit);
      const after = switchMode(budget.movement, sheetModeFactor(me, modeOf(me)), sheetModeFactor(me, step.mode));
      if (after === null || after < 1 || switchModeNow(sim, unit, budget, step.mode) !== null) return; // no step could follow
      continue;
    }
    for (const p of step.path) {
      if (stepTo(sim, enc, unit, p, budget, false) !== null || !isUp(unit)) return;
      if (until?.() && freeHere()) return;
    }
  }
}

/** Left open (D20-STATUS-07): a terrified creature steps to the free neighbour farthest from the source, while it can. */
export function flee(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, source: UnitRecord, budget: TurnBudget): void {
  for (let guard = 0; guard < 64 && isUp(unit); guard++) {
    let best: { x: number; y: number } | null = null;
    let bestD = unitDistance(sim, unit, source);
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const x = unit.x + dx, y = unit.y + dy;
      // d20move: a place its whole space can take in its mode (walls, water, others' spaces, the corner rule: routes.ts checkStep).
      if ((dx === 0 && dy === 0) || typeof checkStep(sim, unit, { x, y }, true) === "string") continue;
      const d = gridDistance({ x, y, d20: unit.d20 }, spaceOf(sim, source)); // d20move: from its space there; d20rider: to a rider's mount's space
      if (d > bestD) { bestD = d; best = { x, y }; }
    }
    if (!best || stepTo(sim, enc, unit, best, budget, true) !== null) return;
  }
}

/**
 * One step onto the neighbouring tile `next` (D20-MOVE-03 to D20-MOVE-08, D20-MOVE-25,
 * D20-MOVE-33, D20-MOVE-35, D20-MOVE-36, D20-ATTACK-44, D20-ATTACK-45): the tile must be
 * adjacent, walkable, not past a wall's corner, and the remaining movement must cover its whole
 * cost. Rubble (D20-MOVE-22, D20-MOVE-24) and another creature's tile are difficult terrain; a non-hostile one (or a hostile one two
 * sizes apart) may be crossed but not ended on. Before leaving, foes whose reach it leaves make
 * opportunity attacks; after entering, foes with a readied attack whose reach it entered strike
 * (D20-ACTION-31 to D20-ACTION-35). A grappled creature is dragged into the tile left behind.
 * Traps on the tile go off. On spilled slippery liquid it may fall prone (spaces.ts `slipCheck`, D20-MOVE-27).
 * @returns null when the step was made, else the refusal (nothing changed).
 */
export function stepTo(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, next: { x: number; y: number }, budget: TurnBudget, final: boolean): string | null {
  const me = d20Of(unit);
  const map = sim.state.map;
  const dx = next.x - unit.x, dy = next.y - unit.y;
  if (Math.max(Math.abs(dx), Math.abs(dy)) !== 1) return "a step goes to a neighbouring tile (D20-MOVE-03)";
  // d20move (routes.ts checkStep): the mover's whole space (D20-SIZE), its mode (D20-MOVE-13), others' spaces, squeezing.
  const info = checkStep(sim, unit, next, final);
  if (typeof info === "string") return info;
  const other = info.others[0];
  const dragged = participantsOf(sim, enc).find((u) => d20Of(u).statuses.some((s) => s.kind === "grappled" && s.sourceId === unit.id));
  const cost = stepCost({ crawling: hasStatus(me.statuses, "prone"), occupied: other !== undefined, dragging: dragged !== undefined && dragSlows(me.size, d20Of(dragged).size), difficult: info.difficult, squeezing: info.squeezing, mode: modeOf(me) });
  if (!canEnter(budget.movement, cost)) return "not enough movement left (D20-MOVE-07)";
  // d20finish (D20-SIZE-08): the mover's space there is the one it will take (info.side: squeezed or not), and here the one it has now.
  opportunityAttacks(sim, enc, unit, next, info.side, budget);
  if (!isUp(unit)) return null;
  const from = { x: unit.x, y: unit.y };
  const fromSide = spaceSide(unit);
  unit.facing = facingOf(dx, dy); markUnit(sim, unit);
  placeUnit(sim, unit, next.x, next.y);
  budget.movement -= cost;
  refreshSqueezing(sim, unit); // D20-SIZE-08 to D20-SIZE-12
  if (dragged && isActive(dragged)) { placeUnit(sim, dragged, from.x, from.y); } // D20-ATTACK-29: forced, no opportunity attack
  const rider = me.riderId !== "" ? sim.state.units[me.riderId] : undefined;
  if (rider) { placeUnit(sim, rider, unit.x, unit.y); } // Left open (D20-MOUNT): the rider shares its mount's space
  readiedAttacks(sim, enc, unit, from, fromSide);
  if (isUp(unit)) onUnitEntersTile(sim, unit, next.x, next.y);
  if (isUp(unit)) slipCheck(sim, unit); // D20-MOVE-27: entering spilled slippery liquid
  return null;
}

/**
 * D20-ATTACK-25 to D20-ATTACK-27, D20-FLOW-38, D20-FLOW-39: every foe in the encounter whose melee
 * reach the mover is about to leave, that sees it (a hidden mover is seen by none) and can still react, makes one melee attack
 * with its reaction before the mover leaves; the mover then carries on (if it still can).
 */
function opportunityAttacks(sim: Simulation, enc: EncounterRecord, mover: UnitRecord, next: { x: number; y: number }, nextSide: number, budget: TurnBudget): void {
  for (const r of participantsOf(sim, enc)) {
    if (r === mover || !areEnemies(r, mover) || !isUp(r)) continue;
    const rd = d20Of(r);
    const rs = spaceOf(sim, r); // d20rider: a rider measures its reach from its mount's space
    if (rd.weapon.ranged) continue;
    if (rd.statuses.some((s) => s.kind === "grappled" && s.sourceId === mover.id)) continue; // dragged along, it stays in reach
    const ok = provokesOpportunity({
      leavesReach: inReach(rd.weapon.reach, unitDistance(sim, r, mover)) && !inReach(rd.weapon.reach, spaceDistance(rs, spaceSide(rs), next, nextSide)), // d20rider: a rider reacts from its mount's space // d20move, d20finish: the mover's space there, squeezed there or not
      seesMover: !hasStatus(d20Of(mover).statuses, "hidden"), // D20-ATTACK-25: a hidden mover (neither seen nor heard, D20-ACTION-40) is not seen
      hostile: true,
      moverDisengaged: budget.disengaged,
      teleport: false,
      forced: false,
      reactorCanReact: canReact(rd.statuses, false, rd.reactionUsed),
    });
    if (!ok) continue;
    rd.reactionUsed = true;
    noteReaction(enc, r.id);
    // D20-MOUNT-22 (Left open choice): against a ridden mount the attacker strikes whichever of mount and rider has fewer HP.
    const riding = d20Of(mover).riderId !== "" ? sim.state.units[d20Of(mover).riderId] : undefined;
    const victim = riding && isUp(riding) && d20Of(riding).hp < d20Of(mover).hp ? riding : mover;
    sim.emit({ type: "reaction", unitId: r.id, kind: "opportunityAttack", detail: rd.weapon.name, againstId: victim.id });
    strike(sim, enc, r, victim, {});
    if (!isUp(mover)) return;
  }
}

/**
 * D20-ACTION-31 to D20-ACTION-35, D20-FLOW-35 (Left open: the trigger is "a foe enters my reach",
 * the response one attack): a foe with a readied attack strikes as soon as the mover has entered
 * its reach, with its reaction; the readied action is then spent.
 */
function readiedAttacks(sim: Simulation, enc: EncounterRecord, mover: UnitRecord, from: { x: number; y: number }, fromSide: number): void {
  for (const r of participantsOf(sim, enc)) {
    if (r === mover || !areEnemies(r, mover) || !isUp(r) || !isUp(mover)) continue;
    const rd = d20Of(r);
    const rs = spaceOf(sim, r); // d20rider: a rider measures its reach from its mount's space
    const ready = rd.statuses.find((s) => s.kind === "readied");
    if (!ready || !canReact(rd.statuses, false, rd.reactionUsed)) continue;
    const path = readyMovePath(ready.detail);
    const spell = ready.detail && !path ? rd.spells.find((s) => s.name === ready.detail) : undefined;
    if (path) {
      // D20-ACTION-33: the extra move answers the same trigger, the foe entering the unit's reach.
      if (inReach(rd.weapon.reach, spaceDistance(rs, spaceSide(rs), from, fromSide)) || !inReach(rd.weapon.reach, unitDistance(sim, r, mover))) continue;
    } else if (spell) {
      // A held spell goes off when a foe comes within its band (Left open trigger list: "enters range").
      if (spellReaches(sim, r, spell, from) || !spellReaches(sim, r, spell, mover)) continue;
    } else if (inReach(rd.weapon.reach, spaceDistance(rs, spaceSide(rs), from, fromSide)) || !canStrike(sim, r, mover)) continue; // d20move, d20finish: the mover's space where it was, as it was
    removeStatus(rd.statuses, "readied");
    rd.reactionUsed = true;
    noteReaction(enc, r.id);
    sim.emit({ type: "reaction", unitId: r.id, kind: "readied", detail: path ? "move" : spell ? spell.name : "attack", againstId: mover.id });
    if (path) readiedMove(sim, enc, r, path);
    else if (spell) spellAttack(sim, r, mover, spell, (id) => noteReaction(enc, id));
    else strike(sim, enc, r, mover, {});
  }
}

/**
 * D20-ACTION-33: a readied extra move, played with the reaction: the unit walks `path` (tiles) on a
 * fresh movement of its movement value (× its mode's factor), each step as in its own turn
 * ({@link stepTo}: opportunity attacks, traps); the first refused step ends it where it stands.
 */
function readiedMove(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, path: readonly { x: number; y: number }[]): void {
  if (!canMove(d20Of(unit).statuses, false)) return;
  const budget = newTurn(turnMovement(d20Of(unit)));
  for (let i = 0; i < path.length; i++) {
    if (stepTo(sim, enc, unit, path[i]!, budget, i === path.length - 1) !== null || !isUp(unit)) return;
  }
}

/** Takes `rider` off `mount` onto `spot` (a free tile within 1, D20-MOUNT-06, D20-MOUNT-09). */
export function unseat(sim: Simulation, rider: UnitRecord, mount: UnitRecord, spot: { x: number; y: number }): void {
  d20Of(rider).riding = null;
  d20Of(mount).riderId = "";
  placeUnit(sim, rider, spot.x, spot.y);
}
