import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, d100Sim, lines, recordDice, run } from "./fixtures.ts";

/**
 * s9-r14 (issue 17): P100-STATUS-13 for a ranged weapon in a live d100 fight. A crocodile's snatch
 * tears a scout's bow away; the player's planned shot at a minion 3 tiles off is then refused
 * (attack.ts `attackRefusal`: the bow lies on the floor). The same plan after a missed snatch shoots.
 */
function scene(snatchDodge: number) {
  const sim = d100Sim();
  const s = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
  const croc = addUnit(sim, { kind: "creature", species: "crocodile", x: 6, y: 5 });
  const m = addUnit(sim, { kind: "minion", x: 5, y: 8 });
  d100Of(croc).hp = d100Of(croc).maxHp = 300;
  croc.targetId = s.id;
  // Initiative scout 10, crocodile 90, minion 5. The snatch: 60 against the scout's dodge `snatchDodge`, damage 5 of 5..20.
  const dice = recordDice(sim, snatchDodge < 60 ? [10, 90, 5, 60, snatchDodge, 5, 70, 30, 25] : [10, 90, 5, 60, snatchDodge, 70, 30, 25]);
  const first = sim.step();
  encounterOf(sim, s.id)!.plans[s.id] = { action: "steps", steps: [{ kind: "attack", targetId: m.id }] };
  const second = run(sim, 1);
  return { sim, s, croc, m, dice, first, second };
}

describe("d100 disarming a bow in a live fight (s9-r14)", () => {
  it("P100-STATUS-13: the snatch tears the scout's bow away (it lies on (5, 5)); its planned shot at the minion 3 tiles off is refused and draws nothing; after a snatch the scout dodges (60 against 70) the same plan shoots: 70 against 30, damage 25 of its armed 1..100", () => {
    const hit = scene(30);
    expect(lines(hit.first).slice(-1)).toEqual([`1 statusApplied unitId=${hit.s.id} byUnitId=${hit.croc.id} spellId=snatch status=disarmed turns=-1 x=5 y=5`]);
    expect([d100Of(hit.s).weapon, d100Of(hit.s).droppedWeapon]).toEqual(["unarmed", { x: 5, y: 5 }]);
    expect(lines(hit.second)).toEqual([`2 turnPlanPlayed unitId=${hit.s.id} refusals=["invalidTarget"]`]);
    expect([hit.dice.draws, hit.dice.left()]).toEqual([["d100=10", "d100=90", "d100=5", "d100=60", "d100=30", "5..20=5"], 3]);

    const missed = scene(70);
    expect(d100Of(missed.s).weapon).toBe("armed");
    expect(lines(missed.second)).toEqual([
      `2 attack attackerId=${missed.s.id} targetId=${missed.m.id} hit=true attackRoll=70 defenceRoll=30`,
      `2 damaged targetId=${missed.m.id} sourceId=${missed.s.id} amount=25 damageType=ranged hp=35 critical=false`,
      `2 turnPlanPlayed unitId=${missed.s.id} refusals=[null]`,
    ]);
    expect([missed.dice.draws, missed.dice.left()]).toEqual([["d100=10", "d100=90", "d100=5", "d100=60", "d100=70", "d100=70", "d100=30", "1..100=25"], 0]);
  });
});
