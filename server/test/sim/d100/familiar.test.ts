import { describe, expect, it } from "vitest";
import { scriptedDice } from "./dice.ts";
import { makeFamiliar, ownerSlotActors, updateFamiliarSpecialist } from "../../../src/sim/combat/d100/familiar.ts";
import { resolveD100Attack } from "../../../src/sim/combat/d100/attack.ts";
import { applyDamage, dyingTurnStart, hunterHealsFamiliar, rescue, reviveFamiliar } from "../../../src/sim/combat/d100/hp.ts";
import { makeD100Unit as unit } from "../../../src/sim/combat/d100/types.ts";

describe("d100 familiars", () => {
  it("P100-FAMILIAR-01: a familiar has 75 HP", () => {
    expect([makeFamiliar("demon", "1").hp, makeFamiliar("hunter", "1").maxHp]).toEqual([75, 75]);
  });

  it("P100-FAMILIAR-02: a non-specialist owner chooses each turn between its own attack and its familiar's", () => {
    const owner = unit();
    const pet = makeFamiliar("other", "1");
    expect([ownerSlotActors("1", owner, "2", pet, "owner"), ownerSlotActors("1", owner, "2", pet, "familiar")]).toEqual([["1"], ["2"]]);
  });

  it("P100-FAMILIAR-03, P100-FAMILIAR-04: a specialist and its familiar both act, the familiar right after its master", () => {
    const owner = unit({ familiarSpecialist: true });
    expect(ownerSlotActors("1", owner, "2", makeFamiliar("demon", "1"), "owner")).toEqual(["1", "2"]);
  });

  it("P100-FAMILIAR-05: only a spell of a familiar specialisation makes a specialist", () => {
    const owner = unit({ spells: [{ id: "bolt", charges: 1, maxCharges: 1, passive: false }] });
    expect(updateFamiliarSpecialist(owner)).toBe(false);
    owner.spells.push({ id: "pack-bond", charges: 0, maxCharges: 0, passive: true, familiarSpecialisation: true });
    expect(updateFamiliarSpecialist(owner)).toBe(true);
  });

  it("P100-FAMILIAR-06, P100-FAMILIAR-08: a familiar's attack roll is 1..80 and an 80 is no critical hit", () => {
    const r = resolveD100Attack(scriptedDice([80, 79, 10]), makeFamiliar("demon", "1"), unit(), { mode: "melee" });
    expect([r.kind, r.natural, r.hit]).toEqual([null, 80, true]);
    expect(() => resolveD100Attack(scriptedDice([81]), makeFamiliar("demon", "1"), unit(), { mode: "melee" })).toThrow(/outside 1..80/);
  });

  it("P100-FAMILIAR-07: a familiar's 1 is an ordinary miss, with no counter-attack", () => {
    const pet = makeFamiliar("demon", "1");
    const r = resolveD100Attack(scriptedDice([1, 50]), pet, unit(), { mode: "melee" });
    expect([r.kind, r.hit, r.counterDamage, pet.hp]).toEqual([null, false, 0, 75]);
  });

  it("P100-FAMILIAR-09: a familiar's damage roll is 1..70", () => {
    const t = unit();
    const r = resolveD100Attack(scriptedDice([60, 1, 70]), makeFamiliar("demon", "1"), t, { mode: "melee" });
    expect([r.damage, t.hp]).toEqual([70, 30]);
    expect(() => resolveD100Attack(scriptedDice([60, 1, 71]), makeFamiliar("demon", "1"), unit(), { mode: "melee" })).toThrow(/outside 1..70/);
  });

  it("P100-FAMILIAR-10: demon, undead and elemental familiars are banished at death", () => {
    for (const kind of ["demon", "undead", "elemental"] as const) {
      const pet = makeFamiliar(kind, "1");
      expect([applyDamage(pet, 75).outcome, pet.dead, pet.dying]).toEqual(["banished", true, false]);
    }
  });

  it("P100-FAMILIAR-11: a hunter's familiar goes into a coma, loses 5 HP a turn and can be rescued", () => {
    const pet = makeFamiliar("hunter", "1");
    expect(applyDamage(pet, 80).outcome).toBe("coma");
    dyingTurnStart(pet);
    expect([pet.hp, pet.dying]).toEqual([-10, true]);
    expect(rescue(scriptedDice([60]), unit({ role: "healer" }), pet, true)).toMatchObject({ success: true });
  });

  it("P100-FAMILIAR-12: a hunter's familiar dies only at −50 (−49 lives, Contradiction 14)", () => {
    const pet = makeFamiliar("hunter", "1");
    applyDamage(pet, 124);
    expect([pet.hp, pet.dead]).toEqual([-49, false]);
    expect(applyDamage(pet, 1).outcome).toBe("dead");
  });

  it("P100-FAMILIAR-13: the hunter heals its own familiar in a full turn on a d100 above 50, back to 1 HP", () => {
    const pet = makeFamiliar("hunter", "1");
    applyDamage(pet, 90);
    expect(hunterHealsFamiliar(scriptedDice([50]), "1", pet, true)).toMatchObject({ success: false });
    expect(hunterHealsFamiliar(scriptedDice([51]), "1", pet, true)).toMatchObject({ success: true });
    expect([pet.hp, pet.dying]).toEqual([1, false]);
    expect(hunterHealsFamiliar(scriptedDice([]), "9", pet, true)).toBe("notOwner");
  });

  it("P100-FAMILIAR-14: other owners revive their familiar only after the fight, at full HP", () => {
    const pet = makeFamiliar("other", "1");
    applyDamage(pet, 75);
    expect([reviveFamiliar(pet, false), pet.dead]).toEqual([false, true]);
    expect([reviveFamiliar(pet, true), pet.dead, pet.hp]).toEqual([true, false, 75]);
  });
});
