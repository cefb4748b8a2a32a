import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { SPREAD_TILES } from "../../../src/sim/knowledge/knowledge.ts";
import { TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";
import { forceDice, placeBuilt, wire } from "../traps/helpers.ts";
import { checkDie, makeParty, makeSim, onlooker, RULESETS, WIDE_MAP } from "./helpers.ts";

/*
 * Audit a8-w4 (issue 17): KNOW-06's "conscious" branch and KNOW-27's Caution +2 shown in a
 * spotting roll's total, through `sim.step()` in a room of each ruleset.
 */

/** A pressure plate at (x, 10) wired to spinning blades at (x, 6) (nobody stands there: no harm is rolled). */
function plateAt(sim: Simulation, x: number): string {
  const plate = placeBuilt(sim, "pressurePlate", x, 10);
  placeBuilt(sim, "spinningBlades", x, 6);
  wire(sim, [x, 10], [x, 6]);
  return plate;
}

describe.each(RULESETS.map((r) => [r]))("audit w4: knowledge in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-06 (${ruleset}): a Peasant sets off the plate at (10, 10) it failed to spot (natural 1): an unconscious adventurer of no party 3 tiles off learns nothing, a conscious one ${SPREAD_TILES} tiles off learns the plate and both bonuses`, () => {
    const sim = makeSim(WIDE_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const plate = plateAt(sim, 10);
    makeParty(sim, [[3, 10]]);
    const asleep = onlooker(sim, 13, 7, "unconscious");
    const awake = onlooker(sim, 20, 1);
    const dice = forceDice(sim, [1]);
    const fired: SimEvent[] = [];
    for (let i = 0; i < 200 && fired.length === 0; i++) fired.push(...sim.step().filter((e) => e.type === "trapFired"));
    expect([dice.left(), fired.length]).toEqual([0, 1]);
    expect([asleep.x, asleep.y, asleep.activity, awake.x, awake.y]).toEqual([13, 7, "unconscious", 20, 1]);
    expect(sim.state.knowledge[asleep.id]).toEqual({ known: [], spot: {}, block: {} });
    expect(sim.state.knowledge[awake.id]).toEqual({ known: [plate], spot: { pressurePlate: 1 }, block: { spinningBlades: 1 } });
  });

  /**
   * A Peasant (Tracking 0) walks row 10 from (3, 10) over plates at (5, 10), (12, 10) and (19, 10),
   * each more than 6 tiles (SPOT_TILES) from the next, so each spotting roll comes after the
   * previous plate fired. The first two rolls are natural 1s; the third is `third`.
   */
  function threePlates(third: number) {
    const sim = makeSim(WIDE_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const plates = [5, 12, 19].map((x) => plateAt(sim, x));
    const { party, members: [walker] } = makeParty(sim, [[3, 10]]);
    walker!.stats.tracking = 0;
    const dice = forceDice(sim, [1, 1, third]);
    const cautionAtFiring: [number, number][] = []; // [before the tick, after it]
    const spotted: SimEvent[] = [];
    let before = 0;
    for (let i = 0; i < 400 && cautionAtFiring.length < 3 && spotted.length === 0; i++) {
      before = party.caution ?? 0;
      const ev = sim.step();
      if (ev.some((e) => e.type === "trapFired")) cautionAtFiring.push([before, party.caution ?? 0]);
      spotted.push(...ev.filter((e) => e.type === "triggerSpotted"));
    }
    return { sim, party, plates, walker: walker!, cautionAtFiring, spotted, left: dice.left() };
  }

  it(`KNOW-27, KNOW-24 (${ruleset}): Caution 0 → 1 at the first plate set off, 1 → 2 at the second; at the third plate the Peasant (Tracking 0, learned +2 for plates) spots it on the die that needs Caution +2 (total bonus 4), and misses it on one less`, () => {
    const hit = threePlates(checkDie(ruleset, TRIGGER_CONCEALMENT, 4, true));
    expect(hit.left).toBe(0);
    expect(hit.cautionAtFiring).toEqual([[0, 1], [1, 2]]);
    expect(hit.spotted).toMatchObject([{ type: "triggerSpotted", partyId: hit.party.id, unitId: hit.walker.id, triggerId: hit.plates[2], x: 19, y: 10 }]);
    expect(hit.party.spotRolls).toEqual(hit.plates);
    expect(hit.sim.state.knowledge[hit.walker.id]!.spot).toEqual({ pressurePlate: 2 }); // the learned +2; Caution gives the other +2

    const miss = threePlates(checkDie(ruleset, TRIGGER_CONCEALMENT, 4, false));
    expect(miss.left).toBe(0);
    expect(miss.cautionAtFiring).toEqual([[0, 1], [1, 2], [2, 2]]); // it steps on the third plate; Caution stays +2
    expect(miss.spotted).toEqual([]);
    expect([miss.walker.x, miss.walker.y]).toEqual([19, 10]);
  });
});

describe.each(RULESETS.map((r) => [r]))("audit w4: a prisoner keeps what it learned (%s)", (ruleset: RulesetId) => {
  it(`KNOW-48, KNOW-47 (${ruleset}): the invading Peasant who set off the plate at (10, 10) (+1 plates, +1 blades) falls unconscious and its party mate leaves the map, so the invasion ends; the keeper's minion walks up and takes it prisoner: 100 ticks later the prisoner still knows the plate and both bonuses, the departed one forgot`, () => {
    const sim = makeSim(WIDE_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const plate = plateAt(sim, 10);
    const { party, members: [walker, mate] } = makeParty(sim, [[3, 10], [3, 9]]);
    sim.state.invasion.partyId = party.id;
    const dice = forceDice(sim, [1]); // the party's one spotting roll: a natural 1
    let fired = false;
    for (let i = 0; i < 200 && !fired; i++) fired = sim.step().some((e) => e.type === "trapFired");
    expect([fired, dice.left()]).toEqual([true, 0]);
    const learned = { known: [plate], spot: { pressurePlate: 1 }, block: { spinningBlades: 1 } };
    expect(sim.state.knowledge[walker!.id]).toEqual(learned);
    // The walker falls (the rule's input); the mate walks off the map; a minion of no job comes.
    walker!.activity = "unconscious"; walker!.walk = null;
    mate!.activity = "left";
    const minion = addUnit(sim, { kind: "minion", x: 16, y: 10 });
    const events: SimEvent[] = [];
    for (let i = 0; i < 200 && !events.some((e) => e.type === "captured"); i++) events.push(...sim.step());
    // Nobody is left standing: the invasion ends on the next tick (the walker still unconscious),
    // then the minion reaches it and takes it prisoner.
    expect(events.filter((e) => e.type === "captured" || e.type === "invasionEnded").map(({ tick: _t, ...e }) => e)).toEqual([
      { type: "invasionEnded", partyId: party.id, invasionNumber: 1, fates: { [walker!.id]: "unconscious", [mate!.id]: "escaped" } },
      { type: "captured", unitId: walker!.id, byUnitId: minion.id },
    ]);
    for (let i = 0; i < 100; i++) sim.step();
    expect([walker!.activity, party.ended]).toEqual(["captured", true]);
    expect(sim.state.knowledge[walker!.id]).toEqual(learned);
    expect(sim.state.knowledge[mate!.id]).toBeUndefined();
  });
});
