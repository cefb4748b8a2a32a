import { describe, expect, it } from "vitest";
import { DROP_PRONE_COST, MODE_SWITCH_COST } from "@malignus/shared";
import {
  canEnter, canStandUp, keepsFooting, dash, diagonalAllowed, flyerFalls, gridDistance, modeFactor,
  spaceDistance, standUpCost, stepCost, switchMode,
} from "../../../src/sim/combat/d20/movement.ts";
import { scriptedDice } from "./helpers.ts";

describe("d20 movement", () => {
  it("D20-MOVE-03, D20-MOVE-04, D20-MOVE-05, D20-MOVE-06: a step, orthogonal or diagonal, costs 1 tile of movement", () => {
    expect(stepCost({})).toBe(1);
    expect(canEnter(1, 1)).toBe(true);
    expect(canEnter(0.5, 1)).toBe(false);
  });

  it("D20-MOVE-07, D20-MOVE-22, D20-MOVE-24: difficult terrain costs 2 and needs 2 remaining", () => {
    expect(stepCost({ difficult: true })).toBe(2);
    expect(canEnter(1, stepCost({ difficult: true }))).toBe(false);
    expect(canEnter(2, stepCost({ difficult: true }))).toBe(true);
  });

  it("D20-MOVE-23, D20-MOVE-25: overlapping hindrances and an occupied tile still cost 2", () => {
    expect(stepCost({ difficult: true, occupied: true })).toBe(2);
    expect(stepCost({ occupied: true })).toBe(2);
  });

  it("D20-MOVE-26: slippery liquid is difficult terrain", () => {
    expect(stepCost({ difficult: true })).toBe(2);
  });

  it("D20-MOVE-08: a diagonal step cannot cut a wall's corner", () => {
    const wall = (x: number, y: number) => x === 1 && y === 0;
    expect(diagonalAllowed(wall, 0, 1, 1, 1)).toBe(true);
    expect(diagonalAllowed(wall, 0, 0, 1, 1)).toBe(false);
    expect(diagonalAllowed(wall, 0, 0, 1, 0)).toBe(true);
  });

  it("D20-MOVE-09: adjacent things are 1 apart, with one tile between 2; diagonals count 1", () => {
    expect(gridDistance({ x: 0, y: 0 }, { x: 1, y: 1 })).toBe(1);
    expect(gridDistance({ x: 0, y: 0 }, { x: 2, y: 0 })).toBe(2);
    expect(gridDistance({ x: 0, y: 0 }, { x: 3, y: 2 })).toBe(3);
    expect(spaceDistance({ x: 0, y: 0 }, 1, { x: 2, y: 0 }, 2)).toBe(2);
    expect(spaceDistance({ x: 3, y: 0 }, 1, { x: 0, y: 0 }, 2)).toBe(2);
    expect(spaceDistance({ x: 2, y: 2 }, 1, { x: 0, y: 0 }, 2)).toBe(1);
  });

  it("D20-MOVE-13, D20-MOVE-16, D20-MOVE-17, D20-MOVE-18, D20-MOVE-19, D20-MOVE-20: mode factors", () => {
    expect(modeFactor("walk")).toBe(1);
    expect(modeFactor("fly")).toBe(2);
    expect(modeFactor("swim")).toBe(0.5);
    expect(modeFactor("swim", { saaneris: true })).toBe(2);
    expect(modeFactor("swim", { swimSpell: true })).toBe(1);
  });

  it("D20-MOVE-14, D20-MOVE-15, D20-MOVE-21: walk 9 → fly 14, walk 9 → swim 3.5, fly 14 → walk 6", () => {
    expect(MODE_SWITCH_COST).toBe(2);
    expect(switchMode(9, 1, 2)).toBe(14);
    expect(switchMode(9, 1, 0.5)).toBe(3.5);
    expect(switchMode(14, 2, 1)).toBe(6);
    expect(switchMode(1.5, 1, 2)).toBeNull();
  });

  it("D20-MOVE-28, D20-MOVE-29, D20-MOVE-30, D20-MOVE-31: dropping prone is free, standing up costs half the movement value", () => {
    expect(DROP_PRONE_COST).toBe(0);
    expect(standUpCost(8)).toBe(4);
    expect(canStandUp(8, 4)).toBe(true);
    expect(canStandUp(8, 3)).toBe(false);
    expect(canStandUp(0, 5)).toBe(false);
  });

  it("D20-MOVE-32, D20-MOVE-33, D20-MOVE-34: crawling costs 2 a tile, 3 through difficult terrain", () => {
    expect(stepCost({ crawling: true })).toBe(2);
    expect(stepCost({ crawling: true, difficult: true })).toBe(3);
  });

  it("D20-SIZE-09: squeezing adds 1 per tile, on top of difficult terrain", () => {
    expect(stepCost({ squeezing: true })).toBe(2);
    expect(stepCost({ squeezing: true, difficult: true })).toBe(3);
  });

  it("D20-ATTACK-44: dragging a grappled creature costs 1 extra per tile (movement halved)", () => {
    expect(stepCost({ dragging: true })).toBe(2);
  });

  it("D20-MOVE-02: climbing costs like difficult terrain; ground difficulty does not slow a flyer", () => {
    expect(stepCost({ climbing: true })).toBe(2);
    expect(stepCost({ difficult: true, mode: "fly" })).toBe(1);
    expect(stepCost({ occupied: true, mode: "fly" })).toBe(2);
  });

  it("D20-MOVE-01, D20-ACTION-10: Dash doubles the turn's movement: 9 → 18", () => {
    expect(dash(9, 9, 1)).toBe(18);
    expect(dash(14, 9, 2)).toBe(32);
  });

  it("D20-MOVE-37: a flyer falls when prone, at movement 0 or unable to move", () => {
    expect(flyerFalls("fly", true, 9, true)).toBe(true);
    expect(flyerFalls("fly", false, 0, true)).toBe(true);
    expect(flyerFalls("fly", false, 9, false)).toBe(true);
    expect(flyerFalls("fly", false, 9, true)).toBe(false);
    expect(flyerFalls("walk", true, 9, true)).toBe(false);
  });

  it("D20-MOVE-27: on slippery liquid 1d20 + Agility must reach 10 or the creature falls prone", () => {
    expect(keepsFooting(scriptedDice([8]), 2)).toBe(true);
    expect(keepsFooting(scriptedDice([7]), 2)).toBe(false);
  });
});
