import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { hasStatus } from "../../../src/sim/combat/d20/statuses.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain } from "./live-helpers.ts";

// Audit s1 (issue 17): live tests (planTurn + sim.step with forced dice) for rule IDs whose only
// citing tests in encounters/plans.test.ts, spells.test.ts and mounts.test.ts drive the turn engine
// (playPlan / takeD20Turn) with a hand-built turn.

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

/** Sends `steps` as `u`'s plan through the live planTurn command (seat `seat-1`). */
function plan(sim: Simulation, u: UnitRecord, steps: unknown[]): void {
  expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: u.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
}

/** A hero (seat-1) at (hx, 5) and a minion at (mx, 5), both plain (zero characteristics, 100 HP), the encounter started with the hero first (initiative 20 against 1). */
function duel(hx: number, mx: number): { sim: Simulation; a: UnitRecord; m: UnitRecord } {
  const sim = d20Sim();
  const a = hero(sim, hx, 5, { controller: "seat-1" });
  const m = minion(sim, mx, 5);
  plain([a, m]);
  a.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  return { sim, a, m };
}

describe("audit s1: Disengage (D20-ACTION-13, D20-ACTION-14)", () => {
  it("D20-ACTION-13: after Disengage the hero walks out of the minion's reach, (5, 5) to (3, 5), and no opportunity attack is made; without it the same walk draws one (the minion's 3 misses)", () => {
    const { sim, a } = duel(5, 6);
    plan(sim, a, [{ kind: "disengage" }, { kind: "move", path: at([4, 5], [3, 5]) }]);
    const dice = forceDice(sim, []);
    const ev = sim.step();
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null, null] }]);
    expect(of(ev, "reaction")).toEqual([]);
    expect(of(ev, "attack")).toEqual([]);
    expect([a.x, a.y]).toEqual([3, 5]);
    expect(dice.left()).toBe(0);

    const c = duel(5, 6);
    plan(c.sim, c.a, [{ kind: "move", path: at([4, 5], [3, 5]) }]);
    const cd = forceDice(c.sim, [3]);
    const cev = c.sim.step();
    expect(of(cev, "reaction").map((e) => [e.unitId, e.kind])).toEqual([[c.m.id, "opportunityAttack"]]);
    expect(of(cev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([[c.m.id, c.a.id, false, 3]]);
    expect(cd.left()).toBe(0);
  });

  it("D20-ACTION-14: after Disengage the hero's attack on the adjacent minion is refused (no other action that turn, the plan stops there) and no attack is rolled; so is a Hide", () => {
    const no = "no other action after Dash or Disengage (D20-ACTION-11, D20-ACTION-14)";
    for (const step of [{ kind: "attack", targetId: "" }, { kind: "hide" }]) {
      const { sim, a, m } = duel(5, 6);
      plan(sim, a, [{ kind: "disengage" }, step.kind === "attack" ? { kind: "attack", targetId: m.id } : step, { kind: "move", path: at([4, 5]) }]);
      const dice = forceDice(sim, []);
      const ev = sim.step();
      expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null, no] }]);
      expect(of(ev, "attack")).toEqual([]);
      expect(d20Of(m).hp).toBe(100);
      expect(hasStatus(d20Of(a).statuses, "hidden")).toBe(false);
      expect([a.x, a.y]).toEqual([5, 5]);
      expect(dice.left()).toBe(0);
    }
  });
});
