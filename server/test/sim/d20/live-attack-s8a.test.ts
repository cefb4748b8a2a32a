import { describe, expect, it } from "vitest";
import { RANGE_BANDS } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { keeperCreatureTurn, of, plain } from "./live-helpers.ts";
import { attacks, damage, foe, party, walled } from "./live-turn.ts";
import { playRecordedTurn, recordD20Dice } from "./diceRecorder.ts";

/**
 * Issue 17, sweep s8 (stress points 4 and 6: every branch, every term non-zero): the Long range
 * band (D20-ATTACK-55) on both sides of its 25 tiles, and cover from a creature on the attacker's
 * own side (D20-ATTACK-62 "enemy or ally") on both sides of the AC it sets, in a live d20 room:
 * turns planned with `planTurn`, played by `sim.step()`, dice recorded with their size (diceRecorder.ts).
 */

/** A room 32 tiles wide and 5 high, open. */
const LONG_HALL = ["P" + ".".repeat(31), ...Array.from({ length: 3 }, () => ".".repeat(32)), "SK" + ".".repeat(30)].join("\n");

/** A spell of the Long band (the game's content has none: the test gives one to the caster, as audit s1 gives `bolt`). */
const LANCE = { name: "lance", cost: 2, pool: "mana", kind: "attack", band: "long", damage: "1d12", damageType: "magic", element: "", radius: 0 } as const;

describe("the Long range band (D20-ATTACK-55, D20-ATTACK-48)", () => {
  /**
   * A player hero (Mental 2, 5 Mana, `lance`) at (1, 2) and a chain of foes and allies 5 tiles
   * apart on row 4, off the lines of sight of row 2 (minion, hero, minion, hero: each one has a foe
   * within FLEE_DISTANCE, and none gives cover), then the target
   * minion at (`tx`, 2); the hero's initiative 20 (the others 1 to 5). Its plan casts lance at the target.
   */
  function lanceAt(tx: number, dice: number[]) {
    const sim = d20Sim(1, LONG_HALL);
    const a = hero(sim, 1, 2, { controller: "seat-1" });
    const chain = [minion(sim, 6, 4), hero(sim, 11, 4), minion(sim, 16, 4), hero(sim, 21, 4)];
    const t = minion(sim, tx, 2);
    plain([a, ...chain, t]);
    d20Of(a).abilities.mental = 2;
    d20Of(a).mana = 5;
    d20Of(a).spells = [{ ...LANCE }];
    a.targetId = chain[0]!.id;
    forceDice(sim, [20, 1, 2, 3, 4, 5]);
    sim.step();
    const enc = Object.values(sim.state.encounters ?? {})[0]!;
    expect(enc.participants.length).toBe(6);
    expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "cast", spell: "lance", targetId: t.id }] } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(sim, dice);
    const events = sim.step();
    expect(rec.left()).toBe(0);
    return { a, t, events, draws: rec.draws, refusals: of(events, "turnPlanPlayed")[0]!.refusals };
  }

  it("D20-ATTACK-55: Long range is 25 tiles: the lance reaches the minion 25 tiles off (1d20 15 + Mental 2 = 17 hits AC 11, then its 1d12 9: 100 → 91, 2 Mana paid); at 26 tiles the cast is refused, no die drawn, no Mana spent", () => {
    expect(RANGE_BANDS.long).toBe(25);
    const at25 = lanceAt(26, [15, 9]);
    expect([at25.refusals, at25.draws]).toEqual([[null], ["d20=15", "d12=9"]]);
    expect(attacks(at25.events)).toEqual([[at25.a.id, at25.t.id, true, 17, 11]]);
    expect([d20Of(at25.t).hp, d20Of(at25.a).mana]).toEqual([91, 3]);
    const at26 = lanceAt(27, []);
    expect([at26.refusals, at26.draws, attacks(at26.events)]).toEqual([["out of the spell's range (D20-ATTACK-48)"], [], []]);
    expect([d20Of(at26.t).hp, d20Of(at26.a).mana]).toEqual([100, 5]);
  });
});

