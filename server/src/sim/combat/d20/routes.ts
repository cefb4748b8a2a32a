import { FALL_DAMAGE_PER_TILE, FLYING_HEIGHT, MODE_SWITCH_COST, SPACE_TILES } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { MapState, UnitRecord } from "../../state.ts";
import { isDifficult, isWalkable, isWater } from "../../world/grid.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import type { TurnBudget } from "./actions.ts";
import { dragSlows } from "./attack.ts";
import {
  canEnter, canUseMode, flyerFalls, MOVE_MODES, modeOf, sheetModeFactor, spaceDistance, spaceSide, stepCost, switchMode, type MoveMode,
} from "./movement.ts";
import { d20Of } from "./sheet.ts";
import { mayPassThrough, type Size } from "./size.ts";
import { addStatus, hasStatus, isIncapacitated, removeStatus } from "./statuses.ts";
import { defenceOf, hurt, spaceOf } from "./resolve.ts";
import { damageTaken } from "./damage.ts";
import type { D20Unit } from "./types.ts";

/**
 * Routes on the d20 grid for one creature: its movement modes (D20-MOVE-13 to D20-MOVE-21), its
 * space (D20-SIZE-01 to D20-SIZE-09, squeezing), the terrain costs (D20-MOVE-05 to D20-MOVE-08,
 * D20-MOVE-22 to D20-MOVE-25, D20-MOVE-33, D20-MOVE-34) and other creatures' spaces (D20-MOVE-35,
 * D20-MOVE-36). Positions are a space's north-west tile, in tiles. Used by the turn (`stepTo`, the
 * AI's approach) and by the turn options; the dungeon's real-time walking (world/movement.ts)
 * does not use it.
 */

/**
 * Left open (D20-MOVE, who may fly; deep water): the tiles a creature may enter in each mode.
 * Walking: floor, rubble, portal, sanctum, door (world/grid.ts `isWalkable`). Swimming: deep water
 * (`~`) only. Flying: both (over water too). Walls never.
 */
export function modeEnters(map: MapState, x: number, y: number, mode: MoveMode): boolean {
  if (mode === "walk") return isWalkable(map, x, y);
  if (mode === "swim") return isWater(map, x, y);
  return isWalkable(map, x, y) || isWater(map, x, y);
}

/** True when every tile of the `side`-tile square at (x, y) can be entered in `mode`. */
function squareEnters(map: MapState, x: number, y: number, side: number, mode: MoveMode): boolean {
  for (let dy = 0; dy < side; dy++) for (let dx = 0; dx < side; dx++) if (!modeEnters(map, x + dx, y + dy, mode)) return false;
  return true;
}

/**
 * D20-SIZE-01, D20-SIZE-08 (Left open: a space is a square anchored on its north-west tile): the
 * side of the space a creature of `size` takes at (x, y) in `mode`: its full side when the whole
 * square can be entered, one less when only that smaller square can (it squeezes), 0 when it
 * cannot be there at all.
 */
export function sideAt(map: MapState, x: number, y: number, size: Size, mode: MoveMode): number {
  const n = SPACE_TILES[size];
  if (squareEnters(map, x, y, n, mode)) return n;
  if (n > 1 && squareEnters(map, x, y, n - 1, mode)) return n - 1;
  return 0;
}

/** True when tile (x, y) lies in the unit's space (D20-SIZE-01), as it is now (squeezed or not). */
export function inSpace(unit: UnitRecord, x: number, y: number): boolean {
  const s = unit.d20 ? spaceSide(unit) : 1;
  return x >= unit.x && y >= unit.y && x < unit.x + s && y < unit.y + s;
}

/**
 * The tiles other active creatures' spaces cover, for `mover`: tile index -> the units on it.
 * The mover's own rider or mount shares its space and is left out (Left open D20-MOUNT).
 */
