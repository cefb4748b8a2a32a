import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_HOUR, type RulesetId } from "@malignus/shared";
import { forceDice } from "../traps/helpers.ts";
import { OPEN_MAP, RULESETS, makeParty, makeSim } from "./helpers.ts";
import { OLD_TRACE_HOURS } from "../../../src/sim/knowledge/traces.ts";

/*
 * Audit a8-w8202 of issue 17: KNOW-22 on both sides of the "old" threshold (OLD_TRACE_HOURS game
 * hours), through `sim.step()` in rooms of each ruleset, the dice script empty (any roll throws).
 */

describe.each(RULESETS.map((r) => [r]))("old marks at the threshold (%s)", (ruleset: RulesetId) => {
  it(`KNOW-22 (${ruleset}): blood in sight that is exactly OLD_TRACE_HOURS (${OLD_TRACE_HOURS}) game hours old on the tick the party looks gives it Caution 1; the same blood one tick younger gives none`, () => {
    const caution = (age: number) => {
      const sim = makeSim(OPEN_MAP, 7, ruleset);
      sim.state.tick = (OLD_TRACE_HOURS + 1) * TICKS_PER_GAME_HOUR; // the game has run that long
      const { party, members: [a] } = makeParty(sim, [[2, 2]]);
      a!.stats.tracking = 5;
      const looks = sim.state.tick + 1; // step() advances the tick, then the party looks
      sim.state.traces = { [String(3 * sim.state.map.width + 5)]: { kind: "blood", tick: looks - age } };
      const dice = forceDice(sim, []);
      sim.step();
      expect([sim.state.tick, dice.left()]).toEqual([looks, 0]);
      return [party.caution ?? 0, party.cautionSectors];
    };
    const OLD = OLD_TRACE_HOURS * TICKS_PER_GAME_HOUR;
    expect(caution(OLD)).toEqual([1, [0]]);
    expect(caution(OLD - 1)).toEqual([0, []]);
  });
});
