import { describe, expect, it } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { recordAllDice } from "../recordAllDice.ts";

/*
 * Audit s10-b (issue 17): CMB-20's waiting itself, in a live room of every ruleset (Simulation.step()).
 * The earlier live tests stop at tick 12, the tick the second minion reaches (6, 1), or free
 * (7, 1) on that very tick, so a second attacker that shared the first one's tile was never
 * caught in d20 or d100. Here the first minion holds the target's one free neighbour (7, 1) for
 * 40 more ticks of the fight (the room's own seeded dice) while the second stands at (6, 1) every
 * tick, never on (7, 1). (Taking the tile once it is freed is live-crowding-s9-r12's.)
 */
const CORRIDOR = ["##########", "P........#", "##########", "#K......S#", "##########"].join("\n");
const SHARP = { combat: 0, craft: 0, tracking: 3, block: 0 };
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("a second melee attacker waits, it does not share, in a %s room (CMB-20)", (ruleset: RulesetId) => {
  it(`CMB-20 (${ruleset}): while the first minion fights from (7, 1), the target's one free neighbour, for 40 ticks, the second stands at (6, 1) on every one of them, never on (7, 1) (its taking the tile once freed: live-crowding-s9-r12)`, () => {
    const sim = Simulation.create({ seed: 5, ruleset, map: parseMap("t", CORRIDOR) });
    const hero = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 8, y: 1, level: 1 });
    const first = addUnit(sim, { kind: "minion", x: 4, y: 1, stats: { ...SHARP } });
    const second = addUnit(sim, { kind: "minion", x: 3, y: 1, stats: { ...SHARP } });
    const dice = recordAllDice(sim, []);
    for (let i = 0; i < 12; i++) sim.step();
    expect([first.x, first.y, second.x, second.y, dice.left()]).toEqual([7, 1, 6, 1, 0]);
    dice.release(); // from here the fight draws the room's own dice
    const held = new Set<string>();
    for (let i = 0; i < 40; i++) {
      sim.step();
      held.add(`${first.x},${first.y},${first.activity} ${second.x},${second.y}`);
    }
    expect([...held]).toEqual(["7,1,fighting 6,1"]);
    expect([hero.x, hero.y]).toEqual([8, 1]);
  });
});
