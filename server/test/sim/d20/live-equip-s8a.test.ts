import { describe, expect, it } from "vitest";
import { SLOT_CAPACITY } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { loadMap } from "../../../src/maps.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";

/**
 * Issue 17, sweep s8 (point 1, the rule happens in a live game): the equipment slots of
 * adventurers who arrive through the invasion schedule of a d20 room (`sim.step()` on the tick the
 * invasion is due: `startInvasion`, then the ruleset's `partyArrived` learning each class kit),
 * not through a helper calling `partyArrived`. The first invasion of seed 3 is one Peasant (INV-38);
 * the room option `firstParty` makes it a Warrior, a Rogue and a Scout. Feet and jewellery stay
 * empty: no item of the game goes there (docs/rules-decisions.md, "Cannot happen in play … D20-EQUIP-04, D20-EQUIP-05").
 */
function arrive(firstParty?: string[]) {
  const sim = Simulation.create({ seed: 3, ruleset: "d20", map: loadMap("default"), ...(firstParty ? { d100: { firstParty } } : {}) } as never);
  sim.state.invasion.dueTick = sim.state.tick + 1;
  const events = sim.step();
  const party = sim.state.parties[sim.state.invasion.partyId]!;
  const members = party.memberIds.map((id) => sim.state.units[id]!);
  return { events, members };
}

describe("equipment slots of a party arriving in a live d20 room (D20-EQUIP-01 to D20-EQUIP-07)", () => {
  it("D20-EQUIP-01, D20-EQUIP-02, D20-EQUIP-03, D20-EQUIP-06, D20-EQUIP-07: the Warrior arrives with its helm in the one head slot, chainmail in the one body slot, its sword in the one main-hand slot; the Rogue with leather, the shortsword in the main hand and the dagger in the one off-hand slot; the Scout's bow takes both hand slots: 3, 3 and 2 active items", () => {
    const { events, members } = arrive(["Warrior", "Rogue", "Scout"]);
    expect(events.filter((e) => e.type === "invasionStarted").map((e) => (e as { size: number }).size)).toEqual([3]);
    expect(members.map((u) => [u.adventurerClass, d20Of(u).equipment])).toEqual([
      ["Warrior", { head: ["helm"], body: ["armour:chainmail"], feet: [], jewellery: [], mainHand: ["weapon:sword"], offHand: [] }],
      ["Rogue", { head: [], body: ["armour:leather"], feet: [], jewellery: [], mainHand: ["weapon:shortsword"], offHand: ["weapon:dagger"] }],
      ["Scout", { head: [], body: ["armour:leather"], feet: [], jewellery: [], mainHand: ["weapon:bow"], offHand: ["weapon:bow"] }],
    ]);
    expect(members.map((u) => new Set(Object.values(d20Of(u).equipment).flat()).size)).toEqual([3, 3, 2]);
    expect(SLOT_CAPACITY).toEqual({ head: 1, body: 1, feet: 1, jewellery: 2, mainHand: 1, offHand: 1 });
    expect(members.map((u) => [d20Of(u).weapon.name, d20Of(u).offHand?.name ?? null])).toEqual([["longsword", null], ["shortsword", "dagger"], ["shortbow", null]]);
  });

  it("D20-EQUIP-06, D20-EQUIP-07: the drawn first party of seed 3, one Peasant, arrives with its two-handed pitchfork in both hand slots, and nothing else: 1 active item", () => {
    const { members } = arrive();
    expect(members.map((u) => [u.adventurerClass, u.gear.weapon, d20Of(u).equipment])).toEqual([
      ["Peasant", "pitchfork", { head: [], body: [], feet: [], jewellery: [], mainHand: ["weapon:pitchfork"], offHand: ["weapon:pitchfork"] }],
    ]);
    expect(new Set(Object.values(d20Of(members[0]!).equipment).flat()).size).toBe(1);
  });
});
