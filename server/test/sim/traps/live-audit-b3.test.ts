import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_MINUTE, type RulesetId, type SimEvent } from "@malignus/shared";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { networkOf } from "../../../src/sim/traps/network.ts";
import { adventurer, forceDice, makeSim, path, placeBuilt, wire } from "./helpers.ts";

/*
 * Audit b3 of issue 17, TRAP-24 ("where the other cable turns **or ends**"): the three-ruleset live
 * test (live-build-wire-rulesets.test.ts) played only the turn; the end was checked in malignus
 * only (wiring.test.ts). Here the end, in each room, through the keeper's `wire` / `removeCable`
 * commands and `Simulation.step`: the joined cable works as one trap.
 */

const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
type Fired = Extract<SimEvent, { type: "trapFired" }>;

describe.each(RULESETS.map((r) => [r]))("audit b3: a cable drawn across another's end joins it (%s)", (ruleset: RulesetId) => {
  it(`TRAP-24 (${ruleset}): the stub from the timer (6,8) ends at 6,5 once the cable under it is removed; a tripwire's cable crossing 6,5 straight joins the stub there (no hop), so the tripwire, the timer and the coil are one trap: an adventurer on the tripwire fires the coil 1 game minute later (the timer's default delay)`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    placeBuilt(sim, "pressurePlate", 2, 5);
    placeBuilt(sim, "spinningBlades", 10, 5);
    const main = wire(sim, [2, 5], [10, 5]);
    const timer = placeBuilt(sim, "timer", 6, 8);
    const stub = wire(sim, [6, 8], [6, 5]); // ends on the main cable (a T at 6,5)
    expect(sim.apply({ type: "removeCable", cableId: main })).toMatchObject({ ok: true });
    const trip = placeBuilt(sim, "tripwire", 2, 1);
    const coil = placeBuilt(sim, "electricCoil", 9, 1);
    sim.drainEvents();
    const r = sim.apply({ type: "wire", path: path([2, 1], [2, 3], [5, 3], [5, 5], [7, 5], [7, 3], [9, 3], [9, 1]) }); // 5,5 → 6,5 → 7,5: straight across the stub's end
    expect(r).toMatchObject({ ok: true });
    const id = (r as { id: string }).id;
    expect(sim.drainEvents()).toMatchObject([{ type: "cableLaid", cableId: id, hops: [], joined: [stub] }]);
    expect(networkOf(sim, trip)).toMatchObject({ id: stub, trigger: trip, timer, mechanism: coil });
    expect(sim.state.cables[id]!.hops).toEqual([]);
    const dice = forceDice(sim, []);
    const a = adventurer(sim, 2, 0);
    expect(walkTo(sim, a, { x: 2, y: 2 })).toBe(true);
    let onTrip = -1;
    const shots: Fired[] = [];
    for (let i = 0; i < 100 && shots.length === 0; i++) {
      for (const e of sim.step()) if (e.type === "trapFired") shots.push(e);
      if (onTrip < 0 && a.x === 2 && a.y === 1) onTrip = sim.state.tick;
    }
    expect(dice.left()).toBe(0);
    expect(shots.map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.tick - onTrip])).toEqual([[trip, coil, a.id, TICKS_PER_GAME_MINUTE]]);
  });
});

/*
 * Sibling found by the same pattern: TRAP-25's "starting ... a cable drag on an existing cable" was
 * checked in malignus only (wiring.test.ts, network membership only); the three-ruleset live tests
 * play cables that end on a cable.
 */
describe.each(RULESETS.map((r) => [r]))("audit b3: a cable drag started on another cable joins it (%s)", (ruleset: RulesetId) => {
  it(`TRAP-25, TRAP-26 (${ruleset}): plate (2,8) → blades (6,4) by a cable turning at 6,8; a drag started on that cable's straight tile 4,8 and ending at a timer (4,10) joins it (joined, no hop), and the trap now waits for the timer: an adventurer on the plate fires the blades 1 game minute later`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const plate = placeBuilt(sim, "pressurePlate", 2, 8);
    const blades = placeBuilt(sim, "spinningBlades", 6, 4);
    const first = wire(sim, [2, 8], [6, 8], [6, 4]);
    const timer = placeBuilt(sim, "timer", 4, 10);
    sim.drainEvents();
    const r = sim.apply({ type: "wire", path: path([4, 8], [4, 10]) });
    expect(r).toMatchObject({ ok: true });
    const id = (r as { id: string }).id;
    expect(sim.drainEvents()).toMatchObject([{ type: "cableLaid", cableId: id, networkId: first, hops: [], joined: [first] }]);
    expect(networkOf(sim, timer)).toMatchObject({ id: first, cableIds: [first, id], trigger: plate, timer, mechanism: blades });
    const dice = forceDice(sim, []);
    const a = adventurer(sim, 2, 10);
    expect(walkTo(sim, a, { x: 2, y: 7 })).toBe(true); // straight up over the plate at 2,8
    let onPlate = -1;
    const shots: Fired[] = [];
    for (let i = 0; i < 100 && shots.length === 0; i++) {
      for (const e of sim.step()) if (e.type === "trapFired") shots.push(e);
      if (onPlate < 0 && a.x === 2 && a.y === 8) onPlate = sim.state.tick;
    }
    expect(dice.left()).toBe(0);
    expect(shots.map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.tick - onPlate])).toEqual([[plate, blades, a.id, TICKS_PER_GAME_MINUTE]]);
  });
});
