import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { forceDice, placeBuilt } from "../traps/helpers.ts";
import { OPEN_MAP, RULESETS, checkDie, makeParty, makeSim } from "./helpers.ts";
import { TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";

const spotted = (events: SimEvent[]) => events.filter((e) => e.type === "triggerSpotted") as Extract<SimEvent, { type: "triggerSpotted" }>[];

describe.each(RULESETS.map((r) => [r]))("KNOW-11's tie-break in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-11 (Left open: the highest Tracking, then the lowest id) (${ruleset}): two members with Tracking 1 see a plate 5 tiles off at once; the one with the lower id rolls (the die that just reaches it) and spots it, whether it comes first in the party's members or last (as a freed prisoner joins, INV-91)`, () => {
    for (const reversed of [false, true]) {
      const sim = makeSim(OPEN_MAP, 7, ruleset);
      const plate = placeBuilt(sim, "pressurePlate", 9, 5);
      const { party, members: [low, high] } = makeParty(sim, [[4, 4], [4, 6]]);
      low!.stats.tracking = 1;
      high!.stats.tracking = 1;
      expect(Number(low!.id)).toBeLessThan(Number(high!.id));
      if (reversed) party.memberIds.reverse();
      const dice = forceDice(sim, [checkDie(ruleset, TRIGGER_CONCEALMENT, 1, true)]);
      const events = sim.step();
      expect(dice.left()).toBe(0);
      expect(spotted(events)).toEqual([{ type: "triggerSpotted", partyId: party.id, unitId: low!.id, triggerId: plate, x: 9, y: 5, tick: 1 }]);
      expect(party.spotRolls).toEqual([plate]);
    }
  });
});
