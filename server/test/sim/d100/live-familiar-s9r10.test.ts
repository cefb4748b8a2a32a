import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, companion, d100Sim, lines, playPlan, recordDice } from "./fixtures.ts";

/**
 * Audit s9-r10 of issue 17: P100-FAMILIAR-02 ("an owner that is not a specialist must choose
 * between attacking itself and having its familiar attack; it cannot do both"), the side the
 * earlier tests left out: the familiar attacks first, then the owner's own attack is refused. A
 * player holds a Hunter (no specialisation spell) with its hound next to a 300-HP bear; the plan
 * is played by `Simulation.step`, every draw recorded.
 */
describe("d100 a non-specialist's familiar attacks instead of it (P100-FAMILIAR-02)", () => {
  it("P100-FAMILIAR-02: the Hunter lets its hound attack the bear (1..80: 50 against 20, 1..70: 30): its own arrow planned after is refused (actionSpent), no die drawn for it, the bear loses only the hound's 30", () => {
    const sim = d100Sim();
    const owner = adventurer(sim, "Hunter", 3, 5, { weapon: "bow", ranged: true });
    owner.controller = "a1";
    const fam = companion(sim, owner, 7, 5);
    const bear = addUnit(sim, { ...speciesFields("bear"), x: 6, y: 5 });
    d100Of(bear).hp = d100Of(bear).maxHp = 300;
    owner.targetId = bear.id;
    const init = recordDice(sim, [90, 50, 10]); // initiative by id: owner 90, familiar 50, bear 10
    sim.step();
    expect([init.left(), d100Of(owner).familiarSpecialist]).toEqual([0, false]);
    const dice = recordDice(sim, [50, 20, 30]);
    const ev = playPlan(sim, owner, { action: "steps", steps: [{ kind: "familiar", targetId: bear.id }, { kind: "attack", targetId: bear.id }] });
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${fam.id} targetId=${bear.id} hit=true attackRoll=50 defenceRoll=20`,
      `2 damaged targetId=${bear.id} sourceId=${fam.id} amount=30 damageType=melee hp=270 critical=false`,
      `2 turnPlanPlayed unitId=${owner.id} refusals=[null,"actionSpent"]`,
    ]);
    expect([d100Of(bear).hp, dice.draws, dice.left()]).toEqual([270, ["1..80=50", "d100=20", "1..70=30"], 0]);
  });
});
