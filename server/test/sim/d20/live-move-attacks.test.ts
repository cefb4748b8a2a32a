import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain } from "./live-helpers.ts";

/** A Warrior of `level` played by seat a0 at (5, 5), arriving with its party (its class kit, the ruleset's live `partyArrived`). */
function warrior(sim: Simulation, level: number): UnitRecord {
  const k = ADVENTURER_CLASSES.Warrior!;
  const w = hero(sim, 5, 5, { adventurerClass: "Warrior", partyId: "p1", level, controller: "a0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [w.id] } as unknown as PartyRecord);
  return w;
}

/**
 * The Warrior against a minion next to it at (6, 5) and another at (7, 2); initiative Warrior 20,
 * minions 1 and 2. Its plan (planTurn): strike the first, walk (6, 4) → (6, 3) out of the first's
 * reach, strike the second, strike again. Every d20 a 2 (misses).
 */
function strikeWalkStrike(level: number) {
  const sim = d20Sim();
  const w = warrior(sim, level);
  const m1 = minion(sim, 6, 5);
  const m2 = minion(sim, 7, 2);
  plain([w, m1, m2]);
  w.targetId = m1.id;
  forceDice(sim, [20, 1, 2]);
  sim.step();
  const steps = [{ kind: "attack", targetId: m1.id }, { kind: "move", path: [{ x: 6, y: 4 }, { x: 6, y: 3 }] }, { kind: "attack", targetId: m2.id }, { kind: "attack", targetId: m2.id }];
  expect(sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: w.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  const dice = forceDice(sim, level >= 3 ? [2, 2, 2] : [2, 2]); // its attacks and the opportunity attack
  const ev = sim.step();
  return { w, m1, m2, ev, refusals: of(ev, "turnPlanPlayed")[0]!.refusals, left: dice.left(), perAction: d20Of(w).attacksPerAction };
}

describe("two weapon attacks in one Attack action (the Warrior's technique from level 3)", () => {
  it("D20-MOVE-11, D20-MOVE-12, D20-MOVE-10: a level-3 Warrior strikes one minion, walks 2 tiles between its two attacks (provoking the first minion's opportunity attack), strikes the other; a third attack is refused", () => {
    const r = strikeWalkStrike(3);
    expect(r.perAction).toBe(2);
    expect(r.refusals).toEqual([null, null, null, "the full action is spent (D20-ACTION-03)"]);
    expect(of(r.ev, "reaction")).toMatchObject([{ unitId: r.m1.id, kind: "opportunityAttack", againstId: r.w.id }]);
    expect(of(r.ev, "attack").map((e) => [e.attackerId, e.targetId])).toEqual([[r.w.id, r.m1.id], [r.m1.id, r.w.id], [r.w.id, r.m2.id]]);
    expect([r.w.x, r.w.y]).toEqual([6, 3]);
    expect(r.left).toBe(0);
  });

  it("D20-MOVE-11: a level-2 Warrior has one attack: after it the walk still plays (D20-MOVE-10), the second attack is refused", () => {
    const r = strikeWalkStrike(2);
    expect(r.perAction).toBe(1);
    expect(r.refusals[0]).toBeNull();
    expect(r.refusals).toEqual([null, null, "the full action is spent (D20-ACTION-03)"]);
    expect(r.left).toBe(0);
  });
});
