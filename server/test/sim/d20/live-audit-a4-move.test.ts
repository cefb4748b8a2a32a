import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { creature, of, plain } from "./live-helpers.ts";

// Audit a4 (issue 17): live tests for movement rules whose citing tests were helper-only or stopped short.

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));
/** The ARENA with deep water `~` on x = 8..9, rows 2..9. */
const POOL = ARENA.split("\n").map((r, y) => (y >= 2 && y <= 9 ? r.slice(0, 8) + "~~" + r.slice(10) : r)).join("\n");

/**
 * A hero played by seat-1 at (`x`, `y`) (movement 6, zero characteristics, 100 HP) against a minion
 * at (`mx`, `my`); initiative hero 20, minion 1. The hero's plan `steps` goes through the live
 * planTurn command; `dice` are forced for that tick. Returns the tick's events and refusals.
 */
function planned(steps: (m: UnitRecord) => unknown[], opts: { map?: string; x?: number; y?: number; mx?: number; my?: number; dice?: number[] } = {}) {
  const sim: Simulation = d20Sim(1, opts.map ?? ARENA);
  const a = hero(sim, opts.x ?? 5, opts.y ?? 5, { controller: "seat-1" });
  const m = minion(sim, opts.mx ?? 15, opts.my ?? 10);
  plain([a, m]);
  a.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: steps(m) } as never)).toEqual({ ok: true });
  const dice = forceDice(sim, opts.dice ?? []);
  const events: SimEvent[] = sim.step();
  return { a, m, events, refusals: of(events, "turnPlanPlayed")[0]!.refusals, left: dice.left() };
}

describe("audit a4: entering a tile needs 1 whole movement (D20-MOVE-05)", () => {
  it("D20-MOVE-05: swimming leaves the hero 0.5 of movement: the diagonal step (9, 4) is refused though it is next to it; with exactly 1 left a diagonal step is taken", () => {
    // walk (7, 5): 6 → 5; switch to swimming: −2, then ×½ = 1.5; swim (8, 5): 0.5 left; the diagonal (9, 4) needs 1.
    const t = planned(() => [{ kind: "move", path: at([7, 5]) }, { kind: "switchMode", mode: "swim" }, { kind: "move", path: at([8, 5]) }, { kind: "move", path: at([9, 4]) }], { map: POOL, x: 6 });
    expect(t.refusals).toEqual([null, null, null, "not enough movement left (D20-MOVE-07)"]);
    expect([t.a.x, t.a.y, d20Of(t.a).mode]).toEqual([8, 5, "swim"]);
    // on land: 5 straight tiles leave exactly 1, enough for a 6th, diagonal, tile.
    const d = planned(() => [{ kind: "move", path: at([6, 5], [7, 5], [8, 5], [9, 5], [10, 5]) }, { kind: "move", path: at([11, 6]) }]);
    expect(d.refusals).toEqual([null, null]);
    expect([d.a.x, d.a.y]).toEqual([11, 6]);
  });
});

describe("audit a4: distance counts from the next tile to the target's (D20-MOVE-09)", () => {
  it("D20-MOVE-09: a minion two tiles off, straight or diagonal (one empty tile between: distance 2), is out of the hero's reach 1 and the blow is refused; diagonally next to it (distance 1) the blow lands (15 hits AC 11)", () => {
    const strike = (m: UnitRecord) => [{ kind: "attack", targetId: m.id }];
    for (const [mx, my] of [[7, 7], [7, 5], [5, 3]]) {
      const far = planned(strike, { mx, my });
      expect(far.refusals).toEqual(["the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)"]);
      expect(of(far.events, "attack")).toEqual([]);
    }
    const near = planned(strike, { mx: 6, my: 6, dice: [15, 1] });
    expect(near.refusals).toEqual([null]);
    expect(of(near.events, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([[near.a.id, near.m.id, true, 15]]);
    expect(near.left).toBe(0);
  });
});

describe("audit a4: distance to a Large creature runs to the nearest tile of its space (D20-MOVE-09, D20-SIZE-01)", () => {
  /** A hero (seat-1) at (`x`, 5) and a Large troll covering (4..5, 4..5); initiative hero 20, troll 1; the hero's plan: strike the troll. */
  function strikeTroll(x: number, dice: number[]) {
    const sim = d20Sim();
    const a = hero(sim, x, 5, { controller: "seat-1" });
    const t = creature(sim, "troll", 4, 4);
    plain([a, t]);
    a.targetId = t.id;
    forceDice(sim, [20, 1]);
    sim.step();
    expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: t.id }] } as never)).toEqual({ ok: true });
    const left = forceDice(sim, dice);
    const ev = sim.step();
    return { a, t, refusals: of(ev, "turnPlanPlayed")[0]!.refusals, attacks: of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll]), left: left.left() };
  }

  it("D20-MOVE-09, D20-SIZE-01: from (6, 5) the troll's tile (5, 5) is next to the hero (distance 1, though its corner (4, 4) is 2 off): the blow is played (2); from (7, 5), one empty tile between (distance 2), it is refused", () => {
    const near = strikeTroll(6, [2]);
    expect(near.refusals).toEqual([null]);
    expect(near.attacks).toEqual([[near.a.id, near.t.id, 2]]);
    expect(near.left).toBe(0);
    const far = strikeTroll(7, []);
    expect(far.refusals).toEqual(["the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)"]);
    expect(far.attacks).toEqual([]);
  });
});
