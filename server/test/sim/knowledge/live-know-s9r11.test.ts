import { describe, expect, it } from "vitest";
import { forceDice, placeBuilt } from "../traps/helpers.ts";
import { OPEN_MAP, RULESETS, checkDie, makeParty, makeSim } from "./helpers.ts";
import { TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";

/*
 * KNOW-03 within one party: each member's route weighs the triggers that member knows, not what
 * its party-mates know. Through `sim.step()` in a room of each ruleset, dice forced.
 */

/** Steps until `done` (at most `max` ticks), calling `each` after every step. */
function stepUntil(sim: Simulation, max: number, done: () => boolean, each: () => void): void {
  for (let i = 0; i < max && !done(); i++) { sim.step(); each(); }
}

describe.each(RULESETS)("KNOW-03 within one party (%s)", (ruleset) => {
  it(`KNOW-03 (${ruleset}): two members of one party walk east along row 10; the one who knows the plate at 10,10 steps round it by row 9, its party-mate who does not know it walks straight over it`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const plate = placeBuilt(sim, "pressurePlate", 10, 10); // wired to nothing: stepping on it does nothing (TRAP-10)
    const { members: [knower, other] } = makeParty(sim, [[3, 10], [2, 10]]);
    for (const u of [knower!, other!]) u.stats.tracking = 1;
    sim.state.knowledge[knower!.id]!.known.push(plate);
    // The party rolls once for the plate, by the member who does not know it (KNOW-11), and misses.
    const dice = forceDice(sim, [checkDie(ruleset, TRIGGER_CONCEALMENT, 1, false)]);
    const trace = (u: typeof knower, out: string[]) => { const t = `${u!.x},${u!.y}`; if (out.at(-1) !== t) out.push(t); };
    const a: string[] = [];
    const b: string[] = [];
    stepUntil(sim, 300, () => knower!.x >= 12 && other!.x >= 12, () => { trace(knower, a); trace(other, b); });
    expect(dice.left()).toBe(0);
    expect(sim.state.knowledge[other!.id]!.known).toEqual([]);
    const row = (xs: number[], y: number) => xs.map((x) => `${x},${y}`);
    expect(a.slice(0, 9)).toEqual(["3,10", ...row([4, 5, 6, 7, 8, 9, 10], 9), "11,10"]);
    expect(b).toEqual(row([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 10));
  });
});
