import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import type { PartyRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain, run } from "./live-helpers.ts";

const encOf = (sim: Simulation) => Object.values(sim.state.encounters ?? {})[0]!;
/** Turn starts, reactions and attacks of a stretch of play, without ticks and encounter ids. */
const flow = (ev: readonly SimEvent[]) => ev.filter((e) => ["turnStarted", "reaction", "attack"].includes(e.type)).map((e) => {
  const { tick: _t, encounterId: _e, ...r } = e as SimEvent & { encounterId?: string };
  return r;
});
const away = { kind: "move", path: [{ x: 4, y: 5 }, { x: 3, y: 5 }] } as const;

/**
 * A hero played by seat-1 at (5, 5) next to a minion at (6, 5), zero characteristics, 100 HP;
 * the hero is hidden when `hidden`. The hero starts the fight; the minion's passive Perception is 11.
 * Draws: the hide roll when hidden (12 beats 11), then initiative hero 18, minion 3.
 */
function opening(hidden: boolean) {
  const sim = d20Sim();
  const a = hero(sim, 5, 5, { controller: "seat-1" });
  const m = minion(sim, 6, 5);
  plain([a, m]);
  d20Of(m).abilities.perception = 1;
  if (hidden) addStatus(d20Of(a).statuses, "hidden");
  a.targetId = m.id;
  forceDice(sim, hidden ? [12, 18, 3] : [18, 3]);
  const start = of(sim.step(), "encounterStarted")[0]!;
  return { sim, a, m, start, enc: encOf(sim) };
}

