import { describe, expect, it } from "vitest";
import { scriptedDice } from "./dice.ts";
import { attackRefusal, critScale, resolveD100Attack, rollKind } from "../../../src/sim/combat/d100/attack.ts";
import { addStatus, disarm } from "../../../src/sim/combat/d100/statuses.ts";
import { makeD100Unit as unit } from "../../../src/sim/combat/d100/types.ts";

describe("d100 turn flow: attack, defence, damage", () => {
  it("P100-BASE-10, P100-BASE-11, P100-BASE-13: a defending target rolls; attack 60 > defence 59 hits and rolls damage 37", () => {
    const dice = scriptedDice([60, 59, 37]);
    const t = unit();
    const r = resolveD100Attack(dice, unit(), t, { mode: "melee" });
    expect([r.hit, r.defenceRoll, r.damageRoll, r.damage, t.hp]).toEqual([true, 59, 37, 37, 63]);
    expect(dice.left()).toBe(0);
  });

  it("P100-BASE-12: a defensive roll equal to the attack roll makes it miss, and no damage is rolled", () => {
    const dice = scriptedDice([60, 60]);
    const t = unit();
    const r = resolveD100Attack(dice, unit(), t, { mode: "melee" });
    expect([r.hit, r.damage, t.hp, dice.left()]).toEqual([false, 0, 100, 0]);
  });

  it("P100-BASE-01, P100-BASE-02, P100-BASE-03: a surprise attack is an ordinary roll against a dodge at −20", () => {
    const t = unit();
    const r = resolveD100Attack(scriptedDice([50, 65, 10]), unit(), t, { mode: "melee", surprise: true, outOfTurn: true });
    expect([r.attackTotal, r.defenceTotal, r.hit, t.hp]).toEqual([50, 45, true, 90]);
    const r2 = resolveD100Attack(scriptedDice([50, 71]), unit(), unit(), { mode: "melee", surprise: true });
    expect([r2.defenceTotal, r2.hit]).toEqual([51, false]);
  });
});

describe("d100 critical hits", () => {
  it("P100-CRIT-01: a critical hit (natural 96) always hits and its damage roll 40 becomes 60", () => {
    const dice = scriptedDice([96, 40]);
    const t = unit();
    const r = resolveD100Attack(dice, unit(), t, { mode: "melee" });
    expect([r.kind, r.hit, r.defenceRoll, r.damage, t.hp]).toEqual(["critical", true, 0, 60, 40]);
  });

  it("P100-CRIT-02, P100-CRIT-03, P100-CRIT-04: a critical spell's damage, single-target or area, and any number such as a duration in turns (critScale: 21 → 31, 3 → 4) are ×1.5 rounded down; without a critical they stay", () => {
    expect([critScale(21, true), critScale(3, true), critScale(21, false)]).toEqual([31, 4, 21]);
    const t1 = unit(); const t2 = unit();
    const r = resolveD100Attack(scriptedDice([97, 30]), unit({ placement: "magic" }), t1, { mode: "magic", spellDamage: [10, 30] });
    const r2 = resolveD100Attack(scriptedDice([97, 11]), unit({ placement: "magic" }), t2, { mode: "magic", spellDamage: [10, 30], noSingleTarget: true });
    expect([r.damage, r2.damage]).toEqual([45, 16]);
  });

  it("P100-CRIT-05, P100-CRIT-06, P100-CRIT-07, P100-CRIT-09: a natural 100 is heroic, hits a target that would dodge, rolls 30..100 and ×1.5", () => {
    const dice = scriptedDice([100, 30]);
    const t = unit({ hp: 200, maxHp: 200 });
    const r = resolveD100Attack(dice, unit(), t, { mode: "melee" });
    expect([r.kind, r.hit, r.damageRoll, r.damage, t.hp]).toEqual(["heroic", true, 30, 45, 155]);
    expect(() => resolveD100Attack(scriptedDice([100, 29]), unit(), unit(), { mode: "melee" })).toThrow(/outside 30..100/);
  });

  it("P100-CRIT-08: heroic damage is not reduced, yet the attacker's off-role cap still limits it (Contradiction 12)", () => {
    const t = unit({ hp: 300, maxHp: 300 });
    const r = resolveD100Attack(scriptedDice([100, 100]), unit({ placement: "melee", hasRangedWeapon: true }), t, { mode: "ranged" });
    expect([r.damage, t.hp]).toEqual([70, 230]);
  });
});

