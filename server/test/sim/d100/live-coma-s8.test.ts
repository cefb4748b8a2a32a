import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { adventurer, d100Sim, lines, recordDice, run } from "./fixtures.ts";

/**
 * P100-DEATH-01 in live d100 fights (issue 17, sweep s8): a minion's blow brings a warrior with
 * `hp` hit points left to exactly 0 (a coma, dying) or to 1 (still standing), through
 * `Simulation.step`, every draw recorded; a stunned ally keeps the fight on (fixtures.ts `recordDice`).
 */
function blowAt(hp: number, damage: number, after: readonly number[]) {
  const sim = d100Sim();
  const w = adventurer(sim, "Warrior", 5, 5);
  d100Of(w).hp = hp;
  const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
  d100Of(m).hp = d100Of(m).maxHp = 300;
  w.targetId = m.id; m.targetId = w.id;
  // An ally, stunned (its turn passes), keeps the heroes' side in the fight.
  const ally = adventurer(sim, "Warrior", 4, 4);
  addStatus(d100Of(ally), "stunned", 1);
  // Initiative warrior 10, minion 90, ally 5: the minion's 60 beats the dodge 30, its bare-handed damage 1..50.
  const dice = recordDice(sim, [10, 90, 5, 60, 30, damage, ...after]);
  return { sim, w, m, dice, ev: run(sim, 2) };
}

describe("d100 coma in live fights (sweep s8)", () => {
  it("P100-DEATH-01: a blow of 10 on a warrior at 10 HP brings it to 0: it falls into a coma (unconscious) and is dying: at its turn it loses 5 HP and does nothing else", () => {
    const { w, m, dice, ev } = blowAt(10, 10, []);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${m.id} targetId=${w.id} hit=true attackRoll=60 defenceRoll=30`,
      `1 damaged targetId=${w.id} sourceId=${m.id} amount=10 damageType=melee hp=0 critical=false`,
      `1 knockedOut unitId=${w.id} outcome=unconscious cause=hitPoints`,
      `2 damaged targetId=${w.id} sourceId=dying amount=5 damageType=dying hp=-5 critical=false`,
    ]);
    expect([d100Of(w).dying, d100Of(w).dead, w.activity, dice.draws, dice.left()])
      .toEqual([true, false, "unconscious", ["d100=10", "d100=90", "d100=5", "d100=60", "d100=30", "1..50=10"], 0]);
  });

  it("P100-DEATH-01 (the other side): a blow of 9 on the same warrior leaves it at 1 HP: no coma, and at its turn it strikes back (70 against 20, damage 40)", () => {
    const { w, m, dice, ev } = blowAt(10, 9, [70, 20, 40]);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${m.id} targetId=${w.id} hit=true attackRoll=60 defenceRoll=30`,
      `1 damaged targetId=${w.id} sourceId=${m.id} amount=9 damageType=melee hp=1 critical=false`,
      `2 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=70 defenceRoll=20`,
      `2 damaged targetId=${m.id} sourceId=${w.id} amount=40 damageType=melee hp=260 critical=false`,
    ]);
    expect([d100Of(w).dying, w.activity, dice.draws.slice(5), dice.left()]).toEqual([false, "fighting", ["1..50=9", "d100=70", "d100=20", "1..100=40"], 0]);
  });
});
