import { describe, expect, it } from "vitest";
import { BASIC_DOT, D20_DAMAGE_TYPES, GROUND_ZONE_DICE } from "@malignus/shared";
import {
  addBasicDot, damageRoll, damageTaken, magicAdvantage, SHARED_TO_D20_DAMAGE,
  tickDots, withSubmersion, type DotRecord,
} from "../../../src/sim/combat/d20/damage.ts";
import { scriptedDice } from "./helpers.ts";

const none = { resistances: [], vulnerabilities: [], reduction: 0 } as const;

describe("d20 damage", () => {
  it("D20-DAMAGE-01, D20-DAMAGE-06, D20-DAMAGE-07: the nine damage types", () => {
    expect([...D20_DAMAGE_TYPES].sort()).toEqual(["acid", "asphyxiation", "bludgeoning", "burn", "magic", "piercing", "poison", "psychic", "slashing"]);
  });

  it("the shared damage kinds map onto d20 types (the rules in play: live-damage-types, live-damage-kinds, live-damage)", () => {
    expect(SHARED_TO_D20_DAMAGE.acid).toBe("acid");
    expect(SHARED_TO_D20_DAMAGE.blunt).toBe("bludgeoning");
    expect(SHARED_TO_D20_DAMAGE.piercing).toBe("piercing");
    expect(SHARED_TO_D20_DAMAGE.slashing).toBe("slashing");
    expect(SHARED_TO_D20_DAMAGE.lightning).toBe("magic");
    expect(SHARED_TO_D20_DAMAGE.fire).toBe("burn");
  });

  it("D20-DAMAGE-02, D20-DAMAGE-03: dice + skill level + bonus", () => {
    expect(damageRoll(scriptedDice([5]), "1d8", 2, 1, false)).toBe(8);
  });

  it("D20-DAMAGE-05: a critical hit rolls no dice and deals the maximum", () => {
    const dice = scriptedDice([]);
    expect(damageRoll(dice, "2d6", 2, 0, true)).toBe(14);
  });

  it("D20-ATTACK-32: two-weapon fighting adds no modifier to damage", () => {
    expect(damageRoll(scriptedDice([3]), "1d6", 2, 1, false, true)).toBe(3);
  });

  it("D20-DAMAGE-04: one roll applies to every target of an area", () => {
    const roll = damageRoll(scriptedDice([4, 2]), "2d6", 0, 0, false);
    expect([damageTaken(roll, "burn", none), damageTaken(roll, "burn", none)]).toEqual([6, 6]);
  });

  it("D20-DAMAGE-25, D20-DAMAGE-26: resistance halves (rounded down), vulnerability doubles", () => {
    expect(damageTaken(9, "slashing", { ...none, resistances: ["slashing"] })).toBe(4);
    expect(damageTaken(9, "slashing", { ...none, vulnerabilities: ["slashing"] })).toBe(18);
    expect(damageTaken(9, "piercing", { ...none, resistances: ["slashing"] })).toBe(9);
  });

  it("D20-DAMAGE-27, D20-DAMAGE-28: 25 bludgeoning, aura −5, resistant → 10", () => {
    expect(damageTaken(25, "bludgeoning", { resistances: ["bludgeoning"], vulnerabilities: [], reduction: 5 })).toBe(10);
  });

  it("D20-DAMAGE-29, D20-DAMAGE-30: several resistances or vulnerabilities count once", () => {
    expect(damageTaken(20, "burn", { ...none, resistances: ["burn", "burn"] })).toBe(10);
    expect(damageTaken(5, "burn", { ...none, vulnerabilities: ["burn", "burn"] })).toBe(10);
  });

  it("damage is never below 0 after reductions", () => {
    expect(damageTaken(3, "acid", { ...none, reduction: 5 })).toBe(0);
  });

  it("D20-DAMAGE-09, D20-DAMAGE-14, D20-DAMAGE-23: basic acid, poison and burn deal 1d4 on each of the next 2 turns", () => {
    for (const type of ["acid", "poison", "burn"] as const) expect(BASIC_DOT[type]).toEqual({ dice: "1d4", turns: 2 });
    const dots: DotRecord[] = [];
    addBasicDot(dots, "acid", "s");
    const dice = scriptedDice([3, 4]);
    expect(tickDots(dice, dots)).toEqual([{ type: "acid", amount: 3, sourceId: "s" }]);
    expect(tickDots(dice, dots)).toEqual([{ type: "acid", amount: 4, sourceId: "s" }]);
    expect(dots).toEqual([]);
  });

  it("D20-DAMAGE-09: applying acid again resets its duration instead of stacking", () => {
    const dots: DotRecord[] = [];
    addBasicDot(dots, "acid", "a");
    tickDots(scriptedDice([1]), dots);
    addBasicDot(dots, "acid", "b");
    expect(dots).toEqual([{ type: "acid", dice: "1d4", turnsLeft: 2, sourceId: "b" }]);
  });

  it("D20-DAMAGE-16, D20-DAMAGE-17: asphyxiation deals 1d4 every turn while its hold lasts", () => {
    const dots: DotRecord[] = [];
    addBasicDot(dots, "asphyxiation", "hold");
    const dice = scriptedDice([1, 2, 3, 4]);
    for (let i = 0; i < 4; i++) tickDots(dice, dots);
    expect(dots).toHaveLength(1);
    addBasicDot(dots, "slashing", "x");
    expect(dots).toHaveLength(1);
  });

  it("the ground zones' dice: acid 1d4, poison and burn 1d2 (in play: live-damage.test.ts, the Master's area spells)", () => {
    expect(GROUND_ZONE_DICE).toEqual({ acid: "1d4", poison: "1d2", burn: "1d2" });
  });

  it("psychic is a damage type (in play: the giant bat's screech, the Master's silence and madness, live-status.test.ts)", () => {
    expect(D20_DAMAGE_TYPES).toContain("psychic");
  });

  it("D20-DAMAGE-31, D20-DAMAGE-32: the side holding the magic advantage gets +2", () => {
    expect(magicAdvantage("fire", "ice")).toEqual({ damage: 2, ac: 0 });
    expect(magicAdvantage("ice", "fire")).toEqual({ damage: 0, ac: 2 });
    expect(magicAdvantage("fire", "earth")).toEqual({ damage: 0, ac: 0 });
    expect(magicAdvantage("water", "fire")).toEqual({ damage: 2, ac: 0 });
    expect(magicAdvantage("fire", "water")).toEqual({ damage: 0, ac: 2 });
  });

  it("D20-WATER-07: a fully submerged creature resists burn damage", () => {
    const r = withSubmersion([], true);
    expect(damageTaken(9, "burn", { ...none, resistances: r })).toBe(4);
    expect(withSubmersion([], false)).toEqual([]);
  });
});
