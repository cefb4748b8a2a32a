import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { SPREAD_TILES } from "../../../src/sim/knowledge/knowledge.ts";
import { SPOT_TILES, TRIGGER_CONCEALMENT } from "../../../src/sim/knowledge/step.ts";
import { forceDice, placeBuilt, wire } from "../traps/helpers.ts";
import { checkDie, makeParty, makeSim, onlooker, RULESETS, WIDE_MAP } from "./helpers.ts";
import { DungeonState } from "@malignus/shared/schema";
import { projectInvasionExtras } from "../../../src/rooms/journalProjection.ts";
import { lazyContext, playerView } from "../../../src/sim/views/index.ts";

/*
 * Sweep s8 (issue 17): the distance thresholds of KNOW-06, KNOW-07 and KNOW-11 on both sides, and
 * the third pair of trigger types of KNOW-35, through `sim.step()` in a room of each ruleset.
 * Onlookers are adventurers of no party (they stand still: only party members decide moves), so
 * their distance is exact on the tick that counts.
 */

const know = (sim: Simulation, u: UnitRecord) => sim.state.knowledge[u.id];

describe.each(RULESETS.map((r) => [r]))("knowledge thresholds in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-06, KNOW-32 (${ruleset}): a Peasant walking row 10 sets off the plate at (10, 10) it failed to spot (natural 1); the onlooker of no party ${SPREAD_TILES} tiles off at (20, 1) learns the plate and both bonuses, the one ${SPREAD_TILES + 1} tiles off at (21, 1) learns nothing`, () => {
    const sim = makeSim(WIDE_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const plate = placeBuilt(sim, "pressurePlate", 10, 10);
    placeBuilt(sim, "spinningBlades", 10, 6);
    wire(sim, [10, 10], [10, 6]);
    const { members: [walker] } = makeParty(sim, [[3, 10]]);
    const at10 = onlooker(sim, 20, 1);
    const at11 = onlooker(sim, 21, 1);
    const dice = forceDice(sim, [1]); // the party's one spotting roll: a natural 1, a sure miss
    const fired: SimEvent[] = [];
    for (let i = 0; i < 200 && fired.length === 0; i++) fired.push(...sim.step().filter((e) => e.type === "trapFired"));
    expect(dice.left()).toBe(0);
    expect(fired).toHaveLength(1);
    expect([walker!.x, walker!.y, at10.x, at10.y, at11.x, at11.y]).toEqual([10, 10, 20, 1, 21, 1]);
    expect(know(sim, at10)).toEqual({ known: [plate], spot: { pressurePlate: 1 }, block: { spinningBlades: 1 } });
    expect(know(sim, at11)).toEqual({ known: [], spot: {}, block: {} });
  });

  it(`KNOW-11, KNOW-07 (${ruleset}): a Peasant ${SPOT_TILES} tiles from the plate at (8, 3) rolls to spot it on tick 1; on the die that just reaches Tracking 1 against concealment ${TRIGGER_CONCEALMENT} it spots it, and the onlooker ${SPREAD_TILES} tiles from the spotter learns where it is, the one ${SPREAD_TILES + 1} tiles off does not`, () => {
    const sim = makeSim(WIDE_MAP, 7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 8, 3);
    const { party, members: [spotter] } = makeParty(sim, [[2, 3]]);
    spotter!.stats.tracking = 1;
    const at10 = onlooker(sim, 12, 9);
    const at11 = onlooker(sim, 13, 9);
    const dice = forceDice(sim, [checkDie(ruleset, TRIGGER_CONCEALMENT, 1, true)]);
    const events = sim.step();
    expect(dice.left()).toBe(0);
    expect(events.filter((e) => e.type === "triggerSpotted")).toEqual([{ type: "triggerSpotted", partyId: party.id, unitId: spotter!.id, triggerId: plate, x: 8, y: 3, tick: 1 }]);
    expect([know(sim, spotter!)!.known, know(sim, at10)!.known, know(sim, at11)!.known]).toEqual([[plate], [plate], []]);
  });

  it(`KNOW-11 (${ruleset}): ${SPOT_TILES + 1} tiles from the plate the Peasant makes no roll on tick 1 (no die drawn, the party's roll list stays empty)`, () => {
    const sim = makeSim(WIDE_MAP, 7, ruleset);
    placeBuilt(sim, "pressurePlate", 8, 3);
    const { party, members: [far] } = makeParty(sim, [[1, 3]]);
    const dice = forceDice(sim, []);
    const events = sim.step();
    expect([dice.left(), party.spotRolls, events.filter((e) => e.type === "triggerSpotted"), know(sim, far!)!.known]).toEqual([0, [], [], []]);
  });
});

describe.each(RULESETS.map((r) => [r]))("the Journal tab in play (%s)", (ruleset: RulesetId) => {
  it(`KNOW-50 (${ruleset}): after a Peasant sets off the plate at (10, 10) through sim.step(), the room's projection puts in its Journal the learned +1 to spot plates, +1 to Block blades and the plate's place; its player's view holds its own Journal only, not its party mate's`, () => {
    const sim = makeSim(WIDE_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const plate = placeBuilt(sim, "pressurePlate", 10, 10);
    placeBuilt(sim, "spinningBlades", 10, 6);
    wire(sim, [10, 10], [10, 6]);
    const { members: [walker, mate] } = makeParty(sim, [[3, 10], [25, 2]]); // the mate walks to the sanctum far from the plate
    const dice = forceDice(sim, [1]); // the party's one spotting roll: a natural 1, a sure miss
    let fired = 0;
    for (let i = 0; i < 200 && fired === 0; i++) fired += sim.step().filter((e) => e.type === "trapFired").length;
    expect([fired, dice.left()]).toEqual([1, 0]);
    const state = new DungeonState();
    projectInvasionExtras(state, sim);
    const j = state.journals.get(walker!.id)!;
    expect([Object.fromEntries(j.spotBonus.entries()), Object.fromEntries(j.blockBonus.entries()), [...j.knownParts]]).toEqual([{ pressurePlate: 1 }, { spinningBlades: 1 }, [plate]]);
    expect(playerView(lazyContext(sim), { kind: "adventurer", unitId: walker!.id }).journals).toEqual([walker!.id]);
    expect(state.journals.has(mate!.id)).toBe(true); // projected for the keeper's view once spotted, never sent to this player
  });
});