export function occupancy(sim: Simulation, mover: UnitRecord): Map<number, UnitRecord[]> {
  const map = sim.state.map;
  const w = map.width;
  const riderId = mover.d20?.riderId ?? "";
  const mountId = mover.d20?.riding?.mountId ?? "";
  const out = new Map<number, UnitRecord[]>();
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u === mover || !isActive(u) || u.id === riderId || u.id === mountId) continue;
    const s = u.d20 ? spaceSide(u) : 1;
    for (let dy = 0; dy < s; dy++) for (let dx = 0; dx < s; dx++) {
      const x = u.x + dx, y = u.y + dy;
      if (x >= w || y >= map.height) continue;
      const i = y * w + x;
      const list = out.get(i);
      if (list) list.push(u); else out.set(i, [u]);
    }
  }
  return out;
}

/** What moving a creature into a space involves, for {@link stepInfo}. */
export interface StepContext {
  map: MapState;
  mover: UnitRecord;
  size: Size;
  /** Other creatures' spaces ({@link occupancy}). */
  occ: Map<number, UnitRecord[]>;
  /** D20-MOVE-32, D20-MOVE-33: prone, so crawling. */
  crawling: boolean;
  /** D20-ATTACK-44: dragging a grappled creature that slows it. */
  dragging: boolean;
}

/** The context of `unit`'s moves now: its size, others' spaces, crawling, dragging. */
export function stepContext(sim: Simulation, unit: UnitRecord): StepContext {
  const me = d20Of(unit);
  let dragging = false;
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && u.d20 && u.d20.statuses.some((s) => s.kind === "grappled" && s.sourceId === unit.id) && dragSlows(me.size, u.d20.size)) { dragging = true; break; }
  }
  return { map: sim.state.map, mover: unit, size: me.size, occ: occupancy(sim, unit), crawling: hasStatus(me.statuses, "prone"), dragging };
}

/** One step's outcome: its cost in the mode's movement, the space taken there, what is on it. */
export interface StepInfo {
  /** Movement the step costs, in the mode's units (movement.ts `stepCost`). */
  cost: number;
  /** Side of the space at the new position (a squeezed one is one less, D20-SIZE-08). */
  side: number;
  /** D20-SIZE-08, D20-SIZE-09: the creature squeezes there. */
  squeezing: boolean;
  /** Ground difficult terrain under the new space (D20-MOVE-22, D20-MOVE-24; flyers ignore it). */
  difficult: boolean;
  /** Creatures whose spaces the new space overlaps (D20-MOVE-25, D20-MOVE-35, D20-MOVE-36). */
  others: UnitRecord[];
}

/**
 * One step of a space from (x, y) to the neighbouring (nx, ny) in `mode` (D20-MOVE-03 to
 * D20-MOVE-08, D20-MOVE-22 to D20-MOVE-25, D20-MOVE-33, D20-MOVE-34, D20-MOVE-35, D20-MOVE-36,
 * D20-SIZE-08, D20-SIZE-09):
 * - every tile of the new space must be enterable in the mode ({@link modeEnters}); a space that
 *   does not fit squeezes into one a tile narrower ({@link sideAt}), else the step is refused;
 * - a diagonal step may not cut a corner: the squares one orthogonal step each way must hold
 *   nothing the mode cannot enter (for one tile, exactly movement.ts `diagonalAllowed`);
 * - a creature's space may be crossed (difficult terrain) when D20-MOVE-35/36 allow, never ended on;
 * - cost: movement.ts `stepCost` with difficult = any tile of the new space is rubble (Left open
 *   D20-SIZE), occupied, crawling, squeezing (+1), dragging (+1), the mode (flyers ignore rubble).
 * @returns the step, or the refusal (the same texts as the turn's `stepTo`).
 */