describe("a creature in the way gives half cover, enemy or ally (D20-ATTACK-61, D20-ATTACK-62)", () => {
  /**
   * The Scout (Agility 0, marksmanship +1) at (2, 2) shoots the minion at (6, 4); `between` stands
   * at (5, 3), across a line of sight from the Scout's corners to the minion's (cover) but off the
   * shot's own tile path (so it does not take the shot itself): the Scout's ally (a hero), a minion
   * (an enemy), or nobody. No walls.
   */
  function shoot(between: "ally" | "enemy" | "none", dice: number[]) {
    const sim = d20Sim(1, walled([]));
    const [s] = party(sim, ["Scout"], { x0: 2, y: 2 });
    const m = foe(sim, 6, 4);
    const others = between === "ally" ? [hero(sim, 5, 3)] : between === "enemy" ? [foe(sim, 5, 3)] : [];
    plain(others);
    const t = playRecordedTurn(sim, s!, m, [20, 1, ...others.map(() => 2)], [{ kind: "attack", targetId: m.id }], dice);
    return { s: s!, m, t };
  }

  it("D20-ATTACK-62, D20-ATTACK-61: the Scout's own ally standing in the line gives the minion half cover, AC 11 + 1 = 12: 10 + 1 = 11 misses, 11 + 1 = 12 hits (1d6 4)", () => {
    const miss = shoot("ally", [10]);
    expect([miss.t.draws, attacks(miss.t.events)]).toEqual([["d20=10"], [[miss.s.id, miss.m.id, false, 11, 12]]]);
    const hit = shoot("ally", [11, 4]);
    expect([hit.t.draws, attacks(hit.t.events), damage(hit.t.events)]).toEqual([["d20=11", "d6=4"], [[hit.s.id, hit.m.id, true, 12, 12]], [[hit.s.id, hit.m.id, 4]]]);
  });

  it("D20-ATTACK-62, D20-ATTACK-61: an enemy (another minion) in the line gives the same half cover, AC 12 (11 misses); with nobody between, AC 11 and the same 10 + 1 = 11 hits", () => {
    const enemy = shoot("enemy", [10]);
    expect([enemy.t.draws, attacks(enemy.t.events)]).toEqual([["d20=10"], [[enemy.s.id, enemy.m.id, false, 11, 12]]]);
    const open = shoot("none", [10, 4]);
    expect([open.t.draws, attacks(open.t.events)]).toEqual([["d20=10", "d6=4"], [[open.s.id, open.m.id, true, 11, 11]]]);
  });
});

