import { describe, expect, it } from "vitest";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, lines, playPlan, recordDice } from "./fixtures.ts";

/**
 * Audit s9-r10 of issue 17: P100-DEATH-06 ("a rescue attempt takes up the rescuer's turn"; the
 * rulebook: the `rescue` step is the rescuer's whole turn, success or not) in a live d100 fight:
 * a player's priest beside a dying warrior (-10 HP) and a 300-HP minion plans "rescue, then move,
 * then attack"; `Simulation.step` plays it, every draw recorded. Initiative: the dying warrior 5,
 * the priest 90, the minion 10.
 */
function scene(): { sim: Simulation; w: UnitRecord; p: UnitRecord; m: UnitRecord } {
  const sim = d100Sim();
  const w = adventurer(sim, "Warrior", 4, 5);
  Object.assign(d100Of(w), { hp: -10, dying: true });
  w.activity = "unconscious";
  const p = adventurer(sim, "Priest", 5, 5, { weapon: "mace", blunt: true });
  p.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: 6, y: 4 });
  d100Of(m).hp = d100Of(m).maxHp = 300;
  p.targetId = m.id;
  recordDice(sim, [5, 90, 10]);
  sim.step();
  return { sim, w, p, m };
}

describe("d100 a rescue attempt is the rescuer's whole turn (P100-DEATH-06)", () => {
  for (const [roll, success] of [[50, false], [51, true]] as const) {
    it(`P100-DEATH-06: the priest's rescue (d100 ${roll}, ${success ? "above" : "not above"} 50: ${success ? "stabilised" : "failed"}) ends its turn: a move planned after it is refused (moveAfterAction), and so is an attack (actionSpent); it stays at (5, 5) and the minion keeps its 300 HP`, () => {
      for (const next of ["move", "attack"] as const) {
        const { sim, w, p, m } = scene();
        const dice = recordDice(sim, [roll]);
        const after = next === "move" ? { kind: "move" as const, x: 5, y: 6 } : { kind: "attack" as const, targetId: m.id };
        const ev = playPlan(sim, p, { action: "steps", steps: [{ kind: "rescue", targetId: w.id }, after] });
        expect(lines(ev)).toEqual([
          `2 rescue unitId=${w.id} byUnitId=${p.id} roll=${roll} needed=50 success=${success}`,
          `2 turnPlanPlayed unitId=${p.id} refusals=[null,"${next === "move" ? "moveAfterAction" : "actionSpent"}"]`,
        ]);
        expect([p.x, p.y, d100Of(m).hp, d100Of(w).stabilised, dice.draws, dice.left()]).toEqual([5, 5, 300, success, [`d100=${roll}`], 0]);
      }
    });
  }
});
