import { describe, expect, it } from "vitest";
import { SLOT_CAPACITY } from "@malignus/shared";
import {
  canMountNow, canServeAsMount, CONTROLLED_MOUNT_ACTIONS, fallDamage, isControlled, mountCost, stayMountedRoll,
} from "../../../src/sim/combat/d20/mount.ts";
import { underwaterAttack } from "../../../src/sim/combat/d20/water.ts";
import { emptySlots, equip, hasFreeHand, MAX_ACTIVE_ITEMS, swappableInCombat } from "../../../src/sim/combat/d20/equip.ts";
import { scriptedDice } from "./helpers.ts";

describe("d20 mounts", () => {
  it("D20-MOUNT-01: a willing creature at least one size larger can be a mount", () => {
    expect(canServeAsMount("medium", "large", true)).toBe(true);
    expect(canServeAsMount("medium", "medium", true)).toBe(false);
    expect(canServeAsMount("medium", "large", false)).toBe(false);
  });

  it("D20-MOUNT-02, D20-MOUNT-03, D20-MOUNT-04: mounting costs half the movement value, once per turn, within 1 tile", () => {
    expect(mountCost(9)).toBe(4.5);
    expect(canMountNow(9, 4.5, 1, false)).toBe(true);
    expect(canMountNow(9, 4, 1, false)).toBe(false);
    expect(canMountNow(0, 4, 1, false)).toBe(false);
    expect(canMountNow(9, 9, 2, false)).toBe(false);
    expect(canMountNow(9, 9, 1, true)).toBe(false);
  });

  it("D20-MOUNT-05, D20-MOUNT-06, D20-MOUNT-07: staying mounted needs 1d20 + Agility greater than 10", () => {
    expect(stayMountedRoll(scriptedDice([9]), 2)).toEqual({ stays: true, natural: 9, badLuck: false });
    expect(stayMountedRoll(scriptedDice([8]), 2)).toEqual({ stays: false, natural: 8, badLuck: false });
  });

  it("D20-MOUNT-08, D20-MOUNT-09, D20-MOUNT-10, D20-MOUNT-11: bad luck on a natural 1 adds fall damage, 1 per metre", () => {
    expect(stayMountedRoll(scriptedDice([1]), 5).badLuck).toBe(true);
    expect(fallDamage(0)).toBe(1);
    expect(fallDamage(4)).toBe(4);
  });

  it("D20-MOUNT-12, D20-MOUNT-13, D20-MOUNT-14, D20-MOUNT-15: only trained, non-intelligent, non-summoned mounts are controlled", () => {
    expect(isControlled(true, false, false, true)).toBe(true);
    expect(isControlled(false, false, false, true)).toBe(false);
    expect(isControlled(true, true, false, true)).toBe(false);
    expect(isControlled(true, false, true, true)).toBe(false);
    expect(isControlled(true, false, false, false)).toBe(false);
  });

  it("D20-MOUNT-18: a controlled mount may only Dash or Disengage", () => {
    expect([...CONTROLLED_MOUNT_ACTIONS]).toEqual(["dash", "disengage"]);
  });
});

describe("d20 underwater combat", () => {
  it("D20-WATER-01, D20-WATER-02, D20-WATER-03: melee under water has disadvantage except listed weapons and native swimmers", () => {
    expect(underwaterAttack("melee", "longsword", false, 1, 1)).toBe("disadvantage");
    expect(underwaterAttack("melee", "dagger", false, 1, 1)).toBe("ok");
    expect(underwaterAttack("melee", "trident", false, 1, 1)).toBe("ok");
    expect(underwaterAttack("melee", "longsword", true, 1, 1)).toBe("ok");
  });

  it("D20-WATER-04, D20-WATER-05, D20-WATER-06: ranged attacks miss beyond normal range and have disadvantage within, except crossbows, nets and thrown spears", () => {
    expect(underwaterAttack("ranged", "longbow", false, 26, 25)).toBe("autoMiss");
    expect(underwaterAttack("ranged", "longbow", false, 10, 25)).toBe("disadvantage");
    expect(underwaterAttack("ranged", "crossbow", false, 10, 25)).toBe("ok");
    expect(underwaterAttack("ranged", "net", false, 3, 5)).toBe("ok");
    expect(underwaterAttack("ranged", "dart", false, 3, 5)).toBe("ok");
  });
});

describe("d20 equipment slots", () => {
  it("D20-EQUIP-01, D20-EQUIP-02, D20-EQUIP-03, D20-EQUIP-04, D20-EQUIP-05, D20-EQUIP-06, D20-EQUIP-07: one head, body, feet, main and off hand, two jewellery", () => {
    expect(SLOT_CAPACITY).toEqual({ head: 1, body: 1, feet: 1, jewellery: 2, mainHand: 1, offHand: 1 });
    expect(MAX_ACTIVE_ITEMS).toBe(7);
    const s = emptySlots();
    expect(equip(s, { id: "helm", slot: "head" })).toBeNull();
    expect(equip(s, { id: "crown", slot: "head" })).toMatch(/head slot is full/);
    expect(equip(s, { id: "ring1", slot: "jewellery" })).toBeNull();
    expect(equip(s, { id: "ring2", slot: "jewellery" })).toBeNull();
    expect(equip(s, { id: "ring3", slot: "jewellery" })).toMatch(/full/);
    expect(equip(s, { id: "mail", slot: "body" })).toBeNull();
    expect(equip(s, { id: "boots", slot: "feet" })).toBeNull();
    expect(equip(s, { id: "sword", slot: "mainHand" })).toBeNull();
    expect(hasFreeHand(s)).toBe(true);
    expect(equip(s, { id: "shield", slot: "offHand" })).toBeNull();
    expect(hasFreeHand(s)).toBe(false);
    expect(Object.values(s).flat()).toHaveLength(7);
  });

  it("two-handed items take both hand slots; only hand items change in combat", () => {
    const s = emptySlots();
    expect(equip(s, { id: "greataxe", slot: "mainHand", twoHanded: true })).toBeNull();
    expect(s.offHand).toEqual(["greataxe"]);
    expect(equip(s, { id: "dagger", slot: "offHand" })).toMatch(/full/);
    expect(swappableInCombat("mainHand")).toBe(true);
    expect(swappableInCombat("body")).toBe(false);
  });
});
