import {
  BASE_STEP_COST, CRAWL_DIFFICULT_COST, D20, DIFFICULT_EXTRA_COST, DRAG_EXTRA_COST, MODE_SWITCH_COST, MOVE_MODE_FACTORS, SLIPPERY_DC, SPACE_TILES,
} from "@malignus/shared";
import type { Dice } from "./dice.ts";
import type { Size } from "./size.ts";

/** D20-MOVE-13: the movement modes. */
export type MoveMode = "walk" | "fly" | "swim";

/** What a tile step involves, for its cost. */
export interface StepTerrain {
  /** D20-MOVE-24, D20-MOVE-26: ground difficult terrain (ignored by flyers, Left open). */
  difficult?: boolean;
  /** D20-MOVE-25: the tile holds another creature. */
  occupied?: boolean;
  /** D20-MOVE-32, D20-MOVE-33: the mover is prone and crawls. */
  crawling?: boolean;
  /** D20-SIZE-09: the mover squeezes. */
  squeezing?: boolean;
  /** D20-ATTACK-44 (Left open): the mover drags a grappled creature not two sizes smaller. */
  dragging?: boolean;
  /** Left open (D20-MOVE): climbing costs like difficult terrain. */
  climbing?: boolean;
  mode?: MoveMode;
}

/**
 * D20-MOVE-05 to D20-MOVE-07, D20-MOVE-22 to D20-MOVE-25, D20-MOVE-33, D20-MOVE-34, D20-SIZE-09:
 * the movement a step onto one tile costs. Difficult terrain adds 1 once however many hindrances
 * overlap (D20-MOVE-23); crawling adds 1, or costs 3 in all through difficult terrain; squeezing
 * and dragging add 1 each (Left open D20-SIZE: extras add up). Ground difficulty does not slow a
 * flyer, but creatures' spaces do (Left open D20-MOVE).
 */
export function stepCost(t: StepTerrain): number {
  const groundDifficult = (t.difficult === true || t.climbing === true) && t.mode !== "fly";
  const difficult = groundDifficult || t.occupied === true;
  let cost: number;
  if (t.crawling) cost = difficult ? CRAWL_DIFFICULT_COST : BASE_STEP_COST + DIFFICULT_EXTRA_COST;
  else cost = BASE_STEP_COST + (difficult ? DIFFICULT_EXTRA_COST : 0);
  if (t.squeezing) cost += 1;
  if (t.dragging) cost += DRAG_EXTRA_COST;
  return cost;
}

/** D20-MOVE-05, D20-MOVE-07: a tile can be entered only when the remaining movement covers its whole cost. */
export function canEnter(remaining: number, cost: number): boolean {
  return remaining >= cost && remaining >= BASE_STEP_COST;
}

/**
 * D20-MOVE-08 (Left open: only solid tiles count): a diagonal step from (x, y) by (dx, dy) may not
 * cut the corner of a solid tile: both orthogonal neighbours must be non-solid.
 */
export function diagonalAllowed(isSolid: (x: number, y: number) => boolean, x: number, y: number, dx: number, dy: number): boolean {
  if (dx === 0 || dy === 0) return true;
  return !isSolid(x + dx, y) && !isSolid(x, y + dy);
}

/**
 * D20-MOVE-09: the distance between two single-tile things, counting tiles as for movement
 * (a diagonal counts 1): adjacent = 1, one empty tile between = 2.
 */
export function gridDistance(a: SpacedPos, b: SpacedPos): number {
  const as = spaceSide(a), bs = spaceSide(b);
  if (as === 1 && bs === 1) return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
  return spaceDistance(a, as, b, bs);
}

/**
 * A position, or a unit whose d20 sheet gives its size (D20-SIZE-01): `gridDistance` measures
 * between the nearest tiles of their spaces (D20-MOVE-09, Left open D20-SIZE: the position is the
 * space's north-west tile). A bare position is one tile.
 */
export interface SpacedPos {
  x: number;
  y: number;
  d20?: { size: Size; statuses: readonly { kind: string }[] } | undefined;
}

/**
 * D20-SIZE-01, D20-SIZE-03, D20-SIZE-08: the side, in tiles, of the square space a unit covers now:
 * its size's space ({@link SPACE_TILES}), one less while it squeezes (status "squeezing"), never
 * below 1. A bare position (no d20 sheet) covers 1 tile.
 */
export function spaceSide(p: SpacedPos): number {
  const d = p.d20;
  if (d === undefined) return 1;
  const n = SPACE_TILES[d.size] ?? 1;
  if (n === 1) return 1;
  for (const s of d.statuses) if (s.kind === "squeezing") return n - 1;
  return n;
}

/**
 * D20-MOVE-09 for creatures covering several tiles (D20-SIZE-01): the distance between the
 * nearest tiles of two square spaces whose north-west tiles are `a` and `b` (Left open D20-SIZE).
 */
