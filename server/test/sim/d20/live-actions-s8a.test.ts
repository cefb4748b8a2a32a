import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain } from "./live-helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";

/**
 * Issue 17, sweep s8 (stress point 4, every branch): the "before your next turn" limit of Help
 * (D20-ACTION-16, D20-ACTION-18) played in a live d20 room: players plan turns with `planTurn`,
 * `sim.step()` plays them, the dice are recorded with their size (diceRecorder.ts).
 */

/** Sends `steps` (or a wait, when empty) as `u`'s plan through the live planTurn command (its seat is its `controller`). */
function plan(sim: Simulation, u: UnitRecord, steps: unknown[]): void {
  const cmd = steps.length === 0 ? { type: "planTurn", action: "wait" } : { type: "planTurn", action: "steps", steps };
  expect(sim.enqueue({ kind: "adventurer", seatId: u.controller!, unitId: u.id }, cmd as never)).toEqual({ ok: true });
}

/** Steps until the encounter waits for the plan of `u` (its player's turn is due; at most 40 ticks): the events. */
function untilTurnOf(sim: Simulation, u: UnitRecord): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < 40; i++) {
    out.push(...sim.step());
    const enc = Object.values(sim.state.encounters ?? {})[0]!;
    if (enc.order[enc.turnIndex] === u.id && enc.waitingSince >= 0) return out;
  }
  throw new Error(`no turn of ${u.id}`);
}

describe("Help lasts until the helper's next turn (D20-ACTION-16, D20-ACTION-18)", () => {
  /**
   * Player heroes A (5, 5) and B (7, 6) against a minion at (8, 5) (plain, 100 HP, AC 11);
   * initiative A 20, B 19, the minion 1. Round 1: A helps B against the minion; B attacks at once
   * (`attackNow`) or waits; the minion's natural 1 misses. Round 2: A waits, then B attacks.
   * Returns B's attacks' draws and events.
   */
  function helpThenLater(attackNow: boolean, dice: number[]) {
    const sim = d20Sim(1);
    const a = hero(sim, 5, 5, { controller: "a0" });
    const b = hero(sim, 7, 6, { controller: "a1" });
    const m = minion(sim, 8, 5, { faction: "dungeon" });
    plain([a, b, m]);
    a.targetId = m.id;
    forceDice(sim, [20, 19, 1]);
    sim.step();
    plan(sim, a, [{ kind: "help", allyId: b.id, targetId: m.id }]);
    const rec = recordD20Dice(sim, dice);
    const events = [...sim.step()];
    const helpedAfterHelp = d20Of(b).statuses.map((s) => [s.kind, s.sourceId, s.detail]);
    plan(sim, b, attackNow ? [{ kind: "attack", targetId: m.id }] : []);
    events.push(...untilTurnOf(sim, a));
    const helpedBeforeAsNextTurn = d20Of(b).statuses.map((s) => [s.kind, s.sourceId, s.detail]);
    plan(sim, a, []);
    events.push(...sim.step());
    const helpedAtAsNextTurn = d20Of(b).statuses.map((s) => [s.kind, s.sourceId, s.detail]);
    events.push(...untilTurnOf(sim, b));
    plan(sim, b, [{ kind: "attack", targetId: m.id }]);
    events.push(...sim.step());
    expect(rec.left()).toBe(0);
    return { a, b, m, events, draws: rec.draws, helpedAfterHelp, helpedBeforeAsNextTurn, helpedAtAsNextTurn };
  }

  it("D20-ACTION-18: B attacks before A's next turn: its first attack draws two d20 (3 and 16, the 16 hits AC 11, 1d8 6); the help is spent, so its round-2 attack draws one d20 (3 misses)", () => {
    const f = helpThenLater(true, [3, 16, 6, 1, 3]);
    expect(f.helpedAfterHelp).toEqual([["helped", f.a.id, f.m.id]]);
    expect(f.draws).toEqual(["d20=3", "d20=16", "d8=6", "d20=1", "d20=3"]);
    expect(of(f.events, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll])).toEqual([[f.b.id, true, 16], [f.m.id, false, 1], [f.b.id, false, 3]]);
    expect(d20Of(f.m).hp).toBe(94);
  });

  it("D20-ACTION-18: B waits in round 1; at the start of A's next turn the help is gone, so B's round-2 attack draws one d20 (3 misses, no second die)", () => {
    const f = helpThenLater(false, [1, 3]);
    expect(f.helpedAfterHelp).toEqual([["helped", f.a.id, f.m.id]]);
    expect([f.helpedBeforeAsNextTurn, f.helpedAtAsNextTurn]).toEqual([[["helped", f.a.id, f.m.id]], []]);
    expect(f.draws).toEqual(["d20=1", "d20=3"]);
    expect(of(f.events, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll])).toEqual([[f.m.id, false, 1], [f.b.id, false, 3]]);
    expect(d20Of(f.m).hp).toBe(100);
  });

  /**
   * Player heroes A (5, 5), B (6, 6) and C (6, 5), a minion at (17, 5) (too far to strike before round 3); initiative A 20, B 19, C 2,
   * the minion 1; C lies dying (0 HP, 1 failure: first aid needs 10 + 1). Round 1: A helps B with
   * the first aid on C; B gives first aid at once (`now`) or waits. Round 2: A waits, B gives first aid.
   */
  function helpFirstAidLater(now: boolean, dice: number[]) {
    const sim = d20Sim(1);
    const a = hero(sim, 5, 5, { controller: "a0" });
    const b = hero(sim, 6, 6, { controller: "a1" });
    const c = hero(sim, 6, 5, { controller: "a2" });
    const m = minion(sim, 17, 5, { faction: "dungeon" });
    plain([a, b, c, m]);
    a.targetId = m.id;
    forceDice(sim, [20, 19, 2, 1]);
    sim.step();
    const cd = d20Of(c);
    cd.hp = 0; cd.deathSaves.failures = 1; c.activity = "unconscious";
    plan(sim, a, [{ kind: "help", allyId: b.id, targetId: c.id }]);
    const rec = recordD20Dice(sim, dice);
    sim.step();
    plan(sim, b, now ? [{ kind: "firstAid", targetId: c.id }] : []);
    sim.step();
    return { sim, a, b, c: cd, cUnit: c, rec };
  }

  it("D20-ACTION-16: B's first aid made before A's next turn has advantage: two d20 (4 and 11), the 11 reaches 10 + 1 and C is stable", () => {
    const f = helpFirstAidLater(true, [4, 11]);
    expect([f.rec.draws, f.rec.left()]).toEqual([["d20=4", "d20=11"], 0]);
    expect([f.c.stable, f.c.hp]).toEqual([true, 0]);
  });

  it("D20-ACTION-16: B waits; A's next turn starts and the help is gone: B's round-2 first aid draws one d20 (4, short of 10 + 1: C stays dying), no second die", () => {
    const f = helpFirstAidLater(false, []);
    expect(d20Of(f.b).statuses.map((s) => s.kind)).toEqual(["helped"]);
    // C's dying turn (death save d20 12), the minion walks (no die); round 2: A's turn clears the help.
    const rec = recordD20Dice(f.sim, [12, 4]);
    untilTurnOf(f.sim, f.a);
    expect(d20Of(f.b).statuses.map((s) => s.kind)).toEqual(["helped"]);
    plan(f.sim, f.a, []);
    f.sim.step();
    expect(d20Of(f.b).statuses).toEqual([]);
    untilTurnOf(f.sim, f.b);
    plan(f.sim, f.b, [{ kind: "firstAid", targetId: f.cUnit.id }]);
    const aid = f.sim.step();
    expect(of(aid, "turnPlanPlayed").map((e) => [e.unitId, e.refusals])).toEqual([[f.b.id, [null]]]);
    expect([rec.draws, rec.left()]).toEqual([["d20=12", "d20=4"], 0]);
    expect([f.c.stable, f.c.hp, f.c.dead]).toEqual([false, 0, false]);
  });
});

