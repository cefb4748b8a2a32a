import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { isDifficult, isWalkable } from "../../world/grid.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import type { EncounterRecord } from "../encounters/types.ts";
import { participantsOf } from "../encounters/book.ts";
import { dragSlows, type Cover } from "./attack.ts";
import { canEnter, diagonalAllowed, gridDistance, stepCost, spaceSide, turnMovement, type MoveMode } from "./movement.ts";
import { coverBetween, isUp } from "./resolve.ts";
import { d20Of } from "./sheet.ts";
import { mayPassThrough } from "./size.ts";
import { canMove, hasStatus } from "./statuses.ts";
import { d20Reachable, type RouteStep } from "./routes.ts";
import { occupancy } from "./spaces.ts";
import { newTurn, type TurnBudget } from "./actions.ts";
import type { TurnState as D20TurnState } from "./plan.ts";

/**
 * Where a d20 creature can get to this turn and from where it strikes (for the turn options,
 * options.ts, and the plans, toPlan.ts): reachable tiles ({@link reachableTiles}), the cover a
 * target has ({@link coverAgainst}), dismount tiles ({@link dismountSpots}), what is left of the
 * turn ({@link turnLeft}) and who moves on which movement ({@link moverOf}, {@link mountTurnBudget}).
 */

/** A tile the unit can end its move on this turn, the movement it costs and the way there. */
export interface ReachableTile {
  x: number; y: number; cost: number; path: { x: number; y: number }[];
  /** d20move: only when the way switches mode: the mode it ends in, and the steps there (routes.ts `Route`). */
  mode?: MoveMode;
  steps?: RouteStep[];
}

/**
 * The tiles `unit` can reach with `movement` left (D20-MOVE-03 to D20-MOVE-08, D20-MOVE-25,
 * D20-MOVE-33, D20-MOVE-36, D20-ATTACK-44), with the same costs and refusals as the turn's
 * `stepTo`: neighbouring walkable tiles, no diagonal past a wall's corner, another creature's tile
 * costs as difficult terrain (as does rubble, D20-MOVE-22, D20-MOVE-24) and may be crossed (not by a hostile one, unless two sizes apart)
 * but not ended on, crawling when prone, dragging a grappled creature. Cheapest way first; ties
 * go to the way found first (neighbours scanned north-west to south-east). Opportunity attacks
 * and traps on the way are not foreseen. Sorted by cost, then y, then x; the start tile is not listed.
 */
export function reachableTiles(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, movement: number): ReachableTile[] {
  void enc;
  // d20move: routes.ts d20Reachable also counts movement modes and their switches (D20-MOVE-13 to
  // D20-MOVE-21) and the creature's whole space with squeezing (D20-SIZE-01, D20-SIZE-08, D20-SIZE-09).
  // `mode` and `steps` are given only when the way switches mode (the path alone says it otherwise).
  return d20Reachable(sim, unit, { movement }).map((r) => {
    const path = r.steps.flatMap((st) => (st.kind === "move" ? st.path : []));
    return r.steps.some((st) => st.kind === "switchMode") ? { x: r.x, y: r.y, cost: r.cost, path, mode: r.mode, steps: r.steps } : { x: r.x, y: r.y, cost: r.cost, path };
  });
}
/** The former breadth of {@link reachableTiles}, kept for reference by d20move: one tile, walking only. */
function reachableTilesWalking(sim: Simulation, enc: EncounterRecord, unit: UnitRecord, movement: number): ReachableTile[] {  const me = d20Of(unit);
  const map = sim.state.map;
  const w = map.width;
  const others = new Map<number, UnitRecord>();
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && isActive(u)) others.set(u.y * w + u.x, u);
  }
  const dragged = participantsOf(sim, enc).find((u) => d20Of(u).statuses.some((s) => s.kind === "grappled" && s.sourceId === unit.id));
  const crawling = hasStatus(me.statuses, "prone");
  const dragging = dragged !== undefined && dragSlows(me.size, d20Of(dragged).size);
  const start = unit.y * w + unit.x;
  const best = new Map<number, { cost: number; from: number }>([[start, { cost: 0, from: -1 }]]);
  const done = new Set<number>();
  for (;;) {
    let at = -1, atCost = Number.POSITIVE_INFINITY;
    for (const [i, v] of best) if (!done.has(i) && (v.cost < atCost || (v.cost === atCost && i < at))) { at = i; atCost = v.cost; }
    if (at < 0) break;
    done.add(at);
    const x = at % w, y = Math.floor(at / w);
    const left = movement - atCost;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const nx = x + dx, ny = y + dy, ni = ny * w + nx;
      if (!isWalkable(map, nx, ny) || done.has(ni)) continue;
      if (!diagonalAllowed((cx, cy) => !isWalkable(map, cx, cy), x, y, dx, dy)) continue;
      const other = others.get(ni);
      if (other && !mayPassThrough(me.size, d20Of(other).size, areEnemies(unit, other))) continue;
      const cost = stepCost({ crawling, occupied: other !== undefined, dragging, difficult: isDifficult(map, nx, ny) });
      if (!canEnter(left, cost)) continue;
      const old = best.get(ni);
      if (!old || atCost + cost < old.cost) best.set(ni, { cost: atCost + cost, from: at });
    }
  }
  const out: ReachableTile[] = [];
  for (const [i, v] of best) {
    if (i === start || others.has(i)) continue;
    const path: { x: number; y: number }[] = [];
    for (let j = i; j !== start; j = (best.get(j) as { from: number }).from) path.unshift({ x: j % w, y: Math.floor(j / w) });
    out.push({ x: i % w, y: Math.floor(i / w), cost: v.cost, path });
  }
  return out.sort((a, b) => a.cost - b.cost || a.y - b.y || a.x - b.x);
}

