import { describe, expect, it } from "vitest";
import { ROUND_TICKS } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { of, plain, run } from "./live-helpers.ts";

/*
 * Issue 17 sweep s8b: the D20-FLOW rules on recorded dice in a live d20 room (Simulation.step()).
 * Every test records the draws (diceRecorder.ts): "d20=v" shows the rule asked for a d20.
 */
describe("s8b: initiative is 1d20 + Agility, highest first (D20-FLOW-02, D20-FLOW-17, D20-FLOW-18, D20-FLOW-19)", () => {
  it("D20-FLOW-02, D20-FLOW-17, D20-FLOW-18, D20-FLOW-19: the hero (Agility 3) rolls d20 9 = 12, the minion (Agility -2) d20 13 = 11, the second minion (Agility 4) d20 6 = 10: one d20 each at the start, order hero, minion, minion 2", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    const n = minion(sim, 6, 6);
    plain([a, m, n]);
    d20Of(a).abilities.agility = 3;
    d20Of(m).abilities.agility = -2;
    d20Of(n).abilities.agility = 4;
    a.targetId = m.id;
    // initiative in id order; then the hero's AI blow (natural 1 misses, the minion's Agility -2 leaves it no dodge).
    const dice = recordD20Dice(sim, [9, 13, 6, 1]);
    const ev = sim.step();
    expect(of(ev, "encounterStarted").map((e) => [e.order, e.initiative])).toEqual([[[a.id, m.id, n.id], { [a.id]: 12, [m.id]: 11, [n.id]: 10 }]]);
    expect(of(ev, "turnStarted").map((e) => e.unitId)).toEqual([a.id]);
    expect(dice.draws).toEqual(["d20=9", "d20=13", "d20=6", "d20=1"]);
    expect(dice.left()).toBe(0);
  });
});

describe("s8b: initiative ties (D20-FLOW-21, D20-FLOW-22, D20-FLOW-23)", () => {
  it("D20-FLOW-21 (Left open: the players' agreed order is unit id order): two players' heroes tied at 14 (d20 12 + Agility 2, d20 14 + 0) keep the agreed order with no roll-off die; the minion's 3 comes last", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "a0" });
    const b = hero(sim, 5, 6, { controller: "a1" });
    const m = minion(sim, 6, 5);
    plain([a, b, m]);
    d20Of(a).abilities.agility = 2;
    a.targetId = m.id;
    const dice = recordD20Dice(sim, [12, 14, 3]);
    const ev = sim.step();
    expect(of(ev, "encounterStarted").map((e) => [e.order, e.initiative])).toEqual([[[a.id, b.id, m.id], { [a.id]: 14, [b.id]: 14, [m.id]: 3 }]]);
    expect(dice.draws).toEqual(["d20=12", "d20=14", "d20=3"]);
    expect(dice.left()).toBe(0);
  });

  it("D20-FLOW-22, D20-FLOW-23 (Left open: the server always has both roll a d20): a player's hero (Agility 1) and the minion tie at 11; a d20 roll-off each, higher first: 4 and 17 puts the minion first, 17 and 4 the hero; a tied roll-off (8, 8) is rolled again (5, 16)", () => {
    const tie = (rollOff: number[]) => {
      const sim = d20Sim();
      const a = hero(sim, 5, 5, { controller: "a0" });
      const m = minion(sim, 6, 5);
      plain([a, m]);
      d20Of(a).abilities.agility = 1;
      a.targetId = m.id;
      // initiative hero 10 + 1, minion 11; the roll-off; then (minion first) its blow, a natural 1.
      const dice = recordD20Dice(sim, [10, 11, ...rollOff]);
      const started = of(sim.step(), "encounterStarted")[0]!;
      expect(started.initiative).toEqual({ [a.id]: 11, [m.id]: 11 });
      return { order: started.order, draws: dice.draws, left: dice.left(), a: a.id, m: m.id };
    };
    const minionFirst = tie([4, 17, 1]);
    expect(minionFirst.order).toEqual([minionFirst.m, minionFirst.a]);
    expect(minionFirst.draws).toEqual(["d20=10", "d20=11", "d20=4", "d20=17", "d20=1"]);
    expect(minionFirst.left).toBe(0);
    const heroFirst = tie([17, 4]); // the hero's turn waits for its player: no more dice
    expect(heroFirst.order).toEqual([heroFirst.a, heroFirst.m]);
    expect(heroFirst.draws).toEqual(["d20=10", "d20=11", "d20=17", "d20=4"]);
    expect(heroFirst.left).toBe(0);
    const again = tie([8, 8, 5, 16, 1]);
    expect(again.order).toEqual([again.m, again.a]);
    expect(again.draws).toEqual(["d20=10", "d20=11", "d20=8", "d20=8", "d20=5", "d20=16", "d20=1"]);
    expect(again.left).toBe(0);
  });
});

