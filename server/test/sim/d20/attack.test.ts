import { describe, expect, it } from "vitest";
import { COVER_AC, DEFAULT_REACH, RANGE_BANDS, REACH_WEAPON_REACH } from "@malignus/shared";
import {
  attackEdge, attackModifier, attackRoll, bestCover, canTwoWeapon, chooseDefence, coverFromLines,
  dragSlows, effectiveAc, grappleRefusal, inBand, inReach, perceiveRoll, provokesOpportunity,
  strengthContest, weaponRange, type OpportunityCheck,
} from "../../../src/sim/combat/d20/attack.ts";
import type { D20Abilities, D20Weapon } from "../../../src/sim/combat/d20/types.ts";
import { scriptedDice } from "./helpers.ts";

const ABIL: D20Abilities = { strength: 3, agility: 1, constitution: 2, mental: 4, contre: 5, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };
const dagger: D20Weapon = { name: "dagger", damage: "1d4", damageType: "piercing", ranged: false, reach: 1, range: [1, 1], light: true, finesse: true, reload: false, magical: false };
const shortsword: D20Weapon = { ...dagger, name: "shortsword", damage: "1d6" };
const bow: D20Weapon = { ...dagger, name: "longbow", ranged: true, light: false, range: [2, 25] };

describe("d20 attacks", () => {
  it("D20-ATTACK-11, D20-ATTACK-12, D20-ATTACK-13, D20-ATTACK-14: the characteristic of each kind of attack", () => {
    expect(attackModifier(ABIL, "melee")).toBe(3);
    expect(attackModifier({ ...ABIL, agility: 4 }, "melee", { finesse: true })).toBe(4);
    expect(attackModifier(ABIL, "ranged")).toBe(1);
    expect(attackModifier(ABIL, "spell")).toBe(4);
  });

  it("D20-ATTACK-09, D20-ATTACK-10: 1d20 + modifier hits when it equals the AC and misses one below", () => {
    expect(attackRoll(scriptedDice([12]), 3, 15, "none")).toMatchObject({ natural: 12, total: 15, hit: true, critical: false, fumble: false });
    expect(attackRoll(scriptedDice([11]), 3, 15, "none")).toMatchObject({ total: 14, hit: false });
  });

  it("D20-ATTACK-15, D20-ATTACK-16: a natural 20 hits whatever the AC and is critical", () => {
    expect(attackRoll(scriptedDice([20]), -5, 40, "none")).toMatchObject({ hit: true, critical: true });
  });

  it("D20-ATTACK-17, D20-ATTACK-18: a natural 1 misses whatever the modifiers and is a fumble", () => {
    expect(attackRoll(scriptedDice([1]), 30, 5, "none")).toMatchObject({ hit: false, fumble: true, total: 31 });
  });

  it("D20-ATTACK-06: the kept die of an advantage roll decides a natural 20", () => {
    expect(attackRoll(scriptedDice([20, 3]), 0, 30, "disadvantage")).toMatchObject({ natural: 3, hit: false, critical: false });
    expect(attackRoll(scriptedDice([20, 3]), 0, 30, "advantage")).toMatchObject({ natural: 20, hit: true, critical: true });
  });

  it("D20-ATTACK-65, D20-ATTACK-67: behind total cover only a natural 20 hits", () => {
    expect(attackRoll(scriptedDice([19]), 20, 10, "none", "total").hit).toBe(false);
    expect(attackRoll(scriptedDice([20]), 0, 10, "none", "total").hit).toBe(true);
  });

  it("D20-ATTACK-57, D20-ATTACK-59, D20-ATTACK-61, D20-ATTACK-63: half cover +1 AC, three-quarters +3", () => {
    expect(COVER_AC.half).toBe(1);
    expect(COVER_AC.threeQuarters).toBe(3);
    expect(effectiveAc(12, 2, "half")).toBe(15);
    expect(effectiveAc(12, 0, "threeQuarters")).toBe(15);
  });

  it("D20-ATTACK-60: only the highest degree of cover counts", () => {
    expect(bestCover(["half", "threeQuarters"])).toBe("threeQuarters");
    expect(bestCover(["half", "half"])).toBe("half");
    expect(bestCover([])).toBe("none");
  });

  it("D20-ATTACK-58, D20-ATTACK-62, D20-ATTACK-64, D20-ATTACK-67: cover from blocked lines; creatures give half at most", () => {
    expect(coverFromLines(0, false)).toBe("none");
    expect(coverFromLines(0, true)).toBe("half");
    expect(coverFromLines(2, false)).toBe("half");
    expect(coverFromLines(3, true)).toBe("threeQuarters");
    expect(coverFromLines(4, false)).toBe("total");
  });

  it("D20-ATTACK-05, D20-ACTION-23, D20-ACTION-27, D20-ACTION-28, D20-ACTION-29, D20-ACTION-30: the defence with the highest modifier raises AC", () => {
    expect(chooseDefence(ABIL, "melee")).toEqual({ defence: "parry", bonus: 3 });
    expect(chooseDefence(ABIL, "spell")).toEqual({ defence: "magicAbsorb", bonus: 5 });
    expect(chooseDefence({ ...ABIL, agility: 6 }, "ranged")).toEqual({ defence: "dodge", bonus: 6 });
    expect(chooseDefence({ ...ABIL, strength: 0, agility: -1, constitution: 0 }, "melee")).toBeNull();
  });

  it("D20-ATTACK-68, D20-ATTACK-72: unseen targets give disadvantage, unseen attackers advantage, both cancel", () => {
    expect(attackEdge({ kind: "melee", targetUnseen: true })).toBe("disadvantage");
    expect(attackEdge({ kind: "melee", attackerUnseen: true })).toBe("advantage");
    expect(attackEdge({ kind: "melee", attackerUnseen: true, targetUnseen: true })).toBe("none");
  });

  it("D20-ATTACK-56: a ranged attack with a hostile within 1 tile has disadvantage; melee does not", () => {
    expect(attackEdge({ kind: "ranged", hostileWithin1: true })).toBe("disadvantage");
    expect(attackEdge({ kind: "spell", hostileWithin1: true })).toBe("disadvantage");
    expect(attackEdge({ kind: "melee", hostileWithin1: true })).toBe("none");
  });

  it("D20-SIZE-10, D20-SIZE-12: a squeezing attacker has disadvantage; attacks on a squeezing target advantage", () => {
    expect(attackEdge({ kind: "melee", attackerSqueezing: true })).toBe("disadvantage");
    expect(attackEdge({ kind: "melee", targetSqueezing: true })).toBe("advantage");
  });

  it("D20-ACTION-18: the helped ally's attack has advantage", () => {
    expect(attackEdge({ kind: "melee", helped: true })).toBe("advantage");
  });

  it("D20-ATTACK-52, D20-ATTACK-53, D20-ATTACK-54, D20-ATTACK-55: range bands 1–2, 5, 15, 25", () => {
    expect(RANGE_BANDS).toEqual({ contact: 2, short: 5, medium: 15, long: 25 });
    expect(inBand("contact", 2)).toBe(true);
    expect(inBand("contact", 3)).toBe(false);
    expect(inBand("short", 5)).toBe(true);
    expect(inBand("short", 6)).toBe(false);
    expect(inBand("medium", 15)).toBe(true);
    expect(inBand("long", 26)).toBe(false);
  });

  it("D20-ATTACK-47, D20-ATTACK-48, D20-ATTACK-49, D20-ATTACK-50, D20-ATTACK-51: two-range weapons", () => {
    expect(weaponRange([2, 25], 25)).toBe("ok");
    expect(weaponRange([2, 25], 26)).toBe("out");
    expect(weaponRange([2, 25], 1)).toBe("near");
    expect(attackEdge({ kind: "ranged", belowMinRange: true })).toBe("disadvantage");
  });

  it("D20-ATTACK-19, D20-ATTACK-21, D20-ATTACK-22, D20-ATTACK-23: melee reach is 1, reach weapons 2", () => {
    expect(DEFAULT_REACH).toBe(1);
    expect(inReach(DEFAULT_REACH, 1)).toBe(true);
    expect(inReach(DEFAULT_REACH, 2)).toBe(false);
    expect(inReach(REACH_WEAPON_REACH, 2)).toBe(true);
  });

  it("D20-ATTACK-25, D20-ATTACK-26, D20-ATTACK-28, D20-ATTACK-29, D20-ACTION-13: who provokes an opportunity attack", () => {
    const base: OpportunityCheck = { leavesReach: true, seesMover: true, hostile: true, moverDisengaged: false, teleport: false, forced: false, reactorCanReact: true };
    expect(provokesOpportunity(base)).toBe(true);
    expect(provokesOpportunity({ ...base, seesMover: false })).toBe(false);
    expect(provokesOpportunity({ ...base, teleport: true })).toBe(false);
    expect(provokesOpportunity({ ...base, forced: true })).toBe(false);
    expect(provokesOpportunity({ ...base, moverDisengaged: true })).toBe(false);
    expect(provokesOpportunity({ ...base, reactorCanReact: false })).toBe(false);
    expect(provokesOpportunity({ ...base, leavesReach: false })).toBe(false);
  });

  it("D20-ATTACK-30, D20-ATTACK-31: two-weapon fighting needs two different light melee weapons, the demi-action and the reaction", () => {
    expect(canTwoWeapon(dagger, shortsword, true, true)).toBe(true);
    expect(canTwoWeapon(dagger, dagger, true, true)).toBe(false);
    expect(canTwoWeapon(dagger, bow, true, true)).toBe(false);
    expect(canTwoWeapon(dagger, shortsword, true, false)).toBe(false);
    expect(canTwoWeapon(dagger, shortsword, false, true)).toBe(false);
  });

  it("D20-ATTACK-35, D20-ATTACK-36, D20-ATTACK-37, D20-ATTACK-38: grapple size, reach and free hand", () => {
    expect(grappleRefusal("medium", "large", 1, 1, true)).toBeNull();
    expect(grappleRefusal("medium", "huge", 1, 1, true)).toMatch(/D20-ATTACK-36/);
    expect(grappleRefusal("medium", "medium", 2, 1, true)).toMatch(/D20-ATTACK-37/);
    expect(grappleRefusal("medium", "small", 1, 1, false)).toMatch(/D20-ATTACK-38/);
  });

  it("D20-ATTACK-39, D20-ATTACK-41, D20-ATTACK-43: opposed Strength rolls, a tie goes to the defender", () => {
    expect(strengthContest(scriptedDice([12, 11]), 3, 2)).toEqual({ success: true, attack: 15, defence: 13 });
    expect(strengthContest(scriptedDice([10, 11]), 2, 2)).toEqual({ success: false, attack: 12, defence: 13 });
    expect(strengthContest(scriptedDice([10, 10]), 2, 2).success).toBe(false);
  });

  it("D20-ATTACK-40: a grapple on a creature incapable of acting succeeds without a roll", () => {
    const dice = scriptedDice([]);
    expect(strengthContest(dice, 0, 10, true).success).toBe(true);
  });

  it("D20-ATTACK-44, D20-ATTACK-45: dragging slows unless the grappled creature is two sizes smaller", () => {
    expect(dragSlows("medium", "medium")).toBe(true);
    expect(dragSlows("medium", "small")).toBe(true);
    expect(dragSlows("medium", "tiny")).toBe(false);
  });

  it("D20-ATTACK-69: perceiving an unseen target is 1d20 + Perception + Vigilance against its Hide total", () => {
    expect(perceiveRoll(scriptedDice([10]), 2, 1, 13)).toBe(true);
    expect(perceiveRoll(scriptedDice([9]), 2, 1, 13)).toBe(false);
  });
});
