import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain } from "./live-helpers.ts";

/**
 * Issue 17, sweep s9 (r8): the "except reactions" clause of D20-ACTION-14, in a live d20 room (a
 * seat plans the turn with `planTurn`, `sim.step()` plays it and the minion's AI turn after it).
 */

/** A hero (seat-1, Strength `str`) at (5, 5) next to a minion at (6, 5), plain (zero characteristics, 100 HP), the hero first (initiative 20 against 1). */
function duel(str: number): { sim: Simulation; a: UnitRecord; m: UnitRecord } {
  const sim = d20Sim();
  const a = hero(sim, 5, 5, { controller: "seat-1" });
  const m = minion(sim, 6, 5);
  plain([a, m]);
  d20Of(a).abilities.strength = str;
  a.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  return { sim, a, m };
}

describe("D20-ACTION-14: Disengage leaves the reaction (live d20 room)", () => {
  it("D20-ACTION-14: after its Disengage the hero (Strength 1) still parries the minion's blow in the minion's turn: 12 against AC 12 + 1 = 13 misses; with Strength 0 (no reaction) the same 12 hits AC 12 for 1", () => {
    for (const str of [1, 0]) {
      const { sim, a, m } = duel(str);
      expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "disengage" }] } as never)).toEqual({ ok: true });
      const dice = forceDice(sim, [12]);
      const ev = [];
      for (let i = 0; i < 200 && of(ev, "attack").length === 0; i++) ev.push(...sim.step());
      expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null] }]);
      expect(of(ev, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual(str ? [[a.id, "defence", m.id]] : []);
      expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[m.id, a.id, !str, 12, str ? 13 : 12]]);
      expect(d20Of(a).reactionUsed ?? false).toBe(str === 1);
      expect([d20Of(a).hp, dice.left()]).toEqual([str ? 100 : 99, 0]); // the minion's unarmed blow: 1 damage, no die
    }
  });
});

describe("D20-ACTION-01: the actions of the section are what a turn may take (live d20 room)", () => {
  it("D20-ACTION-01: through planTurn the hero's turn plays each described action (attack, dash, disengage, hide, search, ready, help, useObject) and refuses an undescribed one (intimidate)", () => {
    const results: Record<string, unknown> = {};
    const steps: Record<string, (a: UnitRecord, m: UnitRecord, b: UnitRecord) => unknown> = {
      attack: (_a, m) => ({ kind: "attack", targetId: m.id }),
      dash: () => ({ kind: "dash" }),
      disengage: () => ({ kind: "disengage" }),
      hide: () => ({ kind: "hide" }),
      search: () => ({ kind: "search" }),
      ready: () => ({ kind: "ready" }),
      help: (_a, m, b) => ({ kind: "help", allyId: b.id, targetId: m.id }),
      useObject: (_a, _m, b) => ({ kind: "useObject", item: "bandage", targetId: b.id }),
      intimidate: (_a, m) => ({ kind: "intimidate", targetId: m.id }),
    };
    for (const [name, make] of Object.entries(steps)) {
      const sim = d20Sim();
      const a = hero(sim, 5, 5, { controller: "seat-1" });
      const b = hero(sim, 5, 6);
      const m = minion(sim, 6, 5);
      plain([a, b, m]);
      a.targetId = m.id;
      forceDice(sim, [20, 2, 1]);
      sim.step();
      sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [make(a, m, b)] } as never);
      forceDice(sim, [1, 1, 1, 1]);
      const ev = sim.step();
      results[name] = of(ev, "turnPlanPlayed").filter((e) => e.unitId === a.id).map((e) => e.refusals);
    }
    const played = [[null]];
    expect(results).toEqual({
      attack: played, dash: played, disengage: played, hide: played, search: played, ready: played, help: played, useObject: played,
      intimidate: [["\"intimidate\" is not an action these rules describe (D20-ACTION-02)"]],
    });
  });
});
