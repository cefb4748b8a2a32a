import { describe, expect, it } from "vitest";
import { D20_CLASS_SPELLS, ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { creature, keeperCreatureTurn, masterPlayed, of, plain, run } from "./live-helpers.ts";

const dmg = (ev: readonly SimEvent[]) => of(ev, "damaged").map(({ targetId, sourceId, amount, damageType, hp }) => ({ targetId, sourceId, amount, damageType, hp }));
const encOf = (sim: Simulation) => Object.values(sim.state.encounters ?? {})[0]!;
const fireTrap = { severity: "serious", damageType: "fire", blunt: false, d20Damage: "3d6", d100Damage: null } as const;

describe("d20 damage in play (D20_SPECIES_TRAITS, the Master's spells)", () => {
  it("D20-DAMAGE-03, D20-DAMAGE-02: the Master's magic staff adds +1 to its damage roll: 1d6 = 4 deals 5", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = creature(sim, "master", 6, 5);
    plain([a, m]);
    d20Of(m).mana = 0; // no spell: it strikes
    a.targetId = m.id;
    const dice = forceDice(sim, [1, 20, 15, 4, 1]);
    const ev = run(sim, 2);
    expect(dmg(ev)).toEqual([{ targetId: a.id, sourceId: m.id, amount: 5, damageType: "bludgeoning", hp: 95 }]);
    expect(d20Of(m).weapon).toMatchObject({ damage: "1d6", damageType: "bludgeoning", magical: true });
    expect(dice.left()).toBe(0);
  });

  it("D20-DAMAGE-27, D20-DAMAGE-28, D20-DAMAGE-29: a hero's mace on a gargoyle: 6 − 2 (stone skin) = 4, halved once (non-magical) = 2; a fire trap's 17: 15, halved once though it resists both burn and non-magical damage = 7", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { gear: { weapon: "mace", blunt: true, ranged: false, armour: "none", helm: 0 } });
    const g = creature(sim, "gargoyle", 6, 5);
    plain([a, g]);
    a.targetId = g.id;
    forceDice(sim, [20, 1, 15, 6]);
    const ev = sim.step();
    expect(dmg(ev)).toEqual([{ targetId: g.id, sourceId: a.id, amount: 2, damageType: "bludgeoning", hp: 98 }]);
    const dice = forceDice(sim, [6, 6, 5]);
    sim.ruleset.harm(sim, g, "trap", fireTrap);
    expect(d20Of(g).hp).toBe(91);
    expect(dice.left()).toBe(0);
  });

  it("D20-DAMAGE-19, D20-ACTION-30, D20-ACTION-23: a Priest's smite on a gargoyle meets its magic resistance, AC 12 + Contre 5 = 17 (Magic Absorb); magical damage is not halved: 6 − 2 = 4", () => {
    const sim = d20Sim();
    const p = hero(sim, 5, 5, { adventurerClass: "Priest" });
    const g = creature(sim, "gargoyle", 8, 5);
    plain([p]);
    d20Of(g).hp = d20Of(g).maxHp = 100; // its own characteristics: Contre 5 from its traits, Agility 3
    d20Of(p).spells = D20_CLASS_SPELLS.Priest!.spells.map((sp) => ({ ...sp }));
    d20Of(p).mana = 4;
    p.targetId = g.id;
    const dice = forceDice(sim, [20, 1, 17, 6]);
    const ev = sim.step();
    expect(of(ev, "reaction")).toMatchObject([{ unitId: g.id, kind: "defence", detail: "magicAbsorb", againstId: p.id }]);
    expect(of(ev, "attack")).toMatchObject([{ attackerId: p.id, targetId: g.id, hit: true, attackRoll: 17, defenceRoll: 17 }]);
    expect(dmg(ev)).toEqual([{ targetId: g.id, sourceId: p.id, amount: 4, damageType: "magic", hp: 96 }]);
    expect(dice.left()).toBe(0);
  });

  it("D20-DAMAGE-26, D20-DAMAGE-30: a troll is vulnerable to burn and to magic: a fire trap's 9 deals 18; the Master's fire wall (magical burn, both vulnerabilities) 3 deals 6, not 12", () => {
    const f = masterPlayed();
    const t = creature(f.sim, "troll", 12, 9);
    plain([t]);
    forceDice(f.sim, [3, 3, 3]);
    f.sim.ruleset.harm(f.sim, t, "trap", fireTrap);
    expect(dmg(f.sim.drainEvents())).toEqual([{ targetId: t.id, sourceId: "trap", amount: 18, damageType: "burn", hp: 82 }]);
    f.enc.plans[f.m.id] = { steps: [{ kind: "cast", spell: "fireWall", x: 12, y: 9 }] };
    const dice = forceDice(f.sim, [3]);
    const ev = f.sim.step();
    expect(dmg(ev)).toEqual([{ targetId: t.id, sourceId: f.m.id, amount: 6, damageType: "burn", hp: 76 }]);
    expect(dice.left()).toBe(0);
  });

  for (const [spell, type, zoneRoll] of [["acidRain", "acid", 4], ["miasma", "poison", 2], ["fireWall", "burn", 1]] as const) {
    it(`D20-DAMAGE-04, D20-DAMAGE-10, D20-DAMAGE-15, D20-DAMAGE-24: the Master's ${spell} rolls once for both heroes; each then starts its turn in the ${type} zone and takes its dice`, () => {
      const f = masterPlayed();
      f.enc.plans[f.m.id] = { steps: [{ kind: "cast", spell, x: 5, y: 5 }] };
      forceDice(f.sim, [3]);
      const cast = f.sim.step();
      expect(dmg(cast)).toEqual([
        { targetId: f.a.id, sourceId: f.m.id, amount: 3, damageType: type, hp: 97 },
        { targetId: f.b.id, sourceId: f.m.id, amount: 3, damageType: type, hp: 97 },
      ]);
      expect(f.enc.zones?.length).toBe(9);
      // b's turn: the zone, then its attack (natural 1); a's turn likewise.
      const dice = forceDice(f.sim, [zoneRoll, 1, zoneRoll, 1]);
      const ev = run(f.sim, 2);
      expect(dmg(ev)).toEqual([
        { targetId: f.b.id, sourceId: f.m.id, amount: zoneRoll, damageType: type, hp: 97 - zoneRoll },
        { targetId: f.a.id, sourceId: f.m.id, amount: zoneRoll, damageType: type, hp: 97 - zoneRoll },
      ]);
      expect(d20Of(f.m).mana).toBe(9);
      expect(dice.left()).toBe(0);
    });
  }

  it("D20-DAMAGE-10, D20-SIZE-01: a Large troll whose anchor is off the Master's acid but two tiles of its 2 × 2 space are on it takes the zone's 1d4 once at its turn start; a Medium wolf beside the acid takes nothing", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = creature(sim, "master", 9, 5);
    const t = creature(sim, "troll", 11, 7); // space (11..12, 7..8): anchor off the acid, (11, 8) and (12, 8) on it
    const w = creature(sim, "wolf", 9, 9); // Medium, beside the acid's tile (10, 9)
    for (const u of [m, t, w]) u.controller = "seat-1";
    plain([a, m, t, w]);
    a.targetId = m.id;
    forceDice(sim, [1, 20, 10, 5]); // initiative: Master, troll, wolf, hero
    sim.step();
    const enc = encOf(sim);
    enc.plans[m.id] = { steps: [{ kind: "cast", spell: "acidRain", x: 11, y: 9 }] }; // acid on (10..12, 8..10)
    forceDice(sim, [3]);
    // the cast: 3 doubled (a troll is vulnerable to magic, D20-DAMAGE-30)
    expect(dmg(sim.step())).toEqual([{ targetId: t.id, sourceId: m.id, amount: 6, damageType: "acid", hp: 94 }]);
    expect(enc.zones?.length).toBe(9);
    enc.plans[t.id] = { steps: [] };
    enc.plans[w.id] = { steps: [] };
    const dice = forceDice(sim, [4]);
    const ev = run(sim, 2);
    expect(of(ev, "turnStarted").map((e) => e.unitId)).toEqual([t.id, w.id]);
    expect(dmg(ev)).toEqual([{ targetId: t.id, sourceId: m.id, amount: 4, damageType: "acid", hp: 90 }]);
    expect(d20Of(w).hp).toBe(100);
    expect(dice.left()).toBe(0);
  });

  it("D20-DAMAGE-10, D20-DAMAGE-15, D20-SIZE-01: a Large troll with tiles on acid and on poison takes each zone once at its turn start: 1d4 acid then 1d2 poison, in the order the zones were laid", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = creature(sim, "master", 9, 5);
    const t = creature(sim, "troll", 11, 7); // space (11..12, 7..8)
    for (const u of [m, t]) u.controller = "seat-1";
    plain([a, m, t]);
    a.targetId = m.id;
    forceDice(sim, [1, 20, 10]); // initiative: Master, troll, hero
    sim.step();
    const enc = encOf(sim);
    enc.plans[m.id] = { steps: [{ kind: "cast", spell: "acidRain", x: 11, y: 9 }] }; // acid on (10..12, 8..10)
    enc.plans[t.id] = { steps: [] };
    let dice = forceDice(sim, [3, 4, 1]); // the cast (6 on the troll: magic); the troll's acid 4; the hero's attack roll
    const round1 = run(sim, 3);
    expect(dmg(round1)).toEqual([
      { targetId: t.id, sourceId: m.id, amount: 6, damageType: "acid", hp: 94 },
      { targetId: t.id, sourceId: m.id, amount: 4, damageType: "acid", hp: 90 },
    ]);
    expect(dice.left()).toBe(0);
    // Round 2: the Master's miasma on (12..14, 8..10) covers the troll's (12, 8); the acid has a round left.
    enc.plans[m.id] = { steps: [{ kind: "cast", spell: "miasma", x: 13, y: 9 }] };
    enc.plans[t.id] = { steps: [] };
    dice = forceDice(sim, [1, 3, 2, 1]); // the cast; the troll's acid 3 then poison 2; the hero's attack roll
    const round2 = run(sim, ROUND_TICKS); // a round lasts at least ROUND_TICKS ticks
    expect(of(round2, "turnStarted").map((e) => e.unitId)).toEqual([m.id, t.id, a.id]);
    expect(dmg(round2)).toEqual([
      { targetId: t.id, sourceId: m.id, amount: 2, damageType: "poison", hp: 88 },
      { targetId: t.id, sourceId: m.id, amount: 3, damageType: "acid", hp: 85 },
      { targetId: t.id, sourceId: m.id, amount: 2, damageType: "poison", hp: 83 },
    ]);
    expect(dice.left()).toBe(0);
  });

  for (const [spell, type, roll, id] of [["acidDart", "acid", 4, "D20-DAMAGE-08 (a corrosive spray), D20-DAMAGE-09"], ["firebolt", "burn", 5, "D20-DAMAGE-22, D20-DAMAGE-23"]] as const) {
    it(`${id}: the Master's ${spell} leaves 1d4 ${type} for the hero's next 2 turns`, () => {
      const f = masterPlayed();
      f.enc.plans[f.m.id] = { steps: [{ kind: "cast", spell, targetId: f.a.id }] };
      forceDice(f.sim, [15, roll]);
      expect(dmg(f.sim.step())).toEqual([{ targetId: f.a.id, sourceId: f.m.id, amount: roll, damageType: type, hp: 100 - roll }]);
      // b: natural 1; a: the damage over time 2, natural 1.
      const dice = forceDice(f.sim, [1, 2, 1]);
      const ev = run(f.sim, 2);
      expect(dmg(ev)).toEqual([{ targetId: f.a.id, sourceId: f.m.id, amount: 2, damageType: type, hp: 98 - roll }]);
      expect(d20Of(f.a).dots).toEqual([{ type, dice: "1d4", turnsLeft: 1, sourceId: f.m.id }]);
      expect(dice.left()).toBe(0);
    });
  }

  it("D20-DAMAGE-16, D20-DAMAGE-17: a troll the keeper plays grapples the hero (a special hold: asphyxiation); while the hold lasts the hero takes 1d4 asphyxiation at the start of its turns", () => {
    const sim = d20Sim();
    const { a, c: t } = keeperCreatureTurn(sim, "troll", 6);
    const enc = encOf(sim);
    enc.plans[t.id] = { steps: [{ kind: "grapple", targetId: a.id }] };
    // the Strength contest 15 against 5; the hero's turn: asphyxiation 3, then its sword: natural 1.
    const dice = forceDice(sim, [15, 5, 3, 1]);
    const ev = run(sim, 2);
    expect(d20Of(a).statuses).toEqual([{ kind: "grappled", turnsLeft: -1, sourceId: t.id }]);
    expect(dmg(ev)).toEqual([{ targetId: a.id, sourceId: t.id, amount: 3, damageType: "asphyxiation", hp: 97 }]);
    expect(of(ev, "attack")).toMatchObject([{ attackerId: a.id, targetId: t.id, hit: false, attackRoll: 1 }]);
    expect(dice.left()).toBe(0);
  });

  it("D20-DAMAGE-32, D20-DAMAGE-31, D20-DAMAGE-21: a Skyrider's gust (a magical attack of the wind element: magic damage) on the Master (earth): wind beats earth, +2 damage: 3 + 2 = 5", () => {
    const sim = d20Sim();
    const s = hero(sim, 5, 5, { adventurerClass: "Skyrider" });
    const m = creature(sim, "master", 9, 5);
    plain([s, m]);
    d20Of(s).spells = D20_CLASS_SPELLS.Skyrider!.spells.map((sp) => ({ ...sp }));
    d20Of(s).mana = 4;
    s.targetId = m.id;
    const dice = forceDice(sim, [20, 1, 17, 3]);
    const ev = sim.step();
    expect(of(ev, "attack")).toMatchObject([{ attackerId: s.id, targetId: m.id, hit: true, attackRoll: 17, defenceRoll: 16 }]);
    expect(dmg(ev)).toEqual([{ targetId: m.id, sourceId: s.id, amount: 5, damageType: "magic", hp: 95 }]);
    expect(d20Of(m).element).toBe("earth");
    expect(dice.left()).toBe(0);
  });
});

