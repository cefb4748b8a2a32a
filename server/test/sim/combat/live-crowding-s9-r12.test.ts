import { describe, expect, it } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit, setActivity } from "../../../src/sim/world/units.ts";
import { recordAllDice } from "../recordAllDice.ts";

/*
 * Issue 17 audit s9-r12: CMB-20's other side, in a live room of every ruleset (Simulation.step()):
 * the melee attacker waiting for the target's one free neighbour takes it once it becomes free.
 */
const CORRIDOR = ["##########", "P........#", "##########", "#K......S#", "##########"].join("\n");
const SHARP = { combat: 0, craft: 0, tracking: 3, block: 0 };
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("a waiting attacker takes the freed tile in a %s room (CMB-20)", (ruleset: RulesetId) => {
  it(`CMB-20 (${ruleset}): the second minion waits at (6, 1) while the first holds the target's one free neighbour (7, 1); once the first leaves it walks onto (7, 1), arriving on the 4th tick after (a tile's walk)`, () => {
    const sim = Simulation.create({ seed: 5, ruleset, map: parseMap("t", CORRIDOR) });
    addUnit(sim, { kind: "adventurer", faction: "heroes", x: 8, y: 1, level: 1 });
    const first = addUnit(sim, { kind: "minion", x: 4, y: 1, stats: { ...SHARP } });
    const second = addUnit(sim, { kind: "minion", x: 3, y: 1, stats: { ...SHARP } });
    const dice = recordAllDice(sim, []);
    for (let i = 0; i < 12; i++) sim.step();
    expect([first.x, second.x, second.y, dice.left()]).toEqual([7, 6, 1, 0]);
    dice.release(); // from here the fight draws the room's own dice
    setActivity(sim, first, "left"); // the first minion leaves the dungeon: (7, 1) is free
    const xs: number[] = [];
    for (let i = 0; i < 6; i++) { sim.step(); xs.push(second.x); }
    expect(xs).toEqual([6, 6, 6, 7, 7, 7]);
  });
});
