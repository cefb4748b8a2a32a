import ROT from "rot-js";
import type { MapState } from "../../../src/sim/state.ts";
import { isWalkable } from "../../../src/sim/world/grid.ts";

/**
 * rot-js's own A* with findPath's passability (walkable tiles, the start always, and `passable`
 * when given): the reference findPath must match step for step. Tile indices (y × width + x) of
 * the path after the start; [] when start = goal; null when the goal cannot be reached.
 */
export function rotPath(map: MapState, from: { x: number; y: number }, to: { x: number; y: number }, passable: (x: number, y: number) => boolean = () => true): number[] | null {
  if (from.x === to.x && from.y === to.y) return [];
  const ok = (x: number, y: number) => (x === from.x && y === from.y) || (isWalkable(map, x, y) && passable(x, y));
  if (!ok(to.x, to.y)) return null;
  const steps: number[] = [];
  new ROT.Path.AStar(to.x, to.y, ok, { topology: 8 }).compute(from.x, from.y, (x: number, y: number) => { steps.push(y * map.width + x); });
  if (steps.length === 0) return null;
  steps.shift();
  return steps;
}

/** A small seeded generator (xorshift32) for random maps: numbers in [0, 1). */
export function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 2 ** 32; };
}

/**
 * A random map for trial `trial` (8–37 × 6–25 tiles; walls on 5, 25 or 40 % of the tiles by
 * trial % 3) with a start and a goal anywhere on it, drawn from `rand` in that order.
 */
export function randomMap(rand: () => number, trial: number): { map: MapState; from: { x: number; y: number }; to: { x: number; y: number } } {
  const width = 8 + Math.floor(rand() * 30), height = 6 + Math.floor(rand() * 20);
  const wallShare = [0.05, 0.25, 0.4][trial % 3] as number;
  let tiles = "";
  for (let i = 0; i < width * height; i++) tiles += rand() < wallShare ? "#" : ".";
  const map = { width, height, tiles } as MapState;
  const pick = () => ({ x: Math.floor(rand() * width), y: Math.floor(rand() * height) });
  const from = pick(), to = pick();
  return { map, from, to };
}
