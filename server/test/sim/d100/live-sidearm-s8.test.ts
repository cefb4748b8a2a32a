import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { beginDuel } from "../../../src/sim/combat/d100/duels.ts";
import { adventurer, attackOnce, d100Sim, lines, playerBesideMinion, recordDice } from "./fixtures.ts";

/**
 * P100-PLACE-05, 07, 08 in live d100 fights (issue 17, sweep s8): a ranged class with a melee
 * weapon. The Hunter (a ranged class, its bow) carries a knife (data/d100.ts
 * `D100_MELEE_SIDEARM_CLASSES`); the Scout carries only its bow. A player holds the archer, next
 * to a 300-HP minion; the first tick rolls initiative (archer 90, minion 10) and the archer's turn
 * waits for its plan. Every draw is recorded (fixtures.ts `recordDice`).
 */
function archerNextToMinion(cls: string) {
  return playerBesideMinion(cls, { weapon: "bow", ranged: true });
}

describe("d100 ranged classes with a melee weapon in live fights (sweep s8)", () => {
  it("P100-PLACE-07, P100-PLACE-08: a hunter (a ranged class) striking the minion beside it with its knife: 90 counts 45 and beats the dodge 44, and its armed damage roll (1..100) of 99 deals 70, the cap", () => {
    const { sim, hero, m } = archerNextToMinion("Hunter");
    const dice = recordDice(sim, [90, 44, 99]);
    expect(lines(attackOnce(sim, hero, m))).toEqual([
      `2 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=45 defenceRoll=44`,
      `2 damaged targetId=${m.id} sourceId=${hero.id} amount=70 damageType=melee hp=230 critical=false`,
      `2 turnPlanPlayed unitId=${hero.id} refusals=[null]`,
    ]);
    expect([d100Of(hero).placement, dice.draws, dice.left()]).toEqual(["ranged", ["d100=90", "d100=44", "1..100=99"], 0]);
  });

  it("P100-PLACE-07, P100-PLACE-08 (both sides): the hunter's knife: 90 counts 45, equal to the dodge 45, misses with no damage roll; a hit with a damage roll of 70 deals 70 and one of 69 deals 69 (under the cap, unchanged)", () => {
    for (const [defence, damage, amount] of [[45, 0, 0], [44, 70, 70], [44, 69, 69]] as const) {
      const { sim, hero, m } = archerNextToMinion("Hunter");
      const dice = recordDice(sim, damage ? [90, defence, damage] : [90, defence]);
      const ev = attackOnce(sim, hero, m);
      expect(lines(ev)[0]).toBe(`2 attack attackerId=${hero.id} targetId=${m.id} hit=${damage > 0} attackRoll=45 defenceRoll=${defence}`);
      expect([d100Of(m).hp, dice.draws, dice.left()]).toEqual([300 - amount, damage ? ["d100=90", `d100=${defence}`, `1..100=${damage}`] : ["d100=90", `d100=${defence}`], 0]);
    }
  });

  it("P100-PLACE-05: a scout (a ranged class) with only its bow cannot strike the minion beside it: refused, nothing drawn, the minion unhurt", () => {
    const { sim, hero, m } = archerNextToMinion("Scout");
    const dice = recordDice(sim, []);
    expect(lines(attackOnce(sim, hero, m)).filter((l) => l.includes("turnPlanPlayed") || l.includes(" attack "))).toEqual([
      `2 turnPlanPlayed unitId=${hero.id} refusals=["invalidTarget"]`,
    ]);
    expect([d100Of(m).hp, dice.draws]).toEqual([300, []]);
  });

  it("P100-DUEL-09, P100-DUEL-10 (a ranged class in melee): in a duel the hunter's knife blow at the minion beside it counts 80 as 60 (× 0.75, not × 0.5) against the dodge 59, and its damage roll 100 deals 90 (the duel cap, not 70)", () => {
    const sim = d100Sim();
    const hero = adventurer(sim, "Hunter", 5, 5, { weapon: "bow", ranged: true });
    hero.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    recordDice(sim, [90, 10]);
    const enc = beginDuel(sim, hero.id, m.id, { toDeath: false, noMagic: false, unarmedOnly: false, weaponWhitelist: null });
    if (typeof enc === "string") throw new Error(enc);
    sim.step();
    const dice = recordDice(sim, [80, 59, 100]);
    expect(lines(attackOnce(sim, hero, m)).slice(0, 2)).toEqual([
      `2 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=60 defenceRoll=59`,
      `2 damaged targetId=${m.id} sourceId=${hero.id} amount=90 damageType=melee hp=20 critical=false`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=80", "d100=59", "1..100=100"], 0]);
  });
});
