import { describe, expect, it } from "vitest";
import { scriptedDice } from "./dice.ts";
import {
  areaAbility, attackSwarm, canFleeSwarm, effectiveGroupStrength, isSwarmCandidate, makeSwarm, multiTargetAbility,
  singleTargetAbility, splitSwarm, swarmCap, swarmDamageRange, swarmStrike,
} from "../../../src/sim/combat/d100/mass.ts";
import { opportunityAttacks } from "../../../src/sim/combat/d100/turns.ts";
import { makeD100Unit as unit } from "../../../src/sim/combat/d100/types.ts";

const peasants = (n: number) => Array.from({ length: n }, () => ({ species: "peasant", maxHp: 20 }));

describe("d100 mass combat", () => {
  it("P100-MASS-01: six or more weak enemies of one kind are fought as a swarm; five, or strong ones, are not", () => {
    expect([isSwarmCandidate(peasants(6)), isSwarmCandidate(peasants(5)), isSwarmCandidate([...peasants(5), { species: "peasant", maxHp: 40 }])]).toEqual([true, false, false]);
  });

  it("P100-MASS-02, P100-MASS-04, P100-MASS-05: the swarm is one pool of 10 strength per enemy: 12 enemies = 120", () => {
    expect(makeSwarm(12)).toEqual({ strength: 120 });
  });

  it("P100-MASS-06, P100-MASS-07, P100-MASS-09: a d40 kill roll kills one per full ten: 40 against 120 leaves 80, 39 kills 3, 9 kills none", () => {
    const s = makeSwarm(12);
    expect(attackSwarm(scriptedDice([40]), unit(), s)).toEqual({ roll: 40, kills: 4, strength: 80 });
    expect(attackSwarm(scriptedDice([39]), unit(), s)).toEqual({ roll: 39, kills: 3, strength: 50 });
    expect(attackSwarm(scriptedDice([9]), unit(), s)).toEqual({ roll: 9, kills: 0, strength: 50 });
  });

  it("P100-MASS-03, P100-MASS-08: ranged classes roll a d20 (Contradiction 5)", () => {
    const s = makeSwarm(5);
    expect(attackSwarm(scriptedDice([20]), unit({ placement: "ranged" }), s).kills).toBe(2);
    expect(() => attackSwarm(scriptedDice([21]), unit({ placement: "ranged" }), makeSwarm(5))).toThrow(/outside 1..20/);
  });

  it("P100-MASS-10: the reduced strength carries over, and kills never exceed the enemies left", () => {
    const s = makeSwarm(2);
    attackSwarm(scriptedDice([15]), unit(), s);
    expect(s.strength).toBe(10);
    expect(attackSwarm(scriptedDice([40]), unit(), s)).toEqual({ roll: 40, kills: 1, strength: 0 });
  });

  it("P100-MASS-11: the swarm splits in tens among the characters it engages, remainder first", () => {
    expect([splitSwarm(makeSwarm(7), 3), splitSwarm(makeSwarm(7), 1)]).toEqual([[30, 20, 20], [70]]);
  });

  it("P100-MASS-12: a ground melee group counts at most 80 strength against one character", () => {
    expect([effectiveGroupStrength(120, true), effectiveGroupStrength(120, false), effectiveGroupStrength(50, true)]).toEqual([80, 120, 50]);
  });

  it("P100-MASS-13, P100-MASS-14: damage on strength S is [10 × floor(S/50), S], at least 1: 80 → 10..80, 100 → 20..100, 40 → 1..40", () => {
    expect([swarmDamageRange(80), swarmDamageRange(100), swarmDamageRange(40)]).toEqual([[10, 80], [20, 100], [1, 40]]);
  });

  it("P100-MASS-15, P100-MASS-27: a group's strike is an attack against the target's dodge, its damage to that one target", () => {
    const t = unit();
    expect(swarmStrike(scriptedDice([60, 40, 20]), 100, t, false)).toMatchObject({ hit: true, damage: 20 });
    expect(t.hp).toBe(80);
    expect(() => swarmStrike(scriptedDice([60, 40, 19]), 100, unit(), false)).toThrow(/outside 20..100/);
    expect(swarmStrike(scriptedDice([40, 40]), 100, t, false)).toMatchObject({ hit: false, damage: 0 });
  });

  it("P100-MASS-16: mass combat has no opportunity attacks", () => {
    const path = [{ x: 0, y: 0 }, { x: 1, y: 0 }];
    expect(opportunityAttacks(path, unit(), [{ id: "5", x: 0, y: 1, unit: unit() }], { swarm: true })).toEqual([]);
  });

  it("P100-MASS-17: a character surrounded by the swarm cannot flee", () => {
    expect([canFleeSwarm(8, 30), canFleeSwarm(7, 30), canFleeSwarm(3, 80)]).toEqual([false, true, false]);
  });

  it("P100-MASS-19: a single-target ability certain to hit kills exactly one (the P100-MASS-18 refusal: live-audit-r6-s9.test.ts)", () => {
    const s = makeSwarm(4);
    expect(singleTargetAbility(s)).toEqual({ roll: 0, kills: 1, strength: 30 });
  });

  it("P100-MASS-20, P100-MASS-21, P100-MASS-22, P100-MASS-23, P100-MASS-24: an area ability rolls a d100 per targeted enemy (5 by default); above 50 kills (Contradiction 6, 10)", () => {
    const s = makeSwarm(12);
    expect(areaAbility(scriptedDice([51, 50, 100, 1, 77]), s)).toEqual({ rolls: [51, 50, 100, 1, 77], kills: 3, strength: 90 });
    expect(areaAbility(scriptedDice([90, 90]), makeSwarm(2), 5)).toEqual({ rolls: [90, 90], kills: 2, strength: 0 });
  });

  it("P100-MASS-25, P100-MASS-26: a multi-target ability that hits its primary target also kills its extra targets", () => {
    expect(multiTargetAbility(scriptedDice([51]), makeSwarm(10), 2)).toEqual({ rolls: [51], kills: 3, strength: 70 });
    expect(multiTargetAbility(scriptedDice([50]), makeSwarm(10), 2)).toEqual({ rolls: [50], kills: 0, strength: 100 });
  });

  it("P100-MASS-28: a party without an area specialist faces at most 50 strength per member, 100 with one", () => {
    expect([swarmCap(4, false), swarmCap(4, true)]).toEqual([200, 400]);
  });
});
