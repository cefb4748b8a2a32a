import { describe, expect, it } from "vitest";
import { ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { creature, keeperCreatureTurn, masterPlayed, of, plain, run } from "./live-helpers.ts";
import { attacks, damage, foe, party, walled } from "./live-turn.ts";
import { playRecordedTurn, recordD20Dice } from "./diceRecorder.ts";
import { adventurer, makeSim as trapSim, placeBuilt, wire } from "../traps/helpers.ts";

/**
 * Issue 17, sweep s8 (stress point 5, dice of the right size; point 6, every term non-zero): the
 * dice the d20 rules name (the 1d20 of attack, Hide and grapple rolls, the weapon's and spell's
 * damage dice, the 1d4 / 1d2 of damage over time and ground zones) recorded with their size by
 * diceRecorder.ts `recordD20Dice` while a live d20 room plays the turn (`planTurn` + `sim.step()`,
 * or the AI's own turn), and the exact totals with every modifier non-zero.
 */

const dmg = (ev: readonly SimEvent[]) => of(ev, "damaged").map(({ targetId, sourceId, amount, damageType, hp }) => ({ targetId, sourceId, amount, damageType, hp }));

describe("d20 attack rolls with recorded dice (D20-ATTACK-09 to D20-ATTACK-17)", () => {
  /** A level-4 Warrior (weapon skill 2) with Strength 2, Agility 5 attacks the AC-11 minion: its turn with `dice`. */
  const warrior = (dice: number[], setUp?: (w: UnitRecord, m: UnitRecord) => void) => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"], { level: 4 });
    Object.assign(d20Of(w!).abilities, { strength: 2, agility: 5 });
    const m = foe(sim, 5);
    setUp?.(w!, m);
    const t = playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice);
    return { w: w!, m, t };
  };

  it("D20-ATTACK-09, D20-ATTACK-10, D20-ATTACK-11, D20-ATTACK-12, D20-DAMAGE-02: the level-4 Warrior's longsword roll is one 1d20 + Strength 2 (not Agility 5): d20 9 → 11 meets AC 11 and hits, then one 1d8 (5) + weapon skill 2 = 7; d20 8 → 10 misses and no damage die is drawn", () => {
    const hit = warrior([9, 5]);
    expect([d20Of(hit.w).skills.weapon, d20Of(hit.w).weapon.damage]).toEqual([2, "1d8"]);
    expect(hit.t.draws).toEqual(["d20=9", "d8=5"]);
    expect(attacks(hit.t.events)).toEqual([[hit.w.id, hit.m.id, true, 11, 11]]);
    expect([damage(hit.t.events), d20Of(hit.m).hp]).toEqual([[[hit.w.id, hit.m.id, 7]], 23]);
    const miss = warrior([8]);
    expect(miss.t.draws).toEqual(["d20=8"]);
    expect(attacks(miss.t.events)).toEqual([[miss.w.id, miss.m.id, false, 10, 11]]);
    expect([damage(miss.t.events), d20Of(miss.m).hp]).toEqual([[], 30]);
  });

  it("D20-ATTACK-15, D20-ATTACK-16, D20-DAMAGE-05: a natural 20 (Strength 2: total 22) hits AC 40 and is critical: no damage die is drawn, the 1d8 counts 8, + weapon skill 2 = 10", () => {
    const r = warrior([20], (_w, m) => { d20Of(m).ac = 40; });
    expect(r.t.draws).toEqual(["d20=20"]);
    expect(attacks(r.t.events)).toEqual([[r.w.id, r.m.id, true, 22, 40]]);
    expect(of(r.t.events, "damaged").map((e) => [e.amount, e.critical])).toEqual([[10, true]]);
    expect(d20Of(r.m).hp).toBe(20);
  });

  it("D20-ATTACK-17: a natural 1 misses AC 11 although 1 + Strength 12 = 13 would reach it: one d20 drawn, no damage die", () => {
    const r = warrior([1], (w) => { d20Of(w).abilities.strength = 12; });
    expect(r.t.draws).toEqual(["d20=1"]);
    expect(attacks(r.t.events)).toEqual([[r.w.id, r.m.id, false, 13, 11]]);
    expect(d20Of(r.m).hp).toBe(30);
  });

  it("D20-ATTACK-11, D20-ATTACK-13, D20-ATTACK-04: the Scout's shortbow shot 4 tiles off is 1d20 + Agility 3 (not Strength 5) + marksmanship 1: d20 7 → 11 hits AC 11, then 1d6 (6); d20 6 → 10 misses", () => {
    const shot = (dice: number[]) => {
      const sim = d20Sim(1);
      const [s] = party(sim, ["Scout"]);
      Object.assign(d20Of(s!).abilities, { strength: 5, agility: 3 });
      const m = foe(sim, 8);
      return { s: s!, m, t: playRecordedTurn(sim, s!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice) };
    };
    const hit = shot([7, 6]);
    expect(hit.t.draws).toEqual(["d20=7", "d6=6"]);
    expect([attacks(hit.t.events), damage(hit.t.events)]).toEqual([[[hit.s.id, hit.m.id, true, 11, 11]], [[hit.s.id, hit.m.id, 6]]]);
    const miss = shot([6]);
    expect(miss.t.draws).toEqual(["d20=6"]);
    expect(attacks(miss.t.events)).toEqual([[miss.s.id, miss.m.id, false, 10, 11]]);
  });

  it("D20-ATTACK-14: a spell attack is 1d20 + Mental 3 (Strength 4 and Agility 4 not counted): the hero's bolt 3 tiles off, d20 8 → 11 hits AC 11, then its 1d10 (9); d20 7 → 10 misses", () => {
    const BOLT = { name: "bolt", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d10", damageType: "magic", element: "fire", radius: 0 } as const;
    const cast = (dice: number[]) => {
      const sim = d20Sim();
      const a = hero(sim, 5, 5, { controller: "seat-1" });
      const m = minion(sim, 8, 5);
      plain([a, m]);
      Object.assign(d20Of(a).abilities, { mental: 3, strength: 4, agility: 4 });
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
    const hit = cast([8, 9]);
    expect(hit.draws).toEqual(["d20=8", "d10=9"]);
    expect(attacks(hit.ev)).toEqual([[hit.a.id, hit.m.id, true, 11, 11]]);
    expect(d20Of(hit.m).hp).toBe(91);
    const miss = cast([7]);
    expect(miss.draws).toEqual(["d20=7"]);
    expect(attacks(miss.ev)).toEqual([[miss.a.id, miss.m.id, false, 10, 11]]);
    expect(d20Of(miss.m).hp).toBe(100);
  });
});

describe("advantage and disadvantage draw a second d20 (D20-ATTACK-56, D20-ACTION-18, D20-ATTACK-72)", () => {
  it("D20-ATTACK-56: with a standing minion next to it, the Scout's shot draws two d20 and keeps the lower (17 and 6: 6 + 1 = 7 misses AC 11); with that minion paralysed (incapable of acting), one d20 (6 + 1 = 7 misses, then 17 alone would hit)", () => {
    const shoot = (paralysed: boolean, dice: number[]) => {
      const sim = d20Sim(1);
      const [s] = party(sim, ["Scout"]);
      const m = foe(sim, 7);
      const next = foe(sim, 4, 6);
      if (paralysed) d20Of(next).statuses.push({ kind: "paralysed", turnsLeft: 3, sourceId: "" });
      return { s: s!, m, t: playRecordedTurn(sim, s!, m, [20, 1, 2], [{ kind: "attack", targetId: m.id }], dice) };
    };
    const pressed = shoot(false, [17, 6]);
    expect(pressed.t.draws).toEqual(["d20=17", "d20=6"]);
    expect(attacks(pressed.t.events)).toEqual([[pressed.s.id, pressed.m.id, false, 7, 11]]);
    const free = shoot(true, [17, 5]);
    expect(free.t.draws).toEqual(["d20=17", "d6=5"]);
    expect([attacks(free.t.events), damage(free.t.events)]).toEqual([[[free.s.id, free.m.id, true, 18, 11]], [[free.s.id, free.m.id, 5]]]);
  });

  it("D20-ACTION-38, D20-ACTION-40, D20-ATTACK-72: Hide is one 1d20 (9) + Furtivité 2 + Discrétion 1 = 12 against the minion's passive Perception 10; hidden, the attack that follows draws two d20 and keeps the higher (4 and 16: hits AC 11), then 1d8 (7)", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 6, 5);
    plain([a, m]);
    d20Of(a).abilities.furtivite = 2;
    d20Of(a).skills.discretion = 1;
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step();
    expect(sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: a.id }, { type: "planTurn", action: "steps", steps: [{ kind: "hide" }, { kind: "attack", targetId: m.id }] } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(sim, [9, 4, 16, 7]);
    const ev = sim.step();
    expect(rec.left()).toBe(0);
    expect(rec.draws).toEqual(["d20=9", "d20=4", "d20=16", "d8=7"]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[a.id, m.id, true, 16, 11]]);
    expect(d20Of(m).hp).toBe(93);
  });
});

