import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { equip, hasFreeHand, itemsFromGear, slotsFromGear } from "../../../src/sim/combat/d20/equip.ts";
import { d20Sim, hero, minion } from "../encounters/helpers.ts";

const gear = (weapon: string, armour: "none" | "leather" | "chainmail" = "none", helm = 0) => ({ weapon, blunt: false, ranged: weapon === "bow", armour, helm });

describe("equipment slots from the units' gear (issue 7, D20-EQUIP)", () => {
  it("D20-EQUIP-02, D20-EQUIP-03, D20-EQUIP-06: a sword, chainmail and a helm fill the main hand, body and head slots", () => {
    expect(slotsFromGear(gear("sword", "chainmail", 10))).toEqual({
      head: ["helm"], body: ["armour:chainmail"], feet: [], jewellery: [], mainHand: ["weapon:sword"], offHand: [],
    });
  });

  it("D20-EQUIP-06, D20-EQUIP-07: a two-handed bow takes both hand slots; fists take none", () => {
    expect(itemsFromGear(gear("bow"))).toEqual([{ id: "weapon:bow", slot: "mainHand", twoHanded: true }]);
    const bow = slotsFromGear(gear("bow"));
    expect([bow.mainHand, bow.offHand]).toEqual([["weapon:bow"], ["weapon:bow"]]);
    expect(hasFreeHand(bow)).toBe(false);
    expect(slotsFromGear(gear("fists"))).toEqual({ head: [], body: [], feet: [], jewellery: [], mainHand: [], offHand: [] });
  });

  it("D20-EQUIP-01, D20-EQUIP-06, D20-EQUIP-07: a second two-handed item is refused and changes nothing; a one-handed one goes to the free off hand", () => {
    const bow = slotsFromGear(gear("bow"));
    const before = structuredClone(bow);
    expect(equip(bow, { id: "weapon:maul", slot: "mainHand", twoHanded: true })).toBe("both hands must be free for a two-handed item");
    expect(bow).toEqual(before);
    expect(equip(bow, { id: "shield", slot: "offHand" })).toBe("the offHand slot is full");
    const sword = slotsFromGear(gear("sword"));
    expect(equip(sword, { id: "weapon:maul", slot: "mainHand", twoHanded: true })).toBe("both hands must be free for a two-handed item");
    expect(equip(sword, { id: "shield", slot: "offHand" })).toBeNull();
    expect([sword.mainHand, sword.offHand]).toEqual([["weapon:sword"], ["shield"]]);
  });

  it("D20-EQUIP-06, D20-EQUIP-07: a unit's d20 sheet carries the slots of its gear, and a bowman has no free hand to grapple with", () => {
    const sim = d20Sim(1);
    const archer = hero(sim, 2, 2, { gear: gear("bow", "leather") });
    const swordsman = hero(sim, 4, 2);
    const m = minion(sim, 6, 2);
    expect(d20Of(archer).equipment).toEqual({ head: [], body: ["armour:leather"], feet: [], jewellery: [], mainHand: ["weapon:bow"], offHand: ["weapon:bow"] });
    expect(d20Of(swordsman).equipment.mainHand).toEqual(["weapon:sword"]);
    expect(hasFreeHand(d20Of(archer).equipment)).toBe(false);
    expect(hasFreeHand(d20Of(swordsman).equipment)).toBe(true);
    expect(hasFreeHand(d20Of(m).equipment)).toBe(true);
  });
});
