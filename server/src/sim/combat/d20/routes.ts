import { MODE_SWITCH_COST, SPACE_TILES } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { isActive } from "../../world/units.ts";
import { canEnter, MOVE_MODES, modeOf, sheetModeFactor, spaceDistance, spaceSide, switchMode, type MoveMode } from "./movement.ts";
import { d20Of } from "./sheet.ts";
import { spaceOf } from "./resolve.ts";
import { leadsSomewhere, usableModes, stepContext, sideAt, stepInfo } from "./spaces.ts";

/**
 * Routes on the d20 grid for one creature: its movement modes (D20-MOVE-13 to D20-MOVE-21), its
 * space (D20-SIZE-01 to D20-SIZE-09, squeezing), the terrain costs (D20-MOVE-05 to D20-MOVE-08,
 * D20-MOVE-22 to D20-MOVE-25, D20-MOVE-33, D20-MOVE-34) and other creatures' spaces (D20-MOVE-35,
 * D20-MOVE-36). Positions are a space's north-west tile, in tiles. Used by the turn (`stepTo`, the
 * AI's approach) and by the turn options; the dungeon's real-time walking (world/movement.ts)
 * does not use it. Where a space fits and what one step costs: spaces.ts.
 */

/** A piece of a planned move: walk a path, or switch mode where it stands (turn.ts `D20Step`). */
export type RouteStep = { kind: "move"; path: { x: number; y: number }[] } | { kind: "switchMode"; mode: MoveMode };

/** A place a creature can end its move, with the cheapest way there. */
export interface Route {
  /** The space's north-west tile. */
  x: number;
  y: number;
  /** The mode it is in at the end. */
  mode: MoveMode;
  /** Movement spent, in the units of the mode the move starts in (switch costs included). */
  cost: number;
  /** Movement left at the end, in the end mode's units (after switches). */
  left: number;
  /** The steps to play, in order: `move` paths and `switchMode`s (never empty for a reachable place). */
  steps: RouteStep[];
}

/** What a route search starts from and may use. */
export interface RouteQuery {
  /** Movement left, in the current mode's units; default unlimited (the whole way to a goal). */
  movement?: number;
  /** Modes it may use; default {@link usableModes}. */
  modes?: readonly MoveMode[];
  /**
   * A search for a place within `reach` of this space (x, y: north-west tile, side in tiles) may
   * say so: the search is then an A* (a lower bound of the cost left guides it); the route found
   * costs the same as without it.
   */
  toward?: { x: number; y: number; side: number; reach: number };
}

/** A search state's record: walking-equivalent cost, the state it came from, ended-on allowed. */
interface Searched { states: Float64Array; prev: Int32Array; free: Uint8Array; }

/**
 * Dijkstra over (tile, mode) states from the unit's place and mode. Costs are counted in
 * walking-equivalent movement so mixed modes compare exactly: a step costing c in a mode of factor
 * f costs c ÷ f, a switch out of a mode 2 ÷ f (movement.ts `switchMode` is linear). Ties go to the
 * way with fewer diagonal steps (straight lines first), then to the state reached first
 * (neighbours scanned north-west to south-east, then modes walk, fly, swim).
 * `stop` (optional) ends the search at the first state taken that it accepts.
 */
