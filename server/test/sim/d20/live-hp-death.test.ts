import { describe, expect, it } from "vitest";
import { ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain, run } from "./live-helpers.ts";

/** The HP events of a stretch of play, without ticks. */
const hpEvents = (ev: readonly SimEvent[]) => ev
  .filter((e) => ["damaged", "knockedOut", "deathSave", "woke", "healed"].includes(e.type))
  .map((e) => { const { tick: _t, ...r } = e; return r; });
const encOf = (sim: Simulation) => Object.values(sim.state.encounters ?? {})[0]!;

/** Puts `u` at 0 HP, dying (or stable), as a fallen creature lies: unconscious. */
function down(u: UnitRecord, stable = false): void {
  const d = d20Of(u);
  d.hp = 0;
  d.stable = stable;
  u.activity = "unconscious";
}

/**
 * A hero played by a seat at (5, 5), a standing minion at (6, 5) and a fallen one at (6, 6), all
 * with zero characteristics and `hp` HP (the fallen one at 0). Initiative (id order hero, minion,
 * fallen): 20, 1, 12: the hero first, then the fallen one, then the minion. After the first step
 * the hero's turn waits for its plan.
 */
function overFallen(hp: number, stable = false) {
  const sim = d20Sim();
  const a = hero(sim, 5, 5);
  a.controller = "seat-1";
  const n = minion(sim, 6, 5);
  const m = minion(sim, 6, 6);
  plain([a, n, m], hp);
  down(m, stable);
  a.targetId = n.id;
  forceDice(sim, [20, 1, 12]);
  sim.step();
  return { sim, a, n, m, enc: encOf(sim) };
}

/**
 * A lone minion at (10, 5), out of any encounter, at 0 HP with `hp` maximum: every round's span
 * (ROUND_TICKS ticks) it has what passes for a turn (encounter.ts `outsideTurn`).
 */
function lonelyFallen(hp = 20, stable = false) {
  const sim = d20Sim();
  const m = minion(sim, 10, 5);
  plain([m], hp);
  down(m, stable);
  return { sim, m };
}

describe("d20 hit points in play: damage and falling", () => {
  it("D20-HP-01, D20-HP-02: the hero's 5 leaves a 20-HP minion at 15; a minion at 1 HP of 20 fights exactly as one at 20", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    plain([a, m], 20);
    a.targetId = m.id;
    // initiative hero 20, minion 1; the hero hits (15), 1d8 = 5.
    forceDice(sim, [20, 1, 15, 5]);
    expect(hpEvents(sim.step())).toEqual([{ type: "damaged", targetId: m.id, sourceId: a.id, amount: 5, damageType: "slashing", hp: 15, critical: false }]);
    expect(d20Of(m).hp).toBe(15);

    // D20-HP-02: the same minion's turn at 20 HP and at 1 HP: the same attack total, the same damage.
    const turnAt = (hp: number) => {
      const s = d20Sim();
      const h = hero(s, 5, 5);
      const n = minion(s, 6, 5);
      plain([h, n], 20);
      d20Of(n).hp = hp;
      n.targetId = h.id;
      const dice = forceDice(s, [1, 20, 14]); // minion first: 14 hits AC 12, its fist deals 1
      const ev = s.step();
      expect(dice.left()).toBe(0);
      return ev.filter((e) => e.type === "attack" || e.type === "damaged").map((e) => { const { tick: _t, ...r } = e; return r; });
    };
    const hurt = turnAt(1);
    expect(hurt).toEqual(turnAt(20));
    expect(hurt).toEqual([
      { type: "attack", attackerId: "2", targetId: "1", hit: true, attackRoll: 14, defenceRoll: 12 },
      { type: "damaged", targetId: "1", sourceId: "2", amount: 1, damageType: "bludgeoning", hp: 19, critical: false },
    ]);
  });

  it("D20-HP-05, D20-HP-11, D20-HP-12, D20-HP-14: a 7 on a minion at 3 HP stops at 0 (4 remaining < 20): it falls unconscious and prone, reported with the blow's author", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    const o = minion(sim, 6, 6); // keeps the fight on
    plain([a, m, o], 20);
    d20Of(m).hp = 3;
    a.targetId = m.id;
    forceDice(sim, [20, 1, 2, 15, 7]);
    const ev = sim.step();
    expect(hpEvents(ev)).toEqual([
      { type: "damaged", targetId: m.id, sourceId: a.id, amount: 7, damageType: "slashing", hp: 0, critical: false },
      { type: "knockedOut", unitId: m.id, outcome: "unconscious", cause: "hitPoints", byUnitId: a.id },
    ]);
    expect(d20Of(m)).toMatchObject({ hp: 0, dead: false, stable: false, deathSaves: { successes: 0, failures: 0 } });
    expect(m.activity).toBe("unconscious");
    expect(sim.ruleset.statuses(m)).toEqual(["prone", "wounded"]);
  });

  it("D20-HP-11, D20-HP-13: remaining damage equal to the maximum kills outright (1 HP of 5, a 6: 5 remaining); one less (a 5: 4 remaining) leaves it unconscious", () => {
    const blow = (amount: number) => {
      const sim = d20Sim();
      const a = hero(sim, 5, 5);
      const m = minion(sim, 6, 5);
      const o = minion(sim, 6, 6);
      plain([a, m, o], 5);
      d20Of(m).hp = 1;
      a.targetId = m.id;
      forceDice(sim, [20, 1, 2, 15, amount]);
      const ev = sim.step();
      return { ev, m, d: d20Of(m) };
    };
    const killed = blow(6);
    expect(of(killed.ev, "knockedOut")).toMatchObject([{ unitId: killed.m.id, outcome: "dead", cause: "hitPoints" }]);
    expect(killed.d).toMatchObject({ hp: 0, dead: true });
    expect(killed.m.activity).toBe("dead");
    const fallen = blow(5);
    expect(of(fallen.ev, "knockedOut")).toMatchObject([{ unitId: fallen.m.id, outcome: "unconscious", cause: "hitPoints" }]);
    expect(fallen.d).toMatchObject({ hp: 0, dead: false });
    expect(fallen.m.activity).toBe("unconscious");
  });
});