describe("s8b: surprise on recorded dice (D20-FLOW-08, D20-FLOW-09, D20-FLOW-10)", () => {
  it("D20-FLOW-08, D20-FLOW-09, D20-FLOW-10: the hidden hero's Stealth is d20 + Furtivité 2 + Discrétion 1; the minion's passive Perception is 10 + Perception 2 + vigilance 1 = 13: d20 10 (13) is noticed, d20 11 (14) surprises it", () => {
    const ambush = (stealthDie: number) => {
      const sim = d20Sim();
      const a = hero(sim, 5, 5);
      const m = minion(sim, 6, 5);
      plain([a, m]);
      d20Of(a).abilities.furtivite = 2;
      d20Of(a).skills.discretion = 1;
      d20Of(m).abilities.perception = 2;
      d20Of(m).skills.vigilance = 1;
      addStatus(d20Of(a).statuses, "hidden");
      a.targetId = m.id;
      // the Stealth roll, initiative hero 3, minion 18; a minion not surprised strikes (natural 1); a surprised one skips its turn.
      const dice = recordD20Dice(sim, stealthDie === 10 ? [10, 3, 18, 1] : [11, 3, 18]);
      const start = of(sim.step(), "encounterStarted")[0]!;
      return { surprised: start.surprised, m: m.id, draws: dice.draws, left: dice.left() };
    };
    const seen = ambush(10);
    expect(seen.surprised).toEqual([]);
    expect(seen.draws).toEqual(["d20=10", "d20=3", "d20=18", "d20=1"]);
    expect(seen.left).toBe(0);
    const missed = ambush(11);
    expect(missed.surprised).toEqual([missed.m]);
    expect(missed.draws).toEqual(["d20=11", "d20=3", "d20=18"]);
    expect(missed.left).toBe(0);
  });
});

