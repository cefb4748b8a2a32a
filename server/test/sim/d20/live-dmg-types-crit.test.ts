import { describe, expect, it } from "vitest";
import { ROUND_TICKS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { D20Unit } from "../../../src/sim/combat/d20/types.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { creature, of, plain, run, keeperCreatureTurn } from "./live-helpers.ts";

type Dealt = { sourceId: string; targetId: string; amount: number; damageType: string };
const dealt = (ev: readonly SimEvent[]): Dealt[] => of(ev, "damaged").map(({ sourceId, targetId, amount, damageType }) => ({ sourceId, targetId, amount, damageType }));
const encOf = (sim: Simulation) => Object.values(sim.state.encounters ?? {})[0]!;

/**
 * The keeper plays the Master at (8, 5) against a hero at (5, 5) (plain sheets, 100 HP; initiative
 * hero 1, Master 20): its plan casts `spell` at the hero, which is hit (15) and takes `roll`.
 * Returns the damage of that turn and the dice left.
 */
function masterCasts(spell: string, roll: number): { dealt: Dealt[]; left: number; heroId: string; masterId: string } {
  const sim = d20Sim();
  const { a, c: m } = keeperCreatureTurn(sim, "master", 8);
  encOf(sim).plans[m.id] = { steps: spell === "miasma" ? [{ kind: "cast", spell, x: 5, y: 5 }] : [{ kind: "cast", spell, targetId: a.id }] };
  const dice = forceDice(sim, spell === "miasma" ? [roll] : [15, roll]);
  return { dealt: dealt(sim.step()), left: dice.left(), heroId: a.id, masterId: m.id };
}

describe("d20 damage types in play", () => {
  it("D20-DAMAGE-07: the nine damage types all happen in a d20 fight: slashing, bludgeoning, piercing, asphyxiation, and the Master's magic, psychic, burn, acid and poison", () => {
    const seen: string[] = [];

    // a hero's sword on a minion: 15 hits, 1d8 = 3 slashing.
    {
      const sim = d20Sim();
      const a = hero(sim, 5, 5);
      const m = minion(sim, 6, 5);
      plain([a, m]);
      a.targetId = m.id;
      const dice = forceDice(sim, [20, 1, 15, 3]);
      expect(dealt(sim.step())).toEqual([{ sourceId: a.id, targetId: m.id, amount: 3, damageType: "slashing" }]);
      expect(dice.left()).toBe(0);
      seen.push("slashing");
    }
    // a minion's fists (flat 1 bludgeoning) and a kobold's spear (1d8 = 3 piercing) on a hero.
    for (const [make, amount, type] of [[(s: Simulation) => minion(s, 6, 5, { faction: "dungeon" }), 1, "bludgeoning"], [(s: Simulation) => creature(s, "kobold", 6, 5), 3, "piercing"]] as const) {
      const sim = d20Sim();
      const a = hero(sim, 5, 5);
      const f = make(sim);
      plain([a, f]);
      a.targetId = f.id;
      const dice = forceDice(sim, type === "bludgeoning" ? [1, 20, 15] : [1, 20, 15, 3]);
      expect(dealt(sim.step())).toEqual([{ sourceId: f.id, targetId: a.id, amount, damageType: type }]);
      expect(dice.left()).toBe(0);
      seen.push(type);
    }
    // a troll the keeper plays grapples the hero (Strength 15 against 5); at the start of the hero's turn, 1d4 = 3 asphyxiation.
    {
      const sim = d20Sim();
      const { a, c: t } = keeperCreatureTurn(sim, "troll", 6);
      encOf(sim).plans[t.id] = { steps: [{ kind: "grapple", targetId: a.id }] };
      const dice = forceDice(sim, [15, 5, 3, 1]);
      expect(dealt([...sim.step(), ...sim.step()])).toEqual([{ sourceId: t.id, targetId: a.id, amount: 3, damageType: "asphyxiation" }]);
      expect(dice.left()).toBe(0);
      seen.push("asphyxiation");
    }
    // the Master's spells: blind (magic), silence (psychic), firebolt (burn), acidDart (acid), miasma (poison, an area: no attack roll).
    for (const [spell, type] of [["blind", "magic"], ["silence", "psychic"], ["firebolt", "burn"], ["acidDart", "acid"], ["miasma", "poison"]] as const) {
      const r = masterCasts(spell, 2);
      expect(r.dealt).toEqual([{ sourceId: r.masterId, targetId: r.heroId, amount: 2, damageType: type }]);
      expect(r.left).toBe(0);
      seen.push(type);
    }

    expect([...seen].sort()).toEqual(["acid", "asphyxiation", "bludgeoning", "burn", "magic", "piercing", "poison", "psychic", "slashing"]);
  });

  it("D20-DAMAGE-05: a critical hit draws no damage die and deals the attack's maximum: a hero's sword 1d8 → 8; the Master's staff 1d6 + 1 → 7", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    plain([a, m]);
    a.targetId = m.id;
    const dice = forceDice(sim, [20, 1, 20]); // initiative hero 20, minion 1; natural 20: nothing more drawn
    const ev = sim.step();
    expect(of(ev, "attack")).toMatchObject([{ attackerId: a.id, hit: true, attackRoll: 20 }]);
    expect(of(ev, "damaged")).toMatchObject([{ sourceId: a.id, targetId: m.id, amount: 8, critical: true, hp: 92 }]);
    expect(dice.left()).toBe(0);

    const sim2 = d20Sim();
    const h = hero(sim2, 5, 5);
    const master = creature(sim2, "master", 6, 5);
    plain([h, master]);
    d20Of(master).mana = 0; // no spell: it strikes with its magic staff
    h.targetId = master.id;
    const dice2 = forceDice(sim2, [1, 20, 20]);
    expect(of(sim2.step(), "damaged")).toMatchObject([{ sourceId: master.id, targetId: h.id, amount: 7, damageType: "bludgeoning", critical: true, hp: 93 }]);
    expect(dice2.left()).toBe(0);
  });

  it("D20-DAMAGE-25: a hero resisting slashing takes half of a bear's claws, rounded down: 1d8 = 7 → 3; without the resistance, 7", () => {
    const clawed = (resistances: D20Unit["resistances"]) => {
      const sim = d20Sim();
      const a = hero(sim, 5, 5);
      const b = creature(sim, "bear", 6, 5);
      plain([a, b]);
      d20Of(a).resistances = resistances;
      a.targetId = b.id;
      const dice = forceDice(sim, [1, 20, 15, 7]); // the bear first: 15 hits, 1d8 = 7
      const ev = dealt(sim.step());
      expect(dice.left()).toBe(0);
      return ev.map((e) => [e.damageType, e.amount]);
    };
    expect(clawed(["slashing"])).toEqual([["slashing", 3]]);
    expect(clawed([])).toEqual([["slashing", 7]]);
  });

  for (const [spell, type, ids] of [["acidDart", "acid", "D20-DAMAGE-09"], ["firebolt", "burn", "D20-DAMAGE-23"]] as const) {
    it(`${ids}: the Master's ${spell} leaves basic ${type}: 1d4 at the start of each of the hero's next 2 turns (3, then 4), nothing on the third`, () => {
      const sim = d20Sim();
      const { a, c: m } = keeperCreatureTurn(sim, "master", 8); // the Master first; its turn waits for the keeper's plan
      const enc = encOf(sim);
      enc.plans[m.id] = { steps: [{ kind: "cast", spell, targetId: a.id }] };
      // round 1: the spell hits (15), 2 damage; the hero's turn: 1d4 = 3, then it walks up and misses (natural 1).
      // rounds 2 and 3: the Master does nothing; the hero: 1d4 = 4 and a natural 1, then only a natural 1.
      const dice = forceDice(sim, [15, 2, 3, 1, 4, 1, 1]);
      const ev: SimEvent[] = [...sim.step(), ...sim.step()];
      for (let round = 2; round <= 3; round++) {
        for (let t = 0; t < 2 * ROUND_TICKS && !(enc.round === round && enc.waitingSince >= 0); t++) ev.push(...sim.step());
        enc.plans[m.id] = { steps: [] };
        ev.push(...sim.step(), ...sim.step());
      }
      expect(dealt(ev)).toEqual([
        { sourceId: m.id, targetId: a.id, amount: 2, damageType: type },
        { sourceId: m.id, targetId: a.id, amount: 3, damageType: type },
        { sourceId: m.id, targetId: a.id, amount: 4, damageType: type },
      ]);
      expect(of(ev, "turnStarted").filter((e) => e.unitId === a.id).map((e) => e.round)).toEqual([1, 2, 3]);
      expect(d20Of(a).dots).toEqual([]);
      expect(dice.left()).toBe(0);
    });
  }

  it("D20-DAMAGE-14: a giant spider's venomous bite leaves basic poison: 1d4 at the start of each of the hero's next 2 turns (3, then 4), nothing on the third", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const sp = creature(sim, "giantSpider", 6, 5);
    plain([a, sp]);
    d20Of(sp).stamina = 0; // no web: it bites
    a.targetId = sp.id;
    // initiative hero 1, spider 20; round 1: the bite hits (15), 1d8 = 5, paralysing; the hero: poison 3, skips its turn.
    // round 2: the spider's natural 1; the hero: poison 4, natural 1. round 3: natural 1 each.
    const dice = forceDice(sim, [1, 20, 15, 5, 3, 1, 4, 1, 1, 1]);
    const ev = run(sim, 2 + 2 * ROUND_TICKS);
    expect(dealt(ev)).toEqual([
      { sourceId: sp.id, targetId: a.id, amount: 5, damageType: "poison" },
      { sourceId: sp.id, targetId: a.id, amount: 3, damageType: "poison" },
      { sourceId: sp.id, targetId: a.id, amount: 4, damageType: "poison" },
    ]);
    expect(of(ev, "turnStarted").filter((e) => e.unitId === a.id).map((e) => e.round)).toEqual([1, 2, 3]);
    expect(d20Of(a).dots).toEqual([]);
    expect(dice.left()).toBe(0);
  });

  it("D20-DAMAGE-02: the damage roll is the weapon's dice plus the weapon skill level (half the level, rounded down): a level-4 hero's sword 1d8 = 4 deals 6, a level-1 hero's deals 4", () => {
    const blow = (level: number) => {
      const sim = d20Sim();
      const a = hero(sim, 5, 5, { level });
      const m = minion(sim, 6, 5);
      plain([a, m]);
      a.targetId = m.id;
      const dice = forceDice(sim, [20, 1, 15, 4]);
      const ev = dealt(sim.step());
      expect(dice.left()).toBe(0);
      return [d20Of(a).skills.weapon, ev.map((e) => e.amount)];
    };
    expect(blow(4)).toEqual([2, [6]]);
    expect(blow(1)).toEqual([0, [4]]);
  });

  // Audit s11-b: the skill level of a spell's roll, an area's included, was zero in every test.
  it("D20-DAMAGE-02: a spell's damage roll adds the caster's skill level too: the Master at weapon skill 2 hits with firebolt (d20 15, 1d6 3) for 5 and its acid rain (an area, no attack roll, 1d4 3) deals 5; at skill 0 each deals 3", () => {
    const cast = (spell: "firebolt" | "acidRain", skill: number) => {
      const sim = d20Sim();
      const { a, c: m } = keeperCreatureTurn(sim, "master", 8);
      d20Of(m).skills.weapon = skill;
      encOf(sim).plans[m.id] = { steps: spell === "acidRain" ? [{ kind: "cast", spell, x: 5, y: 5 }] : [{ kind: "cast", spell, targetId: a.id }] };
      const dice = forceDice(sim, spell === "acidRain" ? [3] : [15, 3]);
      const ev = dealt(sim.step());
      expect(dice.left()).toBe(0);
      return ev.map((e) => [e.sourceId === m.id, e.targetId === a.id, e.amount, e.damageType]);
    };
    expect([cast("firebolt", 2), cast("acidRain", 2), cast("firebolt", 0), cast("acidRain", 0)]).toEqual([
      [[true, true, 5, "burn"]], [[true, true, 5, "acid"]], [[true, true, 3, "burn"]], [[true, true, 3, "acid"]],
    ]);
  });
});
