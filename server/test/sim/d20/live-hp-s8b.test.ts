import { describe, expect, it } from "vitest";
import { ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { of, plain, run } from "./live-helpers.ts";

/*
 * Issue 17 sweep s8b: the D20-HP rules that name a die (the jet de destin's plain d20, first aid's
 * d20 + Habilité + Médecine), played in a live d20 room with the draws recorded (diceRecorder.ts).
 */
const hpEvents = (ev: readonly SimEvent[]) => ev
  .filter((e) => ["damaged", "knockedOut", "deathSave", "woke", "healed"].includes(e.type))
  .map((e) => { const { tick: _t, ...r } = e; return r; });
const encOf = (sim: Simulation) => Object.values(sim.state.encounters ?? {})[0]!;
const FIVES = { strength: 5, agility: 5, constitution: 5, mental: 5, contre: 5, perception: 5, reflexion: 5, habilite: 5, furtivite: 5 };

/** Puts `u` at 0 HP, dying, as a fallen creature lies: unconscious. */
function down(u: UnitRecord): void {
  const d = d20Of(u);
  d.hp = 0;
  d.stable = false;
  u.activity = "unconscious";
}

/**
 * A hero played by seat-1 at (5, 5), a standing minion at (6, 5) and a fallen one at (6, 6) (0 HP
 * of `hp`), zero characteristics. Initiative (id order) 20, 1, 12: the hero, the fallen one, the
 * minion. After this first step the hero's turn waits for its plan.
 */
function overFallen(hp = 20) {
  const sim = d20Sim();
  const a = hero(sim, 5, 5, { controller: "seat-1" });
  const n = minion(sim, 6, 5);
  const m = minion(sim, 6, 6);
  plain([a, n, m], hp);
  down(m);
  a.targetId = n.id;
  forceDice(sim, [20, 1, 12]);
  sim.step();
  return { sim, a, n, m, enc: encOf(sim) };
}

describe("s8b: the jet de destin in an encounter turn, on recorded dice (D20-HP-16 to D20-HP-19, D20-HP-24, D20-HP-25)", () => {
  it("D20-HP-16, D20-HP-17, D20-HP-18, D20-HP-19: the fallen minion (every characteristic +5) starts its turn at 0 HP: one d20 and nothing added: 10 is a success (round 1), 9 a failure (round 2); one of each changes nothing", () => {
    const f = overFallen();
    d20Of(f.m).abilities = { ...FIVES };
    f.enc.plans[f.a.id] = { steps: [] };
    // round 1: the hero's empty plan, the fallen one's jet de destin, the minion's blow (natural 1).
    let dice = recordD20Dice(f.sim, [10, 1]);
    const r1 = run(f.sim, 3);
    expect(hpEvents(r1)).toEqual([{ type: "deathSave", unitId: f.m.id, roll: 10, successes: 1, failures: 0, outcome: "success" }]);
    expect(dice.draws).toEqual(["d20=10", "d20=1"]);
    expect(dice.left()).toBe(0);
    run(f.sim, ROUND_TICKS - 3);
    f.enc.plans[f.a.id] = { steps: [] };
    dice = recordD20Dice(f.sim, [9, 1]);
    const r2 = run(f.sim, 3);
    expect(hpEvents(r2)).toEqual([{ type: "deathSave", unitId: f.m.id, roll: 9, successes: 1, failures: 1, outcome: "failure" }]);
    expect(of(r2, "turnStarted").map((t) => [t.round, t.unitId])).toEqual([[2, f.a.id], [2, f.m.id], [2, f.n.id]]);
    expect(d20Of(f.m)).toMatchObject({ hp: 0, dead: false, stable: false });
    expect(f.m.activity).toBe("unconscious");
    expect(dice.draws).toEqual(["d20=9", "d20=1"]);
    expect(dice.left()).toBe(0);
  });

  it("D20-HP-24: a natural 1 on the d20 of the jet de destin counts two failures (0 → 2); a natural 2, the next face, only one (0 → 1)", () => {
    for (const [natural, failures] of [[1, 2], [2, 1]] as const) {
      const f = overFallen();
      f.enc.plans[f.a.id] = { steps: [] };
      const dice = recordD20Dice(f.sim, [natural, 1]);
      const ev = run(f.sim, 3);
      expect(hpEvents(ev)).toEqual([{ type: "deathSave", unitId: f.m.id, roll: natural, successes: 0, failures, outcome: "failure" }]);
      expect(dice.draws).toEqual([`d20=${natural}`, "d20=1"]);
      expect(dice.left()).toBe(0);
    }
  });

  it("D20-HP-25, D20-HP-15: a natural 20 on the d20 of the jet de destin: 1 HP, awake, tallies (1 success, 1 failure) back to 0", () => {
    const f = overFallen();
    d20Of(f.m).deathSaves = { successes: 1, failures: 1 };
    f.enc.plans[f.a.id] = { steps: [] };
    const dice = recordD20Dice(f.sim, [20]);
    const ev = run(f.sim, 2);
    expect(hpEvents(ev)).toEqual([
      { type: "deathSave", unitId: f.m.id, roll: 20, successes: 0, failures: 0, outcome: "regained" },
      { type: "woke", unitId: f.m.id },
      { type: "healed", unitId: f.m.id, byUnitId: f.m.id, woundPoints: f.m.woundPoints, hp: 1 },
    ]);
    expect(d20Of(f.m).hp).toBe(1);
    expect(dice.draws).toEqual(["d20=20"]);
    expect(dice.left()).toBe(0);
  });
});

describe("s8b: first aid is d20 + Habilité + Médecine (D20-HP-29, D20-HP-30)", () => {
  it("D20-HP-29, D20-HP-30 (Left open: DC 10 + failures): the hero (Habilité 2, Médecine 3) gives first aid with its action to the dying minion with 1 failure (DC 11): d20 6 (6 + 2 + 3 = 11) stabilises it, d20 5 (10) does not; the attack planned after is refused", () => {
    const aid = (die: number) => {
      const f = overFallen();
      d20Of(f.a).abilities.habilite = 2;
      d20Of(f.a).skills.medecine = 3;
      d20Of(f.m).deathSaves = { successes: 0, failures: 1 };
      const dice = recordD20Dice(f.sim, [die]);
      f.enc.plans[f.a.id] = { steps: [{ kind: "firstAid", targetId: f.m.id }, { kind: "attack", targetId: f.n.id }] };
      const ev = f.sim.step();
      expect(of(ev, "turnPlanPlayed")[0]!.refusals).toEqual([null, expect.stringContaining("action")]);
      expect(dice.left()).toBe(0);
      return { stable: d20Of(f.m).stable, draws: dice.draws };
    };
    expect(aid(6)).toEqual({ stable: true, draws: ["d20=6"] });
    expect(aid(5)).toEqual({ stable: false, draws: ["d20=5"] });
  });
});

describe("s8b: damage at 0 HP on recorded dice (D20-HP-26, D20-HP-27, D20-HP-28)", () => {
  it("D20-HP-26, D20-HP-28: the hero's blow (d20 15 against AC 11, the sword's d8) on the dying minion (max 6): d8 5 (below the maximum) is one failure; d8 6 (equal to it) kills it at once", () => {
    const hit = (d8: number) => {
      const f = overFallen(6);
      const dice = recordD20Dice(f.sim, [15, d8]);
      f.enc.plans[f.a.id] = { steps: [{ kind: "attack", targetId: f.m.id }] };
      const ev = f.sim.step();
      expect(dice.draws).toEqual(["d20=15", `d8=${d8}`]);
      expect(dice.left()).toBe(0);
      return { ev: hpEvents(ev), m: f.m, a: f.a };
    };
    const kept = hit(5);
    expect(kept.ev).toEqual([{ type: "damaged", targetId: kept.m.id, sourceId: kept.a.id, amount: 5, damageType: "slashing", hp: 0, critical: false }]);
    expect(d20Of(kept.m)).toMatchObject({ dead: false, deathSaves: { successes: 0, failures: 1 } });
    const killed = hit(6);
    expect(killed.ev).toEqual([
      { type: "damaged", targetId: killed.m.id, sourceId: killed.a.id, amount: 6, damageType: "slashing", hp: 0, critical: false },
      { type: "knockedOut", unitId: killed.m.id, outcome: "dead", cause: "hitPoints", byUnitId: killed.a.id },
    ]);
    expect(d20Of(killed.m)).toMatchObject({ dead: true, deathSaves: { successes: 0, failures: 0 } });
  });

  it("D20-HP-27: a natural 20 (a critical hit, the sword's maximum 8, no damage die) on the dying minion counts two failures (0 → 2)", () => {
    const f = overFallen(20);
    const dice = recordD20Dice(f.sim, [20]);
    f.enc.plans[f.a.id] = { steps: [{ kind: "attack", targetId: f.m.id }] };
    const ev = f.sim.step();
    expect(hpEvents(ev)).toEqual([{ type: "damaged", targetId: f.m.id, sourceId: f.a.id, amount: 8, damageType: "slashing", hp: 0, critical: true }]);
    expect(d20Of(f.m)).toMatchObject({ dead: false, deathSaves: { successes: 0, failures: 2 } });
    expect(dice.draws).toEqual(["d20=20"]);
    expect(dice.left()).toBe(0);
  });
});

describe("s8b: the knock-out needs a melee blow (D20-HP-35, D20-HP-37)", () => {
  const BOW = { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } as const;
  it("D20-HP-35, D20-HP-37: a dungeon-side archer played by seat b0 shoots the 1-HP hero down from 4 tiles (d20 15, the bow's d6 3): not a melee blow, so no knock-out: the hero lies dying, not stable, and makes its jet de destin (d20 12); a melee knock-out leaves it stable (live-damage.test.ts)", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const archer = hero(sim, 9, 5, { faction: "dungeon", controller: "b0", gear: BOW });
    plain([a, archer]);
    d20Of(a).hp = 1;
    a.targetId = archer.id;
    forceDice(sim, [1, 20]); // initiative hero 1, archer 20: the archer's turn waits for its plan
    sim.step();
    expect(sim.enqueue({ kind: "adventurer", seatId: "b0", unitId: archer.id }, { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: a.id }] } as never)).toEqual({ ok: true });
    const dice = recordD20Dice(sim, [15, 3, 12]);
    const ev = run(sim, ROUND_TICKS); // the fight ends (one side down); the dying hero rolls at the next round's span
    expect(hpEvents(ev)).toEqual([
      { type: "damaged", targetId: a.id, sourceId: archer.id, amount: 3, damageType: "piercing", hp: 0, critical: false },
      { type: "knockedOut", unitId: a.id, outcome: "unconscious", cause: "hitPoints", byUnitId: archer.id },
      { type: "deathSave", unitId: a.id, roll: 12, successes: 1, failures: 0, outcome: "success" },
    ]);
    expect(d20Of(a)).toMatchObject({ hp: 0, stable: false, dead: false });
    expect(dice.draws).toEqual(["d20=15", "d6=3", "d20=12"]);
    expect(dice.left()).toBe(0);
  });
});

