import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, companion, d100Sim, lines, recordDice, run } from "./fixtures.ts";

/**
 * The other side of two thresholds in live d100 fights (issue 17, sweep s8): the critical hit
 * (P100-CRIT-01: natural 96-100, Left open CRIT), the hunter's familiar's death at -50
 * (P100-FAMILIAR-12) and the hunter's heal of it (P100-FAMILIAR-13, above 50), through `Simulation.step`, every draw recorded (fixtures.ts `recordDice`).
 */
describe("d100 thresholds in live fights (sweep s8)", () => {
  it("P100-CRIT-01 (the other side): the warrior's natural 95 is no critical hit: the minion rolls its dodge (94, beaten) and the damage roll 40 deals 40, not 60", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    d100Of(m).hp = d100Of(m).maxHp = 300;
    w.targetId = m.id;
    const dice = recordDice(sim, [90, 10, 95, 94, 40]);
    expect(lines(run(sim, 1))).toEqual([
      `1 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=95 defenceRoll=94`,
      `1 damaged targetId=${m.id} sourceId=${w.id} amount=40 damageType=melee hp=260 critical=false`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=90", "d100=10", "d100=95", "d100=94", "1..100=40"], 0]);
  });

  it("P100-FAMILIAR-12 (both sides): the bear's blow of 59 brings the hunter's hound (10 HP) to −49: it lies dying, alive; a blow of 60 brings it to −50: it dies at once", () => {
    for (const [damage, dead] of [[59, false], [60, true]] as const) {
      const sim = d100Sim();
      const hunter = adventurer(sim, "Hunter", 2, 2, { weapon: "bow", ranged: true });
      const hound = companion(sim, hunter, 6, 5);
      const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
      d100Of(hound).hp = 10;
      bear.targetId = hound.id; hunter.targetId = bear.id;
      // Initiative hunter 10, hound 50, bear 90: the bear hits the hound (60 against 20).
      const dice = recordDice(sim, [10, 50, 90, 60, 20, damage]);
      expect(lines(run(sim, 1))).toEqual([
        `1 attack attackerId=${bear.id} targetId=${hound.id} hit=true attackRoll=60 defenceRoll=20`,
        `1 damaged targetId=${hound.id} sourceId=${bear.id} amount=${damage} damageType=melee hp=${10 - damage} critical=false`,
        `1 knockedOut unitId=${hound.id} outcome=${dead ? "dead" : "unconscious"} cause=hitPoints`,
      ]);
      expect([d100Of(hound).dead, d100Of(hound).dying, dice.draws.at(-1), dice.left()]).toEqual([dead, !dead, `1..100=${damage}`, 0]);
    }
  });

  it("P100-FAMILIAR-13 (both sides): a hunter next to its dying hound spends its whole turn on it as a healer would: a d100 of 50 fails (the hound stays dying at −10, no attack that turn); 51 (above 50) brings it back to 1 HP", () => {
    for (const [roll, success] of [[50, false], [51, true]] as const) {
      const sim = d100Sim();
      const hunter = adventurer(sim, "Hunter", 3, 5, { weapon: "bow", ranged: true });
      const hound = companion(sim, hunter, 4, 5);
      const bear = addUnit(sim, { ...speciesFields("bear"), x: 9, y: 5 });
      Object.assign(d100Of(hound), { hp: -10, dying: true });
      hound.activity = "unconscious";
      hunter.targetId = bear.id;
      // Initiative hunter 90, hound 50, bear 10; the hunter's heal roll.
      const dice = recordDice(sim, [90, 50, 10, roll]);
      const ev = run(sim, 1);
      expect(lines(ev)).toEqual([
        `1 rescue unitId=${hound.id} byUnitId=${hunter.id} roll=${roll} needed=50 success=${success}`,
        ...(success ? [`1 woke unitId=${hound.id}`] : []),
      ]);
      expect([d100Of(hound).hp, d100Of(hound).dying, dice.draws, dice.left()]).toEqual([success ? 1 : -10, !success, ["d100=90", "d100=50", "d100=10", `d100=${roll}`], 0]);
    }
  });

  it("P100-FUMBLE-06 (the other side): the warrior's natural 2 is a critical failure but not a fatal one: the minion's counter-attack is drawn from 1..50 (not 10..75): 50", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    w.targetId = m.id;
    const dice = recordDice(sim, [90, 10, 2, 50]);
    expect(lines(run(sim, 1))).toEqual([
      `1 attack attackerId=${w.id} targetId=${m.id} hit=false attackRoll=2 defenceRoll=0`,
      `1 damaged targetId=${w.id} sourceId=${m.id} amount=50 damageType=counterAttack hp=150 critical=false`,
    ]);
    expect([d100Of(w).dodgePenalty, dice.draws, dice.left()]).toEqual([0, ["d100=90", "d100=10", "d100=2", "1..50=50"], 0]);
  });
});
