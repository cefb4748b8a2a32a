import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_HOUR, type RulesetId, type SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { OPEN_MAP } from "./helpers.ts";

/**
 * Audit s9-r3 (issue 17), CMB-49's condition "carried to its own bed": its live tests only put the
 * body down on its bed; the off-bed case was shown by calling `pickUp`/`putDown` directly. Here,
 * in a live room of each ruleset, a jobless minion at (9, 3) carries an unconscious minion (its bed
 * (2, 3), due to wake at 4 game hours) from (6, 3) toward the bed; on tick 17 the carrier is knocked
 * out (set by hand: the scenario), so the simulation drops the body where the carrier stands, off
 * its bed: no bed wake is drawn (every die recorded) and the body keeps its 4-hour wake tick.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS)("the bed wake needs the minion's own bed (CMB-49) in a live %s room", (ruleset) => {
  it(`CMB-49 (${ruleset}): the body dropped off its bed, at (5, 3), when its carrier falls on tick 17 draws no bed wake: it stays due at tick ${4 * TICKS_PER_GAME_HOUR} and is still unconscious 60 ticks later`, () => {
    const s = Simulation.create({ seed: 8, ruleset, map: parseMap("t", OPEN_MAP) });
    const rescuer = addUnit(s, { kind: "minion", x: 9, y: 3 });
    const body = addUnit(s, { kind: "minion", x: 2, y: 3 }); // its bed (home) is (2, 3)
    body.activity = "unconscious";
    body.wakeTick = 4 * TICKS_PER_GAME_HOUR;
    body.walk = null;
    body.x = 6;
    const rec = recordAllDice(s, []);
    const events: SimEvent[] = [];
    for (let t = 1; t <= 17; t++) events.push(...s.step());
    expect([rescuer.carryingId, body.carriedBy]).toEqual([body.id, rescuer.id]);
    rescuer.activity = "unconscious";
    rescuer.wakeTick = 100_000;
    rescuer.walk = null;
    for (let t = 18; t <= 60; t++) events.push(...s.step());
    expect(events.flatMap((e) => (e.type === "carried" || e.type === "dropped" ? [[e.type, e.x, e.y, e.tick]] : []))).toEqual([["carried", 7, 3, 9], ["dropped", 5, 3, 18]]);
    expect([body.x, body.y, body.activity, body.wakeTick, body.carriedBy]).toEqual([5, 3, "unconscious", 4 * TICKS_PER_GAME_HOUR, ""]);
    expect([rec.draws, rec.left()]).toEqual([[], 0]);
  });
});
