import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectState } from "../../../src/rooms/projection.ts";
import { REARM_PERIOD_TICKS } from "../../../src/sim/traps/parts.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, forceDice, makeSim, placeBuilt, wire } from "./helpers.ts";
import { NATURAL_SUCCESS } from "../doors/helpers.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";

const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("the crossed-out dart in play (%s)", (ruleset: RulesetId) => {
  it(`TRAP-48, TRAP-49, TRAP-50, TRAP-51, TRAP-52, TRAP-53, TRAP-54, TRAP-55, TRAP-56 (${ruleset}): stepping through 2 game days, unused, the clients' state marks the plate, the blades and the lever's flame jet expired on tick ${REARM_PERIOD_TICKS} (not before), never the lever, which then fires nothing; a Trapping minion's three rearms (one job a part) clear the marks and the plate's trap works again`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = 10_000_000; // no party comes
    const plate = placeBuilt(sim, "pressurePlate", 2, 2); // built at tick 0
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    const lever = placeBuilt(sim, "lever", 2, 8);
    const jet = placeBuilt(sim, "flameJet", 8, 8);
    wire(sim, [2, 2], [8, 2]);
    wire(sim, [2, 8], [8, 8]);
    const state = new DungeonState();
    const expired = () => { projectState(state, sim, 1); return [plate, blades, lever, jet].map((id) => state.parts.get(id)!.expired); };
    const quiet = forceDice(sim, []); // two days with no unit: nothing rolls
    while (sim.state.tick < REARM_PERIOD_TICKS - 1) sim.step();
    expect(expired()).toEqual([false, false, false, false]);
    sim.step();
    expect(sim.state.tick).toBe(REARM_PERIOD_TICKS);
    expect(expired()).toEqual([true, true, false, true]); // a lever never expires (TRAP-54); its mechanism does (TRAP-55)
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
    expect(sim.drainEvents().filter((e) => e.type === "trapFired")).toMatchObject([{ triggerId: lever, mechanismId: null }]); // TRAP-49: the expired jet does not work
    expect(sim.apply({ type: "resetLever", partId: lever })).toEqual({ ok: true });
    expect(quiet.left()).toBe(0);
    quiet.release();
    addUnit(sim, { kind: "minion", job: "trapping", x: 5, y: 5 });
    const dice = forceDice(sim, Array(3).fill(NATURAL_SUCCESS[ruleset]));
    const rearmed: SimEvent[] = [];
    for (let i = 0; i < 3000 && rearmed.length < 3; i++) for (const e of sim.step()) if (e.type === "partRearmed") rearmed.push(e);
    expect(dice.left()).toBe(0);
    expect(rearmed.map((e) => (e as { partId: string }).partId).sort()).toEqual([plate, blades, jet].sort()); // TRAP-56
    expect(expired()).toEqual([false, false, false, false]);
    // TRAP-52: the rearmed plate works again: an adventurer walking over it fires the blades (8,2; nobody near them).
    const a = adventurer(sim, 2, 4);
    expect(walkTo(sim, a, { x: 2, y: 1 })).toBe(true);
    const shots: SimEvent[] = [];
    for (let i = 0; i < 60 && shots.length === 0; i++) for (const e of sim.step()) if (e.type === "trapFired") shots.push(e);
    expect(shots).toMatchObject([{ triggerId: plate, mechanismId: blades, byUnitId: a.id, victims: [] }]);
    // TRAP-53: each part's countdown restarts at its rearm.
    for (const e of rearmed) expect(sim.state.parts[(e as { partId: string }).partId]!.rearmedTick).toBe(e.tick);
  });
});