export function stepInfo(ctx: StepContext, x: number, y: number, nx: number, ny: number, mode: MoveMode, final: boolean): StepInfo | string {
  const { map, size } = ctx;
  const side = sideAt(map, nx, ny, size, mode);
  if (side === 0) return "the tile cannot be entered";
  const dx = nx - x, dy = ny - y;
  if (dx !== 0 && dy !== 0 && (!squareEnters(map, nx, y, side, mode) || !squareEnters(map, x, ny, side, mode))) {
    return "a diagonal step cannot cut a wall's corner (D20-MOVE-08)";
  }
  const others: UnitRecord[] = [];
  let difficult = false;
  const w = map.width;
  for (let ty = ny; ty < ny + side; ty++) for (let tx = nx; tx < nx + side; tx++) {
    if (mode !== "fly" && isDifficult(map, tx, ty)) difficult = true;
    const list = ctx.occ.get(ty * w + tx);
    if (list) for (const u of list) if (!others.includes(u)) others.push(u);
  }
  const me = d20Of(ctx.mover);
  for (const other of others) {
    if (final) return "a move cannot end in another creature's space";
    if (!mayPassThrough(me.size, d20Of(other).size, areEnemies(ctx.mover, other))) return "a hostile creature's space blocks the way (D20-MOVE-36)";
  }
  const squeezing = side < SPACE_TILES[size];
  const cost = stepCost({ difficult, occupied: others.length > 0, crawling: ctx.crawling, squeezing, dragging: ctx.dragging, mode });
  return { cost, side, squeezing, difficult, others };
}

/**
 * D20-SIZE-08 to D20-SIZE-12: puts or takes off the "squeezing" status as the unit's space fits
 * where it stands in its mode (a Large creature in a 1-tile corridor squeezes). Nothing changes
 * where it cannot stand at all in its mode.
 */
export function refreshSqueezing(sim: Simulation, unit: UnitRecord): void {
  const me = d20Of(unit);
  const n = SPACE_TILES[me.size];
  if (n === 1) { if (hasStatus(me.statuses, "squeezing")) removeStatus(me.statuses, "squeezing"); return; }
  const side = sideAt(sim.state.map, unit.x, unit.y, me.size, modeOf(me));
  if (side === 0) return;
  const squeezed = hasStatus(me.statuses, "squeezing");
  if (side < n && !squeezed) addStatus(me.statuses, "squeezing", "", -1);
  else if (side === n && squeezed) removeStatus(me.statuses, "squeezing");
}

/**
 * Left open (D20-MOVE, deep water): at the start of its turn a creature whose mode cannot hold it
 * where it stands takes, at no cost, the mode that can: a walker on deep water (placed there, or
 * left there after switching) is swimming, a swimmer on dry ground is walking. A flyer keeps flying.
 * Then {@link refreshSqueezing}. Emits `moveModeChanged` (movement left 0: no turn budget yet) on a change.
 */
export function startOfTurnSpace(sim: Simulation, unit: UnitRecord): void {
  const me = d20Of(unit);
  const mode = modeOf(me);
  if (mode !== "fly" && sideAt(sim.state.map, unit.x, unit.y, me.size, mode) === 0) {
    const other: MoveMode = mode === "walk" ? "swim" : "walk";
    if (sideAt(sim.state.map, unit.x, unit.y, me.size, other) > 0) {
      me.mode = other;
      sim.emit({ type: "moveModeChanged", unitId: unit.id, from: mode, mode: other, movementBefore: 0, movementLeft: 0 });
    }
  }
  refreshSqueezing(sim, unit);
}

/**
 * D20-MOVE-14, D20-MOVE-15, D20-MOVE-21 (Left open formula, movement.ts `switchMode`): the unit
 * switches to `mode` during its move: the remaining movement R becomes (R − 2) × new factor ÷ old
 * factor (walk 6 → fly 8; walk 6 → swim 2; fly 12 → walk 5). Emits `moveModeChanged`.
 * @returns null when done; a refusal (nothing changed) when it is already in that mode, cannot
 * use it (only flyers fly), is prone (Left open D20-MOVE: a prone creature crawls, it does not
 * switch) or has less than 2 movement left.
 */
export function switchModeNow(sim: Simulation, unit: UnitRecord, budget: TurnBudget, mode: MoveMode): string | null {
  const me = d20Of(unit);
  const from = modeOf(me);
  if (!(MOVE_MODES as readonly string[]).includes(mode)) return "no such movement mode (D20-MOVE-13)";
  if (from === mode) return "already in that movement mode";
  if (!canUseMode(me, mode)) return "only a creature with a flying ability can fly";
  if (hasStatus(me.statuses, "prone")) return "a prone creature cannot switch movement mode (D20-MOVE-32)";
  const before = budget.movement;
  const left = switchMode(before, sheetModeFactor(me, from), sheetModeFactor(me, mode));
  if (left === null) return "switching movement mode costs 2 movement (D20-MOVE-15)";
  budget.movement = left;
  me.mode = mode;
  refreshSqueezing(sim, unit);
  sim.emit({ type: "moveModeChanged", unitId: unit.id, from, mode, movementBefore: before, movementLeft: left });
  return null;
}

