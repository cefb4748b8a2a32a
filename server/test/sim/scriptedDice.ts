/**
 * Dice that return `values` in order (like boardgame.io's MockRandom), with the simulation Rng's
 * semantics: `chance(p)` draws a d100 only when 0 < p < 100. They fit every ruleset's dice type
 * (malignus `Dice`, d20 `Dice`, d100 `D100Dice`) and import nothing from the simulation, so pure
 * rule tests load alone. Throws when a value is out of the asked range or the script runs out;
 * `left()` says how many values were not drawn.
 */
export function scriptedDice(values: readonly number[]): {
  int(min: number, max: number): number;
  die(sides: number): number;
  d100(): number;
  chance(percent: number): boolean;
  left(): number;
} {
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