describe("s8b: rounds on forced dice (D20-FLOW-01, D20-FLOW-03, D20-FLOW-24, D20-FLOW-25, D20-FLOW-26)", () => {
  it("D20-FLOW-01, D20-FLOW-03, D20-FLOW-24, D20-FLOW-25: hero (d20 15) and minion (d20 4) each take one turn a round in that order, every blow a natural 1; round 2 starts ROUND_TICKS after round 1 with the same order and no new initiative die", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    plain([a, m]);
    a.targetId = m.id;
    const dice = recordD20Dice(sim, [15, 4, 1, 1, 1, 1]);
    const ev = run(sim, 2 * ROUND_TICKS);
    expect(of(ev, "turnStarted").map((t) => [t.round, t.unitId, t.tick])).toEqual([
      [1, a.id, 1], [1, m.id, 2], [2, a.id, 1 + ROUND_TICKS], [2, m.id, 2 + ROUND_TICKS],
    ]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([
      [a.id, m.id, false, 1], [m.id, a.id, false, 1], [a.id, m.id, false, 1], [m.id, a.id, false, 1],
    ]);
    expect(of(ev, "encounterEnded")).toEqual([]);
    expect(dice.draws).toEqual(["d20=15", "d20=4", "d20=1", "d20=1", "d20=1", "d20=1"]);
    expect(dice.left()).toBe(0);
  });

  it("D20-FLOW-26, D20-FLOW-03: the hero's blow (d20 15 hits AC 11, sword d8 6) kills the 1-HP minion in round 1: the encounter ends that tick, beaten, and no round 2 starts (no turn, no die after)", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    plain([a], 100);
    plain([m], 1);
    a.targetId = m.id;
    const dice = recordD20Dice(sim, [15, 4, 15, 6]);
    const ev = run(sim, 2 * ROUND_TICKS);
    expect(of(ev, "damaged").map((e) => [e.sourceId, e.targetId, e.amount])).toEqual([[a.id, m.id, 6]]);
    expect(of(ev, "encounterEnded").map((e) => [e.reason, e.tick])).toEqual([["beaten", 1]]);
    expect(of(ev, "turnStarted").map((t) => [t.round, t.unitId])).toEqual([[1, a.id]]);
    expect(sim.state.encounters).toEqual({});
    expect(dice.draws).toEqual(["d20=15", "d20=4", "d20=15", "d8=6"]);
    expect(dice.left()).toBe(0);
  });

  it("D20-FLOW-26: a side down but not dead is routed too: the wanderer (d20 15 first) drops the 1-HP hero to 0 HP; the hero lies dying, not dead, and the encounter ends that tick, beaten, with no hero turn: its next die is its jet de destin outside any fight on tick ROUND_TICKS (d20 12), and no round 2 starts on tick 1 + ROUND_TICKS", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const w = hero(sim, 6, 5, { faction: "wanderers" });
    plain([a, w], 100);
    d20Of(a).hp = 1; // 6 damage leaves 5 over, short of its 100 maximum: dying, not dead outright (D20-HP-13)
    w.targetId = a.id;
    const dice = recordD20Dice(sim, [4, 15, 15, 6, 12]);
    const ev = run(sim, ROUND_TICKS + 1);
    expect(of(ev, "damaged").map((e) => [e.sourceId, e.targetId, e.amount])).toEqual([[w.id, a.id, 6]]);
    expect([d20Of(a).hp, d20Of(a).dead, a.activity]).toEqual([0, false, "unconscious"]);
    expect(of(ev, "encounterEnded").map((e) => [e.reason, e.tick])).toEqual([["beaten", 1]]);
    expect(of(ev, "turnStarted").map((t) => [t.round, t.unitId])).toEqual([[1, w.id]]);
    expect(sim.state.encounters).toEqual({});
    expect(dice.draws).toEqual(["d20=4", "d20=15", "d20=15", "d8=6", "d20=12"]);
    expect(dice.left()).toBe(0);
  });

  it("D20-FLOW-26: the hero, its blow a natural 1, is carried 10 tiles off and nobody chases: the encounter ends as fled with no further die", () => {
    const sim = d20Sim();
    const a = hero(sim, 1, 1);
    const m = minion(sim, 2, 1);
    plain([a, m]);
    a.targetId = m.id;
    const dice = recordD20Dice(sim, [15, 4, 1]);
    sim.step();
    a.x = 19; a.y = 10; a.targetId = "";
    m.targetId = "";
    const ev = run(sim, 2);
    expect(of(ev, "encounterEnded").map((e) => e.reason)).toEqual(["fled"]);
    expect(dice.draws).toEqual(["d20=15", "d20=4", "d20=1"]);
    expect(dice.left()).toBe(0);
  });
});

describe("s8b: positions are fixed before initiative (D20-FLOW-16)", () => {
  it("D20-FLOW-16: a wanderer walking outside the encounter keeps walking in real time, while the hero (d20 20) and minion (d20 2) stay on their tiles between turns (every blow a natural 1)", () => {
    const sim = d20Sim();
    const a = hero(sim, 2, 2);
    const m = minion(sim, 3, 2);
    const walker = hero(sim, 19, 11, { faction: "wanderers" });
    plain([a, m, walker]);
    a.targetId = m.id;
    walkTo(sim, walker, { x: 19, y: 5 });
    const dice = recordD20Dice(sim, [20, 2, 1, 1]);
    const ev = run(sim, ROUND_TICKS - 1);
    expect(of(ev, "encounterStarted").map((e) => e.order)).toEqual([[a.id, m.id]]);
    expect([a.x, a.y, m.x, m.y]).toEqual([2, 2, 3, 2]);
    expect(walker.y).toBe(11 - Math.floor((ROUND_TICKS - 1) / 4));
    expect(dice.draws).toEqual(["d20=20", "d20=2", "d20=1", "d20=1"]);
    expect(dice.left()).toBe(0);
  });
});