describe("s8b: a knock-out blow still kills with massive damage (D20-HP-13, D20-HP-35)", () => {
  it("D20-HP-13, D20-HP-35: the dungeon's minion (it knocks adventurers out) punches a hero at 1 HP of 1 (d20 15): unarmed 1 + skill 0 leaves no remaining damage: knocked out, stable; 1 + skill 1 = 2 leaves 1, equal to the maximum: dead", () => {
    const punch = (skill: number) => {
      const sim = d20Sim();
      const a = hero(sim, 5, 5);
      const m = minion(sim, 6, 5);
      plain([a, m]);
      d20Of(a).hp = d20Of(a).maxHp = 1;
      d20Of(m).skills.weapon = skill;
      a.targetId = m.id;
      // initiative hero 1, minion 20: its fist, d20 15 against AC 12 (no damage die).
      const dice = recordD20Dice(sim, [1, 20, 15]);
      const ev = sim.step();
      expect(dice.draws).toEqual(["d20=1", "d20=20", "d20=15"]);
      expect(dice.left()).toBe(0);
      return { ev: hpEvents(ev), a, m };
    };
    const out = punch(0);
    expect(out.ev).toEqual([
      { type: "damaged", targetId: out.a.id, sourceId: out.m.id, amount: 1, damageType: "bludgeoning", hp: 0, critical: false },
      { type: "knockedOut", unitId: out.a.id, outcome: "unconscious", cause: "hitPoints", byUnitId: out.m.id },
    ]);
    expect(d20Of(out.a)).toMatchObject({ hp: 0, stable: true, dead: false });
    const dead = punch(1);
    expect(dead.ev).toEqual([
      { type: "damaged", targetId: dead.a.id, sourceId: dead.m.id, amount: 2, damageType: "bludgeoning", hp: 0, critical: false },
      { type: "knockedOut", unitId: dead.a.id, outcome: "dead", cause: "hitPoints", byUnitId: dead.m.id },
    ]);
    expect(d20Of(dead.a)).toMatchObject({ hp: 0, dead: true });
  });
});
