import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { adventurer, attackOnce, d100Sim, lines, recordDice } from "./fixtures.ts";

/**
 * P100-PLACE-11 in live d100 fights (issue 17, sweep s8), both sides: a silenced priest (a magic
 * class) held by a player, next to a 300-HP minion; the first tick rolls initiative (priest 90,
 * minion 10). `Simulation.step`, every draw recorded (fixtures.ts `recordDice`).
 */
function silencedPriest(gear: Partial<UnitRecord["gear"]>) {
  const sim = d100Sim();
  const p = adventurer(sim, "Priest", 5, 5, gear);
  p.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
  d100Of(m).hp = d100Of(m).maxHp = 300;
  p.targetId = m.id;
  recordDice(sim, [90, 10]);
  sim.step();
  addStatus(d100Of(p), "silenced", 1);
  return { sim, p, m };
}

describe("d100 a silenced magic class in live fights (sweep s8)", () => {
  it("P100-PLACE-11: the silenced priest without a secondary weapon (bare hands) cannot attack at all: refused, nothing drawn", () => {
    const { sim, p, m } = silencedPriest({ weapon: "fists" });
    const dice = recordDice(sim, []);
    expect(lines(attackOnce(sim, p, m))).toEqual([`2 turnPlanPlayed unitId=${p.id} refusals=["invalidTarget"]`]);
    expect([d100Of(m).hp, dice.draws]).toEqual([300, []]);
  });

  it("P100-PLACE-11 (the other side), P100-PLACE-12: the silenced priest with its mace (a secondary weapon) still strikes, off-role: 90 counts 45 against 44, and its damage roll 99 (1..100) deals 70", () => {
    const { sim, p, m } = silencedPriest({ weapon: "mace", blunt: true });
    const dice = recordDice(sim, [90, 44, 99]);
    expect(lines(attackOnce(sim, p, m))).toEqual([
      `2 attack attackerId=${p.id} targetId=${m.id} hit=true attackRoll=45 defenceRoll=44`,
      `2 damaged targetId=${m.id} sourceId=${p.id} amount=70 damageType=melee hp=230 critical=false`,
      `2 turnPlanPlayed unitId=${p.id} refusals=[null]`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=90", "d100=44", "1..100=99"], 0]);
  });
});
