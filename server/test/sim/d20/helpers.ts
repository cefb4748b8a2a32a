import type { Dice } from "../../../src/sim/combat/d20/dice.ts";

/**
 * Dice that return `values` in order, with the same semantics as the combat helpers'
 * `scriptedDice`, but without importing the simulation, so the pure d20 rule tests load alone.
 * Throws when a value is outside the asked range or the script runs out.
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
