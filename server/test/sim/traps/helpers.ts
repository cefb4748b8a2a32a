import type { PartKind, RulesetId, TilePos } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { PartRecord, UnitRecord } from "../../../src/sim/state.ts";
import { scriptedDice } from "../scriptedDice.ts";

/**
 * Test helpers for the trap system: a small open map (20 x 12, floor from 1,1 to 18,10,
 * walls around, a portal at 0,5, the stockpile at 1,10, a sanctum tile at 18,10), and short
 * ways to place, build and wire parts.
 */
export const OPEN_MAP = [
  "####################",
  "#..................#",
  "#..................#",
  "#..................#",
  "#..................#",
  "P..................#",
  "#..................#",
  "#..................#",
  "#..................#",
  "#..................#",
  "#K................S#",
  "####################",
].join("\n");

/**
 * The lairs map (lairs.test.ts): the portal at 0,2, the sanctum at 1..2,3..4 west of a door (4,2);
 * the big room spans x 5..14, y 1..7, and a 1-wide corridor runs east from it on row 5 to wolf A
 * (16,5) and wolf B (18,5). Wolf C (17,2) lives in a sealed cave (x 16..18, y 1..3); the floor
 * tile 8,7 lies behind water.
 */
export const LAIRS_MAP = [
  "####################",
  "#K..#..........#...#",
  "P...+..........#.w.#",
  "#SS.#..........#...#",
  "#SS.#..........#####",
  "#...#...........w.w#",
  "#...#..~~~.....#####",
  "#...#..~.~.....#####",
  "####################",
].join("\n");

/** A fresh headless simulation on {@link OPEN_MAP} under `ruleset` (default malignus). */
export function makeSim(seed = 7, ruleset: RulesetId = "malignus"): Simulation {
  return Simulation.create({ seed, ruleset, map: parseMap("traps-test", OPEN_MAP) });
}

/** Places a part and returns its id; throws when the placement is refused. */
export function place(sim: Simulation, kind: PartKind, x: number, y: number): string {
  const r = sim.apply({ type: "placePart", kind, x, y });
  if (!r.ok || !r.id) throw new Error(`placePart ${kind} at ${x},${y} refused: ${JSON.stringify(r)}`);
  return r.id;
}

/** Test shortcut for construction (TRAP-30): marks the part built now, as if just completed. */
export function build(sim: Simulation, id: string): PartRecord {
  const part = sim.state.parts[id];
  if (!part) throw new Error(`no part ${id}`);
  part.built = true;
  part.rearmedTick = sim.state.tick;
  return part;
}

/** Places and builds a part; returns its id. */
export function placeBuilt(sim: Simulation, kind: PartKind, x: number, y: number): string {
  const id = place(sim, kind, x, y);
  build(sim, id);
  return id;
}

/**
 * Expands corner points into an orthogonal tile path: each consecutive pair of corners must share
 * a row or a column. `path([2,2],[6,2],[6,5])` walks right from 2,2 to 6,2 then down to 6,5.
 */
export function path(...corners: [number, number][]): TilePos[] {
  const out: TilePos[] = [];
  const first = corners[0];
  if (!first) return out;
  out.push({ x: first[0], y: first[1] });
  for (let i = 1; i < corners.length; i++) {
    const [x0, y0] = corners[i - 1] as [number, number];
    const [x1, y1] = corners[i] as [number, number];
    if (x0 !== x1 && y0 !== y1) throw new Error("corners must share a row or a column");
    const dx = Math.sign(x1 - x0), dy = Math.sign(y1 - y0);
    let x = x0, y = y0;
    while (x !== x1 || y !== y1) { x += dx; y += dy; out.push({ x, y }); }
  }
  return out;
}

/** Lays a cable through `corners` and returns its id; throws when refused. */
export function wire(sim: Simulation, ...corners: [number, number][]): string {
  const r = sim.apply({ type: "wire", path: path(...corners) });
  if (!r.ok || !r.id) throw new Error(`wire refused: ${JSON.stringify(r)}`);
  return r.id;
}

/** Adds an adventurer (faction "village") at x, y. */
export function adventurer(sim: Simulation, x: number, y: number): UnitRecord {
  return addUnit(sim, { kind: "adventurer", faction: "village", x, y });
}

/** A malignus adventurer's resist check before a trap's harm (KNOW-44: d10 + bonus against 5 + 5): a forced 2 fails. */
export const RESIST_FAILS = 2;
/** The malignus hit location of a trap's wound, a forced d100: 50 is the torso. */
export const TORSO = 50;

/** Applies `fn` and asserts it left the state hash and the event queue unchanged. */
export function unchangedBy<T>(sim: Simulation, fn: () => T): T {
  sim.drainEvents();
  const before = sim.hash();
  const result = fn();
  if (sim.hash() !== before) throw new Error("state changed");
  const events = sim.drainEvents();
  if (events.length !== 0) throw new Error(`events emitted: ${JSON.stringify(events)}`);
  return result;
}

/**
 * Makes `sim.rng` return `values` in order from now on (the project's scripted dice); running out
 * throws. `release()` gives the seeded dice back.
 */
export function forceDice(sim: Simulation, values: readonly number[]): { left(): number; release(): void } {
  const dice = scriptedDice(values);
  Object.assign(sim.rng, { int: dice.int, die: dice.die, d100: dice.d100, chance: dice.chance });
  const rng = sim.rng as unknown as Record<string, unknown>;
  return { left: dice.left, release: () => { for (const k of ["int", "die", "d100", "chance"]) delete rng[k]; } };
}

/** Tile side in CSS pixels when a 20-tile map is drawn in a 320 px wide parent (the render tests). */
export const CELL = 16;

/** One recorded 2D-context call: the method's name, then its arguments. */
export type Call = [string, ...unknown[]];

/**
 * A stand-in canvas for web/src/render.ts: its 2D context records every method call (name and
 * arguments) in `calls`; its parent is 20 tiles of {@link CELL} px wide.
 */
export function recordingCanvas(): { canvas: HTMLCanvasElement; calls: Call[] } {
  const calls: Call[] = [];
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => key in target ? target[key] : (...args: unknown[]) => { calls.push([String(key), ...args]); },
    set: (target, key, value) => { target[key] = value; return true; },
  });
  const canvas = { width: 0, height: 0, style: {}, dataset: {}, parentElement: { clientWidth: 20 * CELL }, getContext: () => ctx };
  return { canvas: canvas as unknown as HTMLCanvasElement, calls };
}
