import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, forceDice, of, run } from "./fixtures.ts";

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

describe("a heroic hit and the turn order in a live d100 encounter", () => {
  it("P100-CRIT-06, P100-BASE-14: the Warrior (initiative 70) rolls a heroic 100: it hits with no dodge rolled (defence 0), 40 × 1.5 = 60; its turn over, the minion (40) acts next tick: 60 against a dodge of 30, 25 damage", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
    const a = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    d100Of(m).hp = d100Of(m).maxHp = 300;
    a.targetId = m.id;
    // initiative 70 and 40; the Warrior's attack 100 (heroic: no defence roll), damage 40; the minion's attack 60, the Warrior's dodge 30, damage 25.
    const dice = forceDice(sim, [70, 40, 100, 40, 60, 30, 25]);
    const ev = run(sim, 2);
    expect(of(ev, "turnStarted").map((e) => [e.unitId, e.round, e.tick])).toEqual([[a.id, 1, 1], [m.id, 1, 2]]);
    expect(of(ev, "attack").map(({ type: _t, ...e }) => e)).toEqual([
      { attackerId: a.id, targetId: m.id, hit: true, attackRoll: 100, defenceRoll: 0, tick: 1 },
      { attackerId: m.id, targetId: a.id, hit: true, attackRoll: 60, defenceRoll: 30, tick: 2 },
    ]);
    expect(of(ev, "damaged").map((e) => [e.targetId, e.amount, e.hp, e.critical])).toEqual([[m.id, 60, 240, true], [a.id, 25, 175, false]]);
    expect(dice.left()).toBe(0);
  });
});
