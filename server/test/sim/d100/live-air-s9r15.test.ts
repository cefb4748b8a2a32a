import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, d100Sim, lines, playPlan, recordDice } from "./fixtures.ts";

/**
 * P100-AIR-04 in live d100 play (issue 17, audit s9-r15): the melee reach between the ground and a
 * flyer at moderate height, checked where the AI's own target choice does not already avoid it:
 * the opportunity attack a hostile beside a mover would make.
 */

describe("d100 melee reach of a flyer at moderate height (live)", () => {
  it("P100-AIR-04: a player's warrior stepping away from a giant bat draws its opportunity attack when the bat flies low, none when it flies at moderate height (melee no longer reaches)", () => {
    for (const [altitude, attacked] of [["low", true], ["moderate", false]] as const) {
      const sim = d100Sim();
      const w = adventurer(sim, "Warrior", 5, 5);
      w.controller = "a1";
      const g = addUnit(sim, { ...speciesFields("giantBat"), x: 6, y: 5 });
      Object.assign(d100Of(g), { altitude });
      g.targetId = w.id; w.targetId = g.id;
      // Initiative warrior 90, gargoyle 10: the warrior's turn comes first.
      recordDice(sim, [90, 10]);
      sim.step();
      // The opportunity attack, if any: 50 against the dodge 40, damage 10.
      const dice = recordDice(sim, attacked ? [50, 40, 10] : []);
      const ev = playPlan(sim, w, { action: "steps", steps: [{ kind: "move", x: 3, y: 5 }, { kind: "endTurn" }] });

      expect(lines(ev).filter((l) => !l.includes("turnPlanPlayed"))).toEqual(attacked ? [
        `2 reaction unitId=${g.id} kind=opportunityAttack detail=d100 againstId=${w.id}`,
        `2 attack attackerId=${g.id} targetId=${w.id} hit=true attackRoll=50 defenceRoll=40 natural=50 airModifier=0 damageRoll=10`,
        `2 damaged targetId=${w.id} sourceId=${g.id} amount=10 damageType=melee hp=190 critical=false`,
      ] : []);
      expect([w.x, w.y, d100Of(g).altitude, dice.draws, dice.left()]).toEqual([3, 5, altitude, attacked ? ["d100=50", "d100=40", "1..100=10"] : [], 0]);
    }
  });
});