describe("d20 damage dice recorded (D20-DAMAGE-03, D20-DAMAGE-14, D20-DAMAGE-24, D20-DAMAGE-04)", () => {
  it("D20-DAMAGE-03: the Master's magic staff draws one 1d6 (6) and adds its +1: 7 on the hero; the hero's natural 1 after it draws no damage die", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = creature(sim, "master", 6, 5);
    plain([a, m]);
    d20Of(m).mana = 0; // no spell: it strikes with its staff
    a.targetId = m.id;
    // initiative hero 1, Master 20; the Master's blow 15 hits AC 12 and draws its 1d6; the hero's natural 1.
    const rec = recordD20Dice(sim, [1, 20, 15, 6, 1]);
    const ev = run(sim, 2);
    expect(rec.left()).toBe(0);
    expect(rec.draws).toEqual(["d20=1", "d20=20", "d20=15", "d6=6", "d20=1"]);
    expect(dmg(ev)).toEqual([{ targetId: a.id, sourceId: m.id, amount: 7, damageType: "bludgeoning", hp: 93 }]);
  });

  it("D20-DAMAGE-13, D20-DAMAGE-14: a giant spider's venomous bite (1d8 7, poison) leaves basic poison: one 1d4 at the start of each of the hero's next 2 turns (4, then 3), none on the third", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const sp = creature(sim, "giantSpider", 6, 5);
    plain([a, sp]);
    d20Of(sp).stamina = 0; // no web: it bites
    a.targetId = sp.id;
    // initiative hero 1, spider 20; round 1: the bite 15 hits, 1d8 7, paralysing; the hero: poison 4, skips its turn. round 2: spider 1; hero poison 3, attack 1. round 3: 1 and 1.
    const rec = recordD20Dice(sim, [1, 20, 15, 7, 4, 1, 3, 1, 1, 1]);
    const ev = run(sim, 2 + 2 * ROUND_TICKS);
    expect(rec.left()).toBe(0);
    expect(rec.draws).toEqual(["d20=1", "d20=20", "d20=15", "d8=7", "d4=4", "d20=1", "d4=3", "d20=1", "d20=1", "d20=1"]);
    expect(dmg(ev)).toEqual([
      { targetId: a.id, sourceId: sp.id, amount: 7, damageType: "poison", hp: 93 },
      { targetId: a.id, sourceId: sp.id, amount: 4, damageType: "poison", hp: 89 },
      { targetId: a.id, sourceId: sp.id, amount: 3, damageType: "poison", hp: 86 },
    ]);
    expect(d20Of(a).dots).toEqual([]);
  });
});

