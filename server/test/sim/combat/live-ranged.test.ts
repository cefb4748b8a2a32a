import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, forceDice, makeSim } from "./helpers.ts";

/** A 24×8 room with a wall from (10, 3) to (10, 5). */
const WALLED = [
  "P.......................",
  "........................",
  "........................",
  "..........#.............",
  "..........#.............",
  "..........#.............",
  "........................",
  "SK......................",
].join("\n");

/**
 * An archer adventurer at (12, `row`) (Combat 2, Tracking 3: perception range 9) targets a minion at
 * (8, `row`) (Combat 3), 4 tiles west, and the simulation steps 12 ticks on `script`.
 */
function shootAcross(row: number, script: number[]) {
  const sim = makeSim(1, WALLED);
  const target = addUnit(sim, { kind: "minion", x: 8, y: row, stats: { combat: 3, craft: 0, tracking: 0, block: 0 } });
  const archer = adventurer(sim, 12, row, { targetId: target.id, stats: { combat: 2, craft: 0, tracking: 3, block: 0 }, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
  const dice = forceDice(sim, script);
  const events: SimEvent[] = [];
  for (let t = 0; t < 12; t++) events.push(...sim.step());
  return { archer, target, dice, events };
}

describe("ranged attacks need a clear line (live, malignus)", () => {
  it("CMB-11: with the wall at (10, 4) between them the archer never shoots: no attack and no die drawn in 12 ticks", () => {
    const f = shootAcross(4, []);
    expect(f.events.filter((e) => e.type === "attack")).toEqual([]);
    expect([f.archer.x, f.archer.y, f.dice.left()]).toEqual([12, 4, 0]);
  });

  it("CMB-11: along the clear row 1 it shoots at once and again 10 ticks later: 1d10 1 + 2 = 3 against 10 + 3 = 13, two misses", () => {
    const f = shootAcross(1, [1, 10, 1, 10]);
    expect(f.events.filter((e) => e.type === "attack").map(({ type: _t, ...e }) => e)).toEqual([
      { attackerId: f.archer.id, targetId: f.target.id, hit: false, attackRoll: 3, defenceRoll: 13, tick: 1 },
      { attackerId: f.archer.id, targetId: f.target.id, hit: false, attackRoll: 3, defenceRoll: 13, tick: 11 },
    ]);
    expect([f.archer.x, f.archer.y, f.dice.left()]).toEqual([12, 1, 0]);
  });
});
