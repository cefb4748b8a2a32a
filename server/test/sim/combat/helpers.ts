import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Dice } from "../../../src/sim/combat/malignus/index.ts";

/** An open 12×8 room with the portal, sanctum and stockpile out of the way. */
export const OPEN_MAP = [
  "P...........",
  "............",
  "............",
  "............",
  "............",
  "............",
  "............",
  "SK..........",
].join("\n");

/** A headless malignus simulation on `mapText` (no map units). */
export function makeSim(seed = 1, mapText = OPEN_MAP): Simulation {
  return Simulation.create({ seed, ruleset: "malignus", map: parseMap("t", mapText) });
}

/** An adventurer (fists unless `gear` says otherwise) at (x, y). */
export function adventurer(sim: Simulation, x: number, y: number, fields: Partial<UnitRecord> = {}): UnitRecord {
  return addUnit(sim, { kind: "adventurer", faction: "heroes", x, y, ...fields });
}

/**
 * Dice that return `values` in order (like boardgame.io's MockRandom), with {@link Rng}'s
 * semantics: `chance(p)` draws a d100 only when 0 < p < 100. Throws when a value is out of the
 * asked range or the script runs out; `left()` says how many values were not drawn.
 */
export function scriptedDice(values: readonly number[]): Dice & { left(): number } {
  const queue = [...values];
  const next = (min: number, max: number): number => {
    const v = queue.shift();
    if (v === undefined) throw new Error("scripted dice ran out");
    if (v < min || v > max) throw new Error(`scripted value ${v} outside ${min}..${max}`);
    return v;
  };
  return {
    int: (min, max) => next(min, max),
    die: (sides) => next(1, sides),
    d100: () => next(1, 100),
    chance: (p) => (p <= 0 ? false : p >= 100 ? true : next(1, 100) <= p),
    left: () => queue.length,
  };
}

/** Percentage of `n` over `total`. */
export function pct(n: number, total: number): number {
  return (100 * n) / total;
}
