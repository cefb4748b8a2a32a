import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, lines, recordDice, run } from "./fixtures.ts";

/**
 * P100-STATUS-11 and P100-STATUS-12 in live d100 fights (issue 17, sweep s8), the branch where
 * the control effect comes during the immunity (live-statuses.test.ts covers one already in
 * force): `Simulation.step`, every draw recorded (fixtures.ts `recordDice`).
 */
describe("d100 immunity in live fights (sweep s8)", () => {
  it("P100-STATUS-11, P100-STATUS-12: the priest wards the wounded warrior (90 of 200 HP); the troll's maul then hits it (50 against 10, damage roll 30 of 10..40) but takes no HP and does not stun it: the warrior strikes back in its turn (60 against 40, 25)", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    d100Of(w).hp = 90;
    const priest = adventurer(sim, "Priest", 4, 5, { weapon: "mace", blunt: true });
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 6, y: 5 });
    troll.targetId = w.id; w.targetId = troll.id;
    // Initiative warrior 10, priest 90, troll 50.
    const dice = recordDice(sim, [10, 90, 50, 50, 10, 30, 60, 40, 25]);
    const ev = run(sim, 3);
    expect(lines(ev)).toEqual([
      `1 spellCast unitId=${priest.id} spellId=ward targetId=${w.id} chargesLeft=0`,
      `1 statusApplied unitId=${w.id} byUnitId=${priest.id} spellId=ward status=immune turns=2 x=5 y=5`,
      `2 spellCast unitId=${troll.id} spellId=maul targetId=${w.id} chargesLeft=0`,
      `2 attack attackerId=${troll.id} targetId=${w.id} hit=true attackRoll=50 defenceRoll=10`,
      `3 attack attackerId=${w.id} targetId=${troll.id} hit=true attackRoll=60 defenceRoll=40`,
      `3 damaged targetId=${troll.id} sourceId=${w.id} amount=25 damageType=melee hp=125 critical=false`,
    ]);
    expect([d100Of(w).hp, d100Of(w).statuses.map((s) => s.kind), dice.draws, dice.left()])
      .toEqual([90, ["immune"], ["d100=10", "d100=90", "d100=50", "d100=50", "d100=10", "10..40=30", "d100=60", "d100=40", "1..100=25"], 0]);
  });
});
