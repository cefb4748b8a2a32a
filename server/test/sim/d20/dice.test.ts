import { describe, expect, it } from "vitest";
import { combineEdge, maxDice, parseDice, rollD20, rollDice } from "../../../src/sim/combat/d20/dice.ts";
import { scriptedDice } from "./helpers.ts";

describe("d20 dice", () => {
  it("parses dice expressions and refuses bad ones", () => {
    expect(parseDice("2d6+1")).toEqual({ count: 2, sides: 6, bonus: 1 });
    expect(parseDice("1d4-1")).toEqual({ count: 1, sides: 4, bonus: -1 });
    expect(parseDice("3")).toEqual({ count: 0, sides: 0, bonus: 3 });
    expect(() => parseDice("d6")).toThrow(/bad dice/);
    expect(() => parseDice("0d6")).toThrow(/bad dice/);
  });

  it("D20-DAMAGE-02: rolls every die and adds the bonus", () => {
    const dice = scriptedDice([3, 5]);
    expect(rollDice(dice, "2d6+1")).toBe(9);
    expect(dice.left()).toBe(0);
  });

  it("D20-DAMAGE-05: the maximum of an expression counts every die at its maximum", () => {
    expect(maxDice("2d8")).toBe(16);
    expect(maxDice("3d6+2")).toBe(20);
  });

  it("D20-ATTACK-09: advantage keeps the higher of two d20s, disadvantage the lower", () => {
    expect(rollD20(scriptedDice([4, 17]), "advantage")).toEqual({ natural: 17, rolls: [4, 17] });
    expect(rollD20(scriptedDice([4, 17]), "disadvantage")).toEqual({ natural: 4, rolls: [4, 17] });
    expect(rollD20(scriptedDice([11]), "none")).toEqual({ natural: 11, rolls: [11] });
  });

  it("D20-ATTACK-68, D20-ATTACK-72: advantage and disadvantage cancel and do not stack", () => {
    expect(combineEdge(1, 0)).toBe("advantage");
    expect(combineEdge(3, 0)).toBe("advantage");
    expect(combineEdge(0, 2)).toBe("disadvantage");
    expect(combineEdge(1, 3)).toBe("none");
    expect(combineEdge(0, 0)).toBe("none");
  });
});
