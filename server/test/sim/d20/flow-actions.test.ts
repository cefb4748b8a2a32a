import { describe, expect, it } from "vitest";
import { hideRoll, initiativeOrder, initiativeRoll, isSurprised, notices, passivePerception } from "../../../src/sim/combat/d20/flow.ts";
import { HELP_RANGE } from "@malignus/shared";
import { ACTION_COST, interact, newTurn, spendAction } from "../../../src/sim/combat/d20/actions.ts";
import { scriptedDice } from "./helpers.ts";

describe("d20 flow: surprise and initiative", () => {
  it("D20-FLOW-09: passive Perception is 10 + Perception modifier + vigilance", () => {
    expect(passivePerception(2, 3)).toBe(15);
  });

  it("D20-ACTION-38, D20-ACTION-39: a Hide roll is 1d20 + Furtivité + Discrétion against passive Perception; ties favour the observer", () => {
    expect(hideRoll(scriptedDice([12]), 2, 1)).toBe(15);
    expect(notices(15, 15)).toBe(true);
    expect(notices(14, 15)).toBe(false);
  });

  it("D20-FLOW-06, D20-FLOW-07: with nobody hiding nobody is surprised", () => {
    expect(isSurprised(5, [null, null])).toBe(false);
  });

  it("D20-FLOW-08, D20-FLOW-10, D20-FLOW-11: an observer that notices no hider is surprised, decided per observer", () => {
    expect(isSurprised(12, [15, 16])).toBe(true);
    expect(isSurprised(15, [15, 16])).toBe(false);
    expect(isSurprised(12, [15, null])).toBe(false);
  });

  it("D20-FLOW-17, D20-FLOW-18: initiative is 1d20 + Agility modifier", () => {
    expect(initiativeRoll(scriptedDice([14]), 3)).toBe(17);
  });

  it("D20-FLOW-02, D20-FLOW-19: participants act from the highest total down", () => {
    expect(initiativeOrder(scriptedDice([]), [{ id: "a", total: 5 }, { id: "b", total: 17 }, { id: "c", total: 11 }])).toEqual(["b", "c", "a"]);
  });

  it("D20-FLOW-22, D20-FLOW-23: a tie is broken by a d20 roll-off, higher first, re-rolled while tied", () => {
    const dice = scriptedDice([7, 7, 3, 12]);
    expect(initiativeOrder(dice, [{ id: "m", total: 10 }, { id: "p", total: 10 }])).toEqual(["p", "m"]);
    expect(dice.left()).toBe(0);
  });

  it("D20-FLOW-21: tied player characters keep the order their players agreed on", () => {
    expect(initiativeOrder(scriptedDice([]), [{ id: "p1", total: 9 }, { id: "p2", total: 9 }], ["p2", "p1"])).toEqual(["p2", "p1"]);
  });
});

describe("d20 actions", () => {
  it("D20-ACTION-03, D20-ACTION-04, D20-ACTION-05, D20-ACTION-06: Attack is a full action, one per turn", () => {
    const b = newTurn(9);
    expect(ACTION_COST.attack).toBe("full");
    expect(spendAction(b, "attack")).toBeNull();
    expect(spendAction(b, "attack")).toMatch(/full action is spent/);
  });

  it("D20-ACTION-07, D20-ACTION-08, D20-ACTION-19, D20-ACTION-37, D20-ACTION-12, D20-ACTION-15: full actions", () => {
    for (const k of ["cast", "technique", "help", "ready", "dash", "disengage"] as const) expect(ACTION_COST[k]).toBe("full");
  });

  it("D20-ACTION-22, D20-ACTION-41, D20-ACTION-45: Use an Object, Hide and Reload are demi-actions taken beside the full action", () => {
    for (const k of ["useObject", "hide", "reload"] as const) expect(ACTION_COST[k]).toBe("demi");
    const b = newTurn(9);
    expect(spendAction(b, "attack")).toBeNull();
    expect(spendAction(b, "hide")).toBeNull();
    expect(spendAction(b, "reload")).toMatch(/no action left/);
  });

  it("D20-ACTION-10, D20-ACTION-11, D20-ACTION-13, D20-ACTION-14: Dash and Disengage allow no other action", () => {
    const b = newTurn(9);
    expect(spendAction(b, "dash")).toBeNull();
    expect(spendAction(b, "hide")).toMatch(/D20-ACTION-11/);
    const c = newTurn(9);
    expect(spendAction(c, "useObject")).toBeNull();
    expect(spendAction(c, "disengage")).toMatch(/D20-ACTION-14/);
    const d = newTurn(9);
    expect(spendAction(d, "disengage")).toBeNull();
    expect(d.disengaged).toBe(true);
  });

  it("D20-FLOW-31, D20-FLOW-32, D20-FLOW-33, D20-ACTION-20, D20-ACTION-21: one free object interaction, then Use an Object", () => {
    const b = newTurn(9);
    expect(interact(b)).toBeNull();
    expect(b.demi).toBe(true);
    expect(interact(b)).toBeNull();
    expect(b.demi).toBe(false);
    const c = newTurn(9);
    expect(interact(c, true)).toBeNull();
    expect(c.freeInteraction).toBe(true);
    expect(c.demi).toBe(false);
  });

  it("D20-ACTION-16, D20-ACTION-17: Help reaches an enemy within 3 tiles", () => {
    expect(HELP_RANGE).toBe(3);
  });
});
