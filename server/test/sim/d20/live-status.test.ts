import { describe, expect, it } from "vitest";
import { D20_CLASS_SPELLS, ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { creature, of, plain, run } from "./live-helpers.ts";

/** The fight events of a stretch of play, without ticks and encounter ids. */
const fight = (ev: readonly SimEvent[]) => ev.filter((e) => ["attack", "damaged", "turnStarted"].includes(e.type)).map((e) => {
  const { tick: _t, encounterId: _e, ...r } = e as SimEvent & { encounterId?: string };
  return r;
});
const BOW = { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } as const;

/**
 * Each status of D20-STATUS-02 to D20-STATUS-10 inflicted by a live creature of the dungeon
 * (D20_SPECIES_TRAITS of the d20 table) in an encounter the simulation runs, dice forced.
 * Everyone has zero characteristics (initiative = the d20, no defence reactions), 100 HP.
 */
describe("d20 statuses inflicted in play (D20_SPECIES_TRAITS)", () => {
  it("D20-STATUS-10, D20-DAMAGE-12: a wolf's bite (piercing) makes the hero bleed 1d4 at the start of each of its turns; the client sees bleeding", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const w = creature(sim, "wolf", 6, 5);
    plain([a, w]);
    a.targetId = w.id;
    // initiative hero 1, wolf 20; wolf hits (15), 1d8 = 3; hero's turn: bleeding 2, attack natural 1; wolf: natural 1.
    const dice = forceDice(sim, [1, 20, 15, 3, 2, 1, 1]);
    const ev = run(sim, 1 + ROUND_TICKS);
    expect(fight(ev)).toEqual([
      { type: "turnStarted", round: 1, unitId: w.id },
      { type: "attack", attackerId: w.id, targetId: a.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "damaged", targetId: a.id, sourceId: w.id, amount: 3, damageType: "piercing", hp: 97, critical: false },
      { type: "turnStarted", round: 1, unitId: a.id },
      { type: "damaged", targetId: a.id, sourceId: "bleeding", amount: 2, damageType: "slashing", hp: 95, critical: false },
      { type: "attack", attackerId: a.id, targetId: w.id, hit: false, attackRoll: 1, defenceRoll: 12 },
      { type: "turnStarted", round: 2, unitId: w.id },
      { type: "attack", attackerId: w.id, targetId: a.id, hit: false, attackRoll: 1, defenceRoll: 12 },
    ]);
    expect(d20Of(a).statuses).toEqual([{ kind: "bleeding", turnsLeft: -1, sourceId: w.id }]);
    expect(sim.ruleset.statuses(a)).toEqual(["bleeding"]);
    expect(dice.left()).toBe(0);
  });

  it("D20-STATUS-05, D20-STATUS-02, D20-STATUS-03, D20-DAMAGE-14: a giant spider's web roots the hero, its venomous bite deals poison for 2 turns and paralyses: the hero skips its turn", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const s = creature(sim, "giantSpider", 8, 5);
    plain([a, s]);
    a.targetId = s.id;
    // initiative hero 1, spider 20. Round 1: web (a Stamina technique, no damage) hits (15): rooted;
    // the hero, 3 tiles off, cannot move to it. Round 2: the spider walks up and bites (15), 1d8 = 5
    // poison: paralysed, and poison 1d4 = 3 at the hero's turn, which it skips. Round 3: natural 1.
    const dice = forceDice(sim, [1, 20, 15, 15, 5, 3, 1]);
    const ev = run(sim, 1 + 2 * ROUND_TICKS);
    expect(fight(ev)).toEqual([
      { type: "turnStarted", round: 1, unitId: s.id },
      { type: "attack", attackerId: s.id, targetId: a.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "turnStarted", round: 1, unitId: a.id },
      { type: "turnStarted", round: 2, unitId: s.id },
      { type: "attack", attackerId: s.id, targetId: a.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "damaged", targetId: a.id, sourceId: s.id, amount: 5, damageType: "poison", hp: 95, critical: false },
      { type: "turnStarted", round: 2, unitId: a.id },
      { type: "damaged", targetId: a.id, sourceId: s.id, amount: 3, damageType: "poison", hp: 92, critical: false },
      { type: "turnStarted", round: 3, unitId: s.id },
      { type: "attack", attackerId: s.id, targetId: a.id, hit: false, attackRoll: 1, defenceRoll: 12 },
    ]);
    expect([a.x, a.y]).toEqual([5, 5]); // rooted in round 1: it did not walk to the spider
    expect([s.x, s.y]).toEqual([6, 5]);
    expect(d20Of(s).stamina).toBe(0);
    expect(d20Of(a).statuses).toEqual([]); // paralysis lasted the one turn it skipped
    expect(d20Of(a).dots).toEqual([{ type: "poison", dice: "1d4", turnsLeft: 1, sourceId: s.id }]);
    expect(dice.left()).toBe(0);
  });

  it("D20-STATUS-07, D20-STATUS-08, D20-DAMAGE-18: a giant bat's screech (a mental attack: psychic damage) terrifies the hero: it flees as far as its movement goes, and still shoots the bat", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { gear: BOW });
    const b = creature(sim, "giantBat", 8, 5);
    plain([a, b]);
    a.targetId = b.id;
    // initiative hero 1, bat 20; screech hits (15), 1d2 = 2 psychic; the hero flees, then shoots (15), 1d6 = 4.
    const dice = forceDice(sim, [1, 20, 15, 2, 15, 4]);
    const ev = run(sim, 2);
    expect(fight(ev)).toEqual([
      { type: "turnStarted", round: 1, unitId: b.id },
      { type: "attack", attackerId: b.id, targetId: a.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "damaged", targetId: a.id, sourceId: b.id, amount: 2, damageType: "psychic", hp: 98, critical: false },
      { type: "turnStarted", round: 1, unitId: a.id },
      { type: "attack", attackerId: a.id, targetId: b.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "damaged", targetId: b.id, sourceId: a.id, amount: 4, damageType: "piercing", hp: 96, critical: false },
    ]);
    expect([a.x, a.y]).toEqual([0, 0]); // 5 tiles from (5, 5): 8 tiles from the bat instead of 3
    expect(d20Of(b).stamina).toBe(1);
    expect(dice.left()).toBe(0);
  });

  it("D20-STATUS-06: the Master's blind spell limits the scout to 8 tiles: the Master, 10 tiles off and in bow range, is out of its sight and it does not shoot", () => {
    const sim = d20Sim();
    const a = hero(sim, 2, 5, { gear: BOW });
    const m = creature(sim, "master", 12, 5);
    plain([a, m]);
    a.targetId = m.id;
    // initiative scout 1, Master 20; blind (a Medium-band spell attack) hits (15), 1d4 = 3 magic.
    const dice = forceDice(sim, [1, 20, 15, 3]);
    const ev = run(sim, 2);
    expect(fight(ev)).toEqual([
      { type: "turnStarted", round: 1, unitId: m.id },
      { type: "attack", attackerId: m.id, targetId: a.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "damaged", targetId: a.id, sourceId: m.id, amount: 3, damageType: "magic", hp: 97, critical: false },
      { type: "turnStarted", round: 1, unitId: a.id },
    ]);
    expect([a.x, a.y]).toEqual([2, 5]);
    expect(d20Of(m).mana).toBe(10);
    expect(dice.left()).toBe(0);
  });

  it("D20-STATUS-04: the Master silences a Priest already blinded: the Priest cannot cast smite and walks up to strike instead", () => {
    const sim = d20Sim();
    const a = hero(sim, 8, 5, { adventurerClass: "Priest" });
    const m = creature(sim, "master", 12, 5);
    plain([a, m]);
    d20Of(a).spells = D20_CLASS_SPELLS.Priest!.spells.map((sp) => ({ ...sp }));
    d20Of(a).mana = 4;
    addStatus(d20Of(a).statuses, "blinded", m.id, -1); // so the Master's first spell, blind, is skipped
    a.targetId = m.id;
    // initiative Priest 1, Master 20; silence hits (15), 1d4 = 3 psychic; the Priest's sword: natural 1.
    const dice = forceDice(sim, [1, 20, 15, 3, 1]);
    const ev = run(sim, 2);
    expect(fight(ev)).toEqual([
      { type: "turnStarted", round: 1, unitId: m.id },
      { type: "attack", attackerId: m.id, targetId: a.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "damaged", targetId: a.id, sourceId: m.id, amount: 3, damageType: "psychic", hp: 97, critical: false },
      { type: "turnStarted", round: 1, unitId: a.id },
      { type: "attack", attackerId: a.id, targetId: m.id, hit: false, attackRoll: 1, defenceRoll: 16 },
    ]);
    expect(d20Of(a).mana).toBe(4); // smite (short band, 4 tiles) was not cast
    expect([a.x, a.y]).toEqual([11, 5]);
    expect(dice.left()).toBe(0);
  });

  it("D20-STATUS-09: the Master's madness enrages a hero against the nearest creature, its own ally, which it attacks", () => {
    const sim = d20Sim();
    const a = hero(sim, 8, 5);
    const b = hero(sim, 8, 6);
    const m = creature(sim, "master", 12, 5);
    plain([a, b, m]);
    for (const h of [a, b]) for (const st of ["blinded", "silenced"] as const) addStatus(d20Of(h).statuses, st, m.id, -1);
    a.targetId = m.id;
    // initiative a 1, b 2, Master 20; madness on a (the nearest, lowest id) hits (15), 1d4 = 3;
    // b: natural 1 on the Master; a (enraged against b, 1 tile away) hits b (15), 1d8 = 4.
    const dice = forceDice(sim, [1, 2, 20, 15, 3, 1, 15, 4]);
    const ev = run(sim, 3);
    expect(fight(ev)).toEqual([
      { type: "turnStarted", round: 1, unitId: m.id },
      { type: "attack", attackerId: m.id, targetId: a.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "damaged", targetId: a.id, sourceId: m.id, amount: 3, damageType: "psychic", hp: 97, critical: false },
      { type: "turnStarted", round: 1, unitId: b.id },
      expect.objectContaining({ type: "attack", attackerId: b.id, targetId: m.id, hit: false, attackRoll: 1 }),
      { type: "turnStarted", round: 1, unitId: a.id },
      { type: "attack", attackerId: a.id, targetId: b.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "damaged", targetId: b.id, sourceId: a.id, amount: 4, damageType: "slashing", hp: 96, critical: false },
    ]);
    expect(of(ev, "knockedOut")).toEqual([]);
    expect(dice.left()).toBe(0);
  });
});
