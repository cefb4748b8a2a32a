import { describe, expect, it } from "vitest";
import { BYSTANDER_HIT_CHANCE } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { attacks, damage, foe, party, playTurn } from "../d20/live-turn.ts";
import { of } from "../d20/live-helpers.ts";
import { adventurer, d100Sim, lines, recordDice } from "../d100/fixtures.ts";

/**
 * Audit a3 of issue 17: CMB-14 ("a shot can hit someone standing on its path instead of the
 * target") in d20 and d100 rooms driven by `sim.step()` (encounter-shots.test.ts calls
 * `playPlan` by hand). docs/rules-decisions.md "CMB-14 in d20 and d100": each standing body on
 * the line, nearest the shooter first, takes the shot on a d100 of BYSTANDER_HIT_CHANCE (25) or
 * less, friend or foe, the bystander roll before the attack roll.
 */
describe("CMB-14 in live d20 and d100 encounters (audit a3)", () => {
  /** A Scout player at (4, 5) (shortbow 1d6, marksmanship +1) shoots, through its planned turn, at the minion at (9, 5) past a minion at (6, 5); initiative Scout 20, minions 1 and 2. */
  const d20Shot = (dice: number[]) => {
    const sim = d20Sim(1);
    const [s] = party(sim, ["Scout"]);
    const by = foe(sim, 6);
    const m = foe(sim, 9);
    const t = playTurn(sim, s!, m, [20, 1, 2], [{ kind: "attack", targetId: m.id }], dice);
    return { s: s!, by, m, t };
  };

  it(`CMB-14: d20 — on a bystander d100 of ${BYSTANDER_HIT_CHANCE} the minion on the path takes the shot (d20 15 + 1 = 16 against its AC 11, 1d6 4); the target is untouched`, () => {
    const f = d20Shot([BYSTANDER_HIT_CHANCE, 15, 4]);
    expect(f.t.refusals).toEqual([null]);
    expect(of(f.t.events, "shotIntercepted").map(({ tick: _t, ...e }) => e)).toEqual([{ type: "shotIntercepted", attackerId: f.s.id, intendedId: f.m.id, targetId: f.by.id }]);
    expect([attacks(f.t.events), damage(f.t.events), d20Of(f.by).hp, d20Of(f.m).hp]).toEqual([[[f.s.id, f.by.id, true, 16, 11]], [[f.s.id, f.by.id, 4]], 26, 30]);
  });

  it(`CMB-14, CMB-13: d20 — on ${BYSTANDER_HIT_CHANCE + 1} the shot passes the bystander and strikes the target (16 against AC 12, 1d6 4)`, () => {
    const f = d20Shot([BYSTANDER_HIT_CHANCE + 1, 15, 4]);
    expect([of(f.t.events, "shotIntercepted"), attacks(f.t.events), damage(f.t.events), d20Of(f.by).hp, d20Of(f.m).hp])
      .toEqual([[], [[f.s.id, f.m.id, true, 16, 12]], [[f.s.id, f.m.id, 4]], 30, 26]);
  });

  /**
   * d100: an AI Scout archer at (2, 5) aims at the minion at (9, 5), a Warrior friend standing at
   * (4, 5) on the line; one tick forms the encounter (initiative Scout 90, Warrior 20, minion 30)
   * and plays the Scout's turn: its surprise shot (dodge − 20, P100-BASE-01) then its normal one,
   * each preceded by the friend's bystander d100.
   */
  const d100Shot = (first: number) => {
    const sim = d100Sim();
    const archer = adventurer(sim, "Scout", 2, 5, { weapon: "bow", ranged: true });
    const friend = adventurer(sim, "Warrior", 4, 5);
    const target = addUnit(sim, { kind: "minion", x: 9, y: 5 });
    archer.targetId = target.id;
    const dice = recordDice(sim, [90, 20, 30, first, 60, 30, 30, 50, 50, 50]);
    const ev = sim.step();
    return { archer, friend, target, ev, dice };
  };

  it(`CMB-14: d100 — on a bystander d100 of ${BYSTANDER_HIT_CHANCE} the friend on the line takes the surprise shot (60 against 30 − 20, damage 30); the next shot passes it (50) and misses the target (50 against 50)`, () => {
    const f = d100Shot(BYSTANDER_HIT_CHANCE);
    expect(lines(f.ev)).toEqual([
      `1 shotIntercepted attackerId=${f.archer.id} intendedId=${f.target.id} targetId=${f.friend.id}`,
      `1 attack attackerId=${f.archer.id} targetId=${f.friend.id} hit=true attackRoll=60 defenceRoll=10`,
      `1 damaged targetId=${f.friend.id} sourceId=${f.archer.id} amount=30 damageType=ranged hp=170 critical=false`,
      `1 attack attackerId=${f.archer.id} targetId=${f.target.id} hit=false attackRoll=50 defenceRoll=50`,
    ]);
    expect([f.dice.draws, f.dice.left()]).toEqual([["d100=90", "d100=20", "d100=30", "d100=25", "d100=60", "d100=30", "1..100=30", "d100=50", "d100=50", "d100=50"], 0]);
    expect([d100Of(f.friend).hp, d100Of(f.target).hp]).toEqual([d100Of(f.friend).maxHp - 30, d100Of(f.target).maxHp]);
  });

  it(`CMB-14, CMB-13: d100 — on ${BYSTANDER_HIT_CHANCE + 1} the surprise shot passes the friend and wounds the target (damage 30)`, () => {
    const f = d100Shot(BYSTANDER_HIT_CHANCE + 1);
    expect(lines(f.ev)).toEqual([
      `1 attack attackerId=${f.archer.id} targetId=${f.target.id} hit=true attackRoll=60 defenceRoll=10`,
      `1 damaged targetId=${f.target.id} sourceId=${f.archer.id} amount=30 damageType=ranged hp=${d100Of(f.target).maxHp - 30} critical=false`,
      `1 attack attackerId=${f.archer.id} targetId=${f.target.id} hit=false attackRoll=50 defenceRoll=50`,
    ]);
    expect([d100Of(f.friend).hp, d100Of(f.target).hp, f.dice.left()]).toEqual([d100Of(f.friend).maxHp, d100Of(f.target).maxHp - 30, 0]);
  });
});
