import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { forceDice, placeBuilt, wire } from "../traps/helpers.ts";
import { OPEN_MAP, RULESETS, makeParty, makeSim } from "./helpers.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";

/*
 * KNOW-23 through `sim.step()` in rooms of each ruleset: Caution's slowing holds whether or not a
 * further trap fires, and a further trap does not slow the party again.
 */

/** Steps until `done` (at most `max` ticks); returns the events. */
function stepUntil(sim: Simulation, max: number, done: (events: SimEvent[]) => boolean): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < max && !done(out); i++) out.push(...sim.step());
  return out;
}
/** The lowest die that is no natural critical in each ruleset's check (checkDie): with Tracking 1 and at most +2 in bonuses it misses the spot check of difficulty TRIGGER_CONCEALMENT (3). */
const LOWEST_MISS: Record<RulesetId, number> = { malignus: 2, d20: 2, d100: 6 };
const fired = (events: SimEvent[]) => events.filter((e) => e.type === "trapFired").map((e) => (e as { triggerId: string }).triggerId);

describe.each(RULESETS.map((r) => [r]))("Caution's slowing in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-23 (${ruleset}): walking east on row 10, the leader sets off the plate at 8,10: both members (the one who stepped on it and the one behind) drop to 80% speed; 15 ticks walking on (to 11,10) with no further trap they stay at 80%; the second plate (14,10) set off makes Caution 2 but no further slowing (80%, not 64%)`, () => {
    const sim = makeSim(OPEN_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const first = placeBuilt(sim, "pressurePlate", 8, 10);
    placeBuilt(sim, "spinningBlades", 8, 6); // reach 1: nobody walks within it
    wire(sim, [8, 10], [8, 6]);
    const second = placeBuilt(sim, "pressurePlate", 14, 10);
    placeBuilt(sim, "spinningBlades", 14, 6);
    wire(sim, [14, 10], [14, 6]);
    const { party, members: [a, b] } = makeParty(sim, [[3, 10], [2, 10]]);
    a!.stats.tracking = 1; b!.stats.tracking = 1;
    const speed = a!.speed;
    expect(b!.speed).toBe(speed);
    // The party's one spot roll per plate misses each (even with Caution's and the learned bonus): nobody rolls anything else.
    const miss = LOWEST_MISS[ruleset];
    const dice = forceDice(sim, [miss, miss]);

    const toFirst = stepUntil(sim, 200, (ev) => fired(ev).length > 0);
    expect(fired(toFirst)).toEqual([first]);
    expect([a!.x, a!.y]).toEqual([8, 10]);
    expect([party.caution, a!.speed, b!.speed]).toEqual([1, speed * 0.8, speed * 0.8]);

    const calm = stepUntil(sim, 15, () => false);
    expect([a!.x, a!.y]).toEqual([11, 10]); // 3 tiles in 15 ticks at 200
    expect(fired(calm)).toEqual([]);
    expect([party.caution, a!.speed, b!.speed]).toEqual([1, speed * 0.8, speed * 0.8]);

    const toSecond = stepUntil(sim, 300, (ev) => fired(ev).length > 0);
    expect(fired(toSecond)).toEqual([second]);
    expect(dice.left()).toBe(0);
    expect([party.caution, a!.speed, b!.speed]).toEqual([2, speed * 0.8, speed * 0.8]);
  });
});
