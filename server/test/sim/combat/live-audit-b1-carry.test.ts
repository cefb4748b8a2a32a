import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_HOUR, type RulesetId, type SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { OPEN_MAP, forceDice } from "./helpers.ts";

/*
 * Audit b1 of issue 17 (CMB-44, "someone unconscious can be carried", whatever the ruleset:
 * src/sim/combat/unconscious.ts). In a room of each ruleset a jobless minion at (9, 3) finds an
 * unconscious minion lying at (6, 3), away from its bed (its home, (2, 3)); stepping the
 * simulation, it walks to the body, picks it up, carries it west tile by tile, the body on the
 * carrier's own tile, and puts it down on the bed; then it walks off and the body stays there.
 * The one die drawn is the bed wake draw (CMB-49): 300 ticks.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("audit b1: carrying someone unconscious in play (%s)", (ruleset: RulesetId) => {
  it(`CMB-44 (${ruleset}): the minion picks the body up at (7, 3) on tick 9, the body moves with it tile by tile to the bed (2, 3), is put down there on tick 30 and stays when the carrier walks back to (9, 3)`, () => {
    const sim = Simulation.create({ seed: 8, ruleset, map: parseMap("t", OPEN_MAP) });
    const rescuer = addUnit(sim, { kind: "minion", x: 9, y: 3 });
    const body = addUnit(sim, { kind: "minion", x: 2, y: 3 });
    Object.assign(body, { activity: "unconscious", wakeTick: 4 * TICKS_PER_GAME_HOUR, walk: null, x: 6 });
    const dice = forceDice(sim, [300]);
    const events: SimEvent[] = [];
    const track: [number, number, number, number, string][] = [];
    for (let i = 0; i < 60; i++) {
      events.push(...sim.step());
      track.push([rescuer.x, rescuer.y, body.x, body.y, body.carriedBy]);
    }
    expect(events.filter((e) => e.type === "carried" || e.type === "dropped")).toEqual([
      { type: "carried", unitId: body.id, byUnitId: rescuer.id, x: 7, y: 3, tick: 9 },
      { type: "dropped", unitId: body.id, byUnitId: rescuer.id, x: 2, y: 3, tick: 30 },
    ]);
    // Ticks 1..8: the body lies at (6, 3), nobody carries it.
    for (const t of track.slice(0, 8)) expect([t[2], t[3], t[4]]).toEqual([6, 3, ""]);
    // Ticks 9..29: carried, on the carrier's tile at every tick, from x = 7 down to x = 2.
    const carried = track.slice(8, 29);
    for (const t of carried) expect([t[2], t[3], t[4]]).toEqual([t[0], t[1], rescuer.id]);
    expect([...new Set(carried.map((t) => t[2]))]).toEqual([7, 6, 5, 4, 3, 2]);
    // Ticks 30..60: put down on the bed; the carrier walks back east to (9, 3) and the body stays.
    for (const t of track.slice(29)) expect([t[2], t[3], t[4]]).toEqual([2, 3, ""]);
    expect([rescuer.x, rescuer.y, rescuer.carryingId, body.activity, dice.left()]).toEqual([9, 3, "", "unconscious", 0]);
  });
});

/*
 * Sibling (same pattern as CMB-44: "whatever the ruleset", played only in malignus rooms before):
 * CMB-46, someone unconscious can be captured. A jobless minion at (3, 3), an unconscious
 * adventurer at (4, 3), nobody else: no encounter, no die.
 */
describe.each(RULESETS.map((r) => [r]))("audit b1: capturing someone unconscious in play (%s)", (ruleset: RulesetId) => {
  it(`CMB-46 (${ruleset}): the jobless minion next to the unconscious adventurer takes it prisoner on the first step (tick 1); 100 ticks later it is still a prisoner at (4, 3)`, () => {
    const sim = Simulation.create({ seed: 1, ruleset, map: parseMap("t", OPEN_MAP) });
    const m = addUnit(sim, { kind: "minion", x: 3, y: 3 });
    const a = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 4, y: 3, activity: "unconscious", wakeTick: 10_000 });
    const dice = forceDice(sim, []);
    const events: SimEvent[] = [];
    for (let i = 0; i < 100; i++) events.push(...sim.step());
    expect(events.filter((e) => e.type === "captured")).toEqual([{ type: "captured", unitId: a.id, byUnitId: m.id, tick: 1 }]);
    expect([a.activity, a.x, a.y, dice.left()]).toEqual(["captured", 4, 3, 0]);
  });
});
