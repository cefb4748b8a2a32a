import { describe, expect, it } from "vitest";
import { applyDamage, deathSave, firstAid, heal, isUnconscious, showsWounds, stabilise, stableTurn, type HpState } from "../../../src/sim/combat/d20/hp.ts";
import { scriptedDice } from "./helpers.ts";

function unit(hp: number, maxHp = hp): HpState {
  return { hp, maxHp, deathSaves: { successes: 0, failures: 0 }, stable: false, stableTurns: 0, dead: false };
}

describe("d20 hit points", () => {
  it("D20-HP-01, D20-HP-02: damage is subtracted from HP and above 0 the creature is only hurt", () => {
    const u = unit(20);
    expect(applyDamage(u, 7)).toBe("hurt");
    expect(u.hp).toBe(13);
  });

  it("D20-HP-03, D20-HP-04: wounds show only below half (exactly half shows none)", () => {
    expect(showsWounds(unit(11, 20))).toBe(false);
    expect(showsWounds(unit(10, 20))).toBe(false);
    expect(showsWounds(unit(9, 20))).toBe(true);
  });

  it("D20-HP-06, D20-HP-08, D20-HP-09, D20-HP-10: healing adds to HP, capped at the maximum", () => {
    const u = unit(5, 20);
    expect(heal(u, 8)).toBe("healed");
    expect(u.hp).toBe(13);
    heal(u, 50);
    expect(u.hp).toBe(20);
  });

  it("D20-HP-07: ordinary healing does nothing for the dead", () => {
    const u = unit(5, 10);
    applyDamage(u, 15);
    expect(u.dead).toBe(true);
    expect(heal(u, 10)).toBe("none");
    expect(u.hp).toBe(0);
  });

  it("D20-HP-05, D20-HP-11, D20-HP-12, D20-HP-14: HP stops at 0 and the creature falls unconscious", () => {
    const u = unit(6, 20);
    expect(applyDamage(u, 10)).toBe("unconscious");
    expect(u.hp).toBe(0);
    expect(u.dead).toBe(false);
    expect(isUnconscious(u)).toBe(true);
  });

  it("D20-HP-13: remaining damage equal to the maximum kills outright; one less does not", () => {
    const a = unit(6, 20);
    expect(applyDamage(a, 26)).toBe("dead");
    const b = unit(6, 20);
    expect(applyDamage(b, 25)).toBe("unconscious");
  });

  it("D20-HP-15, D20-HP-23: regaining HP wakes the creature and resets both tallies", () => {
    const u = unit(0, 20);
    u.deathSaves = { successes: 2, failures: 1 };
    expect(heal(u, 3)).toBe("woke");
    expect(u.hp).toBe(3);
    expect(u.deathSaves).toEqual({ successes: 0, failures: 0 });
  });

  it("D20-HP-16, D20-HP-17, D20-HP-18, D20-HP-19: a jet de destin is a plain d20, 10 succeeds and 9 fails", () => {
    const u = unit(0, 20);
    expect(deathSave(u, scriptedDice([10]))).toEqual({ natural: 10, outcome: "success" });
    expect(deathSave(u, scriptedDice([9]))).toEqual({ natural: 9, outcome: "failure" });
    expect(u.deathSaves).toEqual({ successes: 1, failures: 1 });
    expect(u.dead || u.stable).toBe(false);
  });

  it("D20-HP-20, D20-HP-22, D20-HP-31, D20-HP-32: a third success, not consecutive, makes it stable, still unconscious", () => {
    const u = unit(0, 20);
    const dice = scriptedDice([12, 3, 15, 19]);
    deathSave(u, dice); deathSave(u, dice); deathSave(u, dice);
    expect(u.stable).toBe(false);
    expect(deathSave(u, dice).outcome).toBe("stable");
    expect(u.stable).toBe(true);
    expect(u.deathSaves).toEqual({ successes: 0, failures: 0 });
    expect(isUnconscious(u)).toBe(true);
    expect(() => deathSave(u, scriptedDice([5]))).toThrow(/not dying/);
  });

  it("D20-HP-21: a third failure kills", () => {
    const u = unit(0, 20);
    const dice = scriptedDice([2, 15, 5, 9]);
    deathSave(u, dice); deathSave(u, dice); deathSave(u, dice);
    expect(u.dead).toBe(false);
    expect(deathSave(u, dice).outcome).toBe("dead");
    expect(u.dead).toBe(true);
  });

  it("D20-HP-24: a natural 1 counts as two failures", () => {
    const u = unit(0, 20);
    deathSave(u, scriptedDice([1]));
    expect(u.deathSaves.failures).toBe(2);
    expect(deathSave(u, scriptedDice([1])).outcome).toBe("dead");
  });

  it("D20-HP-25: a natural 20 regains 1 HP", () => {
    const u = unit(0, 20);
    u.deathSaves.failures = 2;
    expect(deathSave(u, scriptedDice([20])).outcome).toBe("regained");
    expect(u.hp).toBe(1);
    expect(u.deathSaves).toEqual({ successes: 0, failures: 0 });
  });

  it("D20-HP-26, D20-HP-27: damage at 0 HP is one failure, two from a critical hit", () => {
    const u = unit(0, 20);
    expect(applyDamage(u, 3)).toBe("deathSaveFailure");
    expect(u.deathSaves.failures).toBe(1);
    expect(applyDamage(u, 3, { critical: true })).toBe("dead");
  });

  it("D20-HP-28: damage at 0 HP equal to the maximum kills instantly", () => {
    const u = unit(0, 20);
    expect(applyDamage(u, 20)).toBe("dead");
    const v = unit(0, 20);
    expect(applyDamage(v, 19)).toBe("deathSaveFailure");
  });

  it("D20-HP-29, D20-HP-30: first aid is 1d20 + Habilité + Médecine against 10 + failures", () => {
    const u = unit(0, 20);
    u.deathSaves.failures = 2;
    expect(firstAid(u, scriptedDice([8]), 1, 2)).toEqual({ success: false, natural: 8, total: 11 });
    expect(firstAid(u, scriptedDice([9]), 1, 2)).toEqual({ success: true, natural: 9, total: 12 });
    expect(u.stable).toBe(true);
  });

  it("D20-HP-33: a stable creature that takes damage stops being stable and counts a failure", () => {
    const u = unit(0, 20);
    stabilise(u);
    expect(applyDamage(u, 2)).toBe("deathSaveFailure");
    expect(u.stable).toBe(false);
    expect(u.deathSaves.failures).toBe(1);
  });

  it("D20-HP-34: a stable creature regains 1 HP on its fifth turn and wakes", () => {
    const u = unit(0, 20);
    stabilise(u);
    for (let i = 0; i < 4; i++) expect(stableTurn(u)).toBe("none");
    expect(u.hp).toBe(0);
    expect(stableTurn(u)).toBe("woke");
    expect(u.hp).toBe(1);
    expect(u.stable).toBe(false);
  });

  it("D20-HP-35, D20-HP-36, D20-HP-37: a knock-out blow leaves the creature unconscious and stable", () => {
    const u = unit(5, 20);
    expect(applyDamage(u, 9, { knockOut: true })).toBe("knockedOut");
    expect(u.hp).toBe(0);
    expect(u.stable).toBe(true);
    expect(isUnconscious(u)).toBe(true);
  });

  it("D20-HP-13, D20-HP-35: massive damage still kills despite the knock-out choice", () => {
    const u = unit(5, 20);
    expect(applyDamage(u, 25, { knockOut: true })).toBe("dead");
  });
});