/** Sends `steps` as the hero's plan through the live planTurn command. */
function f_plan(f: ReturnType<typeof opening>, steps: unknown[]): void {
  expect(f.sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: f.a.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
}

describe("d20 flow in play: surprise and reactions", () => {
  it("D20-FLOW-14, D20-FLOW-12, D20-FLOW-13: the surprised minion lets the hero walk out of its reach unpunished before its first turn (skipped); in round 2 the same walk provokes its opportunity attack", () => {
    const f = opening(true);
    expect(f.start).toMatchObject({ surprised: [f.m.id], order: [f.a.id, f.m.id] });
    // round 1: the hero's blow (unseen: advantage, 1 and 1) reveals it, then it walks off; the minion cannot react, then skips its turn.
    let dice = forceDice(f.sim, [1, 1]);
    f.enc.plans[f.a.id] = { steps: [{ kind: "attack", targetId: f.m.id }, away] };
    const r1 = run(f.sim, 2);
    expect(flow(r1)).toEqual([
      { type: "turnStarted", round: 1, unitId: f.a.id },
      { type: "attack", attackerId: f.a.id, targetId: f.m.id, hit: false, attackRoll: 1, defenceRoll: 11 },
      { type: "turnStarted", round: 1, unitId: f.m.id },
    ]);
    expect(of(r1, "turnPlanPlayed")).toMatchObject([{ unitId: f.a.id, refusals: [null, null] }]);
    expect([f.a.x, f.a.y, f.m.x, f.m.y]).toEqual([3, 5, 6, 5]);
    expect(f.sim.ruleset.statuses(f.a)).toEqual([]); // no longer hidden: the minion could have seen it go
    expect(dice.left()).toBe(0);
    // round 2: its first turn has ended: the hero steps back in and out of reach: opportunity attack (3 misses AC 12).
    run(f.sim, ROUND_TICKS - 2);
    dice = forceDice(f.sim, [3, 1]);
    f.enc.plans[f.a.id] = { steps: [{ kind: "move", path: [{ x: 4, y: 5 }, { x: 5, y: 5 }, { x: 4, y: 5 }] }] };
    const r2 = run(f.sim, 2);
    expect(flow(r2)).toEqual([
      { type: "turnStarted", round: 2, unitId: f.a.id },
      { type: "reaction", unitId: f.m.id, kind: "opportunityAttack", detail: "unarmed", againstId: f.a.id },
      { type: "attack", attackerId: f.m.id, targetId: f.a.id, hit: false, attackRoll: 3, defenceRoll: 12 },
      { type: "turnStarted", round: 2, unitId: f.m.id },
      { type: "attack", attackerId: f.m.id, targetId: f.a.id, hit: false, attackRoll: 1, defenceRoll: 12 },
    ]);
    expect(dice.left()).toBe(0);
  });

  it("D20-FLOW-15: a minion that is not surprised makes its opportunity attack in the hero's turn, before its own first turn, and moves and attacks on that turn", () => {
    const f = opening(false);
    expect(f.start).toMatchObject({ surprised: [], order: [f.a.id, f.m.id] });
    // the hero: natural 1, walks off; the minion's opportunity attack 3 misses; its turn: walks up and attacks, 14 hits for 1.
    const dice = forceDice(f.sim, [1, 3, 14]);
    f.enc.plans[f.a.id] = { steps: [{ kind: "attack", targetId: f.m.id }, away] };
    const ev = run(f.sim, 2);
    expect(flow(ev)).toEqual([
      { type: "turnStarted", round: 1, unitId: f.a.id },
      { type: "attack", attackerId: f.a.id, targetId: f.m.id, hit: false, attackRoll: 1, defenceRoll: 11 },
      { type: "reaction", unitId: f.m.id, kind: "opportunityAttack", detail: "unarmed", againstId: f.a.id },
      { type: "attack", attackerId: f.m.id, targetId: f.a.id, hit: false, attackRoll: 3, defenceRoll: 12 },
      { type: "turnStarted", round: 1, unitId: f.m.id },
      { type: "attack", attackerId: f.m.id, targetId: f.a.id, hit: true, attackRoll: 14, defenceRoll: 12 },
    ]);
    expect([f.a.x, f.a.y]).toEqual([3, 5]);
    expect(Math.max(Math.abs(f.m.x - 3), Math.abs(f.m.y - 5))).toBe(1);
    expect(dice.left()).toBe(0);
  });
});

describe("d20 flow in play: passive Perception", () => {
  it("D20-FLOW-09: a minion with Perception 1 and vigilance 2 has passive Perception 13: a hider's Stealth 13 is noticed, 14 surprises it", () => {
    const ambush = (stealth: number) => {
      const sim = d20Sim();
      const a = hero(sim, 5, 5);
      const m = minion(sim, 6, 5);
      plain([a, m]);
      d20Of(m).abilities.perception = 1;
      d20Of(m).skills.vigilance = 2;
      addStatus(d20Of(a).statuses, "hidden");
      a.targetId = m.id;
      // the hide roll (Furtivité 0, discrétion 0), initiative hero 3, minion 18; a minion not surprised strikes: natural 1.
      const dice = forceDice(sim, [stealth, 3, 18, 1]);
      const start = of(sim.step(), "encounterStarted")[0]!;
      return { surprised: start.surprised, m: m.id, left: dice.left() };
    };
    const seen = ambush(13);
    expect([seen.surprised, seen.left]).toEqual([[], 0]);
    const missed = ambush(14);
    expect([missed.surprised, missed.left]).toEqual([[missed.m], 1]);
  });
});

describe("d20 flow in play: turns that do little", () => {
  it("D20-FLOW-29, D20-FLOW-30: a player's empty plan ends its turn with nothing done; a spoken line costs nothing: it still walks its full 6 tiles", () => {
    const idle = opening(false);
    f_plan(idle, []);
    const ev = idle.sim.step();
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: idle.a.id, refusals: [] }]);
    expect([idle.a.x, idle.a.y]).toEqual([5, 5]);
    expect(of(ev, "attack")).toEqual([]);
    const talk = opening(true); // the minion is surprised: walking off provokes nothing
    f_plan(talk, [{ kind: "say", text: "Now!" }, { kind: "move", path: [{ x: 5, y: 4 }, { x: 5, y: 3 }, { x: 5, y: 2 }, { x: 5, y: 1 }, { x: 6, y: 1 }, { x: 7, y: 1 }] }]);
    expect(of(talk.sim.step(), "turnPlanPlayed")).toMatchObject([{ unitId: talk.a.id, refusals: [null, null] }]);
    expect([talk.a.x, talk.a.y]).toEqual([7, 1]);
  });
});

describe("d20 flow in play: where the fight starts", () => {
  it("D20-FLOW-16: the fight starts from where everyone stands: a walking hero two ticks from its next tile stays frozen on its tile for the 3 ticks after; an ally 6 tiles off joins, a minion 7 tiles from everyone does not", () => {
    const sim = d20Sim();
    const w = hero(sim, 3, 8); // walking east along row 8
    walkTo(sim, w, { x: 18, y: 8 });
    run(sim, 2); // a tile takes it 4 ticks (alone it reaches (4, 8) on its 4th): still on (3, 8), two ticks from the next tile
    expect([w.x, w.y, w.walk === null]).toEqual([3, 8, false]);
    const a = hero(sim, 5, 5); // 3 tiles from the walker
    const m = minion(sim, 6, 5);
    const b = hero(sim, 5, 11); // 6 tiles from the hero
    const n = minion(sim, 13, 5); // 7 tiles from the minion, 8 from the hero
    plain([w, a, m, b, n]);
    a.targetId = m.id;
    // initiative in id order w, a, m, b: 17, 20, 19, 18; a (AI) strikes at once, then the minion, then b walks up and strikes: natural 1s.
    const dice = forceDice(sim, [17, 20, 19, 18, 1, 1, 1]);
    const ev = run(sim, 3);
    const start = of(ev, "encounterStarted")[0]!;
    expect(start.order).toEqual([a.id, m.id, b.id, w.id]);
    expect(start.order).not.toContain(n.id);
    expect([w.x, w.y, w.walk]).toEqual([3, 8, null]); // frozen where it stood; its turn comes 4th
    expect([n.x, n.y]).toEqual([13, 5]);
    expect(dice.left()).toBe(0);
  });
});