describe("d20 hit points in play: damage at 0 HP", () => {
  it("D20-HP-27, D20-HP-26, D20-HP-21: a critical hit on a dying minion (8, the sword's maximum) counts two failures; its jet de destin of 10 a success; an ordinary hit (3) the third failure: it dies", () => {
    const f = overFallen(20);
    // the hero's natural 20: critical, no damage dice; the fallen one: 10; the minion: natural 1.
    forceDice(f.sim, [20, 10, 1]);
    f.enc.plans[f.a.id] = { steps: [{ kind: "attack", targetId: f.m.id }] };
    const ev = run(f.sim, 3);
    expect(hpEvents(ev)).toEqual([
      { type: "damaged", targetId: f.m.id, sourceId: f.a.id, amount: 8, damageType: "slashing", hp: 0, critical: true },
      { type: "deathSave", unitId: f.m.id, roll: 10, successes: 1, failures: 2, outcome: "success" },
    ]);
    // round 2: 15 hits (AC 11), 1d8 = 3: one failure, the third.
    const dice = forceDice(f.sim, [15, 3, 1]);
    f.enc.plans[f.a.id] = { steps: [{ kind: "attack", targetId: f.m.id }] };
    const ev2 = run(f.sim, ROUND_TICKS);
    expect(hpEvents(ev2)).toEqual([
      { type: "damaged", targetId: f.m.id, sourceId: f.a.id, amount: 3, damageType: "slashing", hp: 0, critical: false },
      { type: "knockedOut", unitId: f.m.id, outcome: "dead", cause: "hitPoints", byUnitId: f.a.id },
    ]);
    expect(d20Of(f.m)).toMatchObject({ dead: true, deathSaves: { successes: 1, failures: 3 } });
    expect(dice.left()).toBe(0);
  });

  it("D20-HP-33, D20-HP-26: a hit of 4 on a stable minion ends its stability with one failure; on its turn it rolls a jet de destin again (9: a second failure)", () => {
    const f = overFallen(20, true);
    const dice = forceDice(f.sim, [15, 4, 9, 1]);
    f.enc.plans[f.a.id] = { steps: [{ kind: "attack", targetId: f.m.id }] };
    const ev = run(f.sim, 3);
    expect(hpEvents(ev)).toEqual([
      { type: "damaged", targetId: f.m.id, sourceId: f.a.id, amount: 4, damageType: "slashing", hp: 0, critical: false },
      { type: "deathSave", unitId: f.m.id, roll: 9, successes: 0, failures: 2, outcome: "failure" },
    ]);
    expect(d20Of(f.m)).toMatchObject({ stable: false, dead: false, hp: 0 });
    expect(dice.left()).toBe(0);
  });

  it("D20-HP-28: at 0 HP, a hit equal to the maximum (6 of 6) kills at once though no failure was counted; 5 is one failure", () => {
    const hit = (amount: number) => {
      const f = overFallen(6);
      forceDice(f.sim, [15, amount]);
      f.enc.plans[f.a.id] = { steps: [{ kind: "attack", targetId: f.m.id }] };
      return { ev: f.sim.step(), f };
    };
    const killed = hit(6);
    expect(of(killed.ev, "knockedOut")).toEqual([expect.objectContaining({ unitId: killed.f.m.id, outcome: "dead" })]);
    expect(d20Of(killed.f.m).dead).toBe(true);
    const kept = hit(5);
    expect(of(kept.ev, "knockedOut")).toEqual([]);
    expect(d20Of(kept.f.m)).toMatchObject({ dead: false, deathSaves: { successes: 0, failures: 1 } });
  });
});

