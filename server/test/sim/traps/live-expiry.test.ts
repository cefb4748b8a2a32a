import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectState } from "../../../src/rooms/projection.ts";
import { REARM_PERIOD_TICKS } from "../../../src/sim/traps/parts.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { forceDice, makeSim, placeBuilt, wire } from "./helpers.ts";

const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** A natural success of each ruleset's check die (d10, d20, d100): a rearm roll that always succeeds. */
const NATURAL_SUCCESS: Record<RulesetId, number> = { malignus: 10, d20: 20, d100: 100 };

describe.each(RULESETS.map((r) => [r]))("the crossed-out dart in play (%s)", (ruleset: RulesetId) => {
  it(`TRAP-48, TRAP-49, TRAP-50, TRAP-51, TRAP-53, TRAP-54 (${ruleset}): stepping through 2 game days, unused, the clients' state marks the plate and the blades expired on tick ${REARM_PERIOD_TICKS} (not before); a Trapping minion's rearms clear the mark`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = 10_000_000; // no party comes
    const plate = placeBuilt(sim, "pressurePlate", 2, 2); // built at tick 0
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    const lever = placeBuilt(sim, "lever", 2, 8);
    wire(sim, [2, 2], [8, 2]);
    const state = new DungeonState();
    const expired = () => { projectState(state, sim, 1); return [plate, blades, lever].map((id) => state.parts.get(id)!.expired); };
    const quiet = forceDice(sim, []); // two days with no unit: nothing rolls
    while (sim.state.tick < REARM_PERIOD_TICKS - 1) sim.step();
    expect(expired()).toEqual([false, false, false]);
    sim.step();
    expect(sim.state.tick).toBe(REARM_PERIOD_TICKS);
    expect(expired()).toEqual([true, true, false]); // a lever never expires (TRAP-54)
    expect(quiet.left()).toBe(0);
    quiet.release();
    addUnit(sim, { kind: "minion", job: "trapping", x: 5, y: 5 });
    const dice = forceDice(sim, [NATURAL_SUCCESS[ruleset], NATURAL_SUCCESS[ruleset]]);
    const rearmed: SimEvent[] = [];
    for (let i = 0; i < 1500 && rearmed.length < 2; i++) for (const e of sim.step()) if (e.type === "partRearmed") rearmed.push(e);
    expect(dice.left()).toBe(0);
    expect(rearmed.map((e) => (e as { partId: string }).partId).sort()).toEqual([plate, blades].sort());
    expect(expired()).toEqual([false, false, false]);
    // TRAP-53: each part's countdown restarts at its rearm.
    for (const e of rearmed) expect(sim.state.parts[(e as { partId: string }).partId]!.rearmedTick).toBe(e.tick);
  });
});
