import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain } from "./live-helpers.ts";

/*
 * Audit b2 of issue 17 (D20-MOVE-08): "a diagonal step cannot cut across the corner of a wall, a
 * large tree or any other feature that fills its tile". The live test (live-move-grid.test.ts:57)
 * played only a wall; the maps have no trees, and rules-decisions.md (D20-MOVE Left open, modes)
 * counts every tile the mode cannot enter as a corner. Here the other features: deep water for a
 * walker, dry ground for a swimmer, through the live `planTurn` command.
 * NOOK: the ARENA with deep water `~` at (6, 4), (5, 5) and (6, 5) (an L-shaped pool).
 */
const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));
const NOOK = ARENA.split("\n").map((r, y) => (y === 4 ? r.slice(0, 6) + "~" + r.slice(7) : y === 5 ? r.slice(0, 5) + "~~" + r.slice(7) : r)).join("\n");

/**
 * The hero played by seat-1 at (x, y) (movement 6, zero characteristics) against a minion at
 * (15, 10) that does not reach it; initiative hero 20, minion 1. Its turn plays `steps` through
 * `planTurn`; returns the refusals, where it ends and its mode.
 */
function planned(steps: unknown[], x: number, y: number): { a: UnitRecord; sim: Simulation; events: SimEvent[]; refusals: (string | null)[] } {
  const sim = d20Sim(1, NOOK);
  const a = hero(sim, x, y, { controller: "seat-1" });
  const m = minion(sim, 15, 10);
  plain([a, m]);
  a.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  const dice = forceDice(sim, []); // no die this tick
  const events = sim.step();
  expect(dice.left()).toBe(0);
  return { a, sim, events, refusals: of(events, "turnPlanPlayed")[0]!.refusals };
}

describe("audit b2: no diagonal across the corner of a tile the mover cannot enter (D20-MOVE-08)", () => {
  it("D20-MOVE-08: walking from (5, 4), the diagonal step to (6, 3) cuts the corner of the deep water at (6, 4) and is refused (the hero stays); round by (5, 3) it is fine", () => {
    const cut = planned([{ kind: "move", path: at([6, 3]) }], 5, 4);
    expect(cut.refusals).toEqual([expect.stringContaining("D20-MOVE-08")]);
    expect([cut.a.x, cut.a.y, d20Of(cut.a).mode]).toEqual([5, 4, "walk"]);
    const round = planned([{ kind: "move", path: at([5, 3], [6, 3]) }], 5, 4);
    expect(round.refusals).toEqual([null]);
    expect([round.a.x, round.a.y]).toEqual([6, 3]);
  });

  it("D20-MOVE-08: swimming from (5, 5), the diagonal step to the water at (6, 4) cuts the corner of the dry ground at (5, 4) and is refused; round by the water at (6, 5) it is fine", () => {
    const cut = planned([{ kind: "move", path: at([6, 4]) }], 5, 5);
    expect(cut.refusals).toEqual([expect.stringContaining("D20-MOVE-08")]);
    expect([cut.a.x, cut.a.y, d20Of(cut.a).mode]).toEqual([5, 5, "swim"]);
    const round = planned([{ kind: "move", path: at([6, 5], [6, 4]) }], 5, 5);
    expect(round.refusals).toEqual([null]);
    expect([round.a.x, round.a.y, d20Of(round.a).mode]).toEqual([6, 4, "swim"]);
  });
});
