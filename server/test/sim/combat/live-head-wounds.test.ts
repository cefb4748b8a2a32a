import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, forceDice, makeSim } from "./helpers.ts";

const ZERO = { combat: 0, craft: 0, tracking: 0, block: 0 };

/**
 * A swordsman (Combat 0) strikes a minion (Combat 0, no helm) through the room's ruleset on `script`:
 * attack d10, defence d10, the hit location d100 (10: the head), the head-wound d100 against 25%
 * (edged), then the unconscious-or-dead d100 and, when unconscious, the wake-up delay.
 */
function headBlow(script: number[]) {
  const sim = makeSim();
  const target = addUnit(sim, { kind: "minion", x: 5, y: 5, stats: { ...ZERO } });
  const sword = adventurer(sim, 4, 5, { stats: { ...ZERO }, gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } });
  const dice = forceDice(sim, script);
  sim.drainEvents();
  const hit = sim.ruleset.attack(sim, sword, target);
  const events = sim.drainEvents().map(({ tick: _t, ...e }) => e);
  return { sim, target, sword, hit, events, left: dice.left() };
}

describe("head wounds in a live malignus attack (CMB-27, CMB-36, CMB-41)", () => {
  it("CMB-27, CMB-41 (malignus combat ruleset): a serious head wound (8 against 3, margin 5) that takes the minion out leaves it unconscious at 100%: no die for it, only the wake-up delay", () => {
    const f = headBlow([8, 3, 10, 25, 120]);
    expect([f.hit, f.left]).toEqual([{ hit: true }, 0]);
    expect(f.events.filter((e) => e.type === "wound" || e.type === "knockedOut")).toMatchObject([
      { type: "wound", targetId: f.target.id, severity: "serious", location: "head", woundPoints: 2 },
      { type: "knockedOut", unitId: f.target.id, outcome: "unconscious", cause: "headWound" },
    ]);
    expect([f.target.activity, f.target.wakeTick]).toEqual(["unconscious", 120]);
  });

  it("CMB-41 (malignus combat ruleset): a critical head wound (10 against 1, margin 9) leaves it unconscious on a d100 of 50 or less, dead on 51", () => {
    const out = headBlow([10, 1, 10, 25, 50, 7]);
    expect([out.target.activity, out.target.wakeTick, out.left]).toEqual(["unconscious", 7, 0]);
    const dead = headBlow([10, 1, 10, 25, 51]);
    expect([dead.target.activity, dead.target.wakeTick, dead.left]).toEqual(["dead", -1, 0]);
    expect(dead.events.filter((e) => e.type === "knockedOut")).toMatchObject([{ unitId: dead.target.id, outcome: "dead", cause: "headWound" }]);
  });

  it("CMB-36 (malignus combat ruleset): the head-wound roll above 25 (26) takes nobody out: the serious head wound stays a wound", () => {
    const f = headBlow([8, 3, 10, 26]);
    expect([f.target.activity, f.target.woundPoints, f.left]).toEqual(["idle", 2, 0]);
    expect(f.events.filter((e) => e.type === "knockedOut")).toEqual([]);
  });
});
