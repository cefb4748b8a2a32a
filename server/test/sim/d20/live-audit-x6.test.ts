import { describe, expect, it } from "vitest";
import { ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { of, plain, run } from "./live-helpers.ts";
import { walled } from "./live-turn.ts";

// Audit a8-x6 (issue 17): live d20 tests for D20-MOVE-05 (the straight step) and D20-FLOW-02 (the order is set once).

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));
/** The ARENA with deep water `~` on x = 8..9, rows 2..9. */
const POOL = ARENA.split("\n").map((r, y) => (y >= 2 && y <= 9 ? r.slice(0, 8) + "~~" + r.slice(10) : r)).join("\n");

/**
 * A hero played by seat-1 at (6, 5) (movement 6, zero characteristics, 100 HP) on POOL against a
 * minion at (15, 10); initiative hero 20, minion 1. The hero's plan `steps` goes through the live
 * planTurn command; no die may be drawn on its tick. Returns the hero and the plan's refusals.
 */
function planned(steps: unknown[]): { a: UnitRecord; refusals: (string | null)[] } {
  const sim: Simulation = d20Sim(1, POOL);
  const a = hero(sim, 6, 5, { controller: "seat-1" });
  const m = minion(sim, 15, 10);
  plain([a, m]);
  a.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
  const dice = forceDice(sim, []);
  const events: SimEvent[] = sim.step();
  expect(dice.left()).toBe(0);
  return { a, refusals: of(events, "turnPlanPlayed")[0]!.refusals };
}

describe("audit x6: entering a straight tile needs 1 whole movement too (D20-MOVE-05)", () => {
  it("D20-MOVE-05: swimming leaves the hero 0.5 of movement at (8, 5): the straight step to (9, 5), next to it, is refused as the diagonal one is; with exactly 1 left (5 straight tiles on land) a 6th straight tile is taken", () => {
    // walk (7, 5): 6 → 5; switch to swimming: −2, then ×½ = 1.5; swim (8, 5): 0.5 left.
    const t = planned([{ kind: "move", path: at([7, 5]) }, { kind: "switchMode", mode: "swim" }, { kind: "move", path: at([8, 5]) }, { kind: "move", path: at([9, 5]) }]);
    expect(t.refusals).toEqual([null, null, null, "not enough movement left (D20-MOVE-07)"]);
    expect([t.a.x, t.a.y, d20Of(t.a).mode]).toEqual([8, 5, "swim"]);
    const d = planned([{ kind: "move", path: at([6, 6], [6, 7], [6, 8], [6, 9], [6, 10]) }, { kind: "move", path: at([6, 11]) }]);
    expect(d.refusals).toEqual([null, null]);
    expect([d.a.x, d.a.y]).toEqual([6, 11]);
  });
});

describe("audit x6: the order is set once, at the start (D20-FLOW-02)", () => {
  it("D20-FLOW-02: every participant rolls one d20 at the start (hero Agility 3: 9 = 12, minion Agility -2: 13 = 11, minion 2 Agility 4: 6 = 10); over three rounds no initiative is rolled again and each round keeps that order (the minions, walled in, never come to blows: no other die)", () => {
    const ring = (cx: number, cy: number) => [-1, 0, 1].flatMap((dx) => [-1, 0, 1].filter((dy) => dx || dy).map((dy) => [cx + dx, cy + dy] as const));
    const sim = d20Sim(1, walled([...ring(15, 3), ...ring(15, 8)]));
    const a = hero(sim, 5, 5);
    const m = minion(sim, 15, 3);
    const n = minion(sim, 15, 8);
    plain([a, m, n]);
    d20Of(a).abilities.agility = 3;
    d20Of(m).abilities.agility = -2;
    d20Of(n).abilities.agility = 4;
    a.targetId = m.id;
    const dice = recordD20Dice(sim, [9, 13, 6]);
    const ev = run(sim, 3 * ROUND_TICKS);
    expect(of(ev, "encounterStarted").map((e) => [e.tick, e.order, e.initiative])).toEqual([[1, [a.id, m.id, n.id], { [a.id]: 12, [m.id]: 11, [n.id]: 10 }]]);
    const rounds = [1, 2, 3].map((r) => of(ev, "turnStarted").filter((t) => t.round === r).map((t) => t.unitId));
    expect(rounds).toEqual([[a.id, m.id, n.id], [a.id, m.id, n.id], [a.id, m.id, n.id]]);
    expect(of(ev, "attack")).toEqual([]);
    expect([dice.draws, dice.left()]).toEqual([["d20=9", "d20=13", "d20=6"], 0]);
  });
});

describe("audit x6: Reload is a demi-action (D20-ACTION-45)", () => {
  it("D20-ACTION-45: as a demi-action, Reload may also take the full action's place (the catalogue's proposal): the hero reloads twice, and then its attack is refused (no full action left); no die is drawn", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 6, 5);
    plain([a, m]);
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "reload" }, { kind: "reload" }, { kind: "attack", targetId: m.id }] } as never)).toEqual({ ok: true });
    const dice = recordD20Dice(sim, []);
    const ev = sim.step();
    expect(of(ev, "turnPlanPlayed").map((e) => [e.unitId, e.refusals])).toEqual([[a.id, [null, null, "the full action is spent (D20-ACTION-03)"]]]);
    expect([of(ev, "attack"), d20Of(m).hp, dice.draws, dice.left()]).toEqual([[], 100, [], 0]);
  });
});
