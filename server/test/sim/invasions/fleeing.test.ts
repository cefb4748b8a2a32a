import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { FLEE_AT_WOUND_POINTS } from "../../../src/sim/invasions/adventurers.ts";
import { FLEE_AT_HARM_FRACTION, badlyHurt, harmFraction } from "../../../src/sim/invasions/fleeing.ts";
import { startInvasion } from "../../../src/sim/invasions/party.ts";
import type { Simulation, UnitRecord } from "../../../src/sim/index.ts";
import { defaultSim } from "../helpers.ts";

/** A party on the default map, stepped until its first member has left the portal tile; no fight yet. */
function walking(ruleset: "malignus" | "d20"): { sim: Simulation; hero: UnitRecord } {
  const sim = defaultSim(7, { ruleset, pauseOnSpot: false });
  const party = startInvasion(sim);
  const hero = sim.state.units[party.memberIds[0]!]!;
  for (let i = 0; i < 2000 && hero.x === party.portal.x && hero.y === party.portal.y; i++) sim.step();
  expect(hero.x).not.toBe(party.portal.x);
  expect(hero.activity).toBe("walking");
  expect(Object.keys(sim.state.encounters ?? {})).toEqual([]);
  return { sim, hero };
}

describe("adventurers flee when badly hurt, in any ruleset (issue 7)", () => {
  it("issue 7: the flee threshold is the malignus one read as a fraction (6 of 10 wound points)", () => {
    const { sim, hero } = walking("malignus");
    expect(FLEE_AT_HARM_FRACTION).toBe(FLEE_AT_WOUND_POINTS / 10);
    hero.woundPoints = 5;
    expect([harmFraction(sim, hero), badlyHurt(sim, hero)]).toEqual([0.5, false]);
    hero.woundPoints = 6;
    expect([harmFraction(sim, hero), badlyHurt(sim, hero)]).toEqual([0.6, true]);
  });

  it("issue 7: in a d20 room an adventurer at 40% of its HP or less turns for its portal outside a fight; at more it walks on", () => {
    const a = walking("d20");
    const d = d20Of(a.hero);
    d.maxHp = 20;
    d.hp = 9; // 11 of 20 lost: 0.55
    expect(harmFraction(a.sim, a.hero)).toBe(0.55);
    a.sim.step();
    expect(a.hero.activity).toBe("walking");
    d.hp = 8; // 12 of 20 lost: 0.6
    expect(badlyHurt(a.sim, a.hero)).toBe(true);
    a.sim.step();
    expect(a.hero.activity).toBe("fleeing");
    expect(a.hero.woundPoints).toBe(0); // the d20 sheet, not wound points, made it flee
  });
});
