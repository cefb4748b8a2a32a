import { describe, expect, it } from "vitest";
import { scriptedDice } from "./dice.ts";
import { applyDamage, dyingTurnStart, heal, rescue } from "../../../src/sim/combat/d100/hp.ts";
import { canAct, canDefend, isDown } from "../../../src/sim/combat/d100/statuses.ts";
import { DEFAULT_D100_OPTIONS } from "../../../src/sim/combat/d100/constants.ts";
import { makeD100Unit as unit } from "../../../src/sim/combat/d100/types.ts";

const refusing = { ...DEFAULT_D100_OPTIONS, traumaticInsteadOfDeath: true };

describe("d100 dying, rescue and death", () => {
  it("P100-DEATH-01: reaching 0 HP puts a character into a coma: dying, unable to act or dodge", () => {
    const u = unit({ hp: 30 });
    expect(applyDamage(u, 30)).toEqual({ lost: 30, outcome: "coma" });
    expect([u.hp, u.dying, canAct(u), canDefend(u)]).toEqual([0, true, false, false]);
  });

  it("P100-DEATH-02: a dying character loses 5 HP at the start of each of its turns", () => {
    const u = unit({ hp: 0, dying: true });
    dyingTurnStart(u);
    dyingTurnStart(u);
    expect(u.hp).toBe(-10);
  });

  it("P100-DEATH-03: a successful rescue stabilises: the loss stops", () => {
    const u = unit({ hp: -5, dying: true });
    const r = rescue(scriptedDice([51]), unit({ role: "healer" }), u, true);
    expect(r).toEqual({ roll: 51, needed: 50, success: true });
    expect([dyingTurnStart(u).lost, u.hp, u.stabilised]).toEqual([0, -5, true]);
  });

  it("P100-DEATH-04, P100-DEATH-07: a healer (trained rescuer) succeeds above 50: 50 fails, 51 succeeds", () => {
    const healer = unit({ role: "healer" });
    expect(rescue(scriptedDice([50]), healer, unit({ hp: -1, dying: true }), true)).toMatchObject({ success: false, needed: 50 });
    const aider = unit({ role: "attacker", firstAider: true });
    expect(rescue(scriptedDice([51]), aider, unit({ hp: -1, dying: true }), true)).toMatchObject({ success: true, needed: 50 });
  });

  it("P100-DEATH-05: a rescuer out of contact cannot try, and nothing is drawn", () => {
    const dice = scriptedDice([]);
    expect(rescue(dice, unit({ role: "healer" }), unit({ hp: -1, dying: true }), false)).toBe("notAdjacent");
  });

  it("P100-DEATH-06: a rescue attempt, failed or not, takes the rescuer's main action", async () => {
    const { newTurn, spendAction } = await import("../../../src/sim/combat/d100/turns.ts");
    const ts = newTurn();
    expect(spendAction(ts, "move")).toBeNull(); // moving into contact first is allowed
    expect(spendAction(ts, "main")).toBeNull(); // the rescue
    expect(spendAction(ts, "main")).toBe("actionSpent");
  });

  it("P100-DEATH-08: a rescuer who is not trained needs above 80 (Contradiction 2)", () => {
    const fighter = unit({ role: "defender" });
    expect(rescue(scriptedDice([80]), fighter, unit({ hp: -1, dying: true }), true)).toMatchObject({ success: false, needed: 80 });
    expect(rescue(scriptedDice([81]), fighter, unit({ hp: -1, dying: true }), true)).toMatchObject({ success: true });
  });

  it("P100-DEATH-09: a dying character dies once HP < −max/2: with 150 max HP, −75 lives and −76 dies", () => {
    const u = unit({ hp: 10, maxHp: 150 });
    expect(applyDamage(u, 85).outcome).toBe("coma");
    expect([u.hp, u.dead]).toEqual([-75, false]);
    expect(applyDamage(u, 1).outcome).toBe("dead");
    expect([u.dead, u.dying]).toEqual([true, false]);
  });

  it("P100-DEATH-10, P100-DEATH-11: with the room option, a refused death leaves the character gravely wounded instead", () => {
    const u = unit({ hp: -72, maxHp: 150, dying: true, acceptsDeath: false });
    expect(dyingTurnStart(u, refusing).outcome).toBe("traumatised");
    expect([u.dead, u.traumatised, isDown(u)]).toEqual([false, true, true]);
    const accepts = unit({ hp: -72, maxHp: 150, dying: true, acceptsDeath: true });
    expect(dyingTurnStart(accepts, refusing).outcome).toBe("dead");
    const defaultRoom = unit({ hp: -72, maxHp: 150, dying: true, acceptsDeath: false });
    expect(dyingTurnStart(defaultRoom).outcome).toBe("dead");
  });

  it("P100-DEATH-12: a gravely wounded character cannot be healed on the battlefield", () => {
    const u = unit({ hp: -80, traumatised: true });
    expect([heal(u, 50), u.hp]).toEqual(["gravelyWounded", -80]);
  });

  it("P100-DEATH-13: a rescued then healed ally returns to the fight", () => {
    const u = unit({ hp: -10, dying: true });
    expect(heal(u, 30)).toBe("notStabilised");
    rescue(scriptedDice([90]), unit({ role: "healer" }), u, true);
    expect([heal(u, 30), u.hp, u.dying, canAct(u)]).toEqual([30, 20, false, true]);
  });

  it("P100-DEATH-14: a stabilised but unhealed ally takes no further part in the fight", () => {
    const u = unit({ hp: -10, dying: true, stabilised: true });
    expect([isDown(u), canAct(u), canDefend(u)]).toEqual([true, false, false]);
    expect([heal(u, 5), isDown(u)]).toEqual([5, true]);
  });

  it("Left open DEATH: an ordinary monster (no dying phase) dies at 0 HP", () => {
    const u = unit({ hp: 20, dyingPhase: false });
    expect(applyDamage(u, 25).outcome).toBe("dead");
  });
});
