import { describe, expect, it } from "vitest";
import { ROUND_TICKS } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, d100Sim, lines, recordDice, run } from "./fixtures.ts";

/**
 * P100-STATUS-13 to 15 for an improvised weapon in live d100 fights (issue 17, sweep s8): a
 * crocodile's snatch tears a peasant's pitchfork away. `Simulation.step`, every draw recorded
 * (fixtures.ts `recordDice`).
 */
describe("d100 disarming an improvised weapon in live fights (sweep s8)", () => {
  it("P100-STATUS-13, P100-STATUS-14, P100-STATUS-15, P100-WEAPON-04: the snatch tears the peasant's pitchfork away (it lies on (5, 5)); the player's next blow is bare-handed: its 60 is no longer halved (60 against 50) and its damage roll is 1..50; the AI picks the pitchfork up next round and its roll is halved again (90 counts 45)", () => {
    const sim = d100Sim();
    const p = adventurer(sim, "Peasant", 5, 5, { weapon: "pitchfork" });
    const croc = addUnit(sim, { kind: "creature", species: "crocodile", x: 6, y: 5 });
    d100Of(croc).hp = d100Of(croc).maxHp = 300;
    croc.targetId = p.id; p.targetId = croc.id;
    // Initiative peasant 10, crocodile 90. The snatch hits (60 against 30) for 5 of 5..20 and disarms.
    const dice = recordDice(sim, [10, 90, 60, 30, 5, 60, 50, 40, 20, 80, 20, 80, 90, 44, 30]);
    let ev = sim.step();
    expect(lines(ev).slice(-3)).toEqual([
      `1 attack attackerId=${croc.id} targetId=${p.id} hit=true attackRoll=60 defenceRoll=30`,
      `1 damaged targetId=${p.id} sourceId=${croc.id} amount=5 damageType=magic hp=15 critical=false`,
      `1 statusApplied unitId=${p.id} byUnitId=${croc.id} spellId=snatch status=disarmed turns=-1 x=5 y=5`,
    ]);
    expect([d100Of(p).weapon, d100Of(p).droppedWeapon]).toEqual(["unarmed", { x: 5, y: 5, improvised: true }]);
    // Tick 2, the player's planned blow, bare-handed: 60 (not halved) against 50, damage 40 of 1..50.
    encounterOf(sim, p.id)!.plans[p.id] = { action: "steps", steps: [{ kind: "attack", targetId: croc.id }] };
    ev = run(sim, 1);
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${p.id} targetId=${croc.id} hit=true attackRoll=60 defenceRoll=50`,
      `2 damaged targetId=${croc.id} sourceId=${p.id} amount=40 damageType=melee hp=260 critical=false`,
      `2 turnPlanPlayed unitId=${p.id} refusals=[null]`,
    ]);
    // Round 2: the crocodile bites and misses (20 against 80); the peasant (AI) picks its pitchfork up.
    ev = run(sim, ROUND_TICKS);
    expect(lines(ev)).toEqual([
      `11 attack attackerId=${croc.id} targetId=${p.id} hit=false attackRoll=20 defenceRoll=80`,
      `12 statusApplied unitId=${p.id} byUnitId=${p.id} spellId= status=rearmed turns=0 x=5 y=5`,
    ]);
    expect([d100Of(p).weapon, d100Of(p).droppedWeapon]).toEqual(["improvised", null]);
    // Round 3: the crocodile misses again (20 against 80); the peasant's planned blow with its pitchfork again: 90 counts 45
    // against 44, damage 30 of 1..50.
    ev = run(sim, ROUND_TICKS - 1);
    encounterOf(sim, p.id)!.plans[p.id] = { action: "steps", steps: [{ kind: "attack", targetId: croc.id }] };
    ev.push(...run(sim, 2));
    expect(lines(ev)).toEqual([
      `21 attack attackerId=${croc.id} targetId=${p.id} hit=false attackRoll=20 defenceRoll=80`,
      `22 attack attackerId=${p.id} targetId=${croc.id} hit=true attackRoll=45 defenceRoll=44`,
      `22 damaged targetId=${croc.id} sourceId=${p.id} amount=30 damageType=melee hp=230 critical=false`,
      `22 turnPlanPlayed unitId=${p.id} refusals=[null]`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=10", "d100=90", "d100=60", "d100=30", "5..20=5", "d100=60", "d100=50", "1..50=40", "d100=20", "d100=80", "d100=20", "d100=80", "d100=90", "d100=44", "1..50=30"], 0]);
  });
});