describe("d20 hit points in play: first aid", () => {
  it("D20-HP-29, D20-HP-30 (Left open: DC 10 + failures): the hero's first aid (its action) on the dying minion: with no failure a 10 stabilises it; with 2 failures an 11 does not (DC 12), a 12 does", () => {
    const aid = (failures: number, roll: number) => {
      const f = overFallen(20);
      d20Of(f.m).deathSaves = { successes: 0, failures };
      const dice = forceDice(f.sim, [roll]);
      f.enc.plans[f.a.id] = { steps: [{ kind: "firstAid", targetId: f.m.id }, { kind: "attack", targetId: f.n.id }] };
      const ev = f.sim.step();
      expect(dice.left()).toBe(0);
      // the action is spent: the attack after it is refused
      expect(of(ev, "turnPlanPlayed")[0]!.refusals).toEqual([null, expect.stringContaining("action")]);
      return d20Of(f.m).stable;
    };
    expect(aid(0, 10)).toBe(true);
    expect(aid(2, 11)).toBe(false);
    expect(aid(2, 12)).toBe(true);
  });
});

describe("d20 hit points in play: jets de destin (out of encounters, one per round's span)", () => {
  it("D20-HP-16, D20-HP-17, D20-HP-18, D20-HP-19: a plain d20 (its +5 characteristics add nothing): 10 succeeds, 9 fails; one of each changes nothing", () => {
    const { sim, m } = lonelyFallen();
    d20Of(m).abilities = { strength: 5, agility: 5, constitution: 5, mental: 5, contre: 5, perception: 5, reflexion: 5, habilite: 5, furtivite: 5 };
    const dice = forceDice(sim, [10, 9]);
    const ev = run(sim, 2 * ROUND_TICKS);
    expect(hpEvents(ev)).toEqual([
      { type: "deathSave", unitId: m.id, roll: 10, successes: 1, failures: 0, outcome: "success" },
      { type: "deathSave", unitId: m.id, roll: 9, successes: 1, failures: 1, outcome: "failure" },
    ]);
    expect(of(ev, "deathSave").map((e) => e.tick)).toEqual([ROUND_TICKS, 2 * ROUND_TICKS]);
    expect(d20Of(m)).toMatchObject({ hp: 0, stable: false, dead: false });
    expect(m.activity).toBe("unconscious");
    expect(dice.left()).toBe(0);
  });

  it("D20-HP-20, D20-HP-22, D20-HP-23, D20-HP-31, D20-HP-32: 12, 3, 15, 19: the third success, not consecutive, makes it stable, tallies back to 0; it rolls no more and stays unconscious", () => {
    const { sim, m } = lonelyFallen();
    const dice = forceDice(sim, [12, 3, 15, 19]);
    const ev = run(sim, 4 * ROUND_TICKS);
    expect(hpEvents(ev)).toEqual([
      { type: "deathSave", unitId: m.id, roll: 12, successes: 1, failures: 0, outcome: "success" },
      { type: "deathSave", unitId: m.id, roll: 3, successes: 1, failures: 1, outcome: "failure" },
      { type: "deathSave", unitId: m.id, roll: 15, successes: 2, failures: 1, outcome: "success" },
      { type: "deathSave", unitId: m.id, roll: 19, successes: 0, failures: 0, outcome: "stable" },
    ]);
    expect(d20Of(m)).toMatchObject({ hp: 0, stable: true, deathSaves: { successes: 0, failures: 0 } });
    // D20-HP-31, D20-HP-32: three more rounds' spans: no die drawn (scripted dice would run out), no event.
    expect(hpEvents(run(sim, 3 * ROUND_TICKS))).toEqual([]);
    expect(m.activity).toBe("unconscious");
    expect(sim.ruleset.describe(m)).toEqual({ model: "hitPoints", value: 0, max: 20 });
    expect(dice.left()).toBe(0);
  });

  it("D20-HP-21, D20-HP-24: a natural 1 counts two failures; with a 5 after it, the third failure kills", () => {
    const { sim, m } = lonelyFallen();
    const dice = forceDice(sim, [1, 5]);
    const ev = run(sim, 2 * ROUND_TICKS);
    expect(hpEvents(ev)).toEqual([
      { type: "deathSave", unitId: m.id, roll: 1, successes: 0, failures: 2, outcome: "failure" },
      { type: "deathSave", unitId: m.id, roll: 5, successes: 0, failures: 3, outcome: "dead" },
      { type: "knockedOut", unitId: m.id, outcome: "dead", cause: "hitPoints" },
    ]);
    expect(d20Of(m).dead).toBe(true);
    expect(m.activity).toBe("dead");
    expect(dice.left()).toBe(0);
  });

  it("D20-HP-25, D20-HP-15, D20-HP-23: a natural 20 after two failures: 1 HP, awake, both tallies back to 0", () => {
    const { sim, m } = lonelyFallen();
    d20Of(m).deathSaves = { successes: 1, failures: 2 };
    const dice = forceDice(sim, [20]);
    const ev = run(sim, ROUND_TICKS);
    expect(hpEvents(ev)).toEqual([
      { type: "deathSave", unitId: m.id, roll: 20, successes: 0, failures: 0, outcome: "regained" },
      { type: "woke", unitId: m.id },
      { type: "healed", unitId: m.id, byUnitId: m.id, woundPoints: m.woundPoints, hp: 1 },
    ]);
    expect(d20Of(m)).toMatchObject({ hp: 1, deathSaves: { successes: 0, failures: 0 } });
    expect(m.activity).toBe("idle");
    expect(sim.ruleset.statuses(m)).toEqual(["wounded"]); // no longer prone: standing again
    expect(dice.left()).toBe(0);
  });

  it("D20-HP-34, D20-HP-15: a stable minion left alone regains 1 HP on its fifth round's span (not its fourth) and wakes", () => {
    const { sim, m } = lonelyFallen(20, true);
    forceDice(sim, []);
    expect(hpEvents(run(sim, 4 * ROUND_TICKS))).toEqual([]);
    expect(d20Of(m)).toMatchObject({ hp: 0, stable: true, stableTurns: 4 });
    const ev = run(sim, ROUND_TICKS);
    expect(hpEvents(ev)).toEqual([
      { type: "woke", unitId: m.id },
      { type: "healed", unitId: m.id, byUnitId: m.id, woundPoints: m.woundPoints, hp: 1 },
    ]);
    expect(of(ev, "woke")[0]!.tick).toBe(5 * ROUND_TICKS);
    expect(d20Of(m)).toMatchObject({ hp: 1, stable: false });
    expect(m.activity).toBe("idle");
  });
});