describe("Dash doubles the movement of the turn (D20-ACTION-10, D20-ACTION-11)", () => {
  const row = (from: number, to: number, y = 5) => Array.from({ length: to - from + 1 }, (_, i) => ({ x: from + i, y }));
  /** A player Warrior given movement 9 at (1, 5), a minion at (12, 9) (within FLEE_DISTANCE, off the row); initiative Warrior 20, minion 1; the Warrior's turn plays `steps`. */
  function walk(steps: unknown[] | ((m: UnitRecord) => unknown[])) {
    const sim = d20Sim(1);
    const w = hero(sim, 1, 5, { controller: "a0", adventurerClass: "Warrior" });
    const m = minion(sim, 12, 9, { faction: "dungeon" });
    plain([w, m]);
    d20Of(w).movement = 9;
    w.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    plan(sim, w, typeof steps === "function" ? steps(m) : steps);
    const rec = recordD20Dice(sim, []);
    const events = sim.step();
    expect(rec.draws).toEqual([]);
    return { w, m, at: [w.x, w.y], refusals: of(events, "turnPlanPlayed")[0]!.refusals };
  }

  it("D20-ACTION-10: with movement 9 the Warrior Dashes and walks 18 tiles, (1, 5) to (19, 5); a 19th tile is refused (not enough movement left)", () => {
    const f = walk([{ kind: "dash" }, { kind: "move", path: row(2, 19) }, { kind: "move", path: [{ x: 19, y: 6 }] }]);
    expect([f.refusals, f.at]).toEqual([[null, null, "not enough movement left (D20-MOVE-07)"], [19, 5]]);
  });

  it("D20-ACTION-10: without Dash the same 18-tile walk stops after its movement 9, at (10, 5)", () => {
    const f = walk([{ kind: "move", path: row(2, 19) }]);
    expect([f.refusals, f.at]).toEqual([["not enough movement left (D20-MOVE-07)"], [10, 5]]);
  });

  it("D20-ACTION-11: after the Dash and its walk the Warrior can take no other action: its attack on the minion it reached is refused and draws no die", () => {
    const f = walk((m) => [{ kind: "dash" }, { kind: "move", path: [...row(2, 11), { x: 11, y: 6 }, { x: 11, y: 7 }, { x: 11, y: 8 }] }, { kind: "attack", targetId: m.id }]);
    expect([f.refusals, f.at, d20Of(f.m).hp]).toEqual([[null, null, "no other action after Dash or Disengage (D20-ACTION-11, D20-ACTION-14)"], [11, 8], 100]);
  });
});
