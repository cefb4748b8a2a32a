import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { hasStatus } from "../../../src/sim/combat/d20/statuses.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain, planSteps } from "./live-helpers.ts";

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

function tick(sim: Simulation, dice: readonly number[]): SimEvent[] {
  const left = forceDice(sim, dice);
  const ev = sim.step();
  expect(left.left()).toBe(0);
  return ev;
}

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

const RETREAT = at([9, 5], [8, 5], [7, 5], [6, 5], [5, 5], [4, 5], [3, 5]);

describe("Ready with an extra move as the response (D20-ACTION-32, D20-ACTION-33) — game fix s9-r3", () => {
  it("D20-ACTION-33, D20-ACTION-32: the hero (movement 6) readies a move west along 7 tiles; when the minion walking in from (13, 5) enters its reach at (11, 5), the hero's reaction walks it 6 tiles to (4, 5) (its movement value: the 7th tile is refused), drawing the minion's opportunity attack (3 misses AC 12); the hero strikes nothing", () => {
    const { sim, a, m } = duel(10, 13);
    expect(d20Of(a).movement).toBe(6);
    planSteps(sim, a, [{ kind: "ready", path: RETREAT }]);
    expect(of(tick(sim, []), "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null] }]);
    expect([hasStatus(d20Of(a).statuses, "readied"), d20Of(a).reactionUsed, a.x, a.y]).toEqual([true, false, 10, 5]);
    const ev = tick(sim, [3]);
    expect(of(ev, "reaction").map((e) => [e.unitId, e.kind, e.detail, e.againstId])).toEqual([[a.id, "readied", "move", m.id], [m.id, "opportunityAttack", "unarmed", a.id]]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[m.id, false, 3, 12]]);
    expect([a.x, a.y, m.x, m.y]).toEqual([4, 5, 11, 5]);
    expect([d20Of(a).reactionUsed, hasStatus(d20Of(a).statuses, "readied"), d20Of(a).hp, d20Of(m).hp]).toEqual([true, false, 100, 100]);
  });

  it("D20-ACTION-33: the other response, an action: the same Ready without a path strikes the minion as it enters (11, 5) (15 hits AC 11, 1d8 4: 100 → 96) and the hero stays on (10, 5)", () => {
    const { sim, a, m } = duel(10, 13);
    planSteps(sim, a, [{ kind: "ready" }]);
    tick(sim, []);
    const ev = tick(sim, [15, 4, 3]);
    expect(of(ev, "reaction").map((e) => [e.unitId, e.detail])).toEqual([[a.id, "attack"]]);
    expect([a.x, a.y, m.x, m.y, d20Of(m).hp]).toEqual([10, 5, 11, 5, 96]);
  });

  it("D20-ACTION-32, D20-ACTION-31: the readied move waits for its trigger: while the minion (paralysed) stays 7 tiles off, nothing moves the hero, and the readied status ends at the start of its next turn (round 2)", () => {
    const { sim, a, m } = duel(10, 17);
    d20Of(m).statuses.push({ kind: "paralysed", turnsLeft: 1, sourceId: "" });
    planSteps(sim, a, [{ kind: "ready", path: RETREAT }]);
    tick(sim, []);
    planSteps(sim, a, []);
    const ev: SimEvent[] = [];
    for (let i = 0; i < 50 && !of(ev, "turnStarted").some((e) => e.unitId === a.id); i++) ev.push(...tick(sim, []));
    expect(of(ev, "turnStarted").map((e) => [e.unitId, e.round])).toEqual([[m.id, 1], [a.id, 2]]);
    expect(of(ev, "reaction")).toEqual([]);
    expect([a.x, a.y, hasStatus(d20Of(a).statuses, "readied")]).toEqual([10, 5, false]);
  });

  it("D20-ACTION-33: a readied path that does not start next to the hero, (8, 5) from (10, 5), is refused: nothing is readied and the plan stops there (no die drawn)", () => {
    const { sim, a, m } = duel(10, 13);
    planSteps(sim, a, [{ kind: "ready", path: at([8, 5], [7, 5]) }, { kind: "attack", targetId: m.id }]);
    const ev = tick(sim, []);
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: ["a readied move goes tile by tile from the creature (D20-ACTION-33)"] }]);
    expect([hasStatus(d20Of(a).statuses, "readied"), d20Of(m).hp]).toEqual([false, 100]);
  });
});
