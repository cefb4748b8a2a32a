import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, forceDice, makeSim } from "./helpers.ts";

const ZERO = { combat: 0, craft: 0, tracking: 0, block: 0 };
const BOW = { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } as const;

/**
 * An archer adventurer at (12, 1) (Combat 2, Tracking 3) targets a minion at (8, 1) (Combat 3),
 * with a bystander minion (Combat 0) standing between them at (10, 1); the simulation steps once
 * (tick 1) on `script`, whose first value is the bystander's d100 (CMB-14), then the attack d10s.
 */
function shootPast(script: number[]) {
  const sim = makeSim();
  const archer = adventurer(sim, 12, 1, { stats: { combat: 2, craft: 0, tracking: 3, block: 0 }, gear: { ...BOW } });
  const target = addUnit(sim, { kind: "minion", x: 8, y: 1, stats: { combat: 3, craft: 0, tracking: 0, block: 0 } });
  const bystander = addUnit(sim, { kind: "minion", x: 10, y: 1, stats: { ...ZERO } });
  archer.targetId = target.id;
  const dice = forceDice(sim, script);
  const events: SimEvent[] = sim.step();
  return { archer, target, bystander, events, left: dice.left() };
}

describe("a bystander in the line of a live shot (CMB-14)", () => {
  it("CMB-14: on a d100 of 25 the bystander at (10, 1) takes the shot: 10 + 2 = 12 against 1 + 0 = 1, a critical torso wound (4 wound points) on it, none on the target", () => {
    const f = shootPast([25, 10, 1, 50]);
    expect(f.events.map(({ tick: _t, ...e }) => e)).toEqual([
      { type: "shotIntercepted", attackerId: f.archer.id, intendedId: f.target.id, targetId: f.bystander.id },
      { type: "attack", attackerId: f.archer.id, targetId: f.bystander.id, hit: true, attackRoll: 12, defenceRoll: 1 },
      { type: "wound", targetId: f.bystander.id, sourceId: f.archer.id, severity: "critical", location: "torso", woundPoints: 4 },
    ]);
    expect([f.bystander.woundPoints, f.target.woundPoints, f.left]).toEqual([4, 0, 0]);
  });

  it("CMB-13, CMB-14: on a d100 of 26 the shot passes the bystander (it does not block the shot) and strikes the target: 12 against 1 + 3 = 4, a critical torso wound on the target", () => {
    const f = shootPast([26, 10, 1, 50]);
    expect(f.events.map(({ tick: _t, ...e }) => e)).toEqual([
      { type: "attack", attackerId: f.archer.id, targetId: f.target.id, hit: true, attackRoll: 12, defenceRoll: 4 },
      { type: "wound", targetId: f.target.id, sourceId: f.archer.id, severity: "critical", location: "torso", woundPoints: 4 },
    ]);
    expect([f.bystander.woundPoints, f.target.woundPoints, f.left]).toEqual([0, 4, 0]);
  });
});
