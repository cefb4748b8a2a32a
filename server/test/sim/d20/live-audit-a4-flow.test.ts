import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { bare, heroOpens, of, plain, planSteps, run } from "./live-helpers.ts";

// Audit a4 (issue 17): live tests for rules whose citing tests stopped short of the rule's statement.

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

describe("audit a4: surprise is decided against each observer (D20-FLOW-08)", () => {
  it("D20-FLOW-08: a hider's Stealth 12 is compared with each minion's passive Perception: 11 is beaten (surprised), 13 is not (acts)", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const dull = minion(sim, 6, 5);
    const keen = minion(sim, 6, 6);
    plain([a, dull, keen]);
    d20Of(dull).abilities.perception = 1; // passive 11
    d20Of(keen).abilities.perception = 3; // passive 13
    addStatus(d20Of(a).statuses, "hidden");
    a.targetId = dull.id;
    // the hide roll 12, initiative hero 20, dull 1, keen 2.
    const dice = forceDice(sim, [12, 20, 1, 2]);
    const start = of(sim.step(), "encounterStarted")[0]!;
    expect(start).toMatchObject({ surprised: [dull.id], order: [a.id, keen.id, dull.id] });
    expect(dice.left()).toBe(0);
  });
});

describe("audit a4: the sheet's movement is the turn's movement (D20-FLOW-28)", () => {
  it("D20-FLOW-28: a hero whose sheet says movement 4 walks 4 tiles in its turn; a 5th is refused (not the default 6)", () => {
    const sim = d20Sim();
    const { a } = heroOpens(sim, 15, 10, (h) => { d20Of(h).movement = 4; });
    planSteps(sim, a, [{ kind: "move", path: at([6, 5], [7, 5], [8, 5], [9, 5]) }, { kind: "move", path: at([10, 5]) }]);
    const dice = forceDice(sim, []);
    const ev = sim.step();
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null, "not enough movement left (D20-MOVE-07)"] }]);
    expect([a.x, a.y]).toEqual([9, 5]);
    expect(dice.left()).toBe(0);
  });
});

/** Reactions and attacks of a stretch of play, ticks and encounter ids dropped. */
const flow = (ev: readonly SimEvent[]) => bare(ev, ["turnStarted", "reaction", "attack", "turnPlanPlayed"]);

describe("audit a4: a reaction interrupts, then the turn goes on (D20-FLOW-36, D20-FLOW-39)", () => {
  it("D20-FLOW-36, D20-FLOW-39: the hero walks out of the minion's reach: its opportunity attack (3) and the hero's parry come mid-move, then the hero walks on to (2, 5) and strikes the second minion in the same turn (events in that order)", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 6, 5);
    const n = minion(sim, 1, 5);
    plain([a, m, n]);
    d20Of(a).abilities.strength = 1; // a parry (+1) to make
    a.targetId = m.id;
    forceDice(sim, [20, 1, 2]);
    sim.step();
    planSteps(sim, a, [{ kind: "move", path: at([4, 5], [3, 5], [2, 5]) }, { kind: "attack", targetId: n.id }]);
    // the opportunity attack 3 (the parry: 12 + Strength 1 = 13); the hero's blow on the second minion 2 + Strength 1 = 3 (a miss).
    const dice = forceDice(sim, [3, 2]);
    const ev = sim.step();
    expect(flow(ev)).toEqual([
      { type: "turnStarted", round: 1, unitId: a.id },
      { type: "reaction", unitId: m.id, kind: "opportunityAttack", detail: "unarmed", againstId: a.id },
      { type: "reaction", unitId: a.id, kind: "defence", detail: "parry", againstId: m.id },
      { type: "attack", attackerId: m.id, targetId: a.id, hit: false, attackRoll: 3, defenceRoll: 13 },
      { type: "attack", attackerId: a.id, targetId: n.id, hit: false, attackRoll: 3, defenceRoll: 11 },
      { type: "turnPlanPlayed", unitId: a.id, refusals: [null, null] },
    ]);
    expect([a.x, a.y]).toEqual([2, 5]);
    expect(dice.left()).toBe(0);
  });
});

describe("audit a4: a reaction needs something that provides it (D20-FLOW-34)", () => {
  /** A hero (seat-1) at (5, 5) and a minion at (9, 5), out of reach; the hero's plan `steps`, then the minion's AI turn walks up and strikes. */
  function approach(steps: unknown[], dice: number[]) {
    const sim = d20Sim();
    const { a, m } = heroOpens(sim, 9);
    planSteps(sim, a, steps);
    const left = forceDice(sim, dice);
    const ev = run(sim, 3);
    return { a, m, ev, reactions: of(ev, "reaction").map((e) => [e.unitId, e.kind, e.detail, e.againstId]), attacks: of(ev, "attack").map((e) => [e.attackerId, e.attackRoll]), left: left.left() };
  }

  it("D20-FLOW-34: the minion walking up to the hero draws no reaction from it; after the hero's Ready (the action that provides one) the same approach is met by its readied blow (2, a miss) before the minion's own (1)", () => {
    const plainTurn = approach([], [1]);
    expect(plainTurn.reactions).toEqual([]);
    expect(plainTurn.attacks).toEqual([[plainTurn.m.id, 1]]);
    expect(plainTurn.left).toBe(0);
    const readied = approach([{ kind: "ready" }], [2, 1]);
    expect(readied.reactions).toEqual([[readied.a.id, "readied", "attack", readied.m.id]]);
    expect(readied.attacks).toEqual([[readied.a.id, 2], [readied.m.id, 1]]);
    expect(readied.left).toBe(0);
  });
});
