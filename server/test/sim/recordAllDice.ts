import type { Simulation } from "../../src/sim/simulation.ts";
import { scriptedDice } from "./scriptedDice.ts";

/** A draw of the simulation's `Rng` that {@link recordAllDice} can take over. */
export type DrawKind = "int" | "die" | "d100" | "chance";

/** What {@link recordAllDice} gives back: forced values not drawn yet, the draws made (in order), and the seed's dice put back. */
export interface DiceRecord { left(): number; draws: string[]; release(): void }

/**
 * How a percent `rng.chance(p)` is written down: "d100" its d100 as "d100=v" (no d100 is drawn
 * when p ≤ 0 or p ≥ 100); "labelled" first "chance p%" (always), then its d100 as "d100=v";
 * "unrecorded" its d100 drawn from the script but not written down.
 */
export type ChanceRecord = "d100" | "labelled" | "unrecorded";

/**
 * The project's one dice recorder for every ruleset's tests: the scripted dice (`scriptedDice`,
 * `values` in order) put on `sim.rng`, recording every draw with the die it was drawn from, in
 * order: `rng.die(n)` as "d<n>=v" (a malignus d10, a d20 check, 2d8 harm as two "d8"),
 * `rng.d100()` as "d100=v", `rng.int(a, b)` as "a..b=v" and `rng.chance(p)` as `chance` says
 * (default "d100"). So a test shows which die a rule asked for, not only the value (a forced 1
 * fits every die). `forced` names the draws the script takes over (default all four); the others
 * stay the seed's and are not written down. Values outside the asked die throw, as do draws past
 * the script; `release()` puts the seed's dice back.
 */
export function recordAllDice(sim: Simulation, values: readonly number[], options: { forced?: readonly DrawKind[]; chance?: ChanceRecord } = {}): DiceRecord {
  const { forced = ["int", "die", "d100", "chance"], chance = "d100" } = options;
  const dice = scriptedDice(values);
  const draws: string[] = [];
  const d100 = (): number => { const v = dice.d100(); draws.push(`d100=${v}`); return v; };
  const recorded: Record<DrawKind, unknown> = {
    die: (sides: number) => { const v = dice.die(sides); draws.push(`d${sides}=${v}`); return v; },
    d100,
    int: (min: number, max: number) => { const v = dice.int(min, max); draws.push(`${min}..${max}=${v}`); return v; },
    chance: (p: number) => {
      if (chance === "labelled") draws.push(`chance ${p}%`);
      return p <= 0 ? false : p >= 100 ? true : (chance === "unrecorded" ? dice.d100() : d100()) <= p;
    },
  };
  Object.assign(sim.rng, Object.fromEntries(forced.map((k) => [k, recorded[k]])));
  const rng = sim.rng as unknown as Record<string, unknown>;
  return { left: dice.left, draws, release: () => { for (const k of forced) delete rng[k]; } };
}
