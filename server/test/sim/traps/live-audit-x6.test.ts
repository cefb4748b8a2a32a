import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { adventurer, makeSim, placeBuilt, wire } from "./helpers.ts";

/*
 * Audit a8-x6, TRAP-03: the mechanism is the part that does something. The walker (an adventurer
 * of no party, so no spotting roll) crosses the plate at 2,2 on its way from 2,5 to 2,1: the plate
 * (the trigger) harms nobody, not even the walker on it; the wired spinning blades at 8,2 (radius 1)
 * harm the adventurer standing at 9,3, through `sim.step()` in rooms of each ruleset, every die
 * recorded: the victim's failed resist check (the room's check die), then the room's harm dice.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** Malignus d10 2 then the hit location d100 50 (torso); d20 d20 2 then the blades' 2d8 as 3 and 5; d100 d100 6 then the blades' 20..60 as 33. */
const DICE: Record<RulesetId, { values: number[]; draws: string[] }> = {
  malignus: { values: [2, 50], draws: ["d10=2", "d100=50"] },
  d20: { values: [2, 3, 5], draws: ["d20=2", "d8=3", "d8=5"] },
  d100: { values: [6, 33], draws: ["d100=6", "20..60=33"] },
};
/** The blades' harm on the victim: malignus a serious torso wound; d20 3 + 5 = 8 slashing (12 → 4); d100 33 slashing (150 → 117). */
const HARM: Record<RulesetId, Record<string, unknown>[]> = {
  malignus: [{ type: "wound", location: "torso", severity: "serious", woundPoints: 2 }],
  d20: [{ type: "damaged", amount: 8, damageType: "slashing", hp: 4 }, { type: "wound", severity: "critical", location: "torso" }],
  d100: [{ type: "damaged", amount: 33, damageType: "slashing", hp: 117 }, { type: "wound", severity: "light", location: "torso" }],
};
/** The victim's state value, then the walker's value and maximum, as the room describes them. */
const AFTER: Record<RulesetId, [number, number, number]> = { malignus: [2, 0, 10], d20: [4, 12, 12], d100: [117, 150, 150] };

describe.each(RULESETS.map((r) => [r]))("audit x6: the mechanism does something (%s)", (ruleset: RulesetId) => {
  it(`TRAP-03 (${ruleset}): the plate the walker steps on harms nobody; the spinning blades wired to it are what harms: the adventurer beside them (9,3) takes the room's blade harm, the walker on the plate none`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const plate = placeBuilt(sim, "pressurePlate", 2, 2);
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    wire(sim, [2, 2], [8, 2]);
    const victim = adventurer(sim, 9, 3);
    const walker = adventurer(sim, 2, 5);
    expect(walkTo(sim, walker, { x: 2, y: 1 })).toBe(true);
    const dice = recordAllDice(sim, DICE[ruleset].values);
    const events: SimEvent[] = [];
    for (let i = 0; i < 100 && !events.some((e) => e.type === "trapFired"); i++) events.push(...sim.step());
    expect([walker.x, walker.y]).toEqual([2, 2]);
    expect([dice.draws, dice.left()]).toEqual([DICE[ruleset].draws, 0]);
    expect(events.filter((e) => e.type === "trapFired")).toMatchObject([{ triggerId: plate, mechanismId: blades, mechanism: "spinningBlades", x: 8, y: 2, byUnitId: walker.id, victims: [victim.id] }]);
    const harm = events.filter((e) => e.type === "wound" || e.type === "damaged");
    expect(harm).toMatchObject(HARM[ruleset].map((h) => ({ ...h, targetId: victim.id, sourceId: blades })));
    expect(harm).toHaveLength(HARM[ruleset].length);
    const [v, w] = [sim.ruleset.describe(victim), sim.ruleset.describe(walker)];
    expect([v.value, w.value, w.max]).toEqual(AFTER[ruleset]);
  });
});
