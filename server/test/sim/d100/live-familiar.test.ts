import { describe, expect, it } from "vitest";
import { ROUND_TICKS } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, companion, d100Sim, lines, recordDice, run } from "./fixtures.ts";

/**
 * Familiars in live d100 fights (issue 17, P100-FAMILIAR-06 to 12): a warlock's imp and a hunter's
 * hound (d100/companions.ts) fighting a bear through `Simulation.step`, forced dice, every draw recorded.
 */

describe("d100 familiars in live fights", () => {
  it("P100-FAMILIAR-06, P100-FAMILIAR-07, P100-FAMILIAR-08, P100-FAMILIAR-09: the imp's attack is drawn from 1..80 and its damage from 1..70; its 80 is no critical (70 damage, not 105), and next round its 1 is no critical failure: the bear beside it does not strike back", () => {
    const sim = d100Sim();
    const warlock = adventurer(sim, "Warlock", 6, 4, { weapon: "staff", blunt: true });
    const imp = companion(sim, warlock, 6, 6);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
    d100Of(bear).hp = d100Of(bear).maxHp = 300;
    warlock.targetId = bear.id; bear.targetId = warlock.id;
    // Initiative warlock 90, imp 50, bear 10. Round 1: the warlock misses (50 against 50), its imp hits (80 against 79);
    // the bear misses the warlock (20 against 90). Round 2: the warlock misses again, the imp's 1 misses (against 40).
    const dice = recordDice(sim, [90, 50, 10, 50, 50, 80, 79, 70, 20, 90, 50, 50, 1, 40]);
    const ev = run(sim, ROUND_TICKS + 2);
    expect(lines(ev).filter((l) => !l.includes("guardedMove"))).toEqual([
      `1 attack attackerId=${warlock.id} targetId=${bear.id} hit=false attackRoll=50 defenceRoll=50`,
      `1 attack attackerId=${imp.id} targetId=${bear.id} hit=true attackRoll=80 defenceRoll=79`,
      `1 damaged targetId=${bear.id} sourceId=${imp.id} amount=70 damageType=melee hp=230 critical=false`,
      `3 attack attackerId=${bear.id} targetId=${warlock.id} hit=false attackRoll=20 defenceRoll=90`,
      `11 attack attackerId=${warlock.id} targetId=${bear.id} hit=false attackRoll=50 defenceRoll=50`,
      `11 attack attackerId=${imp.id} targetId=${bear.id} hit=false attackRoll=1 defenceRoll=40`,
    ]);
    expect(dice.draws.slice(3)).toEqual(["d100=50", "d100=50", "1..80=80", "d100=79", "1..70=70", "d100=20", "d100=90", "d100=50", "d100=50", "1..80=1", "d100=40"]);
    expect([d100Of(warlock).hp, d100Of(imp).hp, dice.left()]).toEqual([150, 75, 0]);
  });

  it("P100-FAMILIAR-10, P100-FAMILIAR-14: the bear's blow brings the imp (10 HP) to −20: it is banished at once (dead, no dying phase); once the warlock has killed the bear and the fight is over, the imp comes back beside it at 75 HP", () => {
    const sim = d100Sim();
    const warlock = adventurer(sim, "Warlock", 4, 5, { weapon: "staff", blunt: true });
    const imp = companion(sim, warlock, 6, 6);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
    d100Of(imp).hp = 10;
    d100Of(bear).hp = 30;
    bear.targetId = imp.id; warlock.targetId = bear.id;
    // Initiative bear 90, warlock 50, imp 10 (by id: warlock, imp, bear). The bear hits the imp (60 against 20) for 30;
    // the warlock walks up to the bear and hits it (60 against 20) for 40: the bear dies and the fight ends.
    const dice = recordDice(sim, [50, 10, 90, 60, 20, 30, 60, 20, 40]);
    const ev = run(sim, 3);
    expect(lines(ev).filter((l) => !l.includes("encounterEnded"))).toEqual([
      `1 attack attackerId=${bear.id} targetId=${imp.id} hit=true attackRoll=60 defenceRoll=20`,
      `1 damaged targetId=${imp.id} sourceId=${bear.id} amount=30 damageType=melee hp=-20 critical=false`,
      `1 knockedOut unitId=${imp.id} outcome=dead cause=hitPoints`,
      `2 attack attackerId=${warlock.id} targetId=${bear.id} hit=true attackRoll=60 defenceRoll=20`,
      `2 damaged targetId=${bear.id} sourceId=${warlock.id} amount=40 damageType=melee hp=-10 critical=false`,
      `2 knockedOut unitId=${bear.id} outcome=dead cause=hitPoints`,
      `2 woke unitId=${imp.id}`,
    ]);
    // Back only once the fight is over: the encounter ends, then the imp wakes.
    expect(ev.filter((e) => e.type === "encounterEnded" || e.type === "woke").map((e) => [e.type, e.tick])).toEqual([["encounterEnded", 2], ["woke", 2]]);
    expect([imp.activity, imp.x, imp.y, d100Of(imp).hp, d100Of(imp).dead, dice.left()]).toEqual(["idle", warlock.x, warlock.y, 75, false, 0]);
  });

  it("P100-FAMILIAR-11, P100-FAMILIAR-12: the bear's blow brings the hunter's hound (10 HP) to −45: it lies dying (an ordinary 75-HP unit dies below −37); at its own turn it loses 5 like any dying character and dies at −50", () => {
    const sim = d100Sim();
    const hunter = adventurer(sim, "Hunter", 2, 2, { weapon: "bow", ranged: true });
    const hound = companion(sim, hunter, 6, 5);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 7, y: 5 });
    d100Of(hound).hp = 10;
    bear.targetId = hound.id; hunter.targetId = bear.id;
    // Initiative hunter 10, hound 50, bear 90. The bear hits the hound (60 against 20) for 55.
    const dice = recordDice(sim, [10, 50, 90, 60, 20, 55]);
    const ev = run(sim, 2);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${bear.id} targetId=${hound.id} hit=true attackRoll=60 defenceRoll=20`,
      `1 damaged targetId=${hound.id} sourceId=${bear.id} amount=55 damageType=melee hp=-45 critical=false`,
      `1 knockedOut unitId=${hound.id} outcome=unconscious cause=hitPoints`,
      `2 damaged targetId=${hound.id} sourceId=dying amount=5 damageType=dying hp=-50 critical=false`,
      `2 knockedOut unitId=${hound.id} outcome=dead cause=hitPoints`,
    ]);
    expect([d100Of(hound).dead, hound.activity, dice.left()]).toEqual([true, "dead", 0]);
  });
});