export function spaceDistance(a: { x: number; y: number }, aSide: number, b: { x: number; y: number }, bSide: number): number {
  const gap = (p: number, ps: number, q: number, qs: number) => Math.max(0, q - (p + ps - 1), p - (q + qs - 1));
  return Math.max(gap(a.x, aSide, b.x, bSide), gap(a.y, aSide, b.y, bSide));
}

/** The modes in a fixed order (walk, fly, swim): index order for searches and options. */
export const MOVE_MODES: readonly MoveMode[] = ["walk", "fly", "swim"];

/** What a creature's sheet says about its movement modes (a `D20Unit` fits). */
export interface ModeSheet {
  /** Walking movement value, tiles per turn (D20-MOVE-16). */
  movement: number;
  /** Current mode; absent on sheets from before modes were kept = walking. */
  mode?: MoveMode;
  /** Native swimmer (D20-MOVE-19: swims at ×2 like a Saaneris). */
  swimmer: boolean;
  /** D20-MOVE-20: under a swimming spell, swims at ×1. */
  swimSpell?: boolean;
  /** Has a flying ability (Left open D20-MOVE: only those may fly). */
  flyer: boolean;
}

/** The creature's current movement mode (D20-MOVE-13); "walk" when none was ever set. */
export function modeOf(me: ModeSheet): MoveMode {
  return me.mode ?? "walk";
}

/** D20-MOVE-17 to D20-MOVE-20: the factor of `mode` for this creature (a native swimmer swims at ×2, one under a swimming spell at ×1). */
export function sheetModeFactor(me: ModeSheet, mode: MoveMode): number {
  return modeFactor(mode, { saaneris: me.swimmer, swimSpell: me.swimSpell === true });
}

/**
 * Left open (D20-MOVE): may the creature use `mode`? Everyone walks and swims; only creatures with
 * a flying ability fly.
 */
export function canUseMode(me: ModeSheet, mode: MoveMode): boolean {
  return mode !== "fly" || me.flyer;
}

/**
 * D20-MOVE-16 to D20-MOVE-19, Left open (D20-MOVE-21): the movement a turn starts with, in the
 * current mode's units: movement value × the mode's factor, no switch cost (walking 6 → 6; a flyer
 * already flying 6 → 12; a creature already swimming 6 → 3, a native swimmer 12).
 */
export function turnMovement(me: ModeSheet): number {
  return me.movement * sheetModeFactor(me, modeOf(me));
}

/** D20-MOVE-17 to D20-MOVE-20: the multiplier of a mode for a creature (`MOVE_MODE_FACTORS` of the d20 table). */
export function modeFactor(mode: MoveMode, opts: { saaneris?: boolean; swimSpell?: boolean } = {}): number {
  if (mode === "fly") return MOVE_MODE_FACTORS.fly;
  if (mode === "swim") return opts.saaneris ? MOVE_MODE_FACTORS.swimSaaneris : opts.swimSpell ? MOVE_MODE_FACTORS.swimSpell : MOVE_MODE_FACTORS.swim;
  return MOVE_MODE_FACTORS.walk;
}

/**
 * D20-MOVE-14, D20-MOVE-15, D20-MOVE-21 (Left open formula): switching mode turns `remaining`
 * into (remaining − 2) × newFactor ÷ oldFactor; walk 9 → fly 14, walk 9 → swim 3.5, fly 14 → walk 6.
 * @returns the new remaining movement, or null when less than 2 remains.
 */
export function switchMode(remaining: number, oldFactor: number, newFactor: number): number | null {
  if (remaining < MODE_SWITCH_COST) return null;
  return ((remaining - MODE_SWITCH_COST) * newFactor) / oldFactor;
}

/** D20-MOVE-30: standing up from prone costs half the movement value. */
export function standUpCost(movementValue: number): number {
  return movementValue / 2;
}

/** D20-MOVE-31 (Left open: only in walking mode): may the creature stand up now? */
export function canStandUp(movementValue: number, remaining: number): boolean {
  return movementValue > 0 && remaining >= standUpCost(movementValue);
}

/**
 * D20-ACTION-10 (Left open: the mode's factor applies): Dash adds the movement value times the
 * current mode's factor to the remaining movement; with movement 9 walking the turn allows 18.
 */
export function dash(remaining: number, movementValue: number, factor: number): number {
  return remaining + movementValue * factor;
}

/**
 * D20-MOVE-26, D20-MOVE-27 (Left open: rolled on entering or starting a turn on the tile, 10 or
 * more succeeds): the Agility roll on slippery liquid; false means the creature falls prone.
 */
export function keepsFooting(dice: Dice, agility: number): boolean {
  return dice.die(D20) + agility >= SLIPPERY_DC;
}

/** D20-MOVE-37: a flying creature falls when prone, at 0 movement, or unable to move. */
export function flyerFalls(mode: MoveMode, prone: boolean, movementValue: number, canMoveNow: boolean): boolean {
  return mode === "fly" && (prone || movementValue === 0 || !canMoveNow);
}