describe("the grapple and the escape are opposed 1d20 + Strength rolls (D20-ATTACK-39, D20-ATTACK-41, D20-ATTACK-43)", () => {
  /**
   * A kobold (Strength 2) that the keeper plays grapples a player hero (Strength 1) at (5, 5), the
   * kobold first (keeperCreatureTurn: initiative hero 1, kobold 20): its contest draws `grapple`
   * (the kobold's d20, then the hero's). Then the hero's plan escapes, drawing `escape` (the
   * hero's d20, then the kobold's). Returns both turns' draws and the grapple after each.
   */
  function holdThenEscape(grapple: [number, number], escape: [number, number] | null) {
    const sim = d20Sim();
    const { a, c } = keeperCreatureTurn(sim, "kobold", 6);
    a.controller = "a0";
    d20Of(a).abilities.strength = 1;
    d20Of(c).abilities.strength = 2;
    Object.values(sim.state.encounters ?? {})[0]!.plans[c.id] = { steps: [{ kind: "grapple", targetId: a.id }] };
    const held = recordD20Dice(sim, grapple);
    const first = sim.step();
    expect(held.left()).toBe(0);
    const grappledAfterHold = d20Of(a).statuses.filter((s) => s.kind === "grappled").map((s) => s.sourceId);
    if (!escape) return { a, c, first, holdDraws: held.draws, grappledAfterHold };
    expect(sim.enqueue({ kind: "adventurer", seatId: "a0", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "escape" }] } as never)).toEqual({ ok: true });
    const esc = recordD20Dice(sim, escape);
    const second = sim.step();
    expect(esc.left()).toBe(0);
    return { a, c, first, second, holdDraws: held.draws, escapeDraws: esc.draws, grappledAfterHold, grappledAfterEscape: d20Of(a).statuses.filter((s) => s.kind === "grappled").map((s) => s.sourceId) };
  }

  it("D20-ATTACK-39, D20-ATTACK-41: the kobold's d20 9 + Strength 2 = 11 beats the hero's d20 9 + Strength 1 = 10: the hero is grappled; its d20 8 + 2 = 10 only ties the hero's 9 + 1 = 10: the defender holds", () => {
    const won = holdThenEscape([9, 9], null);
    expect([won.holdDraws, won.grappledAfterHold]).toEqual([["d20=9", "d20=9"], [won.c.id]]);
    const tie = holdThenEscape([8, 9], null);
    expect([tie.holdDraws, tie.grappledAfterHold]).toEqual([["d20=8", "d20=9"], []]);
  });

  it("D20-ATTACK-43: grappled, the hero's escape is its d20 12 + Strength 1 = 13 against the kobold's d20 10 + 2 = 12: free; 11 + 1 = 12 only ties 12: still held", () => {
    const free = holdThenEscape([15, 5], [12, 10]);
    expect([free.escapeDraws, free.grappledAfterEscape, of(free.second!, "turnPlanPlayed")[0]!.refusals]).toEqual([["d20=12", "d20=10"], [], [null]]);
    const held = holdThenEscape([15, 5], [11, 10]);
    expect([held.escapeDraws, held.grappledAfterEscape, of(held.second!, "turnPlanPlayed")[0]!.refusals]).toEqual([["d20=11", "d20=10"], [held.c.id], [null]]);
  });
});

describe("perceiving an unseen target is a 1d20 roll (D20-ATTACK-69)", () => {
  it("D20-ATTACK-69: the Warrior's Search draws one d20: 10 + Perception 2 + Vigilance 1 = 13 reaches the hidden minion's Hide total 13 and finds it; 9 (12) does not", () => {
    const out = [10, 9].map((natural) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 8);
      d20Of(w!).abilities.perception = 2;
      d20Of(w!).skills.vigilance = 1;
      // hidden once the encounter has started (a Hide total of 13, as its hide step would leave it)
      const t = playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "search" }], [natural], () => d20Of(m).statuses.push({ kind: "hidden", turnsLeft: -1, sourceId: m.id, value: 13 }));
      return [t.refusals, t.draws, d20Of(m).statuses.map((s) => s.kind)];
    });
    expect(out).toEqual([[[null], ["d20=10"], []], [[null], ["d20=9"], ["hidden"]]]);
  });
});