describe("d20 flow in play: one reaction a round", () => {
  it("D20-FLOW-38: a minion that cannot walk (movement 0) strikes the first hero walking out of its reach; the second, later that round, walks off unpunished; next round the reaction is back", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "a0" });
    const b = hero(sim, 7, 5, { controller: "a1" });
    const m = minion(sim, 6, 5);
    plain([a, b, m]);
    d20Of(m).movement = 0;
    a.targetId = m.id;
    forceDice(sim, [20, 19, 1]); // initiative a, b, then the minion
    sim.step();
    const plan = (u: typeof a, path: [number, number][]) => expect(sim.enqueue({ kind: "adventurer", seatId: u.controller!, unitId: u.id }, { type: "planTurn", action: "steps", steps: [{ kind: "move", path: path.map(([x, y]) => ({ x, y })) }] } as never)).toEqual({ ok: true });
    plan(a, [[4, 5], [3, 5]]);
    plan(b, [[8, 5], [9, 5]]);
    let dice = forceDice(sim, [3]); // the one opportunity attack: 3 misses
    const r1 = run(sim, 3);
    expect(of(r1, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual([[m.id, "opportunityAttack", a.id]]);
    expect([a.x, b.x, m.x]).toEqual([3, 9, 6]);
    expect(dice.left()).toBe(0);
    const enc = encOf(sim);
    for (let i = 0; i < 2 * ROUND_TICKS && !(enc.round === 2 && enc.waitingSince >= 0); i++) sim.step();
    plan(a, [[4, 5], [5, 5], [4, 5]]);
    dice = forceDice(sim, [3]);
    expect(of(sim.step(), "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual([[m.id, "opportunityAttack", a.id]]);
    expect(dice.left()).toBe(0);
  });
});

describe("d20 flow in play: initiative ties", () => {
  it("D20-FLOW-23: an AI hero and a minion both at 10 roll off with a d20, re-rolled while tied (7 and 7, then 4 and 17): the minion, higher, acts first", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    plain([a, m]);
    a.targetId = m.id;
    // initiative 10, 10; roll-off 7, 7 (tied again), 4, 17; the minion's blow: natural 1.
    const dice = forceDice(sim, [10, 10, 7, 7, 4, 17, 1]);
    const ev = sim.step();
    expect(of(ev, "encounterStarted")).toMatchObject([{ order: [m.id, a.id], initiative: { [a.id]: 10, [m.id]: 10 } }]);
    expect(of(ev, "turnStarted").map((e) => e.unitId)).toEqual([m.id]);
    expect(dice.left()).toBe(0);
  });
});

describe("d20 flow in play: objects", () => {
  it("D20-FLOW-32, D20-FLOW-31: a Rogue player's first swap of weapons is free, the second takes its demi-action, a potion then its full action, and a third swap finds no action left", () => {
    const sim = d20Sim();
    const k = ADVENTURER_CLASSES.Rogue!;
    const r = hero(sim, 4, 5, { adventurerClass: "Rogue", partyId: "p1", controller: "a0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
    sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [r.id] } as unknown as PartyRecord);
    const m = minion(sim, 9, 5);
    plain([r, m]);
    d20Of(r).hp = 90;
    r.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    const swap = { kind: "useObject", item: "swapWeapons" };
    expect(sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: r.id }, { type: "planTurn", action: "steps", steps: [swap, swap, { kind: "useObject", item: "healingPotion" }, swap] } as never)).toEqual({ ok: true });
    const dice = forceDice(sim, [1, 1]); // the potion: 2d4 + 2 = 4
    const ev = sim.step();
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: r.id, refusals: [null, null, null, "no action left for a demi-action (D20-ACTION-04)"] }]);
    expect(of(ev, "healed")).toMatchObject([{ unitId: r.id, hp: 94 }]);
    expect([d20Of(r).weapon.name, d20Of(r).offHand?.name]).toEqual(["shortsword", "dagger"]); // swapped twice: back as it was
    expect(dice.left()).toBe(0);
  });
});
