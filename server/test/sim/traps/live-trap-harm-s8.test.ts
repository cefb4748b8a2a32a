import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { PARTS } from "@malignus/shared";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { adventurer, makeSim, placeBuilt, wire } from "./helpers.ts";

/*
 * Sweep s8, TRAP-13 with harm: the walker (an adventurer of no party, so no spotting roll) crosses
 * the plate at 2,2 on its way from 2,5 to 2,1; the wired blades at 8,2 (radius 1) fire where they
 * stand and harm the adventurer standing at 9,3, not the one at 10,2 (2 tiles off), through
 * `sim.step()` in rooms of each ruleset, every die recorded. The victim first makes its resist
 * check (KNOW-44: the room's check die; the forced value fails it), then takes the room's harm.
 * The same scene shows TRAP-03 (audit a8-x6, folded in here): the mechanism is the part that does
 * something; the plate (the trigger) harms nobody, not even the walker on it.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** The failing resist die, then the harm dice, and how the recorder names them: malignus d10 2, then the hit location d100 50 (the torso); d20 d20 2, then the blades' 2d8 as 3 and 5; d100 d100 6, then the blades' 20..60 as 33. */
const DICE: Record<RulesetId, { values: number[]; draws: string[] }> = {
  malignus: { values: [2, 50], draws: ["d10=2", "d100=50"] },
  d20: { values: [2, 3, 5], draws: ["d20=2", "d8=3", "d8=5"] },
  d100: { values: [6, 33], draws: ["d100=6", "20..60=33"] },
};
/**
 * The harm events on the victim: malignus a serious torso wound (2 wound points); d20 3 + 5 = 8
 * slashing (12 → 4 HP, recorded as a critical torso wound); d100 33 slashing (150 → 117 HP, a light
 * torso wound). Then the victim's and the spared unit's state as the room describes it.
 */
const HARM: Record<RulesetId, Record<string, unknown>[]> = {
  malignus: [{ type: "wound", location: "torso", severity: "serious", woundPoints: 2 }],
  d20: [{ type: "damaged", amount: 8, damageType: "slashing", hp: 4 }, { type: "wound", severity: "critical", location: "torso" }],
  d100: [{ type: "damaged", amount: 33, damageType: "slashing", hp: 117 }, { type: "wound", severity: "light", location: "torso" }],
};
const AFTER: Record<RulesetId, [number, number, number]> = { malignus: [2, 0, 10], d20: [4, 12, 12], d100: [117, 150, 150] };

describe.each(RULESETS.map((r) => [r]))("sweep s8: a trap's harm in play (%s)", (ruleset: RulesetId) => {
  it(`TRAP-13, TRAP-03 (${ruleset}): the walker sets off the plate; the wired blades fire at once where they stand (8,2) and harm the one unit in their area (9,3) with the room's dice, not the one 2 tiles off (10,2); the plate the walker steps on harms nobody, not even the walker: the blades wired to it are what harms`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const plate = placeBuilt(sim, "pressurePlate", 2, 2);
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    wire(sim, [2, 2], [8, 2]);
    const victim = adventurer(sim, 9, 3);
    const spared = adventurer(sim, 10, 2);
    const walker = adventurer(sim, 2, 5);
    expect(walkTo(sim, walker, { x: 2, y: 1 })).toBe(true);
    expect(PARTS.spinningBlades.radius).toBe(1);
    const dice = recordAllDice(sim, DICE[ruleset].values);
    const events: SimEvent[] = [];
    let onPlate = -1;
    for (let i = 0; i < 100 && !events.some((e) => e.type === "trapFired"); i++) {
      events.push(...sim.step());
      if (onPlate < 0 && walker.x === 2 && walker.y === 2) onPlate = sim.state.tick;
    }
    expect([walker.x, walker.y]).toEqual([2, 2]);
    expect(dice.left()).toBe(0);
    expect(dice.draws).toEqual(DICE[ruleset].draws);
    const shot = events.filter((e) => e.type === "trapFired");
    expect(shot).toEqual([{ type: "trapFired", triggerId: plate, mechanismId: blades, mechanism: "spinningBlades", x: 8, y: 2, byUnitId: walker.id, victims: [victim.id], tick: onPlate }]);
    const harm = events.filter((e) => e.type === "wound" || e.type === "damaged");
    expect(harm).toMatchObject(HARM[ruleset].map((h) => ({ ...h, targetId: victim.id, sourceId: blades, tick: onPlate })));
    expect(harm).toHaveLength(HARM[ruleset].length);
    const [v, sp, w] = [sim.ruleset.describe(victim), sim.ruleset.describe(spared), sim.ruleset.describe(walker)];
    expect([v.value, sp.value, sp.max]).toEqual(AFTER[ruleset]);
    expect([v.value, w.value, w.max]).toEqual(AFTER[ruleset]);
  });
});