describe("area spells and ground zones with recorded dice (D20-DAMAGE-04, D20-DAMAGE-24)", () => {
  it("D20-DAMAGE-04: the Master's acidRain on both heroes draws one 1d4 (3) and no attack d20: each hero takes that same 3", () => {
    const f = masterPlayed();
    f.enc.plans[f.m.id] = { steps: [{ kind: "cast", spell: "acidRain", x: 5, y: 5 }] };
    const rec = recordD20Dice(f.sim, [3]);
    const ev = f.sim.step();
    expect([rec.draws, rec.left()]).toEqual([["d4=3"], 0]);
    expect(dmg(ev)).toEqual([
      { targetId: f.a.id, sourceId: f.m.id, amount: 3, damageType: "acid", hp: 97 },
      { targetId: f.b.id, sourceId: f.m.id, amount: 3, damageType: "acid", hp: 97 },
    ]);
  });

  it("D20-ACTION-40, D20-ATTACK-08, D20-ATTACK-73: the Master hides (1d20 15 + Furtivité 5 + Discrétion 5 = 25) then casts acidRain in the same turn: the area rolls no attack (one 1d4, 3), so it is no attack and the Master stays hidden (Hide total 25)", () => {
    const f = masterPlayed();
    d20Of(f.m).abilities.furtivite = 5;
    d20Of(f.m).skills.discretion = 5;
    expect(f.sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: f.m.id }, { type: "planTurn", action: "steps", steps: [{ kind: "hide" }, { kind: "cast", spell: "acidRain", x: 5, y: 5 }] } as never)).toEqual({ ok: true });
    const rec = recordD20Dice(f.sim, [15, 3]);
    const ev = f.sim.step();
    expect([rec.draws, rec.left()]).toEqual([["d20=15", "d4=3"], 0]);
    expect(of(ev, "turnPlanPlayed").map((e) => e.refusals)).toEqual([[null, null]]);
    expect(dmg(ev).map((d) => [d.targetId, d.amount])).toEqual([[f.a.id, 3], [f.b.id, 3]]);
    expect(d20Of(f.m).statuses.filter((st) => st.kind === "hidden").map((st) => st.value)).toEqual([25]);
  });

  it("D20-DAMAGE-22, D20-DAMAGE-24: in the Master's fireWall (burn) each hero starting its turn takes one 1d2 (2): the die is a d2, at least 1d2", () => {
    const f = masterPlayed();
    f.enc.plans[f.m.id] = { steps: [{ kind: "cast", spell: "fireWall", x: 5, y: 5 }] };
    const cast = recordD20Dice(f.sim, [3]);
    f.sim.step();
    expect([cast.draws, cast.left()]).toEqual([["d4=3"], 0]);
    // b's turn: the zone's 1d2, then its sword (natural 1); a's likewise.
    const rec = recordD20Dice(f.sim, [2, 1, 2, 1]);
    const ev = run(f.sim, 2);
    expect([rec.draws, rec.left()]).toEqual([["d2=2", "d20=1", "d2=2", "d20=1"], 0]);
    expect(dmg(ev)).toEqual([
      { targetId: f.b.id, sourceId: f.m.id, amount: 2, damageType: "burn", hp: 95 },
      { targetId: f.a.id, sourceId: f.m.id, amount: 2, damageType: "burn", hp: 95 },
    ]);
  });
});