describe("d20 hit points in play", () => {
  it("D20-HP-35, D20-HP-36, D20-HP-37: a minion's blow knocks the hero out as its damage is applied (stable: no jet de destin); the hero's blow on a minion leaves it dying (it rolls one)", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    plain([a, m]);
    d20Of(a).hp = 1;
    a.targetId = m.id;
    // minion first; fists deal 1: the hero drops to 0, knocked out (the keeper's side takes prisoners): stable, it never rolls.
    forceDice(sim, [1, 20, 15]);
    const ev = run(sim, 1 + ROUND_TICKS);
    expect(of(ev, "knockedOut")).toMatchObject([{ unitId: a.id, outcome: "unconscious", cause: "hitPoints", byUnitId: m.id }]);
    // D20-HP-36: the choice is made with the damage: the knock-out follows the blow's `damaged` event, in the same tick.
    const blow = ev.filter((e) => e.type === "damaged" || e.type === "knockedOut").map((e) => [e.type, e.tick]);
    expect(blow).toEqual([["damaged", blow[0]![1]], ["knockedOut", blow[0]![1]]]);
    expect(of(ev, "deathSave")).toEqual([]);
    expect(d20Of(a)).toMatchObject({ hp: 0, stable: true, dead: false, deathSaves: { successes: 0, failures: 0 } });

    const sim2 = d20Sim();
    const b = hero(sim2, 5, 5);
    const n = minion(sim2, 6, 5);
    const o = minion(sim2, 6, 6); // a second minion keeps the encounter going
    plain([b, n, o]);
    d20Of(n).hp = 1;
    b.targetId = n.id;
    // hero first: 15 hits, 1d8 = 4 drops the minion; the other minion: natural 1; the fallen one's turn: a jet de destin, 12.
    forceDice(sim2, [20, 1, 2, 15, 4, 1, 12]);
    const ev2 = run(sim2, 3);
    expect(of(ev2, "knockedOut")).toMatchObject([{ unitId: n.id, outcome: "unconscious", byUnitId: b.id }]);
    expect(of(ev2, "deathSave")).toMatchObject([{ unitId: n.id, roll: 12, successes: 1, failures: 0, outcome: "success" }]);
    expect(d20Of(n)).toMatchObject({ hp: 0, stable: false, dead: false });
  });

  it("D20-HP-03, D20-HP-04: a minion at exactly half its HP shows nothing; below half the client sees it wounded", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    plain([a, m], 12);
    a.targetId = m.id;
    forceDice(sim, [20, 1, 15, 6, 1]);
    run(sim, 2);
    expect(d20Of(m).hp).toBe(6);
    expect(sim.ruleset.statuses(m)).toEqual([]);
    forceDice(sim, [15, 1, 1]);
    run(sim, ROUND_TICKS);
    expect(d20Of(m).hp).toBe(5);
    expect(sim.ruleset.statuses(m)).toEqual(["wounded"]);
  });
});