describe("d100 critical failures", () => {
  it("P100-FUMBLE-01, P100-FUMBLE-02, P100-FUMBLE-03: a natural 5 misses and the target counter-attacks for 1..50", () => {
    const a = unit(); const t = unit();
    const r = resolveD100Attack(scriptedDice([5, 50]), a, t, { mode: "melee" });
    expect([r.kind, r.hit, r.counterDamage, a.hp, t.hp, r.turnEnds]).toEqual(["failure", false, 50, 50, 100, false]);
    expect(() => resolveD100Attack(scriptedDice([3, 51]), unit(), unit(), { mode: "melee" })).toThrow(/outside 1..50/);
  });

  it("P100-FUMBLE-04, P100-FUMBLE-05: a target that cannot counter-attack leaves the attacker a mishap that ends its turn", () => {
    const a = unit(); const t = unit();
    addStatus(t, "stunned");
    const r = resolveD100Attack(scriptedDice([2]), a, t, { mode: "melee" });
    expect([r.mishap, r.turnEnds, r.counterDamage, a.hp]).toEqual([true, true, 0, 100]);
    const far = resolveD100Attack(scriptedDice([4]), unit(), unit(), { mode: "ranged", targetCanReach: false });
    expect(far.mishap).toBe(true);
  });

  it("P100-FUMBLE-06, P100-FUMBLE-07: a natural 1 is fatal and the target counter-attacks for 10..75", () => {
    const a = unit();
    const r = resolveD100Attack(scriptedDice([1, 75]), a, unit(), { mode: "melee" });
    expect([r.kind, r.counterDamage, a.hp]).toEqual(["fatal", 75, 25]);
    expect(() => resolveD100Attack(scriptedDice([1, 9]), unit(), unit(), { mode: "melee" })).toThrow(/outside 10..75/);
  });

  it("P100-FUMBLE-08, P100-FUMBLE-09, P100-FUMBLE-10: a fatal mishap ends the turn, gives −20 to dodge and loses the next turn", async () => {
    const { canAct, endOwnTurn } = await import("../../../src/sim/combat/d100/statuses.ts");
    const a = unit(); const t = unit();
    addStatus(t, "polymorphed");
    const r = resolveD100Attack(scriptedDice([1]), a, t, { mode: "melee" });
    expect([r.mishap, r.turnEnds, a.dodgePenalty]).toEqual([true, true, 20]);
    endOwnTurn(a); // the turn of the failure ends
    expect(canAct(a)).toBe(false); // the next turn is lost
    const hit = resolveD100Attack(scriptedDice([50, 69, 1]), unit(), a, { mode: "melee" });
    expect([hit.defenceTotal, hit.hit]).toEqual([49, true]);
    endOwnTurn(a); // the lost turn ends
    expect([canAct(a), a.dodgePenalty]).toEqual([true, 0]);
  });
});