/**
 * The cover `target` has against an attack from `attacker` standing at `from` (its own tile by
 * default): the map's walls and the encounter's other standing participants in the way
 * (cover.ts `mapCover`, D20-ATTACK-57 to D20-ATTACK-67), as the attack itself counts it.
 */
export function coverAgainst(sim: Simulation, enc: EncounterRecord, attacker: UnitRecord, target: UnitRecord, from: { x: number; y: number } = attacker): Cover {
  const between = participantsOf(sim, enc).filter((u) => u !== attacker && u !== target && isUp(u) && !(u.x === from.x && u.y === from.y));
  return coverBetween(sim, attacker, target, between, from); // d20finish: from the attacker's whole space; d20rider: a rider's is its mount's
}

/**
 * D20-MOUNT-02, D20-MOUNT-06 (Left open: "within 1 m" of a mount is a tile at distance 1 of its
 * space, D20-MOVE-09, D20-SIZE-01): the free walkable tiles where `rider` may get off `mount`,
 * by row then column. A tile is taken when any part of another creature's space covers it
 * (routes.ts `occupancy`). The `dismount` step accepts exactly these tiles.
 */
export function dismountSpots(sim: Simulation, rider: UnitRecord, mount: UnitRecord): { x: number; y: number }[] {
  const map = sim.state.map;
  const taken = occupancy(sim, rider);
  const side = mount.d20 ? spaceSide(mount) : 1;
  const out: { x: number; y: number }[] = [];
  for (let y = mount.y - 1; y <= mount.y + side; y++) for (let x = mount.x - 1; x <= mount.x + side; x++) {
    if (gridDistance({ x, y }, mount) === 1 && isWalkable(map, x, y) && !taken.has(y * map.width + x)) out.push({ x, y });
  }
  return out;
}

/**
 * What is left of `unit`'s turn: the open turn kept in `enc.openTurn` when it is this unit's
 * (a player playing its turn in several plans), else a fresh turn (D20-FLOW-24).
 */
export function turnLeft(enc: EncounterRecord, unit: UnitRecord): D20TurnState {
  if (enc.openTurn?.unitId === unit.id) return enc.openTurn.state as D20TurnState;
  return { budget: newTurn(turnMovement(d20Of(unit))), attacksLeft: 0 }; // d20move: × the current mode's factor (D20-MOVE-17 to D20-MOVE-21)
}

/**
 * A controlled mount's fresh budget for the turn its rider directs it (D20-MOUNT-16 to
 * D20-MOUNT-19 with D20-MOVE-16 to D20-MOVE-21): its movement value × the factor of the mode it
 * is in (a flying mount ×2, a swimming one ÷2, ×2 for a native swimmer), full action and
 * demi-action for its Dash or Disengage (D20-MOUNT-18).
 */
export function mountTurnBudget(mount: UnitRecord): TurnBudget {
  return newTurn(turnMovement(d20Of(mount)));
}

/**
 * Who a `move` step moves and on which movement (D20-MOUNT-16, D20-MOUNT-17, D20-MOUNT-19,
 * D20-MOUNT-21, Left open: the mount's movement replaces the rider's): the unit itself on its
 * budget; a controlled mount on the mount's own budget (a fresh one until the rider first moves
 * it this turn); null for a rider on an independent mount or a mover that cannot move
 * (D20-STATUS-05, grappled, rooted, surprised).
 */
export function moverOf(sim: Simulation, unit: UnitRecord, ts: D20TurnState): { mover: UnitRecord; movement: number } | null {
  const me = d20Of(unit);
  const mount = me.riding ? sim.state.units[me.riding.mountId] : undefined;
  if (mount && me.riding && !me.riding.controlled) return null;
  const mover = mount ?? unit;
  if (!canMove(d20Of(mover).statuses, false)) return null;
  return { mover, movement: mount ? (ts.mountBudget?.movement ?? turnMovement(d20Of(mount))) : ts.budget.movement };
}
