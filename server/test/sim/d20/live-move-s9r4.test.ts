import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { creature, of, plain } from "./live-helpers.ts";

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

/**
 * A hero played by seat-1 at (5, 5) (movement `movement`, zero characteristics, 100 HP) against a
 * minion at (15, 10) out of its way; initiative hero 20, minion 1. `before` runs before the first
 * tick. The hero's turn is planned with `steps` through the live `planTurn` command and played by
 * `sim.step()` with no die; returns that tick's events and the step refusals.
 */
function planned(steps: unknown[], movement = 6, before?: (a: UnitRecord) => void): { sim: Simulation; a: UnitRecord; events: SimEvent[]; refusals: (string | null)[] } {
  const sim = d20Sim(1);
  const a = hero(sim, 5, 5, { controller: "seat-1" });
  const m = minion(sim, 15, 10);
  plain([a, m]);
  d20Of(a).movement = movement;
  before?.(a);
  a.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  forceDice(sim, []);
  const events = sim.step();
  return { sim, a, events, refusals: of(events, "turnPlanPlayed")[0]!.refusals };
}

describe("audit s9-r4: movement in a live d20 room", () => {
  it("D20-MOVE-31: with exactly the cost left (3 tiles walked of 6, 3 left) the prone hero stands up (3), and nothing is left for a 4th tile; with 2 left (4 walked) it is refused and the hero stays prone", () => {
    const even = planned([{ kind: "move", path: at([6, 5], [7, 5], [8, 5]) }, { kind: "dropProne" }, { kind: "standUp" }, { kind: "move", path: at([9, 5]) }]);
    expect([even.refusals, even.a.x, even.sim.ruleset.statuses(even.a)]).toEqual([[null, null, null, expect.stringContaining("D20-MOVE-07")], 8, []]);
    const short = planned([{ kind: "move", path: at([6, 5], [7, 5], [8, 5], [9, 5]) }, { kind: "dropProne" }, { kind: "standUp" }]);
    expect([short.refusals, short.a.x, short.sim.ruleset.statuses(short.a)]).toEqual([[null, null, "standing up costs half the movement value (D20-MOVE-30, D20-MOVE-31)"], 9, ["prone"]]);
  });

  it("D20-MOVE-31: a prone hero whose movement value is 0 cannot stand up, though standing costs half of 0 = 0 and 0 is left: it stays prone; with movement 1 (cost 0.5 of 1) it stands", () => {
    const prone = (a: UnitRecord) => { d20Of(a).statuses.push({ kind: "prone", turnsLeft: -1, sourceId: "" }); };
    const zero = planned([{ kind: "standUp" }], 0, prone);
    expect([zero.refusals, zero.sim.ruleset.statuses(zero.a)]).toEqual([["standing up costs half the movement value (D20-MOVE-30, D20-MOVE-31)"], ["prone"]]);
    const one = planned([{ kind: "standUp" }], 1, prone);
    expect([one.refusals, one.sim.ruleset.statuses(one.a)]).toEqual([[null], []]);
  });

  it("D20-MOVE-28: knocked down, the hero is prone as when it throws itself down: the minion's blow (d20 15, 1 bludgeoning) drops the hero at 1 HP to 0, unconscious and prone; the hero that drops prone by choice is prone too", () => {
    const sim = d20Sim(1);
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    plain([a, m]);
    d20Of(a).hp = 1;
    m.targetId = a.id;
    const dice = forceDice(sim, [1, 20, 15]); // initiative: hero 1, minion 20; the minion's blow: d20 15 hits AC 12
    const ev = sim.step();
    expect(dice.left()).toBe(0);
    expect(of(ev, "damaged").map((d) => [d.sourceId, d.targetId, d.amount, d.hp])).toEqual([[m.id, a.id, 1, 0]]);
    expect(of(ev, "knockedOut").map((k) => [k.unitId, k.outcome])).toEqual([[a.id, "unconscious"]]);
    expect([a.activity, sim.ruleset.statuses(a)]).toEqual(["unconscious", ["prone", "wounded"]]); // "wounded": at 0 of 100 HP (D20-HP)
    const chose = planned([{ kind: "dropProne" }]);
    expect([chose.refusals, chose.sim.ruleset.statuses(chose.a)]).toEqual([[null], ["prone"]]);
  });

  it("D20-MOVE-15: every switch costs 2: the keeper's giant bat (movement 9) takes off (9 − 2 = 7, × 2 = 14), flies 2 tiles (12 left), lands (12 − 2 = 10, ÷ 2 = 5 walking) and walks 5 tiles; a 6th is refused", () => {
    const sim = d20Sim(1);
    const c = creature(sim, "giantBat", 2, 1);
    c.controller = "seat-1";
    const h = hero(sim, 10, 8);
    plain([c, h]);
    d20Of(c).movement = 9;
    h.targetId = c.id;
    forceDice(sim, [20, 1]);
    sim.step();
    const row = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ x: from + i, y: 1 }));
    Object.values(sim.state.encounters ?? {})[0]!.plans[c.id] = { steps: [{ kind: "switchMode", mode: "fly" }, { kind: "move", path: row(3, 4) }, { kind: "switchMode", mode: "walk" }, { kind: "move", path: row(5, 9) }, { kind: "move", path: row(10, 10) }] };
    const dice = forceDice(sim, []);
    const events = sim.step();
    expect(dice.left()).toBe(0);
    expect(of(events, "moveModeChanged").map((e) => [e.from, e.mode, e.movementBefore, e.movementLeft])).toEqual([["walk", "fly", 9, 14], ["fly", "walk", 12, 5]]);
    expect(of(events, "turnPlanPlayed")[0]!.refusals).toEqual([null, null, null, null, "not enough movement left (D20-MOVE-07)"]);
    expect([c.x, c.y, d20Of(c).mode]).toEqual([9, 1, "walk"]);
  });
});
