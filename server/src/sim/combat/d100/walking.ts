/**
 * A d100 unit moving in an encounter (P100-MOVE): walking a way with the opportunity attacks it
 * gives ({@link walk}), the AI's normal-or-guarded choice ({@link walkOrGuard}), walking up to a
 * foe ({@link moveToward}, the shared encounters/tactics.ts `moveToward` on its A* way) and a
 * shooter's step back ({@link stepAway}).
 */
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev, isWalkable } from "../../world/grid.ts";
import { facingOf } from "../../world/movement.ts";
import { areEnemies } from "../../world/units.ts";
import { onUnitEntersTile } from "../../traps/index.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { freePath, moveToward as approach, occupied } from "../encounters/tactics.ts";
import { checkDuelOver } from "./duels.ts";
import { isUp } from "./fighters.ts";
import { d100Attack } from "./resolve.ts";
import { d100Of } from "./sheet.ts";
import { canMove } from "./statuses.ts";
import { moveAllowance, opportunityAttacks, spendAction, type Placed, type TurnState } from "./turns.ts";
import { placeUnit } from "../../world/unitIndex.ts";
import { stepBlocked } from "../../world/hooks.ts";
import { markUnit } from "../../changes.ts";

/** Moves toward a tile next to `target` (tiles held by others avoided), at most the unit's allowance (P100-MOVE-01, 02). @returns the tiles walked. */
export function moveToward(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, ts: TurnState, swarm: boolean): number {
  return approach({
    route: () => freePath(sim, unit, target, true)?.slice(0, -1) ?? null, // up to the tile before the target's
    walk: (tiles) => walkOrGuard(sim, enc, unit, tiles, ts, swarm),
  });
}

/**
 * The AI's choice between a normal and a guarded move along `tiles` (P100-MOVE-03 to 06, Left
 * open MOVE): a normal move (up to the allowance) unless it would give an opportunity attack to a
 * hostile as they stand now (turns.ts `opportunityAttacks`); then a guarded move along the same
 * way, floor(allowance / 4) tiles and no opportunity attack. Emits `guardedMove` for a guarded one.
 * @returns the tiles walked.
 */
export function walkOrGuard(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, tiles: { x: number; y: number }[], ts: TurnState, swarm: boolean): number {
  const me = d100Of(unit);
  const normal = tiles.slice(0, moveAllowance(me, false));
  if (normal.length === 0 || swarm || ts.moved || ts.mainDone) return walk(sim, enc, unit, normal, ts, swarm);
  const hostiles: Placed[] = participantsOf(sim, enc)
    .filter((u) => u !== unit && areEnemies(u, unit) && isUp(u))
    .map((u) => ({ id: u.id, x: u.x, y: u.y, unit: d100Of(u) }));
  const ctx = me.duel ? { duelOpponentId: me.duel.opponentId } : {};
  if (opportunityAttacks([{ x: unit.x, y: unit.y }, ...normal], me, hostiles, ctx).length === 0) return walk(sim, enc, unit, normal, ts, swarm);
  const guarded = tiles.slice(0, moveAllowance(me, true));
  const from = { x: unit.x, y: unit.y };
  const taken = walk(sim, enc, unit, guarded, ts, swarm, true);
  sim.emit({ type: "guardedMove", unitId: unit.id, from, to: { x: unit.x, y: unit.y }, tiles: taken });
  return taken;
}

/** P100-PLACE-06: a ranged attacker steps to the free neighbour farthest from `target`. */
export function stepAway(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, target: UnitRecord, ts: TurnState): number {
  const busy = occupied(sim, unit);
  let best: { x: number; y: number } | null = null;
  let bestD = chebyshev(unit, target);
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
    const x = unit.x + dx, y = unit.y + dy;
    if ((dx === 0 && dy === 0) || !isWalkable(sim.state.map, x, y) || busy.has(y * sim.state.map.width + x)) continue;
    const d = chebyshev({ x, y }, target);
    if (d > bestD) { bestD = d; best = { x, y }; }
  }
  return best ? walkOrGuard(sim, enc, unit, [best], ts, false) : 0;
}

/**
 * Walks `steps` (P100-BASE-08: the move comes before the main action): before each step the
 * hostiles the mover leaves make their opportunity attacks (P100-MOVE-03/04, once each per move;
 * none in mass combat); the move stops when the mover falls or cannot move any more.
 */
export function walk(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, steps: { x: number; y: number }[], ts: TurnState, swarm: boolean, guarded = false): number {
  const me = d100Of(unit);
  if (steps.length === 0 || !canMove(me) || spendAction(ts, "move") !== null) return 0;
  const struck = new Set<string>();
  const opponentId = me.duel?.opponentId;
  let taken = 0;
  for (const next of steps) {
    const hostiles: Placed[] = participantsOf(sim, enc)
      .filter((u) => u !== unit && areEnemies(u, unit) && isUp(u) && !struck.has(u.id))
      .map((u) => ({ id: u.id, x: u.x, y: u.y, unit: d100Of(u) }));
    const ctx = opponentId !== undefined ? { swarm, guarded, duelOpponentId: opponentId } : { swarm, guarded };
    for (const oa of opportunityAttacks([{ x: unit.x, y: unit.y }, next], me, hostiles, ctx)) {
      const striker = sim.state.units[oa.attackerId] as UnitRecord;
      struck.add(striker.id);
      sim.emit({ type: "reaction", unitId: striker.id, kind: "opportunityAttack", detail: "d100", againstId: unit.id });
      d100Attack(sim, striker, unit, { mode: "melee", outOfTurn: true, duel: me.duel !== null });
      if (me.duel && checkDuelOver(sim, unit)) return taken;
      if (!isUp(unit)) return taken;
    }
    if (!canMove(me) || stepBlocked(sim, unit, next.x, next.y)) return taken; // DOOR-13, DOOR-15: a locked door it may not unlock stops the move
    unit.facing = facingOf(next.x - unit.x, next.y - unit.y); markUnit(sim, unit);
    placeUnit(sim, unit, next.x, next.y);
    taken += 1;
    onUnitEntersTile(sim, unit, next.x, next.y);
    if (!isUp(unit)) return taken;
  }
  return taken;
}
