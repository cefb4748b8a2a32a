import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain } from "./live-helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { attacks, foe, party, playTurn, walled } from "./live-turn.ts";

/**
 * Issue 17, sweep s9 (r8): D20-ATTACK-01 (melee, ranged and spell attacks follow the same steps)
 * and D20-ATTACK-59 (three degrees of cover) in a live d20 room: a seat plans the turn with
 * `planTurn`, `sim.step()` plays it with forced and recorded dice.
 */

const BOLT = { name: "bolt", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d10", damageType: "magic", element: "fire", radius: 0 } as const;

/** The hero's attack of `kind` on the minion (AC 11, all characteristics 0), its turn played with `dice`: the step events and the recorded draws. */
function attackOf(kind: "melee" | "ranged" | "spell", dice: number[]) {
  const sim = d20Sim();
  const a = hero(sim, 5, 5, { controller: "seat-1" });
  const m = minion(sim, kind === "melee" ? 6 : 8, 5);
  plain([a, m]);
  if (kind === "ranged") d20Of(a).weapon = { ...d20Of(a).weapon, name: "shortbow", ranged: true, range: [2, 16], damage: "1d6", damageType: "piercing" };
  if (kind === "melee") d20Of(a).weapon = { ...d20Of(a).weapon, name: "sword", ranged: false, damage: "1d8", damageType: "slashing" };
  if (kind === "spell") { d20Of(a).mana = 5; d20Of(a).spells = [{ ...BOLT }]; }
  a.targetId = m.id;
  forceDice(sim, [20, 1]);
  sim.step();
  const step = kind === "spell" ? { kind: "cast", spell: "bolt", targetId: m.id } : { kind: "attack", targetId: m.id };
  expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [step] } as never)).toEqual({ ok: true });
  const rec = recordD20Dice(sim, dice);
  const ev = sim.step();
  expect(rec.left()).toBe(0);
  const steps = ev.filter((e) => e.type === "attack" || e.type === "damaged").map((e) => e.type);
  return { a, m, ev, draws: rec.draws, steps };
}

describe("D20-ATTACK-01: one attack sequence for melee, ranged and spell attacks (live d20 room)", () => {
  it("D20-ATTACK-01: a sword blow, a bow shot and a bolt spell each draw a d20 against AC 11, emit `attack`, and only on a hit draw the weapon's or spell's damage die and emit `damaged`", () => {
    const melee = attackOf("melee", [11, 5]);
    const ranged = attackOf("ranged", [11, 4]);
    const spell = attackOf("spell", [11, 9]);
    expect([melee.draws, ranged.draws, spell.draws]).toEqual([["d20=11", "d8=5"], ["d20=11", "d6=4"], ["d20=11", "d10=9"]]);
    for (const r of [melee, ranged, spell]) {
      expect(r.steps).toEqual(["attack", "damaged"]);
      expect(attacks(r.ev)).toEqual([[r.a.id, r.m.id, true, 11, 11]]);
    }
    expect([melee, ranged, spell].map((r) => of(r.ev, "damaged").map((d) => d.amount))).toEqual([[5], [4], [9]]);
    // The same step 3 for all three: a 10 misses AC 11 and no damage die is drawn.
    const misses = (["melee", "ranged", "spell"] as const).map((k) => attackOf(k, [10]));
    for (const r of misses) {
      expect([r.draws, r.steps]).toEqual([["d20=10"], ["attack"]]);
      expect(attacks(r.ev)).toEqual([[r.a.id, r.m.id, false, 10, 11]]);
    }
  });
});

describe("D20-ATTACK-59: the three degrees of cover (live d20 room)", () => {
  /** The Scout (d20 + Agility 0 + marksmanship 1) at `from` shoots the AC-11 minion at `to` past `walls` with `dice`: the attack's [hit, total, AC]. */
  const shot = (walls: readonly (readonly [number, number])[], from: readonly [number, number], to: readonly [number, number], dice: number[]) => {
    const sim = d20Sim(1, walled(walls));
    const [s] = party(sim, ["Scout"], { x0: from[0], y: from[1] });
    const m = foe(sim, to[0], to[1]);
    const t = playTurn(sim, s!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice);
    return attacks(t.events).map((a) => [a[2], a[3], a[4]]);
  };

  it("D20-ATTACK-59: the same d20 9 (total 10) against the AC-11 minion: none AC 11, half +1 AC 12, three-quarters +3 AC 14, total: only a natural 20 hits (19 + 1 = 20 misses)", () => {
    expect(shot([], [2, 3], [5, 3], [9])).toEqual([[false, 10, 11]]);
    expect(shot([[4, 3]], [2, 3], [5, 3], [9])).toEqual([[false, 10, 12]]);
    expect(shot([[4, 3]], [2, 2], [6, 4], [9])).toEqual([[false, 10, 14]]);
    expect(shot([[5, 2], [5, 3]], [2, 2], [6, 3], [19])).toEqual([[false, 20, 11]]);
    // Each degree is crossed by the right roll: 10 + 1 = 11 hits none, 11 + 1 hits half, 13 + 1 hits three-quarters, 20 hits total.
    expect(shot([], [2, 3], [5, 3], [10, 2])).toEqual([[true, 11, 11]]);
    expect(shot([[4, 3]], [2, 3], [5, 3], [11, 2])).toEqual([[true, 12, 12]]);
    expect(shot([[4, 3]], [2, 2], [6, 4], [13, 2])).toEqual([[true, 14, 14]]);
    expect(shot([[5, 2], [5, 3]], [2, 2], [6, 3], [20])).toEqual([[true, 21, 11]]);
  });
});