describe("d100 placement, cover and weapons", () => {
  it("P100-PLACE-01, P100-PLACE-02: a melee class without a ranged weapon cannot shoot; it must close in", () => {
    expect(attackRefusal(unit({ placement: "melee" }), unit(), "ranged")).toBe("noRangedWeapon");
    expect(attackRefusal(unit({ placement: "melee" }), unit(), "melee")).toBeNull();
  });

  it("P100-PLACE-03, P100-PLACE-04: a melee class shooting has its roll halved (81 → 40) and its damage capped at 70", () => {
    const t = unit();
    const r = resolveD100Attack(scriptedDice([81, 39, 95]), unit({ hasRangedWeapon: true }), t, { mode: "ranged" });
    expect([r.attackTotal, r.hit, r.damage, t.hp]).toEqual([40, true, 70, 30]);
  });

  it("P100-PLACE-05, P100-PLACE-06: a ranged class without a melee weapon cannot strike in melee with its weapon, but may punch (Contradiction 3)", () => {
    const archer = unit({ placement: "ranged", hasMeleeWeapon: false, hasRangedWeapon: true });
    expect(attackRefusal(archer, unit(), "melee")).toBe("noMeleeWeapon");
    expect(attackRefusal(archer, unit(), "ranged")).toBeNull();
    expect(attackRefusal({ ...archer, weapon: "unarmed" }, unit(), "melee")).toBeNull();
  });

  it("P100-PLACE-07, P100-PLACE-08: a ranged class in melee with a melee weapon: roll halved (90 → 45), damage capped at 70", () => {
    const t = unit();
    const r = resolveD100Attack(scriptedDice([90, 44, 88]), unit({ placement: "ranged", hasMeleeWeapon: true }), t, { mode: "melee" });
    expect([r.attackTotal, r.damage]).toEqual([45, 70]);
  });

  it("P100-PLACE-09, P100-PLACE-10, P100-PLACE-12: a magic class with a weapon, in melee or with a secondary weapon at range, is halved and capped at 70", () => {
    const mage = unit({ placement: "magic", hasSecondaryWeapon: true, hasRangedWeapon: true });
    const r = resolveD100Attack(scriptedDice([70, 34, 99]), mage, unit(), { mode: "melee" });
    expect([r.attackTotal, r.damage]).toEqual([35, 70]);
    const r2 = resolveD100Attack(scriptedDice([70, 35]), mage, unit(), { mode: "ranged" });
    expect([r2.attackTotal, r2.hit]).toEqual([35, false]);
    const spell = resolveD100Attack(scriptedDice([70, 35, 99]), mage, unit(), { mode: "magic" });
    expect([spell.attackTotal, spell.damage]).toEqual([70, 99]);
  });

  it("P100-PLACE-11: a silenced magic class without a secondary weapon cannot attack at all", () => {
    const mage = unit({ placement: "magic" });
    addStatus(mage, "silenced");
    expect(["melee", "ranged", "magic"].map((m) => attackRefusal(mage, unit(), m as "melee"))).toEqual(["silencedNoWeapon", "silencedNoWeapon", "silencedNoWeapon"]);
    const armed = unit({ placement: "magic", hasSecondaryWeapon: true });
    addStatus(armed, "silenced");
    expect([attackRefusal(armed, unit(), "melee"), attackRefusal(armed, unit(), "magic")]).toEqual([null, "silenced"]);
  });

  it("P100-PLACE-13, P100-PLACE-14: cover halves a ranged roll (80 → 40) and raises a melee roll by half (40 → 60)", () => {
    const r = resolveD100Attack(scriptedDice([80, 40]), unit({ placement: "ranged", hasRangedWeapon: true }), unit({ inCover: true }), { mode: "ranged" });
    expect([r.attackTotal, r.hit]).toEqual([40, false]);
    const r2 = resolveD100Attack(scriptedDice([40, 59, 1]), unit(), unit({ inCover: true }), { mode: "melee" });
    expect([r2.attackTotal, r2.hit]).toEqual([60, true]);
  });

  it("P100-WEAPON-01: a melee fighter fighting unarmed deals 1..50", () => {
    const r = resolveD100Attack(scriptedDice([60, 10, 50]), unit({ weapon: "unarmed" }), unit(), { mode: "melee" });
    expect(r.damage).toBe(50);
    expect(() => resolveD100Attack(scriptedDice([60, 10, 51]), unit({ weapon: "unarmed" }), unit(), { mode: "melee" })).toThrow(/outside 1..50/);
  });

  it("P100-WEAPON-02: a monk unarmed deals armed damage 1..100", () => {
    const r = resolveD100Attack(scriptedDice([60, 10, 100]), unit({ weapon: "unarmed", monk: true }), unit({ hp: 200, maxHp: 200 }), { mode: "melee" });
    expect(r.damage).toBe(100);
  });

  it("P100-WEAPON-03: a ranged-class character unarmed deals 1..35", () => {
    const r = resolveD100Attack(scriptedDice([80, 10, 35]), unit({ placement: "ranged", weapon: "unarmed" }), unit(), { mode: "melee" });
    expect(r.damage).toBe(35);
    expect(() => resolveD100Attack(scriptedDice([80, 10, 36]), unit({ placement: "ranged", weapon: "unarmed" }), unit(), { mode: "melee" })).toThrow(/outside 1..35/);
  });

  it("P100-WEAPON-04, P100-WEAPON-05: an improvised weapon halves the roll (99 → 49) and a natural 96..100 is no critical hit", () => {
    const r = resolveD100Attack(scriptedDice([99, 48, 50]), unit({ weapon: "improvised" }), unit(), { mode: "melee" });
    expect([r.kind, r.attackTotal, r.hit, r.damage]).toEqual([null, 49, true, 50]);
    expect([rollKind(100, false, true), rollKind(1, false, true), rollKind(100, false, false)]).toEqual([null, "fatal", "heroic"]);
  });
});

describe("d100 statuses in attacks", () => {
  it("P100-STATUS-02: a stunned target makes no defensive roll: any attack that is not a failure hits", () => {
    const t = unit();
    addStatus(t, "stunned");
    const r = resolveD100Attack(scriptedDice([6, 20]), unit(), t, { mode: "melee" });
    expect([r.defenceRoll, r.hit, t.hp]).toEqual([0, true, 80]);
  });

  it("P100-STATUS-11: an immune target takes no damage from a hit", () => {
    const t = unit();
    addStatus(t, "immune", 2);
    const r = resolveD100Attack(scriptedDice([100, 100]), unit(), t, { mode: "melee" });
    expect([r.hit, r.damage, t.hp]).toEqual([true, 0, 100]);
  });

  it("P100-STATUS-14: a disarmed melee fighter fights unarmed (1..50)", () => {
    const a = unit();
    disarm(a, 3, 4);
    expect(() => resolveD100Attack(scriptedDice([60, 10, 51]), a, unit(), { mode: "melee" })).toThrow(/outside 1..50/);
  });
});