describe("d20 hit points in play: the stable count restarts (D20-HP-34)", () => {
  it("D20-HP-34 (decided: the count restarts when stability is lost): a stable minion counts 3 turns; the hero's 4 then ends its stability (one failure, count 0); jets de destin 10, 12, 15 make it stable again at round 6 with the count at 0; it regains 1 HP on its 5th stable turn after that, round 11 (tick 103), not round 8", () => {
    const f = overFallen(20, true);
    const dice = forceDice(f.sim, [1, 1, 1, 15, 4, 10, 1, 12, 1, 15, 1, 1, 1, 1, 1, 1]); // the standing minion's blow on the hero (1: a miss) every round
    const round = (steps: unknown[]) => {
      f.enc.plans[f.a.id] = { steps } as never;
      return run(f.sim, ROUND_TICKS);
    };
    for (let r = 1; r <= 3; r++) expect(hpEvents(round([]))).toEqual([]);
    expect(d20Of(f.m)).toMatchObject({ hp: 0, stable: true, stableTurns: 3 });
    expect(hpEvents(round([{ kind: "attack", targetId: f.m.id }]))).toEqual([
      { type: "damaged", targetId: f.m.id, sourceId: f.a.id, amount: 4, damageType: "slashing", hp: 0, critical: false },
      { type: "deathSave", unitId: f.m.id, roll: 10, successes: 1, failures: 1, outcome: "success" },
    ]);
    expect(d20Of(f.m)).toMatchObject({ stable: false, stableTurns: 0 });
    expect(hpEvents(round([]))).toMatchObject([{ type: "deathSave", roll: 12, successes: 2, failures: 1, outcome: "success" }]);
    expect(hpEvents(round([]))).toMatchObject([{ type: "deathSave", roll: 15, outcome: "stable" }]);
    expect(d20Of(f.m)).toMatchObject({ hp: 0, stable: true, stableTurns: 0 });
    for (let r = 7; r <= 10; r++) expect(hpEvents(round([]))).toEqual([]);
    expect(d20Of(f.m)).toMatchObject({ hp: 0, stable: true, stableTurns: 4 });
    const ev = round([]);
    expect(hpEvents(ev)).toEqual([
      { type: "woke", unitId: f.m.id },
      { type: "healed", unitId: f.m.id, byUnitId: f.m.id, woundPoints: f.m.woundPoints, hp: 1 },
    ]);
    expect(of(ev, "woke")[0]!.tick).toBe(103);
    expect(dice.left()).toBe(0);
  });
});