describe("magic advantage, the defender's side (D20-DAMAGE-31, D20-DAMAGE-32)", () => {
  /** The AI Skyrider (Mental 0) casts its gust, given `element`, at the Master (earth) 4 tiles off; its d20 `roll`, the 1d6 5 on a hit. */
  const gustOnMaster = (element: string, roll: number) => {
    const sim = d20Sim();
    const s = hero(sim, 5, 5, { adventurerClass: "Skyrider" });
    const m = creature(sim, "master", 9, 5);
    plain([s, m]);
    d20Of(s).spells = [{ name: "gust", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d6", damageType: "magic", element, radius: 0 }];
    d20Of(s).mana = 4;
    s.targetId = m.id;
    const hit = roll >= d20Of(m).ac + (element === "water" ? 2 : 0);
    const rec = recordD20Dice(sim, hit ? [20, 1, roll, 5] : [20, 1, roll]);
    const ev = sim.step();
    expect(rec.left()).toBe(0);
    return { s, m, draws: rec.draws.slice(2), attacks: attacks(ev), dealt: dmg(ev).map((e) => e.amount) };
  };

  it("D20-DAMAGE-32: earth beats water, so against a water gust the Master (earth) holds the advantage: +2 to its resistance, AC 16 + 2 = 18: 17 misses, 18 hits for the bare 1d6 (5, no +2 damage); without an element (AC 16) the 17 hits", () => {
    const miss = gustOnMaster("water", 17);
    expect(d20Of(miss.m).ac).toBe(16);
    expect([miss.draws, miss.attacks, miss.dealt]).toEqual([["d20=17"], [[miss.s.id, miss.m.id, false, 17, 18]], []]);
    const hit = gustOnMaster("water", 18);
    expect([hit.draws, hit.attacks, hit.dealt]).toEqual([["d20=18", "d6=5"], [[hit.s.id, hit.m.id, true, 18, 18]], [5]]);
    const plainGust = gustOnMaster("", 17);
    expect([plainGust.draws, plainGust.attacks, plainGust.dealt]).toEqual([["d20=17", "d6=5"], [[plainGust.s.id, plainGust.m.id, true, 17, 16]], [5]]);
  });
});

describe("a trap hitting several creatures rolls its damage once (D20-DAMAGE-04)", () => {
  it("D20-DAMAGE-04: the keeper pulls the lever of an explosive trap (4d6 burn, radius 2) with two adventurers in its area: each fails its resist check (d20 2), the 4d6 are drawn once (6, 5, 4, 3 = 18) and both take 18", () => {
    const sim = trapSim(7, "d20");
    const bomb = placeBuilt(sim, "explosiveTrap", 4, 5);
    const lever = placeBuilt(sim, "lever", 12, 5);
    wire(sim, [12, 5], [12, 7], [4, 7], [4, 5]);
    const a = adventurer(sim, 4, 4);
    const b = adventurer(sim, 5, 6);
    for (const u of [a, b]) d20Of(u).hp = d20Of(u).maxHp = 40;
    sim.drainEvents();
    const rec = recordD20Dice(sim, [2, 6, 5, 4, 3, 2]);
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
    const events = sim.drainEvents();
    expect([rec.draws, rec.left()]).toEqual([["d20=2", "d6=6", "d6=5", "d6=4", "d6=3", "d20=2"], 0]);
    expect(of(events, "trapFired").map((e) => [e.mechanismId, e.victims])).toEqual([[bomb, [a.id, b.id]]]);
    expect(dmg(events)).toEqual([
      { targetId: a.id, sourceId: bomb, amount: 18, damageType: "burn", hp: 22 },
      { targetId: b.id, sourceId: bomb, amount: 18, damageType: "burn", hp: 22 },
    ]);
  });

  it("D20-DAMAGE-04: one roll per firing, not per tick: the gas jet's cloud pulses on tick 100 (d6 5) and the keeper fires the rearmed jet again in that same tick: the new firing draws its own 1d6 (4), it does not reuse the pulse's 5", () => {
    const sim = trapSim(7, "d20");
    const jet = placeBuilt(sim, "gasJet", 4, 5);
    const lever = placeBuilt(sim, "lever", 12, 5);
    wire(sim, [12, 5], [12, 7], [4, 7], [4, 5]);
    const a = adventurer(sim, 4, 4);
    d20Of(a).hp = d20Of(a).maxHp = 40;
    sim.drainEvents();
    const fired = recordD20Dice(sim, [2, 3]); // resist check fails (d20 2), 1d6 3
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
    expect([fired.draws, fired.left(), dmg(sim.drainEvents())]).toEqual([["d20=2", "d6=3"], 0, [{ targetId: a.id, sourceId: jet, amount: 3, damageType: "poison", hp: 37 }]]);
    const pulse = recordD20Dice(sim, [2, 5]);
    const events: SimEvent[] = [];
    while (sim.state.tick < 100) events.push(...sim.step());
    expect([pulse.draws, pulse.left(), dmg(events)]).toEqual([["d20=2", "d6=5"], 0, [{ targetId: a.id, sourceId: jet, amount: 5, damageType: "poison", hp: 32 }]]);
    sim.state.parts[jet]!.needsRearm = false; // a Trapping minion's rearm (TRAP-35, its own tests)
    const again = recordD20Dice(sim, [2, 4]);
    expect(sim.apply({ type: "resetLever", partId: lever })).toEqual({ ok: true }); // the keeper resets the lever (DOOR-23)
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true }); // and pulled: the jet fires, still tick 100
    expect(sim.state.tick).toBe(100);
    expect([again.draws, again.left(), dmg(sim.drainEvents())]).toEqual([["d20=2", "d6=4"], 0, [{ targetId: a.id, sourceId: jet, amount: 4, damageType: "poison", hp: 28 }]]);
  });
});
