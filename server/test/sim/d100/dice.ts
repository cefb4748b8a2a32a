import type { D100Dice } from "../../../src/sim/combat/d100/attack.ts";

/**
 * Dice that return `values` in order, like `scriptedDice` in ../combat/helpers.ts, without
 * importing the simulation (so the pure d100 rules are tested alone). Throws when a value is out of
 * the asked range or the script runs out; `left()` says how many values were not drawn.
 */
export function scriptedDice(values: readonly number[]): D100Dice & { left(): number } {
  const queue = [...values];
  const next = (min: number, max: number): number => {
    const v = queue.shift();
    if (v === undefined) throw new Error("scripted dice ran out");
    if (v < min || v > max) throw new Error(`scripted value ${v} outside ${min}..${max}`);
    return v;
  };
  return { int: (min, max) => next(min, max), d100: () => next(1, 100), left: () => queue.length };
}
