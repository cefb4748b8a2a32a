import { describe, expect, it } from "vitest";
import type { SimEvent, SpeciesId } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { creature, of, plain, run } from "./live-helpers.ts";

/**
 * The damage type of each kind of weapon, natural or not, in play: a dungeon creature (or minion)
 * next to a hero fights it through `sim.step()` on forced dice, and the `damaged` event carries the
 * d20 type its weapon deals (the shared weapon table's kind, SHARED_TO_D20_DAMAGE; a species' d20
 * trait overrides it, the giant spider's venom). Every sheet is plain (zero characteristics, 100
 * HP): the attacker hits with 15 against the hero's AC 12, and the weapon dice are the d20 table's
 * (1d8 for a blade or a natural weapon, 1d6 for a blunt one, 1 unarmed).
 */
const dmg = (ev: readonly SimEvent[]) => of(ev, "damaged").map(({ targetId, sourceId, amount, damageType, hp }) => ({ targetId, sourceId, amount, damageType, hp }));

/** A hero at (5, 5) targets `foe` at (6, 5); the foe wins the initiative (hero 1, foe 20) and strikes first. */
function foeStrikes(make: (sim: ReturnType<typeof d20Sim>) => UnitRecord, script: number[], ticks = 2) {
  const sim = d20Sim();
  const a = hero(sim, 5, 5);
  const foe = make(sim);
  plain([a, foe]);
  a.targetId = foe.id;
  const dice = forceDice(sim, script);
  const ev = run(sim, ticks);
  return { a, foe, ev, left: dice.left() };
}

describe("d20 damage types of weapons in play (D20-DAMAGE-11, D20-DAMAGE-12, D20-DAMAGE-13, D20-DAMAGE-20)", () => {
  for (const [species, weapon] of [["kobold", "spear"], ["giantRat", "bite"]] as const) {
    it(`D20-DAMAGE-12: a ${species}'s ${weapon} deals piercing: 1d8 = 4, the hero at 96; the hero's natural 1 misses`, () => {
      const { a, foe, ev, left } = foeStrikes((sim) => creature(sim, species as SpeciesId, 6, 5), [1, 20, 15, 4, 1]);
      expect(foe.gear.weapon).toBe(weapon);
      expect(dmg(ev)).toEqual([{ targetId: a.id, sourceId: foe.id, amount: 4, damageType: "piercing", hp: 96 }]);
      expect(left).toBe(0);
    });
  }

  it("D20-DAMAGE-20: a bear's claws deal slashing: 1d8 = 4", () => {
    const { a, foe, ev, left } = foeStrikes((sim) => creature(sim, "bear", 6, 5), [1, 20, 15, 4, 1]);
    expect(dmg(ev)).toEqual([{ targetId: a.id, sourceId: foe.id, amount: 4, damageType: "slashing", hp: 96 }]);
    expect(left).toBe(0);
  });

  it("D20-DAMAGE-11: a minion's club deals bludgeoning (1d6 = 4); a minion's fists deal 1 bludgeoning (no die)", () => {
    const club = foeStrikes((sim) => minion(sim, 6, 5, { faction: "dungeon", gear: { weapon: "club", blunt: true, ranged: false, armour: "none", helm: 0 } }), [1, 20, 15, 4, 1]);
    expect(dmg(club.ev)).toEqual([{ targetId: club.a.id, sourceId: club.foe.id, amount: 4, damageType: "bludgeoning", hp: 96 }]);
    expect(club.left).toBe(0);
    const fists = foeStrikes((sim) => minion(sim, 6, 5, { faction: "dungeon" }), [1, 20, 15, 1]);
    expect(fists.foe.gear.weapon).toBe("fists");
    expect(dmg(fists.ev)).toEqual([{ targetId: fists.a.id, sourceId: fists.foe.id, amount: 1, damageType: "bludgeoning", hp: 99 }]);
    expect(fists.left).toBe(0);
  });

  it("D20-DAMAGE-11: a hero's fists deal 1 bludgeoning to a minion", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { gear: { weapon: "fists", blunt: true, ranged: false, armour: "none", helm: 0 } });
    const m = minion(sim, 6, 5, { faction: "dungeon" });
    plain([a, m]);
    a.targetId = m.id;
    // initiative hero 20, minion 1; the hero hits (15 against AC 11); the minion's natural 1 misses.
    const dice = forceDice(sim, [20, 1, 15, 1]);
    const ev = run(sim, 2);
    expect(dmg(ev)).toEqual([{ targetId: m.id, sourceId: a.id, amount: 1, damageType: "bludgeoning", hp: 99 }]);
    expect(dice.left()).toBe(0);
  });

  it("D20-DAMAGE-13, D20-DAMAGE-14: a giant spider's venomous bite deals poison (1d8 = 4), then 1d4 = 2 poison at the start of the hero's turn (paralysed, it does not attack)", () => {
    const { a, foe, ev, left } = foeStrikes((sim) => {
      const s = creature(sim, "giantSpider", 6, 5);
      d20Of(s).stamina = 0; // no web: it bites
      return s;
    }, [1, 20, 15, 4, 2]);
    expect(dmg(ev)).toEqual([
      { targetId: a.id, sourceId: foe.id, amount: 4, damageType: "poison", hp: 96 },
      { targetId: a.id, sourceId: foe.id, amount: 2, damageType: "poison", hp: 94 },
    ]);
    expect(of(ev, "attack").map((e) => e.attackerId)).toEqual([foe.id]);
    expect(left).toBe(0);
  });
});