describe("D20-ATTACK-65: total cover against a spell attack (live d20 room)", () => {
  /** The hero (seat-1, Mental 0, 5 Mana) at (2, 2) casts bolt at the minion (6, 3) right behind the wall (5, 2), (5, 3); its turn with `dice` recorded. */
  const bolt = (dice: number[]) => {
    const sim = d20Sim(1, walled([[5, 2], [5, 3]]));
    const a = hero(sim, 2, 2, { controller: "seat-1" });
    const m = minion(sim, 6, 3);
    plain([a, m]);
    d20Of(a).mana = 5;
    d20Of(a).spells = [{ ...BOLT }];
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "cast", spell: "bolt", targetId: m.id }] } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(sim, dice);
    const ev = sim.step();
    expect(rec.left()).toBe(0);
    return { a, m, ev, draws: rec.draws };
  };

  it("D20-ATTACK-65: behind total cover the bolt's d20 19 (total 19 against AC 11) misses; a natural 20 (critical) hits for the 1d10's maximum 10", () => {
    const miss = bolt([19]);
    expect([miss.draws, attacks(miss.ev)]).toEqual([["d20=19"], [[miss.a.id, miss.m.id, false, 19, 11]]]);
    expect(d20Of(miss.m).hp).toBe(100);
    const crit = bolt([20]);
    expect([crit.draws, attacks(crit.ev)]).toEqual([["d20=20"], [[crit.a.id, crit.m.id, true, 20, 11]]]);
    expect(of(crit.ev, "damaged").map((e) => [e.amount, e.critical])).toEqual([[10, true]]); // a critical deals the die's maximum, 10
    expect(d20Of(crit.m).hp).toBe(90);
  });
});

describe("D20-ATTACK-02: the targets of an attack (live d20 room)", () => {
  const BURST = { name: "burst", cost: 3, pool: "mana", kind: "area", band: "short", damage: "1d4", damageType: "burn", element: "fire", radius: 1 } as const;
  /** The hero (seat-1, plain, 6 Mana, bolt and burst) at (5, 5), minions at `foes`, the hero first; its turn `steps` played with `dice` recorded. */
  const turn = (foes: [number, number][], steps: (ms: ReturnType<typeof minion>[]) => unknown[], dice: number[]) => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const ms = foes.map(([x, y]) => minion(sim, x, y));
    plain([a, ...ms]);
    d20Of(a).mana = 6;
    d20Of(a).spells = [{ ...BOLT }, { ...BURST }];
    a.targetId = ms[0]!.id;
    forceDice(sim, [20, ...ms.map((_, i) => i + 1)]);
    sim.step();
    expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: steps(ms) } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(sim, dice);
    const ev = sim.step();
    expect(rec.left()).toBe(0);
    return { a, ms, ev, draws: rec.draws, refusals: of(ev, "turnPlanPlayed").find((e) => e.unitId === a.id)!.refusals };
  };

  it("D20-ATTACK-02: a target within range: the sword blow at a minion 2 tiles off (reach 1) is refused and draws nothing; at 1 tile it is rolled (d20 15, d8 3)", () => {
    const far = turn([[7, 5]], (ms) => [{ kind: "attack", targetId: ms[0]!.id }], []);
    expect([far.refusals, far.draws, of(far.ev, "attack")]).toEqual([["the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)"], [], []]);
    const near = turn([[6, 5]], (ms) => [{ kind: "attack", targetId: ms[0]!.id }], [15, 3]);
    expect([near.refusals, attacks(near.ev)]).toEqual([[null], [[near.a.id, near.ms[0]!.id, true, 15, 11]]]);
  });

  it("D20-ATTACK-02: several targets: the burst centred on (8, 5) takes both minions on (8, 5) and (9, 6) with one 1d4 (3); the one on (11, 5) outside it is not touched", () => {
    const t = turn([[8, 5], [9, 6], [11, 5]], () => [{ kind: "cast", spell: "burst", x: 8, y: 5 }], [3]);
    expect(t.refusals).toEqual([null]);
    expect(t.draws).toEqual(["d4=3"]);
    expect(of(t.ev, "damaged").map((e) => [e.targetId, e.amount])).toEqual([[t.ms[0]!.id, 3], [t.ms[1]!.id, 3]]);
  });
});
