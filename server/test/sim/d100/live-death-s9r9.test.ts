import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { adventurer, d100Sim, lines, recordDice, run } from "./fixtures.ts";

/**
 * P100-DEATH-03 in a live fight: the dying warrior (id 1, −10 HP) keeps losing 5 HP at each of its
 * turns until a rescue succeeds. The AI priest beside it tries once (round 1); a failed roll leaves the
 * loss running, a successful one stops it. Fights run through `Simulation.step`, every draw recorded.
 */
describe("d100 rescue stops the dying loss (live)", () => {
  it("P100-DEATH-03: the priest's rescue fails on 50: the warrior still loses 5 HP at its turn (−10 → −15); succeeds on 51: its turn passes with no loss (−10 stays)", () => {
    for (const [roll, success, hpAfter] of [[50, false, -15], [51, true, -10]] as const) {
      const sim = d100Sim();
      const w = adventurer(sim, "Warrior", 4, 5);
      Object.assign(d100Of(w), { hp: -10, dying: true });
      w.activity = "unconscious";
      const h = adventurer(sim, "Warrior", 5, 5);
      const p = adventurer(sim, "Priest", 4, 4, { weapon: "mace", blunt: true });
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      d100Of(m).hp = d100Of(m).maxHp = 300;
      addStatus(d100Of(m), "stunned", 1);
      h.targetId = m.id; p.targetId = m.id;
      // Initiative: hero 90, priest 80, minion 10, dying warrior 5 (its turn is the round's last).
      const dice = recordDice(sim, [5, 90, 80, 10, 20, 10, roll]);
      const ev = run(sim, 4);
      const dying = lines(ev).filter((l) => l.includes("sourceId=dying") || l.includes(" rescue "));
      expect(dying).toEqual([
        `2 rescue unitId=${w.id} byUnitId=${p.id} roll=${roll} needed=50 success=${success}`,
        ...(success ? [] : [`4 damaged targetId=${w.id} sourceId=dying amount=5 damageType=dying hp=-15 critical=false`]),
      ]);
      expect([d100Of(w).hp, d100Of(w).stabilised, d100Of(w).dying, dice.left()]).toEqual([hpAfter, success, true, 0]);
    }
  });
});