function search(sim: Simulation, unit: UnitRecord, q: RouteQuery, stop?: (x: number, y: number, mode: MoveMode, side: number) => boolean): { s: Searched; found: number; startMode: MoveMode } {
  const me = d20Of(unit);
  const ctx = stepContext(sim, unit);
  const map = sim.state.map;
  const w = map.width, size = w * map.height;
  const startMode = modeOf(me);
  const modes = q.modes ?? usableModes(me);
  const limit = q.movement === undefined ? Number.POSITIVE_INFINITY : q.movement / sheetModeFactor(me, startMode);
  const cost = new Float64Array(size * 3).fill(Number.POSITIVE_INFINITY);
  const diag = new Int32Array(size * 3);
  const prev = new Int32Array(size * 3).fill(-1);
  const free = new Uint8Array(size * 3);
  const done = new Uint8Array(size * 3);
  // Binary heap of [cost, diagonal steps, order, state].
  const hc: number[] = [], hd: number[] = [], ho: number[] = [], hs: number[] = [];
  let order = 0;
  const less = (a: number, b: number) => hc[a]! < hc[b]! || (hc[a] === hc[b] && (hd[a]! < hd[b]! || (hd[a] === hd[b] && ho[a]! < ho[b]!)));
  const swap = (a: number, b: number) => {
    [hc[a], hc[b]] = [hc[b]!, hc[a]!]; [hd[a], hd[b]] = [hd[b]!, hd[a]!]; [ho[a], ho[b]] = [ho[b]!, ho[a]!]; [hs[a], hs[b]] = [hs[b]!, hs[a]!];
  };
  // A*'s lower bound of what is left to a place within reach of `toward`: tiles still to go, at the
  // cheapest walking-equivalent step cost of the usable modes (flying or a native swimmer's ½).
  const toward = q.toward;
  let cheapest = 1;
  for (const m of modes) cheapest = Math.min(cheapest, 1 / sheetModeFactor(me, m));
  const nMax = SPACE_TILES[ctx.size];
  const h = (tile: number): number => {
    if (!toward) return 0;
    const x = tile % w, y = (tile - x) / w;
    const d = spaceDistance({ x, y }, nMax, toward, toward.side) - toward.reach;
    return d > 0 ? d * cheapest : 0;
  };
  const push = (c: number, st: number) => {
    hc.push(c + h((st / 3) | 0)); hd.push(diag[st]!); ho.push(order++); hs.push(st);
    let i = hc.length - 1;
    while (i > 0) { const p = (i - 1) >> 1; if (!less(i, p)) break; swap(i, p); i = p; }
  };
  const pop = (): number => {
    const st = hs[0]!;
    const last = hc.length - 1;
    swap(0, last); hc.pop(); hd.pop(); ho.pop(); hs.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < hc.length && less(l, m)) m = l;
      if (r < hc.length && less(r, m)) m = r;
      if (m === i) break;
      swap(i, m); i = m;
    }
    return st;
  };
  const start = (unit.y * w + unit.x) * 3 + MOVE_MODES.indexOf(startMode);
  cost[start] = 0;
  free[start] = 1;
  push(0, start);
  let found = -1;
  while (hc.length > 0) {
    const st = pop();
    if (done[st]) continue;
    done[st] = 1;
    const tile = (st / 3) | 0, mi = st % 3, mode = MOVE_MODES[mi]!;
    const x = tile % w, y = (tile - x) / w;
    const c = cost[st]!;
    const f = sheetModeFactor(me, mode);
    if (stop && st !== start && free[st] && stop(x, y, mode, sideAt(map, x, y, ctx.size, mode))) { found = st; break; }
    const left = (limit - c) * f; // in this mode's units
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= map.height) continue;
      const ns = (ny * w + nx) * 3 + mi;
      if (done[ns]) continue;
      const info = stepInfo(ctx, x, y, nx, ny, mode, false);
      if (typeof info === "string" || !canEnter(left, info.cost)) continue;
      const nc = c + info.cost / f, nd = diag[st]! + (dx !== 0 && dy !== 0 ? 1 : 0);
      if (nc < cost[ns]! || (nc === cost[ns] && nd < diag[ns]!)) { cost[ns] = nc; diag[ns] = nd; prev[ns] = st; free[ns] = info.others.length === 0 ? 1 : 0; push(nc, ns); }
    }
    for (const m of modes) {
      if (m === mode) continue;
      const ns = tile * 3 + MOVE_MODES.indexOf(m);
      if (done[ns] || left < MODE_SWITCH_COST || !leadsSomewhere(map, x, y, ctx.size, m)) continue;
      const nc = c + MODE_SWITCH_COST / f;
      // A switch keeps the space where it is; it may end there only if the new mode can hold it.
      if (nc < cost[ns]! || (nc === cost[ns] && diag[st]! < diag[ns]!)) { cost[ns] = nc; diag[ns] = diag[st]!; prev[ns] = st; free[ns] = free[st]! && sideAt(map, x, y, ctx.size, m) > 0 ? 1 : 0; push(nc, ns); }
    }
  }
  return { s: { states: cost, prev, free }, found, startMode };
}

/** The steps from the search's start to state `st`: move paths split by mode switches. */
function stepsTo(s: Searched, w: number, st: number): RouteStep[] {
  const chain: number[] = [];
  for (let k = st; k >= 0; k = s.prev[k]!) chain.unshift(k);
  const out: RouteStep[] = [];
  for (let i = 1; i < chain.length; i++) {
    const a = chain[i - 1]!, b = chain[i]!;
    const ta = (a / 3) | 0, tb = (b / 3) | 0;
    if (ta === tb) { out.push({ kind: "switchMode", mode: MOVE_MODES[b % 3]! }); continue; }
    const last = out.at(-1);
    const p = { x: tb % w, y: (tb - (tb % w)) / w };
    if (last && last.kind === "move") last.path.push(p); else out.push({ kind: "move", path: [p] });
  }
  return out;
}

function routeOf(sim: Simulation, unit: UnitRecord, s: Searched, st: number, startMode: MoveMode, movement: number): Route {
  const me = d20Of(unit);
  const w = sim.state.map.width;
  const tile = (st / 3) | 0;
  const mode = MOVE_MODES[st % 3]!;
  const spent = s.states[st]!;
  const f0 = sheetModeFactor(me, startMode);
  const limit = movement / f0;
  return { x: tile % w, y: (tile - (tile % w)) / w, mode, cost: spent * f0, left: Number.isFinite(limit) ? (limit - spent) * sheetModeFactor(me, mode) : Number.POSITIVE_INFINITY, steps: stepsTo(s, w, st) };
}

