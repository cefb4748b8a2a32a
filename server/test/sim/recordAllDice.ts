import type { Simulation } from "../../src/sim/simulation.ts";
import { scriptedDice } from "./scriptedDice.ts";

/**
 * The project's scripted dice (`scriptedDice`) put on `sim.rng`, recording every draw with the die
 * it was drawn from, in order: `rng.die(n)` as "d<n>=v" (a malignus d10, a d20 check, 2d8 harm as
 * two "d8"), `rng.d100()` and every percent `rng.chance(p)` (0 < p < 100) as "d100=v", and
 * `rng.int(a, b)` as "a..b=v". So a test shows which die a rule asked for, not only the value (a
 * forced 1 fits every die). Values outside the asked die throw, as do draws past the script.
 */
export function recordAllDice(sim: Simulation, values: readonly number[]): { left(): number; draws: string[]; release(): void } {
  const dice = scriptedDice(values);
  const draws: string[] = [];
  const d100 = (): number => { const v = dice.d100(); draws.push(`d100=${v}`); return v; };
  Object.assign(sim.rng, {
    die: (sides: number) => { const v = dice.die(sides); draws.push(`d${sides}=${v}`); return v; },
    d100,
    int: (min: number, max: number) => { const v = dice.int(min, max); draws.push(`${min}..${max}=${v}`); return v; },
    chance: (p: number) => (p <= 0 ? false : p >= 100 ? true : d100() <= p),
  });
  const rng = sim.rng as unknown as Record<string, unknown>;
  return { left: dice.left, draws, release: () => { for (const k of ["int", "die", "d100", "chance"]) delete rng[k]; } };
}
