import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { placeBuilt, wire } from "../traps/helpers.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { OPEN_MAP, RULESETS, checkDie, makeParty, makeSim } from "./helpers.ts";
import { TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";

/*
 * Audit a8-w8303 (issue 17): KNOW-39's +2 counts in a live spotting roll, for that trigger type
 * only, in rooms of each ruleset. A one-Peasant party (Tracking 1) walks row 10 of the open room
 * from (3, 10) onto a plate at (6, 10) and then a `second` trigger at (10, 10) (each wired to
 * blades 4 tiles north, out of reach: no harm rolled), missing both (natural 1s, recorded with
 * the die's size); by then its
 * Caution is 2. Further on it sees another plate at (17, 5) and rolls once to spot it, on `die`.
 */
/** The name of each ruleset's check die in the recorder. */
const CHECK_DIE: Record<RulesetId, string> = { malignus: "d10", d20: "d20", d100: "d100" };

/** The scene above; returns the party's Caution before the third roll, the Peasant's spotting bonuses, the traps set off and whether the third plate was spotted. */
function spotsThirdPlate(ruleset: RulesetId, second: "pressurePlate" | "tripwire", die: number) {
  const sim = makeSim(OPEN_MAP, 7, ruleset);
  sim.state.pauseOnSpot = false;
  placeBuilt(sim, "pressurePlate", 6, 10); placeBuilt(sim, "spinningBlades", 6, 6); wire(sim, [6, 10], [6, 6]);
  placeBuilt(sim, second, 10, 10); placeBuilt(sim, "spinningBlades", 10, 6); wire(sim, [10, 10], [10, 6]);
  const other = placeBuilt(sim, "pressurePlate", 17, 5);
  const { party, members: [a] } = makeParty(sim, [[3, 10]]);
  a!.stats.tracking = 1;
  const dice = recordAllDice(sim, [1, 1, die]);
  const events: SimEvent[] = [];
  let caution = -1;
  for (let i = 0; i < 300 && dice.left() > 0; i++) { events.push(...sim.step()); if (dice.left() === 1) caution = party.caution ?? 0; }
  expect(dice.left()).toBe(0);
  const size = CHECK_DIE[ruleset];
  expect(dice.draws).toEqual([`${size}=1`, `${size}=1`, `${size}=${die}`]); // the room's check die, three times
  return {
    caution,
    spot: sim.state.knowledge[a!.id]!.spot,
    fired: events.filter((e) => e.type === "trapFired").length,
    spotted: events.filter((e) => e.type === "triggerSpotted" && e.triggerId === other).length,
  };
}

describe.each(RULESETS.map((r) => [r]))("the second lesson's +2 in a live spotting roll (KNOW-39, %s)", (ruleset: RulesetId) => {
  it(`KNOW-39 (${ruleset}): after two plates set off, the plate bonus is +2 and the third plate's roll adds it: Tracking 1 + 2 + Caution 2 = 5: the die that just reaches that spots it, one lower misses`, () => {
    const hit = spotsThirdPlate(ruleset, "pressurePlate", checkDie(ruleset, TRIGGER_CONCEALMENT, 5, true));
    const miss = spotsThirdPlate(ruleset, "pressurePlate", checkDie(ruleset, TRIGGER_CONCEALMENT, 5, false));
    expect(hit).toEqual({ caution: 2, spot: { pressurePlate: 2 }, fired: 2, spotted: 1 });
    expect(miss).toEqual({ caution: 2, spot: { pressurePlate: 2 }, fired: 2, spotted: 0 });
  });

  it(`KNOW-39 (${ruleset}): for that type only: a plate then a tripwire leave the plate bonus at +1, so the same die (total 5 needed with +2) misses the third plate; it needs the die of Tracking 1 + 1 + Caution 2 = 4`, () => {
    const same = spotsThirdPlate(ruleset, "tripwire", checkDie(ruleset, TRIGGER_CONCEALMENT, 5, true));
    const four = spotsThirdPlate(ruleset, "tripwire", checkDie(ruleset, TRIGGER_CONCEALMENT, 4, true));
    expect(same).toEqual({ caution: 2, spot: { pressurePlate: 1, tripwire: 1 }, fired: 2, spotted: 0 });
    expect(four).toEqual({ caution: 2, spot: { pressurePlate: 1, tripwire: 1 }, fired: 2, spotted: 1 });
  });
});
