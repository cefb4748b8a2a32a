import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { findPath, isWalkable } from "../../world/grid.ts";
import { facingOf } from "../../world/movement.ts";
import { onUnitEntersTile } from "../../traps/index.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { noteReaction, participantsOf } from "../encounters/book.ts";
import { inReach, provokesOpportunity } from "./attack.ts";
import { newTurn, spendAction, type TurnBudget } from "./actions.ts";
import { rollDice } from "./dice.ts";
import { damageTaken, tickDots } from "./damage.ts";
import { deathSave, stableTurn } from "./hp.ts";
import { canEnter, canStandUp, dash, diagonalAllowed, gridDistance, standUpCost, stepCost } from "./movement.ts";
import { canReact, endOfTurnStatuses, hasStatus, removeStatus, BLEEDING_DICE, canMove, canAct } from "./statuses.ts";
import { canStrike, defenceOf, healUnit, hurt, isUp, resolveD20Attack } from "./resolve.ts";
import { d20Of } from "./sheet.ts";

/**
 * The start of a creature's turn (Left open D20-HP: damage over time first, then the jet de
 * destin): damage over time (D20-DAMAGE-09, 14, 17, 23) and bleeding (D20-STATUS-10, 1d4) tick,
 * through resistance. Draw order: each damage over time in order, then bleeding.
 */
export function startOfTurnHarm(sim: Simulation, unit: UnitRecord): void {
  const me = d20Of(unit);
  for (const tick of tickDots(sim.rng, me.dots)) {
    if (me.dead) return;
    hurt(sim, unit, damageTaken(tick.amount, tick.type, defenceOf(sim, unit, me)), tick.type, tick.sourceId);
  }
  if (!me.dead && hasStatus(me.statuses, "bleeding")) {
    hurt(sim, unit, damageTaken(rollDice(sim.rng, BLEEDING_DICE), "slashing", { resistances: [], vulnerabilities: [], reduction: 0 }), "slashing", "bleeding");
  }
}

/**
 * The turn of a creature at 0 HP (D20-HP-16 to D20-HP-25, D20-HP-31, D20-HP-34): a stable one
 * counts toward regaining 1 HP; a dying one makes a jet de destin (emits `deathSave`; death
 * emits `knockedOut` "dead", a natural 20 wakes it).
 */
export function dyingTurn(sim: Simulation, unit: UnitRecord): void {
  const me = d20Of(unit);
  if (me.stable) {
    const before = me.hp;
    const outcome = stableTurn(me);
    if (outcome === "woke") { me.hp = before; healUnit(sim, unit, 1, unit.id); }
    return;
  }
  const r = deathSave(me, sim.rng);
  sim.emit({ type: "deathSave", unitId: unit.id, roll: r.natural, successes: me.deathSaves.successes, failures: me.deathSaves.failures, outcome: r.outcome });
  if (r.outcome === "dead") {
    unit.activity = "dead";
    unit.wakeTick = -1;
    sim.emit({ type: "knockedOut", unitId: unit.id, outcome: "dead", cause: "hitPoints" });
  } else if (r.outcome === "regained") {
    me.hp = 0;
    healUnit(sim, unit, 1, unit.id);
  }
}

/** Hostile participants still standing, nearest first (then by id). */
function foesOf(sim: Simulation, enc: EncounterRecord, unit: UnitRecord): UnitRecord[] {
  return participantsOf(sim, enc)
    .filter((u) => u !== unit && areEnemies(unit, u) && isUp(u))
    .sort((a, b) => gridDistance(unit, a) - gridDistance(unit, b) || Number(a.id) - Number(b.id));
}

/**
 * One AI turn of a participant in a d20 encounter (D20-FLOW-24, D20-FLOW-27, D20-FLOW-29,
 * D20-MOVE-10, D20-ACTION-05, D20-ACTION-10):
 * 1. start-of-turn harm, then a dying creature's jet de destin (nothing else that turn);
 * 2. paralysed (D20-STATUS-03) or surprised (D20-FLOW-12, D20-FLOW-13) creatures skip the rest;
 * 3. a prone creature stands up if it can (D20-MOVE-30, D20-MOVE-31);
 * 4. a terrified creature moves away from the source of its terror (D20-STATUS-07, Left open);
 * 5. otherwise it picks its target (the enraging creature, D20-STATUS-09, or the nearest foe),
 *    attacks it if in reach, else Dashes when it cannot get there with its movement, else moves
 *    next to it and attacks (movement split around the action).
 * Timed statuses count down at the end of the turn.
 * @param plan a player's plan (multiplayer hook); the AI ignores it for now.
 */
export function takeD20Turn(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, _plan: unknown): void {
  const me = d20Of(unit);
  if (me.dead) return;
  startOfTurnHarm(sim, unit);
  if (me.dead) return;
  if (me.hp === 0) { dyingTurn(sim, unit); endOfTurnStatuses(me.statuses); return; }
  if (!canAct(me.statuses, false)) { endOfTurnStatuses(me.statuses); return; }
  const budget = newTurn(me.movement);
  if (hasStatus(me.statuses, "prone") && canStandUp(me.movement, budget.movement)) {
    budget.movement -= standUpCost(me.movement);
    removeStatus(me.statuses, "prone");
  }
  const terror = me.statuses.find((s) => s.kind === "terrified");
  const source = terror ? sim.state.units[terror.sourceId] : undefined;
  if (source) {
    flee(sim, enc, unit, source, budget);
  } else {
    const rage = me.statuses.find((s) => s.kind === "enraged");
    const forced = rage ? sim.state.units[rage.sourceId] : undefined;
    const target = forced && isUp(forced) ? forced : foesOf(sim, enc, unit)[0];
    if (target) {
      if (!canStrike(unit, target)) {
        const gap = gridDistance(unit, target) - me.weapon.reach;
        if (gap > budget.movement && spendAction(budget, "dash") === null) budget.movement = dash(budget.movement, me.movement, 1);
        moveToward(sim, enc, unit, target, budget);
      }
      if (isUp(unit) && isUp(target) && canStrike(unit, target) && spendAction(budget, "attack") === null) {
        unit.activity = "fighting";
        resolveD20Attack(sim, unit, target, { onReaction: (id) => noteReaction(enc, id), bystanders: participantsOf(sim, enc) });
      }
    }
  }
  endOfTurnStatuses(me.statuses);
}

