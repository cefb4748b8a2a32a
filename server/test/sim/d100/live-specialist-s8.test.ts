import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, companion, d100Sim, lines, playPlan, recordDice } from "./fixtures.ts";

/**
 * P100-FAMILIAR-05 in live d100 fights (issue 17, sweep s8): who is a specialist comes only from
 * the spell of a familiar specialisation, which the Warlock's class brings with its imp
 * (d100/companions.ts `addCompanions`: the passive `familiarSpecialisation` spell) and the
 * Hunter's does not. A player holds the owner; its plan is "attack, then let the familiar
 * attack" against a 300-HP bear, through `Simulation.step`, every draw recorded.
 */
function ownerAndFamiliar(cls: string, gear: Partial<UnitRecord["gear"]>, ox: number, fx: number, fy: number) {
  const sim = d100Sim();
  const owner = adventurer(sim, cls, ox, 5, gear);
  owner.controller = "a1";
  const fam = companion(sim, owner, fx, fy);
  const bear = addUnit(sim, { ...speciesFields("bear"), x: 6, y: 5 });
  d100Of(bear).hp = d100Of(bear).maxHp = 300;
  owner.targetId = bear.id;
  const init = recordDice(sim, [90, 50, 10]); // initiative by id: owner 90, familiar 50, bear 10
  sim.step();
  expect(init.left()).toBe(0);
  return { sim, owner, fam, bear };
}

describe("d100 familiar specialists in live fights (sweep s8)", () => {
  it("P100-FAMILIAR-05, P100-FAMILIAR-03, P100-FAMILIAR-04: the warlock holds its specialisation's spell (bindImp), so it is a specialist: its staff blow (60 against 30, 20) and then its imp's claws (1..80: 50 against 20, 1..70: 30) both land in its turn", () => {
    const { sim, owner, fam, bear } = ownerAndFamiliar("Warlock", { weapon: "staff", blunt: true }, 5, 6, 6);
    expect(d100Of(owner).spells.filter((s) => s.familiarSpecialisation).map((s) => s.id)).toEqual(["bindImp"]);
    const dice = recordDice(sim, [60, 30, 20, 50, 20, 30]);
    const ev = playPlan(sim, owner, { action: "steps", steps: [{ kind: "attack", targetId: bear.id }, { kind: "familiar", targetId: bear.id }] });
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${owner.id} targetId=${bear.id} hit=true attackRoll=60 defenceRoll=30`,
      `2 damaged targetId=${bear.id} sourceId=${owner.id} amount=20 damageType=melee hp=280 critical=false`,
      `2 attack attackerId=${fam.id} targetId=${bear.id} hit=true attackRoll=50 defenceRoll=20`,
      `2 damaged targetId=${bear.id} sourceId=${fam.id} amount=30 damageType=melee hp=250 critical=false`,
      `2 turnPlanPlayed unitId=${owner.id} refusals=[null,null]`,
    ]);
    expect([d100Of(owner).familiarSpecialist, dice.draws, dice.left()]).toEqual([true, ["d100=60", "d100=30", "1..100=20", "1..80=50", "d100=20", "1..70=30"], 0]);
  });

  it("P100-FAMILIAR-05, P100-FAMILIAR-02: the hunter holds no specialisation spell, so it is no specialist: after its arrow (60 against 30, 20) its hound may not attack too (refused, actionSpent, nothing drawn)", () => {
    const { sim, owner, fam, bear } = ownerAndFamiliar("Hunter", { weapon: "bow", ranged: true }, 3, 7, 5);
    expect(d100Of(owner).spells.filter((s) => s.familiarSpecialisation)).toEqual([]);
    const dice = recordDice(sim, [60, 30, 20]);
    const ev = playPlan(sim, owner, { action: "steps", steps: [{ kind: "attack", targetId: bear.id }, { kind: "familiar", targetId: bear.id }] });
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${owner.id} targetId=${bear.id} hit=true attackRoll=60 defenceRoll=30`,
      `2 damaged targetId=${bear.id} sourceId=${owner.id} amount=20 damageType=ranged hp=280 critical=false`,
      `2 turnPlanPlayed unitId=${owner.id} refusals=[null,"actionSpent"]`,
    ]);
    expect([d100Of(owner).familiarSpecialist, d100Of(fam).hp, dice.draws, dice.left()]).toEqual([false, 75, ["d100=60", "d100=30", "1..100=20"], 0]);
  });
});