/** The modes a creature may use now: all it can (walk, fly if it flies, swim); only its current one while prone. */
export function usableModes(me: D20Unit): MoveMode[] {
  if (hasStatus(me.statuses, "prone")) return [modeOf(me)];
  return MOVE_MODES.filter((m) => canUseMode(me, m));
}

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

/** True when `mode` can hold a space of `size` at (x, y) or at a neighbouring place: a switch to it may lead somewhere. */
function leadsSomewhere(map: MapState, x: number, y: number, size: Size, mode: MoveMode): boolean {
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (sideAt(map, x + dx, y + dy, size, mode) > 0) return true;
  return false;
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
 * Checks the unit's step onto the neighbouring `next` in its current mode for the turn's
 * `stepTo` ({@link stepInfo} with the unit's own context).
 */
export function checkStep(sim: Simulation, unit: UnitRecord, next: { x: number; y: number }, final: boolean): StepInfo | string {
  return stepInfo(stepContext(sim, unit), unit.x, unit.y, next.x, next.y, modeOf(d20Of(unit)), final);
}

/**
 * The modes `unit` may switch to now with `movementLeft` (in its current mode's units), as its turn
 * options show them (D20-MOVE-14, D20-MOVE-15): modes it can use ({@link usableModes}: not while
 * prone), other than its current one, with at least 2 movement left, that lead somewhere: the
 * mode can hold its space where it stands or on a neighbouring place (so swimming is offered only
 * by water, flying to flyers). In the order walk, fly, swim.
 */
export function switchableModes(sim: Simulation, unit: UnitRecord, movementLeft: number): MoveMode[] {
  const me = d20Of(unit);
  const now = modeOf(me);
  if (movementLeft < MODE_SWITCH_COST) return [];
  const map = sim.state.map;
  return usableModes(me).filter((m) => m !== now && leadsSomewhere(map, unit.x, unit.y, me.size, m));
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

/**
 * D20-MOVE-37 and Left open (falling; D20-STATUS rooted): a flying creature that is prone, has a
 * movement value of 0, or can no longer move (paralysed, at 0 HP or dead, rooted, grappled) falls
 * straight down: onto dry ground it lands walking and prone and takes {@link FALL_DAMAGE_PER_TILE}
 * × {@link FLYING_HEIGHT} bludgeoning damage (through resistance; a creature at 0 HP counts it as
 * damage at 0 HP); into deep water it lands swimming, unhurt. Emits `moveModeChanged` (0 and 0).
 * Checked at the start of every turn of its encounter (turn.ts `takeD20Turn`).
 * @returns true when it fell.
 */
export function fallIfGrounded(sim: Simulation, unit: UnitRecord): boolean {
  const me = d20Of(unit);
  if (modeOf(me) !== "fly") return false;
  const down = me.dead || me.hp === 0;
  const canMoveNow = !down && !isIncapacitated(me.statuses, false) && !hasStatus(me.statuses, "rooted") && !hasStatus(me.statuses, "grappled");
  if (!flyerFalls("fly", hasStatus(me.statuses, "prone"), me.movement, canMoveNow)) return false;
  const map = sim.state.map;
  const water = sideAt(map, unit.x, unit.y, me.size, "walk") === 0 && sideAt(map, unit.x, unit.y, me.size, "swim") > 0;
  me.mode = water ? "swim" : "walk";
  sim.emit({ type: "moveModeChanged", unitId: unit.id, from: "fly", mode: me.mode, movementBefore: 0, movementLeft: 0 });
  if (!water) {
    if (!hasStatus(me.statuses, "prone")) addStatus(me.statuses, "prone", "", -1);
    if (!me.dead) hurt(sim, unit, damageTaken(FALL_DAMAGE_PER_TILE * FLYING_HEIGHT, "bludgeoning", defenceOf(sim, unit)), "bludgeoning", unit.id);
  }
  refreshSqueezing(sim, unit);
  return true;
}
