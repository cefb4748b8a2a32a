/**
 * A draw recorder for d20 rooms (issue 17, stress point 5 "dice of the right size"), like the d100
 * `recordDice` of ../d100/fixtures.ts: forces `values` in order (encounters/helpers.ts `forceDice`)
 * and records every draw the game asks for, as "d20=v" / "d6=v" / "d4=v" for a die (`rng.die`),
 * "d100=v" for a percentile roll and "min..max=v" for a whole number (`rng.int`). A test asserts the
 * recorded draws, so it shows which die the rule asked for, and `left() === 0` (every value drawn).
 */
import type { Simulation } from "../../../src/sim/simulation.ts";
import { forceDice } from "../encounters/helpers.ts";

/** Forces `values` and records each draw; `draws` grows as the game rolls. */
export function recordD20Dice(sim: Simulation, values: readonly number[]): { left(): number; draws: string[] } {
  const dice = forceDice(sim, values);
  const draws: string[] = [];
  const die = sim.rng.die, d100 = sim.rng.d100, int = sim.rng.int;
  Object.assign(sim.rng, {
    die: (sides: number) => { const v = die(sides); draws.push(`d${sides}=${v}`); return v; },
    d100: () => { const v = d100(); draws.push(`d100=${v}`); return v; },
    int: (a: number, b: number) => { const v = int(a, b); draws.push(`${a}..${b}=${v}`); return v; },
  });
  return { left: () => dice.left(), draws };
}