describe("s8b: either side may strike first (D20-FLOW-04)", () => {
  it("D20-FLOW-04: the hero going for the minion 4 tiles off (which has not gone for anyone) starts the encounter; the dungeon's minion going by itself (its own AI) for the hero next to it, which has no AI of its own (no party) and goes for no one, starts it just the same: the first tick, hero d20 14, minion d20 6", () => {
    for (const side of ["heroes", "dungeon"] as const) {
      const sim = d20Sim();
      const a = hero(sim, 5, 5);
      const m = minion(sim, side === "heroes" ? 9 : 6, 5);
      plain([a, m]);
      if (side === "heroes") a.targetId = m.id;
      // initiative hero 14, minion 6; the hero's turn: next to the minion it strikes (a natural 1); 4 tiles off it walks up and strikes (a natural 1).
      const dice = recordD20Dice(sim, [14, 6, 1]);
      const ev = sim.step();
      expect(of(ev, "encounterStarted").map((e) => [e.tick, e.order, e.initiative])).toEqual([[1, [a.id, m.id], { [a.id]: 14, [m.id]: 6 }]]);
      expect([a.targetId, m.targetId]).toEqual(side === "heroes" ? [m.id, ""] : ["", a.id]);
      expect(dice.draws).toEqual(["d20=14", "d20=6", "d20=1"]);
      expect(dice.left()).toBe(0);
    }
  });
});

describe("s8b: a surprise attack or an open one (D20-FLOW-05, D20-FLOW-07)", () => {
  it("D20-FLOW-05, D20-FLOW-07: an open attack (nobody hides): no Stealth die, nobody surprised, the minion (d20 18, first) strikes on its first turn (a natural 1); a surprise attack (the hero hidden: Stealth d20 15 beats passive Perception 10): the minion is surprised and its first turn passes with no die", () => {
    const fight = (hidden: boolean) => {
      const sim = d20Sim();
      const a = hero(sim, 5, 5);
      const m = minion(sim, 6, 5);
      plain([a, m]);
      if (hidden) addStatus(d20Of(a).statuses, "hidden");
      a.targetId = m.id;
      const dice = recordD20Dice(sim, hidden ? [15, 3, 18] : [3, 18, 1]);
      const ev = sim.step();
      return { start: of(ev, "encounterStarted")[0]!, turns: of(ev, "turnStarted").map((t) => t.unitId), attacks: of(ev, "attack").map((e) => [e.attackerId, e.attackRoll]), draws: dice.draws, left: dice.left(), m: m.id, a: a.id };
    };
    const open = fight(false);
    expect([open.start.surprised, open.start.order, open.turns, open.attacks]).toEqual([[], [open.m, open.a], [open.m], [[open.m, 1]]]);
    expect([open.draws, open.left]).toEqual([["d20=3", "d20=18", "d20=1"], 0]);
    const ambush = fight(true);
    expect([ambush.start.surprised, ambush.start.order, ambush.turns, ambush.attacks]).toEqual([[ambush.m], [ambush.m, ambush.a], [ambush.m], []]);
    expect([ambush.draws, ambush.left]).toEqual([["d20=15", "d20=3", "d20=18"], 0]);
  });
});

describe("s8b: the common reactions (D20-FLOW-36)", () => {
  it("D20-FLOW-36: the dodge: the minion (Agility 2) dodges the hero's blow with its reaction: d20 11 against AC 11 + 2 = 13 misses; the hero's player then walks off and the minion, its reaction spent, makes no opportunity attack", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 6, 5);
    plain([a, m]);
    d20Of(m).abilities.agility = 2;
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }, { kind: "move", path: [{ x: 4, y: 5 }, { x: 3, y: 5 }] }] } as never)).toEqual({ ok: true });
    const dice = recordD20Dice(sim, [11]);
    const ev = sim.step();
    expect(of(ev, "reaction").map((e) => [e.unitId, e.kind, e.detail, e.againstId])).toEqual([[m.id, "defence", "dodge", a.id]]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[a.id, false, 11, 13]]);
    expect([a.x, a.y]).toEqual([3, 5]);
    expect(dice.draws).toEqual(["d20=11"]);
    expect(dice.left()).toBe(0);
  });
});
