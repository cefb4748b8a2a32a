import { describe, expect, it } from "vitest";
import { D20_KIT_WEAPONS, D20_SPECIES_TRAITS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, hero } from "../encounters/helpers.ts";
import { creature, of, plain, run } from "./live-helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";

/*
 * Audit s10-d (issue 17): D20-ATTACK-32 reads "no modifiers to the damage of either weapon" as no
 * skill level and no other flat damage bonus (docs/rules-decisions.md). The skill term was tested
 * (live-two-weapons-s8a.test.ts); the flat bonus never was: the only unit with one, the Master
 * (its magic staff, `damageBonus` 1 of D20_SPECIES_TRAITS), carries no off-hand weapon. Here the
 * Master is handed the Rogue's kit (shortsword 1d6 and dagger 1d4, both light) so its AI fights
 * with two weapons in a live d20 room: neither blow adds the +1; with the shortsword alone it does.
 * The hero at (5, 5), the Master at (6, 5) strikes first (initiative hero 1, Master 20), no Mana.
 */
const dmg = (ev: readonly SimEvent[]) => of(ev, "damaged").map((e) => [e.sourceId, e.targetId, e.amount]);

function masterTurn(offHand: boolean, dice: number[]) {
  const sim = d20Sim();
  const a = hero(sim, 5, 5);
  const m = creature(sim, "master", 6, 5);
  plain([a, m]);
  const d = d20Of(m);
  d.mana = 0; // no spell: it strikes
  d.weapon = { ...D20_KIT_WEAPONS.shortsword };
  d.offHand = offHand ? { ...D20_KIT_WEAPONS.dagger } : null;
  a.targetId = m.id;
  const rec = recordD20Dice(sim, dice);
  const ev = run(sim, 2);
  return { a, m, ev, rec };
}

describe("audit s10-d: two-weapon fighting drops the flat damage bonus too (D20-ATTACK-32)", () => {
  it("D20-ATTACK-32: the Master (damage bonus +1, weapon skill 0) striking with shortsword and dagger deals the bare dice, 1d6 4 and 1d4 3, no +1 on either; with the shortsword alone the same d6 deals 4 + 1 = 5", () => {
    expect(D20_SPECIES_TRAITS.master!.damageBonus).toBe(1);
    const two = masterTurn(true, [1, 20, 15, 4, 15, 3, 1]);
    expect(d20Of(two.m).skills.weapon).toBe(0);
    expect([two.rec.draws, two.rec.left()]).toEqual([["d20=1", "d20=20", "d20=15", "d6=4", "d20=15", "d4=3", "d20=1"], 0]);
    expect(dmg(two.ev)).toEqual([[two.m.id, two.a.id, 4], [two.m.id, two.a.id, 3]]);
    expect(d20Of(two.a).hp).toBe(93);
    const one = masterTurn(false, [1, 20, 15, 4, 1]);
    expect([one.rec.draws, one.rec.left()]).toEqual([["d20=1", "d20=20", "d20=15", "d6=4", "d20=1"], 0]);
    expect(dmg(one.ev)).toEqual([[one.m.id, one.a.id, 5]]);
    expect(d20Of(one.a).hp).toBe(95);
  });
});
