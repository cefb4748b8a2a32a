import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { isDark } from "../../../src/sim/world/grid.ts";
import { adventurer, forceDice, makeSim } from "./helpers.ts";

/** A 24×8 room whose every floor tile is dark (`,`), bar the portal, sanctum and stockpile. */
const DARK = [
  "P,,,,,,,,,,,,,,,,,,,,,,,",
  ",,,,,,,,,,,,,,,,,,,,,,,,",
  ",,,,,,,,,,,,,,,,,,,,,,,,",
  ",,,,,,,,,,,,,,,,,,,,,,,,",
  ",,,,,,,,,,,,,,,,,,,,,,,,",
  ",,,,,,,,,,,,,,,,,,,,,,,,",
  ",,,,,,,,,,,,,,,,,,,,,,,,",
  "SK,,,,,,,,,,,,,,,,,,,,,,",
].join("\n");

/**
 * An archer adventurer at (20, 1) (Combat 2, Tracking 3: perception range 3 + 2 × 3 = 9 tiles)
 * targets a minion (Combat 3) at (`x`, 1) in the dark; the simulation steps once (tick 1) on `script`.
 */
function darkShot(x: number, script: number[]) {
  const sim = makeSim(1, DARK);
  const archer = adventurer(sim, 20, 1, { stats: { combat: 2, craft: 0, tracking: 3, block: 0 }, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
  const target = addUnit(sim, { kind: "minion", x, y: 1, stats: { combat: 3, craft: 0, tracking: 0, block: 0 } });
  archer.targetId = target.id;
  const dice = forceDice(sim, script);
  const events: SimEvent[] = sim.step();
  return { sim, archer, target, events, left: dice.left() };
}

describe("darkness and perception range in play (CMB-04)", () => {
  it("CMB-03, CMB-04: in a dark room a Tracking 3 archer (range 3 + 2 × 3 = 9) shoots a target 9 tiles away at tick 1, as in the light (1 + 2 = 3 against 10 + 3 = 13, a miss)", () => {
    const f = darkShot(11, [1, 10]);
    expect(isDark(f.sim.state.map, 11, 1) && isDark(f.sim.state.map, 20, 1)).toBe(true);
    expect(f.events.map(({ tick: _t, ...e }) => e)).toEqual([
      { type: "attack", attackerId: f.archer.id, targetId: f.target.id, hit: false, attackRoll: 3, defenceRoll: 13 },
    ]);
    expect(f.left).toBe(0);
  });

  it("CMB-03, CMB-04: 10 tiles away, one past the range, the archer does not shoot at tick 1 and draws no die", () => {
    const f = darkShot(10, []);
    expect(f.events.filter((e) => e.type === "attack" || e.type === "shotIntercepted")).toEqual([]);
    expect(f.left).toBe(0);
  });
});
