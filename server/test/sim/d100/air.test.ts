import { describe, expect, it } from "vitest";
import { scriptedDice } from "./dice.ts";
import {
  canChargeAt, changeHeight, dismount, hpPool, ignoresGroundObstacles, isAerialFight, land, mount, takeOff,
} from "../../../src/sim/combat/d100/air.ts";
import { attackRefusal, resolveD100Attack } from "../../../src/sim/combat/d100/attack.ts";
import { newTurn, opportunityAttacks, spendAction } from "../../../src/sim/combat/d100/turns.ts";
import { makeD100Unit as unit } from "../../../src/sim/combat/d100/types.ts";

const archer = () => unit({ placement: "ranged", hasRangedWeapon: true, hasMeleeWeapon: false });
const mage = () => unit({ placement: "magic" });

describe("d100 aerial combat", () => {
  it("P100-AIR-01: aerial rules apply once anyone flies", () => {
    expect([isAerialFight([unit(), unit()]), isAerialFight([unit(), unit({ altitude: "low" })])]).toEqual([false, true]);
  });

  it("P100-AIR-02, P100-AIR-03: a flyer is at low, moderate or high height; at low height the standard rules apply", () => {
    const r = resolveD100Attack(scriptedDice([50, 49, 10]), unit(), unit({ altitude: "low", flyer: true }), { mode: "melee" });
    expect([r.attackTotal, r.hit]).toEqual([50, true]);
    const shot = resolveD100Attack(scriptedDice([50, 49, 10]), archer(), unit({ altitude: "low", flyer: true }), { mode: "ranged" });
    expect(shot.attackTotal).toBe(50);
  });

  it("P100-AIR-04: at moderate height melee attacks cannot reach the flyer", () => {
    expect(attackRefusal(unit(), unit({ altitude: "moderate" }), "melee")).toBe("outOfReach");
  });

  it("P100-AIR-05, P100-AIR-06: at moderate height ranged attacks get +20 and magic attacks nothing", () => {
    expect(resolveD100Attack(scriptedDice([50, 69, 10]), archer(), unit({ altitude: "moderate" }), { mode: "ranged" }).attackTotal).toBe(70);
    expect(resolveD100Attack(scriptedDice([50, 69]), mage(), unit({ altitude: "moderate" }), { mode: "magic" }).attackTotal).toBe(50);
  });

  it("P100-AIR-07: at moderate height the flyer gets +20 to its attacks", () => {
    expect(resolveD100Attack(scriptedDice([50, 69, 10]), archer(), unit(), { mode: "ranged" }).attackTotal).toBe(50);
    expect(resolveD100Attack(scriptedDice([50, 69, 10]), { ...archer(), altitude: "moderate" }, unit(), { mode: "ranged" }).attackTotal).toBe(70);
  });

  it("P100-AIR-08, P100-AIR-09, P100-AIR-10: at high height ranged attacks on the flyer −20, the flyer's own −20, magic on it −40", () => {
    expect(resolveD100Attack(scriptedDice([50, 10, 10]), archer(), unit({ altitude: "high" }), { mode: "ranged" }).attackTotal).toBe(30);
    expect(resolveD100Attack(scriptedDice([50, 10, 10]), { ...archer(), altitude: "high" }, unit(), { mode: "ranged" }).attackTotal).toBe(30);
    expect(resolveD100Attack(scriptedDice([50, 10]), mage(), unit({ altitude: "high" }), { mode: "magic" }).attackTotal).toBe(10);
  });

  it("P100-AIR-11: two flyers trigger no opportunity attacks", () => {
    const path = [{ x: 0, y: 0 }, { x: 1, y: 0 }];
    const hostile = { id: "5", x: 0, y: 1, unit: unit({ altitude: "low" }) };
    expect(opportunityAttacks(path, unit({ altitude: "low" }), [hostile])).toEqual([]);
    expect(opportunityAttacks(path, unit(), [{ ...hostile, unit: unit() }])).toEqual([{ attackerId: "5", step: 0 }]);
  });

  it("P100-AIR-12, P100-AIR-13: flyers at the same height fight by the standard rules, at different heights not at all", () => {
    const r = resolveD100Attack(scriptedDice([50, 49, 10]), unit({ altitude: "high" }), unit({ altitude: "high" }), { mode: "melee" });
    expect([attackRefusal(unit({ altitude: "high" }), unit({ altitude: "high" }), "melee"), r.attackTotal]).toEqual([null, 50]);
    expect(attackRefusal(unit({ altitude: "low" }), unit({ altitude: "moderate" }), "melee")).toBe("notSameHeight");
  });

  it("P100-AIR-14, P100-AIR-15: a charging flyer gets +20 to hit and +10 damage", () => {
    const dragon = unit({ altitude: "moderate", canCharge: true });
    const t = unit({ altitude: "moderate", hp: 200, maxHp: 200 });
    expect([canChargeAt(dragon, t, 2), canChargeAt(dragon, t, 1), canChargeAt(unit({ altitude: "moderate" }), t, 3)]).toEqual([true, false, false]);
    const r = resolveD100Attack(scriptedDice([50, 69, 30]), dragon, t, { mode: "melee", charge: true });
    expect([r.attackTotal, r.hit, r.damage]).toEqual([70, true, 40]);
  });

  it("P100-AIR-16, P100-AIR-18: a damage roll above 80 unseats a flyer at moderate height, which loses half its current HP", () => {
    const t = unit({ altitude: "moderate", hp: 200, maxHp: 200, flyer: true });
    const r = resolveD100Attack(scriptedDice([50, 10, 81]), archer(), t, { mode: "ranged" });
    expect([r.fell, r.fallLoss, t.hp, t.altitude]).toEqual([true, 59, 60, "ground"]);
    const t2 = unit({ altitude: "moderate", hp: 200, maxHp: 200 });
    expect(resolveD100Attack(scriptedDice([50, 10, 80]), archer(), t2, { mode: "ranged" }).fell).toBe(false);
  });

  it("P100-AIR-17: on a critical hit the threshold is a damage roll above 50", () => {
    const t = unit({ altitude: "high", hp: 300, maxHp: 300 });
    const r = resolveD100Attack(scriptedDice([99, 51]), archer(), t, { mode: "ranged" });
    expect([r.kind, r.damage, r.fell]).toEqual(["critical", 76, true]);
    const t2 = unit({ altitude: "high", hp: 300, maxHp: 300 });
    expect(resolveD100Attack(scriptedDice([99, 50]), archer(), t2, { mode: "ranged" }).fell).toBe(false);
  });

  it("P100-AIR-19: a fall from high height costs half the maximum HP", () => {
    const t = unit({ altitude: "high", hp: 250, maxHp: 200 });
    const r = resolveD100Attack(scriptedDice([60, 10, 90]), archer(), t, { mode: "ranged" });
    expect([r.fallLoss, t.hp]).toEqual([100, 60]);
  });

  it("P100-AIR-20: taking off, landing, mounting and dismounting each cost a full turn", () => {
    const bird = unit({ flyer: true });
    expect([takeOff(bird, newTurn()), bird.altitude]).toEqual([null, "low"]);
    const moved = newTurn(); spendAction(moved, "move");
    expect(land(bird, moved)).toBe("needsFullTurn");
    expect([land(bird, newTurn()), bird.altitude]).toEqual([null, "ground"]);
    const rider = unit(); const horse = unit({ flyer: true });
    const ts = newTurn();
    expect([mount(rider, "1", horse, "2", ts), rider.mountId, horse.riderId, ts.over]).toEqual([null, "2", "1", true]);
    expect([dismount(rider, horse, newTurn()), rider.mountId]).toEqual([null, ""]);
  });

  it("P100-AIR-21: changing one flight level costs the movement action and leaves the main action", () => {
    const bird = unit({ altitude: "low", flyer: true });
    const ts = newTurn();
    expect([changeHeight(bird, ts, 1), bird.altitude, changeHeight(bird, ts, 1), spendAction(ts, "main")]).toEqual([null, "moderate", "alreadyMoved", null]);
    expect(changeHeight(unit({ altitude: "high" }), newTurn(), 1)).toBe("limit");
  });

  it("P100-AIR-22: a hit on the mount comes out of the rider's HP", () => {
    const rider = unit({ hp: 100, mountId: "2" }); const horse = unit({ hp: 80, riderId: "1" });
    const pool = hpPool(horse, (id) => (id === "1" ? rider : undefined));
    resolveD100Attack(scriptedDice([60, 10, 30]), unit(), horse, { mode: "melee" }, undefined, pool);
    expect([rider.hp, horse.hp]).toEqual([70, 80]);
  });

  it("P100-AIR-24, P100-AIR-25: a ranged attacker at moderate or high height ignores ground obstacles; only cover protects", () => {
    const a = { ...archer(), altitude: "moderate" as const };
    expect([ignoresGroundObstacles(a, "ranged"), ignoresGroundObstacles(archer(), "ranged"), ignoresGroundObstacles(a, "melee")]).toEqual([true, false, false]);
    expect(resolveD100Attack(scriptedDice([60, 10, 10]), a, unit({ inCover: true }), { mode: "ranged" }).attackTotal).toBe(50);
  });

  it("P100-AIR-26: a creature put out of action while at moderate height dies, with no dying phase", () => {
    const t = unit({ altitude: "moderate", hp: 40 });
    const r = resolveD100Attack(scriptedDice([50, 10, 40]), archer(), t, { mode: "ranged" });
    expect([r.targetOutcome, t.dead, t.dying]).toEqual(["dead", true, false]);
  });
});