/**
 * D20-MOVE-01 to D20-MOVE-36, D20-SIZE-08, D20-SIZE-09: every place `unit` can end a move with
 * `q.movement` left (default: its turn's movement, movement.ts `turnMovement`), switching modes
 * on the way when allowed ({@link switchModeNow} costs), with the cheapest way to each: one
 * {@link Route} per tile (its cheapest mode there; on equal cost walk, then fly, then swim). The
 * start tile is listed only when reached in another mode (a switch in place). A place must be free
 * of other creatures' spaces and hold the space in its end mode. Opportunity attacks and traps on
 * the way are not foreseen. Sorted by cost, then y, then x.
 */
export function d20Reachable(sim: Simulation, unit: UnitRecord, q: RouteQuery = {}): Route[] {
  const me = d20Of(unit);
  const movement = q.movement ?? me.movement * sheetModeFactor(me, modeOf(me));
  const { s, startMode } = search(sim, unit, { ...q, movement });
  const w = sim.state.map.width;
  const start = unit.y * w + unit.x;
  const out: Route[] = [];
  for (let tile = 0; tile < s.free.length / 3; tile++) {
    let best = -1;
    for (let mi = 0; mi < 3; mi++) {
      const st = tile * 3 + mi;
      if (!Number.isFinite(s.states[st]!) || !s.free[st] || s.states[st] === 0) continue;
      if (tile === start && MOVE_MODES[mi] === startMode) continue;
      if (best < 0 || s.states[st]! < s.states[best]!) best = st;
    }
    if (best >= 0) out.push(routeOf(sim, unit, s, best, startMode, movement));
  }
  return out.sort((a, b) => a.cost - b.cost || a.y - b.y || a.x - b.x);
}

/**
 * The cheapest way (D20-MOVE costs, modes and space as {@link d20Reachable}, unlimited movement)
 * from `unit`'s place to the first place `goal` accepts (x, y: the space's north-west tile; side:
 * the space's side there; mode: the mode it would be in), free of others' spaces. The AI walks it
 * as far as its turn allows. Null when no such place can be reached.
 */
export function d20RouteTo(sim: Simulation, unit: UnitRecord, goal: (x: number, y: number, side: number, mode: MoveMode) => boolean, q: RouteQuery = {}): Route | null {
  const { s, found, startMode } = search(sim, unit, q, (x, y, mode, side) => goal(x, y, side, mode));
  if (found < 0) return null;
  return routeOf(sim, unit, s, found, startMode, Number.POSITIVE_INFINITY);
}

/**
 * What the cheapest way ({@link d20RouteTo}) to a place within `reach` of `target`'s space (a
 * distance from 1 to `reach`, D20-MOVE-09) costs `unit`, in its current mode's units (switches
 * included); +Infinity when there is none. The AI Dashes only when this is more than its movement
 * left (D20-ACTION-10), so a flyer that can get there by taking off does not Dash.
 */
export function approachCost(sim: Simulation, unit: UnitRecord, target: UnitRecord, reach: number): number {
  const route = routeNextTo(sim, unit, target, reach);
  return route ? route.cost : Number.POSITIVE_INFINITY;
}

/**
 * The cheapest way ({@link d20RouteTo}, an A* toward the target) for `unit` to a place within
 * `reach` (default 1: next to it) of `target`'s space: a distance from 1 to `reach` (D20-MOVE-09).
 * Null when there is none.
 */
export function routeNextTo(sim: Simulation, unit: UnitRecord, target: UnitRecord, reach = 1): Route | null {
  const tsp = spaceOf(sim, target); // d20rider: a rider is reached at its mount's space
  const ts = spaceSide(tsp);
  // The AI asks twice in a row (approachCost for its Dash, then moveToward): the same question on
  // the same tick, with every creature in the same place and space, gets the same answer.
  let places = 0;
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (isActive(u)) places = (Math.imul(places, 31) + u.x * 4096 + u.y * 4 + (u.d20 ? spaceSide(u) : 1)) | 0;
  }
  const key = `${sim.state.tick}:${places}:${unit.id}:${modeOf(d20Of(unit))}:${target.id}:${reach}`;
  const memo = lastRoute.get(sim);
  if (memo && memo.key === key) return memo.route;
  const route = d20RouteTo(sim, unit, (x, y, side) => {
    const d = spaceDistance({ x, y }, side, tsp, ts);
    return d >= 1 && d <= reach;
  }, { toward: { x: tsp.x, y: tsp.y, side: ts, reach } });
  lastRoute.set(sim, { key, route });
  return route;
}

/** The last {@link routeNextTo} answer of each simulation (its routes are never mutated by callers). */
const lastRoute = new WeakMap<Simulation, { key: string; route: Route | null }>();
