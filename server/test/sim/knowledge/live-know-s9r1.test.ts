import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { SPREAD_TILES } from "../../../src/sim/knowledge/knowledge.ts";
import { DARK_SPOT_PENALTY, TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";
import { placeBuilt } from "../traps/helpers.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { checkDie, darken, makeParty, makeSim, onlooker, RULESETS, WIDE_MAP } from "./helpers.ts";

/*
 * Sweep s9-r1 (issue 17): KNOW-07's "conscious" clause and KNOW-14's darkness, through
 * `sim.step()` in a room of each ruleset, with every die recorded (its size shows it is the room's
 * spotting check: malignus d10, d20 d20, d100 d100).
 */

/** The die of the room's spotting check. */
const DIE: Record<RulesetId, string> = { malignus: "d10", d20: "d20", d100: "d100" };

const spotted = (events: SimEvent[]) => events.filter((e) => e.type === "triggerSpotted");

describe.each(RULESETS.map((r) => [r]))("s9-r1: spotting in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-07 (${ruleset}): a Peasant spots the plate at (8, 3) on tick 1 (one ${DIE[ruleset]}); an unconscious adventurer 3 tiles from it learns nothing, a conscious one ${SPREAD_TILES} tiles off learns where it is`, () => {
    const sim = makeSim(WIDE_MAP, 7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 8, 3);
    const { party, members: [spotter] } = makeParty(sim, [[2, 3]]);
    spotter!.stats.tracking = 1;
    const asleep = onlooker(sim, 5, 3, "unconscious");
    const awake = onlooker(sim, 12, 9);
    const die = checkDie(ruleset, TRIGGER_CONCEALMENT, 1, true);
    const dice = recordAllDice(sim, [die]);
    const events = sim.step();
    expect([dice.left(), dice.draws]).toEqual([0, [`${DIE[ruleset]}=${die}`]]);
    expect(spotted(events)).toEqual([{ type: "triggerSpotted", partyId: party.id, unitId: spotter!.id, triggerId: plate, x: 8, y: 3, tick: 1 }]);
    expect([asleep.x, asleep.y, asleep.activity, awake.x, awake.y]).toEqual([5, 3, "unconscious", 12, 9]);
    expect([sim.state.knowledge[spotter!.id]!.known, sim.state.knowledge[asleep.id]!.known, sim.state.knowledge[awake.id]!.known]).toEqual([[plate], [], [plate]]);
  });

  it(`KNOW-07 (${ruleset}): when the Peasant's ${DIE[ruleset]} just misses, nobody learns the plate, the conscious adventurer beside it included`, () => {
    const sim = makeSim(WIDE_MAP, 7, ruleset);
    placeBuilt(sim, "pressurePlate", 8, 3);
    const { members: [spotter] } = makeParty(sim, [[2, 3]]);
    spotter!.stats.tracking = 1;
    const awake = onlooker(sim, 4, 3);
    const die = checkDie(ruleset, TRIGGER_CONCEALMENT, 1, false);
    const dice = recordAllDice(sim, [die]);
    expect(spotted(sim.step())).toEqual([]);
    expect([dice.left(), dice.draws]).toEqual([0, [`${DIE[ruleset]}=${die}`]]);
    expect([sim.state.knowledge[spotter!.id]!.known, sim.state.knowledge[awake.id]!.known]).toEqual([[], []]);
  });

  it(`KNOW-14 (${ruleset}): a plate on a dark tile costs the Tracking 1 spotter ${DARK_SPOT_PENALTY}: the ${DIE[ruleset]} that spots it lit misses it dark, the one ${ruleset === "d100" ? 20 : 2} higher spots it; a dark tile under the spotter (not the plate) changes nothing`, () => {
    /** One spotting roll on tick 1 with `die`; `darkAt` is the tile darkened; returns whether the plate was spotted. */
    const run = (darkAt: [number, number] | null, die: number): boolean => {
      const sim = makeSim(WIDE_MAP, 7, ruleset);
      const plate = placeBuilt(sim, "pressurePlate", 8, 3);
      if (darkAt) darken(sim, darkAt[0], darkAt[1]);
      const { members: [a] } = makeParty(sim, [[2, 3]]);
      a!.stats.tracking = 1;
      const dice = recordAllDice(sim, [die]);
      const events = sim.step();
      expect([dice.left(), dice.draws]).toEqual([0, [`${DIE[ruleset]}=${die}`]]);
      const seen = spotted(events).length === 1;
      expect(sim.state.knowledge[a!.id]!.known).toEqual(seen ? [plate] : []);
      return seen;
    };
    const lit = checkDie(ruleset, TRIGGER_CONCEALMENT, 1, true);
    const dark = checkDie(ruleset, TRIGGER_CONCEALMENT, 1 - DARK_SPOT_PENALTY, true);
    expect(dark - lit).toBe(ruleset === "d100" ? 20 : 2);
    expect([run(null, lit), run([8, 3], lit), run([8, 3], dark - 1), run([8, 3], dark), run([2, 3], lit)]).toEqual([true, false, false, true, true]);
  });
});
