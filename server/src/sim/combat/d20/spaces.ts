import type { Simulation } from "../../simulation.ts";
import type { MapState, UnitRecord } from "../../state.ts";
import { isDifficult, isWalkable, isWater } from "../../world/grid.ts";
import { areEnemies, isActive } from "../../world/units.ts";
import { stepBlocked } from "../../world/hooks.ts";
import type { TurnBudget } from "./actions.ts";
import { dragSlows } from "./attack.ts";
import { FALL_DAMAGE_PER_TILE, FLYING_HEIGHT, MODE_SWITCH_COST, SPACE_TILES } from "@malignus/shared";
import { canUseMode, flyerFalls, keepsFooting, MOVE_MODES, modeOf, sheetModeFactor, spaceSide, stepCost, switchMode, type MoveMode } from "./movement.ts";
import { d20Of } from "./sheet.ts";
import { encounterOf } from "../encounters/book.ts";
import { fitThrough, mayPassThrough, type Size } from "./size.ts";
import { addStatus, hasStatus, isIncapacitated, removeStatus } from "./statuses.ts";
import { defenceOf, hurt, mountFalls } from "./resolve.ts";
import { damageTaken } from "./damage.ts";
import type { D20Unit } from "./types.ts";

/**
 * Where a d20 creature's space fits and what one step costs it (routes.ts searches whole routes
 * over these): the tiles each movement mode enters (D20-MOVE-13 to D20-MOVE-21), the creature's
 * space and squeezing (D20-SIZE-01 to D20-SIZE-12), terrain costs (D20-MOVE-05 to D20-MOVE-08,
 * D20-MOVE-22 to D20-MOVE-25, D20-MOVE-33, D20-MOVE-34), other creatures' spaces (D20-MOVE-35,
 * D20-MOVE-36), switching modes and falling (D20-MOVE-37). Positions are a space's north-west
 * tile, in tiles. Used by the turn (stepping.ts `stepTo`), the route search and the turn options.
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
  const width = squareEnters(map, x, y, n, mode) ? n : n > 1 && squareEnters(map, x, y, n - 1, mode) ? n - 1 : 0;
  const fit = fitThrough(size, width); // D20-SIZE-08: fits, squeezes one tile narrower, or is blocked
  return fit === "fits" ? n : fit === "squeeze" ? n - 1 : 0;
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
  /** D20-MOVE-26: slippery tiles (indexes) of the encounter, difficult terrain for walkers and swimmers ({@link slipperyTiles}). */
  slippery: ReadonlySet<number>;
  /** D20-ATTACK-44: dragging a grappled creature that slows it. */
  dragging: boolean;
  /** DOOR-13, DOOR-15: true when a locked door at (x, y) stops the mover (the doors' stepBlocked hook); absent: none does. */
  blocked?: (x: number, y: number) => boolean;
}

/** The context of `unit`'s moves now: its size, others' spaces, crawling, dragging. */
export function stepContext(sim: Simulation, unit: UnitRecord): StepContext {
  const me = d20Of(unit);
  let dragging = false;
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u !== unit && u.d20 && u.d20.statuses.some((s) => s.kind === "grappled" && s.sourceId === unit.id) && dragSlows(me.size, u.d20.size)) { dragging = true; break; }
  }
  return { map: sim.state.map, mover: unit, size: me.size, occ: occupancy(sim, unit), crawling: hasStatus(me.statuses, "prone"), dragging, slippery: slipperyTiles(sim, unit), blocked: (x, y) => stepBlocked(sim, unit, x, y) };
}

/**
 * D20-MOVE-27 (Left open: rolled on entering a slippery tile and at the start of a turn on one):
 * a creature walking or swimming on spilled slippery liquid (any tile of its space,
 * {@link slipperyTiles}) rolls 1d20 + Agility ≥ `SLIPPERY_DC` (movement.ts `keepsFooting`) or falls
 * prone. Flyers, riders (their mount rolls), creatures already prone and creatures at 0 HP do not
 * roll. A mount that falls throws its rider as when it drops (resolve.ts `mountFalls`, D20-MOUNT-08 to D20-MOUNT-11).
 * @returns true when it fell.
 */
export function slipCheck(sim: Simulation, unit: UnitRecord): boolean {
  const me = d20Of(unit);
  if (modeOf(me) === "fly" || me.riding || me.dead || me.hp === 0 || hasStatus(me.statuses, "prone")) return false;
  const tiles = slipperyTiles(sim, unit);
  const side = spaceSide(unit), w = sim.state.map.width;
  let on = false;
  for (let y = unit.y; y < unit.y + side; y++) for (let x = unit.x; x < unit.x + side; x++) if (tiles.has(y * w + x)) on = true;
  if (!on || keepsFooting(sim.rng, me.abilities.agility)) return false;
  addStatus(me.statuses, "prone", "", -1);
  if (me.riderId !== "") mountFalls(sim, unit);
  return true;
}

/** D20-MOVE-26: the tile indexes (y × width + x) of the slippery ground zones of `unit`'s encounter (spilled oil), empty outside encounters. */
export function slipperyTiles(sim: Simulation, unit: UnitRecord): ReadonlySet<number> {
  const all = sim.state.encounters;
  if (!all || !Object.values(all).some((e) => e.zones?.some((z) => z.type === "slippery"))) return NO_TILES;
  const zones = encounterOf(sim, unit.id)?.zones ?? [];
  return new Set(zones.filter((z) => z.type === "slippery").map((z) => z.y * sim.state.map.width + z.x));
}
const NO_TILES: ReadonlySet<number> = new Set();

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
    if (ctx.blocked?.(tx, ty)) return "a locked door blocks the way (DOOR-13)";
    if (mode !== "fly" && (isDifficult(map, tx, ty) || ctx.slippery.has(ty * w + tx))) difficult = true; // D20-MOVE-26: spilled slippery liquid too
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

/** True when `mode` can hold a space of `size` at (x, y) or at a neighbouring place: a switch to it may lead somewhere. */
export function leadsSomewhere(map: MapState, x: number, y: number, size: Size, mode: MoveMode): boolean {
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (sideAt(map, x + dx, y + dy, size, mode) > 0) return true;
  return false;
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