/** The tiles other units stand on (they are not crossed: ending a move there is forbidden, Left open D20-MOVE). */
function occupied(sim: Simulation, unit: UnitRecord): Set<number> {
  const w = sim.state.map.width;
  const s = new Set<number>();
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && isActive(u)) s.add(u.y * w + u.x);
  }
  return s;
}

/**
 * Moves `unit` along an A* path toward a tile next to `target`, paying each step's cost
 * (D20-MOVE-05 to D20-MOVE-08, D20-MOVE-33), provoking opportunity attacks when leaving a foe's
 * reach (D20-ATTACK-25 to D20-ATTACK-27, D20-MOVE-12; not after Disengage, D20-ACTION-13), and
 * setting off traps on the tiles it enters.
 */
export function moveToward(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, budget: TurnBudget): void {
  const map = sim.state.map;
  const busy = occupied(sim, unit);
  busy.delete(target.y * map.width + target.x);
  const path = findPath(map, unit, target, (x, y) => !busy.has(y * map.width + x));
  if (!path) return;
  path.pop();
  walkPath(sim, enc, unit, path.map((i) => ({ x: i % map.width, y: Math.floor(i / map.width) })), budget);
}

/** Left open (D20-STATUS-07): a terrified creature steps to the free neighbour farthest from the source, while it can. */
function flee(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, source: UnitRecord, budget: TurnBudget): void {
  const map = sim.state.map;
  const busy = occupied(sim, unit);
  for (let guard = 0; guard < 64 && budget.movement >= 1 && isUp(unit); guard++) {
    let best: { x: number; y: number } | null = null;
    let bestD = gridDistance(unit, source);
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const x = unit.x + dx, y = unit.y + dy;
      if ((dx === 0 && dy === 0) || !isWalkable(map, x, y) || busy.has(y * map.width + x)) continue;
      const d = gridDistance({ x, y }, source);
      if (d > bestD) { bestD = d; best = { x, y }; }
    }
    if (!best) return;
    const before = budget.movement;
    walkPath(sim, enc, unit, [best], budget);
    if (budget.movement === before) return;
  }
}

/** Walks `steps` one tile at a time while the budget allows (see {@link moveToward}). */
function walkPath(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, steps: { x: number; y: number }[], budget: TurnBudget): void {
  const me = d20Of(unit);
  if (!canMove(me.statuses, false)) return;
  const solid = (x: number, y: number) => !isWalkable(sim.state.map, x, y);
  for (const next of steps) {
    const dx = next.x - unit.x, dy = next.y - unit.y;
    if (!diagonalAllowed(solid, unit.x, unit.y, dx, dy)) return;
    const cost = stepCost({ crawling: hasStatus(me.statuses, "prone") });
    if (!canEnter(budget.movement, cost)) return;
    opportunityAttacks(sim, enc, unit, next, budget);
    if (!isUp(unit)) return;
    unit.facing = facingOf(dx, dy);
    unit.x = next.x; unit.y = next.y;
    budget.movement -= cost;
    onUnitEntersTile(sim, unit, next.x, next.y);
    if (!isUp(unit) || !canMove(me.statuses, false)) return;
  }
}

/**
 * D20-ATTACK-25 to D20-ATTACK-27, D20-FLOW-38, D20-FLOW-39: every foe in the encounter whose melee
 * reach the mover is about to leave, that sees it and can still react, makes one melee attack
 * with its reaction before the mover leaves; the mover then carries on (if it still can).
 */
function opportunityAttacks(sim: Simulation, enc: EncounterRecord, mover: UnitRecord, next: { x: number; y: number }, budget: TurnBudget): void {
  for (const r of participantsOf(sim, enc)) {
    if (r === mover || !areEnemies(r, mover) || !isUp(r)) continue;
    const rd = d20Of(r);
    if (rd.weapon.ranged) continue;
    const ok = provokesOpportunity({
      leavesReach: inReach(rd.weapon.reach, gridDistance(r, mover)) && !inReach(rd.weapon.reach, gridDistance(r, next)),
      seesMover: true,
      hostile: true,
      moverDisengaged: budget.disengaged,
      teleport: false,
      forced: false,
      reactorCanReact: canReact(rd.statuses, false, rd.reactionUsed),
    });
    if (!ok) continue;
    rd.reactionUsed = true;
    noteReaction(enc, r.id);
    sim.emit({ type: "reaction", unitId: r.id, kind: "opportunityAttack", detail: rd.weapon.name, againstId: mover.id });
    resolveD20Attack(sim, r, mover, { onReaction: (id) => noteReaction(enc, id), bystanders: participantsOf(sim, enc) });
    if (!isUp(mover)) return;
  }
}
