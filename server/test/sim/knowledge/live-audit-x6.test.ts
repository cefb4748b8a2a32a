import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { forceDice, placeBuilt } from "../traps/helpers.ts";
import { OPEN_MAP, RULESETS, checkDie, makeParty, makeSim } from "./helpers.ts";
import { TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";

/*
 * Audit a8-x6: KNOW-13 through `sim.step()` in rooms of each ruleset: a Shoddy trigger gives the
 * spotting roll exactly +2 (SHODDY_SPOT_BONUS): the die that just reaches the check with Tracking
 * 1 + 2 spots it, the die one lower misses it, and that higher die misses a normal plate.
 */
describe.each(RULESETS.map((r) => [r]))("audit x6: a Shoddy trigger is easier to spot (%s)", (ruleset: RulesetId) => {
  it(`KNOW-13 (${ruleset}): against a Shoddy plate 4 tiles off, Tracking 1 rolls with exactly +2: the die that just reaches Tracking 3 spots it, one lower misses it; a normal plate needs the die that reaches Tracking 1`, () => {
    const run = (quality: "shoddy" | "normal", die: number): boolean => {
      const sim = makeSim(OPEN_MAP, 7, ruleset);
      const plate = placeBuilt(sim, "pressurePlate", 6, 5);
      sim.state.parts[plate]!.quality = quality;
      const { party, members: [a] } = makeParty(sim, [[2, 5]]);
      a!.stats.tracking = 1;
      const dice = forceDice(sim, [die]);
      const events: SimEvent[] = sim.step();
      expect([dice.left(), party.spotRolls]).toEqual([0, [plate]]);
      const spots = events.filter((e) => e.type === "triggerSpotted");
      expect(sim.state.knowledge[a!.id]!.known).toEqual(spots.length === 1 ? [plate] : []);
      return spots.length === 1;
    };
    const reach = checkDie(ruleset, TRIGGER_CONCEALMENT, 1 + 2, true);
    const short = checkDie(ruleset, TRIGGER_CONCEALMENT, 1 + 2, false);
    const normal = checkDie(ruleset, TRIGGER_CONCEALMENT, 1, true);
    expect([run("shoddy", reach), run("shoddy", short), run("normal", reach), run("normal", normal)]).toEqual([true, false, false, true]);
  });
});
