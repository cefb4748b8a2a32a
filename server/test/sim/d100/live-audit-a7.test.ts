import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, forceDice, of, run } from "./fixtures.ts";

/*
 * Audit a7 of issue 17 (P100-BASE-14): the turn order of a live d100 encounter of four, through
 * `Simulation.step` with forced dice. The only live citing test had two combatants, where "the next
 * in initiative order" is just "the other one".
 */

describe("audit a7: after each turn the next in initiative order acts (P100-BASE-14)", () => {
  it("P100-BASE-14: four fighters added warrior A, minion 1, warrior B, minion 2 roll initiative 30, 80, 10, 60: the turns go minion 1, minion 2, A, B, one a tick, each after the one before has attacked (every attack 50 against a dodge of 50: a miss)", () => {
    const sim = d100Sim();
    const a = adventurer(sim, "Warrior", 5, 5);
    const m1 = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const b = adventurer(sim, "Warrior", 5, 7);
    const m2 = addUnit(sim, { kind: "minion", x: 6, y: 7 });
    a.targetId = m1.id; m1.targetId = a.id;
    b.targetId = m2.id; m2.targetId = b.id;
    // Initiative in id order (A, minion 1, B, minion 2), then four attacks, each an attack d100 and the target's dodge d100.
    const dice = forceDice(sim, [30, 80, 10, 60, 50, 50, 50, 50, 50, 50, 50, 50]);
    const ev = run(sim, 4);
    expect(dice.left()).toBe(0);
    expect(of(ev, "encounterStarted").map((e) => [e.order, e.initiative])).toEqual([
      [[m1.id, m2.id, a.id, b.id], { [a.id]: 30, [m1.id]: 80, [b.id]: 10, [m2.id]: 60 }],
    ]);
    expect(ev.filter((e) => e.type === "turnStarted" || e.type === "attack").map((e) => e.type === "turnStarted"
      ? ["turn", e.unitId, e.round, e.tick]
      : ["attack", e.attackerId, e.targetId, e.hit, e.tick])).toEqual([
      ["turn", m1.id, 1, 1], ["attack", m1.id, a.id, false, 1],
      ["turn", m2.id, 1, 2], ["attack", m2.id, b.id, false, 2],
      ["turn", a.id, 1, 3], ["attack", a.id, m1.id, false, 3],
      ["turn", b.id, 1, 4], ["attack", b.id, m2.id, false, 4],
    ]);
    expect([a, m1, b, m2].map((u) => d100Of(u).hp === d100Of(u).maxHp)).toEqual([true, true, true, true]);
  });
});