describe("what a hidden creature is not seen doing (D20-ATTACK-25, D20-ATTACK-56)", () => {
  /** A player hero (Furtivité 2, Discrétion 1) at (5, 5) next to a minion at (6, 5) (passive Perception 10); initiative hero 20, minion 1; its plan hides (d20 `hide`), then walks to (3, 5). */
  function hideAndWalk(dice: number[]) {
    const sim = d20Sim(1);
    const a = hero(sim, 5, 5, { controller: "a0" });
    const m = minion(sim, 6, 5);
    plain([a, m]);
    d20Of(a).abilities.furtivite = 2;
    d20Of(a).skills.discretion = 1;
    const t = playRecordedTurn(sim, a, m, [20, 1], [{ kind: "hide" }, { kind: "move", path: [{ x: 4, y: 5 }, { x: 3, y: 5 }] }], dice);
    return { a, m, t };
  }

  it("D20-ATTACK-25: hidden (Hide d20 8 + 2 + 1 = 11 beats 10), the hero walks out of the minion's reach unseen: no opportunity attack, no die but the Hide's", () => {
    const f = hideAndWalk([8]);
    expect([f.t.refusals, f.t.draws, [f.a.x, f.a.y]]).toEqual([[null, null], ["d20=8"], [3, 5]]);
    expect(of(f.t.events, "reaction")).toEqual([]);
    expect(d20Of(f.a).statuses.map((s) => s.kind)).toEqual(["hidden"]);
  });

  it("D20-ATTACK-25: not hidden (Hide d20 7 + 3 = 10 only ties 10), the same walk draws the minion's opportunity attack (d20 3 misses AC 12)", () => {
    const f = hideAndWalk([7, 3]);
    expect([f.t.refusals, f.t.draws, [f.a.x, f.a.y]]).toEqual([[null, null], ["d20=7", "d20=3"], [3, 5]]);
    expect(of(f.t.events, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual([[f.m.id, "opportunityAttack", f.a.id]]);
    expect(attacks(f.t.events)).toEqual([[f.m.id, f.a.id, false, 3, 12]]);
  });

  /** The Scout (Furtivité 2, Discrétion 1; marksmanship +1) at (4, 5), a minion next to it at (4, 6), its target 3 tiles off at (7, 5); initiative Scout 20, minions 1 and 2; its plan hides, then shoots. */
  function hideAndShoot(dice: number[]) {
    const sim = d20Sim(1);
    const [s] = party(sim, ["Scout"]);
    Object.assign(d20Of(s!).abilities, { furtivite: 2 });
    d20Of(s!).skills.discretion = 1;
    const m = foe(sim, 7);
    foe(sim, 4, 6);
    const t = playRecordedTurn(sim, s!, m, [20, 1, 2], [{ kind: "hide" }, { kind: "attack", targetId: m.id }], dice);
    return { s: s!, m, t };
  }

  it("D20-ATTACK-56, D20-ATTACK-72: hidden (Hide d20 9: 12), the Scout is seen by no one, so the minion next to it imposes no disadvantage: the shot has only the advantage of the unseen attacker (4 and 16 keep 16: 17 hits AC 11, 1d6 5)", () => {
    const f = hideAndShoot([9, 4, 16, 5]);
    expect([f.t.refusals, f.t.draws]).toEqual([[null, null], ["d20=9", "d20=4", "d20=16", "d6=5"]]);
    expect([attacks(f.t.events), damage(f.t.events)]).toEqual([[[f.s.id, f.m.id, true, 17, 11]], [[f.s.id, f.m.id, 5]]]);
  });

  it("D20-ATTACK-56: not hidden (Hide d20 7: 10 ties), the minion next to the Scout sees it: disadvantage (16 and 4 keep 4: 5 misses)", () => {
    const f = hideAndShoot([7, 16, 4]);
    expect([f.t.refusals, f.t.draws]).toEqual([[null, null], ["d20=7", "d20=16", "d20=4"]]);
    expect(attacks(f.t.events)).toEqual([[f.s.id, f.m.id, false, 5, 11]]);
  });
});

describe("a blinded target cannot see an attacker beyond 8 tiles (D20-ATTACK-72, D20-STATUS-06)", () => {
  /** The Scout (marksmanship +1) at (4, 5) shoots a blinded minion `distance` tiles east; initiative Scout 20, minion 1. */
  const shootBlinded = (distance: number, dice: number[]) => {
    const sim = d20Sim(1);
    const [s] = party(sim, ["Scout"]);
    const m = foe(sim, 4 + distance);
    d20Of(m).statuses.push({ kind: "blinded", turnsLeft: 5, sourceId: "" });
    return { s: s!, m, t: playRecordedTurn(sim, s!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice) };
  };

  it("D20-ATTACK-72: 9 tiles off (beyond the blinded minion's BLINDED_RANGE 8) the Scout is unseen: two d20, the higher kept (4 and 16: 17 hits AC 11, 1d6 5); 8 tiles off it is seen: one d20 (4 + 1 = 5 misses)", () => {
    const far = shootBlinded(9, [4, 16, 5]);
    expect([far.t.draws, attacks(far.t.events), damage(far.t.events)]).toEqual([["d20=4", "d20=16", "d6=5"], [[far.s.id, far.m.id, true, 17, 11]], [[far.s.id, far.m.id, 5]]]);
    const near = shootBlinded(8, [4]);
    expect([near.t.draws, attacks(near.t.events)]).toEqual([["d20=4"], [[near.s.id, near.m.id, false, 5, 11]]]);
  });
});