describe("d20 hit points in play: healing the fallen and the dead", () => {
  it("D20-HP-15, D20-HP-23: a healing potion (2d4+2 = 5) given to a fallen ally with 2 failures wakes it at 5 HP, tallies reset", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    a.controller = "seat-1";
    const b = hero(sim, 5, 6);
    const m = minion(sim, 6, 5);
    plain([a, b, m], 20);
    down(b);
    d20Of(b).deathSaves = { successes: 1, failures: 2 };
    a.targetId = m.id;
    forceDice(sim, [20, 12, 1]); // hero 20, fallen ally 12, minion 1
    sim.step();
    const dice = forceDice(sim, [1, 2]);
    encOf(sim).plans[a.id] = { steps: [{ kind: "useObject", item: "healingPotion", targetId: b.id }] };
    const ev = sim.step();
    expect(hpEvents(ev)).toEqual([
      { type: "woke", unitId: b.id },
      { type: "healed", unitId: b.id, byUnitId: a.id, woundPoints: b.woundPoints, hp: 5 },
    ]);
    expect(d20Of(b)).toMatchObject({ hp: 5, deathSaves: { successes: 0, failures: 0 }, stable: false });
    expect(b.activity).toBe("idle");
    expect(dice.left()).toBe(0);
  });

  it("D20-HP-10, D20-HP-09: a potion of 7 (2d4+2 = 3 + 2 + 2) for a hero 2 HP down stops at its maximum, 20: the 5 beyond are lost", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    a.controller = "seat-1";
    const m = minion(sim, 6, 5);
    plain([a, m], 20);
    d20Of(a).hp = 18;
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    const dice = forceDice(sim, [3, 2]);
    encOf(sim).plans[a.id] = { steps: [{ kind: "useObject", item: "healingPotion" }] };
    expect(hpEvents(sim.step())).toEqual([{ type: "healed", unitId: a.id, byUnitId: a.id, woundPoints: a.woundPoints, hp: 20 }]);
    expect(d20Of(a)).toMatchObject({ hp: 20, maxHp: 20 });
    expect(dice.left()).toBe(0);
  });

  it("D20-HP-07 (cannot happen: nothing raises the dead; the fixed decision): a potion for a dead ally is refused and it stays dead at 0 HP", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    a.controller = "seat-1";
    const b = hero(sim, 5, 6);
    const m = minion(sim, 6, 5);
    plain([a, b, m], 20);
    a.targetId = m.id;
    forceDice(sim, [20, 12, 1]);
    sim.step();
    // the ally dies on the spot (a trap's massive damage: 40 ≥ 20 remaining)
    forceDice(sim, [20, 20]);
    sim.ruleset.harm(sim, b, "trap", { severity: "serious", damageType: "slashing", blunt: false, d20Damage: "2d20", d100Damage: null });
    expect(d20Of(b).dead).toBe(true);
    sim.drainEvents();
    const dice = forceDice(sim, [4, 4]);
    encOf(sim).plans[a.id] = { steps: [{ kind: "useObject", item: "healingPotion", targetId: b.id }] };
    const ev = sim.step();
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: ["no such creature in the encounter"] }]);
    expect(hpEvents(ev)).toEqual([]);
    expect(d20Of(b)).toMatchObject({ hp: 0, dead: true });
    expect(b.activity).toBe("dead");
    expect(dice.left()).toBe(2);
  });
});
