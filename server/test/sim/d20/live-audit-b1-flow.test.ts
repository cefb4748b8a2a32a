import { describe, expect, it } from "vitest";
import { ROUND_TICKS } from "@malignus/shared";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain, run } from "./live-helpers.ts";

/*
 * Audit b1 of issue 17 (D20-FLOW-20): the initiative order stays the same from round to round.
 * Four fighters side by side (heroes at (5, 5) and (5, 6), minions at (6, 5) and (6, 6)), zero
 * characteristics, 100 HP. Initiative is forced so the order is not unit order, and every attack
 * roll is a forced miss, so the only dice drawn are the four initiative dice and one attack die a turn.
 */
describe("audit b1: the initiative order of a d20 fight over three rounds (D20-FLOW-20)", () => {
  it("D20-FLOW-20: initiative hero A 5, hero B 18, minion 1 12, minion 2 3 gives B, minion 1, A, minion 2 in rounds 1, 2 and 3; no initiative die is drawn again", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const b = hero(sim, 5, 6);
    const m1 = minion(sim, 6, 5);
    const m2 = minion(sim, 6, 6);
    plain([a, b, m1, m2]);
    a.targetId = m1.id;
    b.targetId = m2.id;
    const dice = forceDice(sim, [5, 18, 12, 3, ...Array(12).fill(2)]);
    const ev = run(sim, 3 * ROUND_TICKS);
    const started = of(ev, "encounterStarted");
    expect(started.map((e) => [e.order, e.initiative])).toEqual([[[b.id, m1.id, a.id, m2.id], { [a.id]: 5, [b.id]: 18, [m1.id]: 12, [m2.id]: 3 }]]);
    const turns = of(ev, "turnStarted").map((t) => [t.round, t.unitId, t.tick]);
    expect(turns).toEqual([
      [1, b.id, 1], [1, m1.id, 2], [1, a.id, 3], [1, m2.id, 4],
      [2, b.id, 1 + ROUND_TICKS], [2, m1.id, 2 + ROUND_TICKS], [2, a.id, 3 + ROUND_TICKS], [2, m2.id, 4 + ROUND_TICKS],
      [3, b.id, 1 + 2 * ROUND_TICKS], [3, m1.id, 2 + 2 * ROUND_TICKS], [3, a.id, 3 + 2 * ROUND_TICKS], [3, m2.id, 4 + 2 * ROUND_TICKS],
    ]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll])).toEqual(Array(3).fill([[b.id, false, 2], [m1.id, false, 2], [a.id, false, 2], [m2.id, false, 2]]).flat());
    expect(dice.left()).toBe(0); // 4 initiative dice and 12 attack dice: no initiative re-rolled in rounds 2 and 3
  });
});
