import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, lines, playPlan, recordDice } from "./fixtures.ts";

/*
 * Audit a8-w4 (issue 17): the reach boundary of P100-PLACE-02 in live d100 fights
 * (`Simulation.step`, recorded d100 dice).
 */

/** A player-held Warrior (melee class, no ranged weapon) at (5, 5) and a 300-HP minion at (mx, my); the first tick rolls initiative (hero 90, minion 10). */
function warriorAndMinion(mx: number, my: number): { sim: ReturnType<typeof d100Sim>; hero: UnitRecord; m: UnitRecord } {
  const sim = d100Sim();
  const hero = adventurer(sim, "Warrior", 5, 5);
  hero.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: mx, y: my });
  d100Of(m).hp = d100Of(m).maxHp = 300;
  hero.targetId = m.id;
  recordDice(sim, [90, 10]);
  sim.step();
  return { sim, hero, m };
}

describe("audit w4: a melee class must get close to strike (P100-PLACE-02)", () => {
  it("P100-PLACE-02: the player's warrior (no ranged weapon) 2 tiles from the minion (7, 5), the first tile out of its reach, is refused the attack (invalidTarget, no die); beside it (diagonal, 6, 6) it strikes without moving: 60 against 40, damage 30", () => {
    const far = warriorAndMinion(7, 5);
    const none = recordDice(far.sim, []);
    const refused = playPlan(far.sim, far.hero, { action: "steps", steps: [{ kind: "attack", targetId: far.m.id }], keepTurn: true });
    expect(lines(refused)).toEqual([`2 turnPlanPlayed unitId=${far.hero.id} refusals=["invalidTarget"]`]);
    expect([far.hero.x, far.hero.y, none.draws, d100Of(far.m).hp]).toEqual([5, 5, [], 300]);

    const near = warriorAndMinion(6, 6);
    const dice = recordDice(near.sim, [60, 40, 30]);
    const ev = playPlan(near.sim, near.hero, { action: "steps", steps: [{ kind: "attack", targetId: near.m.id }] });
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${near.hero.id} targetId=${near.m.id} hit=true attackRoll=60 defenceRoll=40`,
      `2 damaged targetId=${near.m.id} sourceId=${near.hero.id} amount=30 damageType=melee hp=270 critical=false`,
      `2 turnPlanPlayed unitId=${near.hero.id} refusals=[null]`,
    ]);
    expect([near.hero.x, near.hero.y, dice.draws, dice.left()]).toEqual([5, 5, ["d100=60", "d100=40", "1..100=30"], 0]);
  });

  it("P100-PLACE-02: the AI's warrior 2 tiles from the minion walks up beside it (6, 5) before it strikes on its first turn: 60 against 40, damage 30", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 7, y: 5 });
    d100Of(m).hp = d100Of(m).maxHp = 300;
    w.targetId = m.id;
    const dice = recordDice(sim, [90, 10, 60, 40, 30]);
    const ev = sim.step();
    expect(lines(ev).filter((l) => !l.includes("encounterStarted"))).toEqual([
      `1 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=60 defenceRoll=40`,
      `1 damaged targetId=${m.id} sourceId=${w.id} amount=30 damageType=melee hp=270 critical=false`,
    ]);
    expect([w.x, w.y, dice.draws, dice.left()]).toEqual([6, 5, ["d100=90", "d100=10", "d100=60", "d100=40", "1..100=30"], 0]);
  });
});
