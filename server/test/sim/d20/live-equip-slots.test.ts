import { describe, expect, it } from "vitest";
import { SLOT_CAPACITY } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { MAX_ACTIVE_ITEMS } from "../../../src/sim/combat/d20/equip.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { foe, party, playTurn } from "./live-turn.ts";

/**
 * Issue 17: equipment slots (D20-EQUIP-01 to D20-EQUIP-07) in a live d20 room. A Warrior, a Rogue
 * and a Scout party arrives through the ruleset's live `partyArrived` (sheets built from each
 * class's gear, then the class kit); the Rogue's player then swaps its weapons in a planned turn
 * (`useObject` "swapWeapons", the one live change of slots in play). No command equips or removes
 * other items, and no item of the game goes to the feet or jewellery slots (docs/rules-decisions.md).
 */
describe("equipment slots in a live d20 room (issue 17)", () => {
  it("D20-EQUIP-01, D20-EQUIP-02, D20-EQUIP-03, D20-EQUIP-06, D20-EQUIP-07: the arriving party's slots hold each class's gear: helm in the head, armour in the body, one weapon per hand (the bow in both), never more than the slots allow", () => {
    const sim = d20Sim(1);
    const [w, r, s] = party(sim, ["Warrior", "Rogue", "Scout"]);
    const slots = [w, r, s].map((u) => d20Of(u!).equipment);
    expect(slots).toEqual([
      { head: ["helm"], body: ["armour:chainmail"], feet: [], jewellery: [], mainHand: ["weapon:sword"], offHand: [] },
      { head: [], body: ["armour:leather"], feet: [], jewellery: [], mainHand: ["weapon:shortsword"], offHand: ["weapon:dagger"] },
      { head: [], body: ["armour:leather"], feet: [], jewellery: [], mainHand: ["weapon:bow"], offHand: ["weapon:bow"] },
    ]);
    // D20-EQUIP-01: every slot within its capacity, at most MAX_ACTIVE_ITEMS (7) distinct items.
    for (const e of slots) {
      for (const k of Object.keys(SLOT_CAPACITY) as (keyof typeof SLOT_CAPACITY)[]) expect(e[k].length).toBeLessThanOrEqual(SLOT_CAPACITY[k]);
      expect(new Set(Object.values(e).flat()).size).toBeLessThanOrEqual(MAX_ACTIVE_ITEMS);
    }
  });

  it("D20-EQUIP-06, D20-EQUIP-07: in its turn the Rogue's player swaps its weapons: the dagger moves to the main-hand slot and the shortsword to the off-hand one, one item each; the other slots do not change", () => {
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"]);
    const m = foe(sim, 6);
    const before = structuredClone(d20Of(r!).equipment);
    const t = playTurn(sim, r!, m, [20, 1], [{ kind: "useObject", item: "swapWeapons" }], []);
    expect(t.refusals).toEqual([null]);
    expect(d20Of(r!).equipment).toEqual({ ...before, mainHand: ["weapon:dagger"], offHand: ["weapon:shortsword"] });
    expect([d20Of(r!).weapon.name, d20Of(r!).offHand?.name]).toEqual(["dagger", "shortsword"]);
  });
});
