import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { ROUND_TICKS } from "@malignus/shared";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, forceDice, run, of } from "./fixtures.ts";

/** Aerial fights in the simulation with scripted dice: the unseating fall and a flyer's critical failure out of reach. */

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

function d100Sim(): Simulation {
  return Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
}

describe("d100 aerial fights in the simulation", () => {
  it("P100-AIR-01: the gargoyle of the species table is a flyer in a d100 room", () => {
    const sim = d100Sim();
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
    expect([d100Of(g).flyer, d100Of(g).altitude, d100Of(g).hasRangedWeapon, d100Of(g).canCharge, d100Of(g).maxHp]).toEqual([true, "ground", true, false, 120]);
  });

  it("P100-AIR-03, P100-AIR-05, P100-AIR-16, P100-AIR-18: an archer hits a gargoyle at low height unmodified, then at moderate height at +20 with a damage roll of 90, and it falls losing half its HP", () => {
    const sim = d100Sim();
    const scout = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
    scout.targetId = g.id;
    // initiative: scout 10, gargoyle 90; round 1: the gargoyle takes off, the scout shoots it at low height 50 against 40, damage 20;
    // round 2: the gargoyle climbs and slings 50 + 20 against 30, damage 10; the scout shoots 50 + 20 against 30, damage 90 (> 80): it falls.
    const dice = forceDice(sim, [10, 90, 50, 40, 20, 50, 30, 10, 50, 30, 90]);
    const events = run(sim, ROUND_TICKS + 2);
    expect(of(events, "altitudeChanged").map((e) => [e.unitId, e.altitude, e.cause])).toEqual([[g.id, "low", "takeOff"], [g.id, "moderate", "climb"], [g.id, "ground", "fall"]]);
    expect(of(events, "attack").map(({ tick: _t, type: _y, ...e }) => e)).toEqual([
      { attackerId: scout.id, targetId: g.id, hit: true, attackRoll: 50, defenceRoll: 40, natural: 50, airModifier: 0, damageRoll: 20 },
      { attackerId: g.id, targetId: scout.id, hit: true, attackRoll: 70, defenceRoll: 30, natural: 50, airModifier: 20, damageRoll: 10 },
      { attackerId: scout.id, targetId: g.id, hit: true, attackRoll: 70, defenceRoll: 30, natural: 50, airModifier: 20, damageRoll: 90 },
    ]);
    // 120 (stone) − 20 = 100; − 90 = 10; the fall from moderate height takes half the current HP: − 5 = 5.
    expect(of(events, "damaged").map((e) => [e.targetId, e.amount, e.hp])).toEqual([[g.id, 20, 100], [scout.id, 10, 140], [g.id, 95, 5]]);
    expect(d100Of(g).altitude).toBe("ground");
    expect(dice.left()).toBe(0);
  });

  it("P100-AIR-04, P100-FUMBLE-04: a gargoyle at moderate height that fails critically against a warrior below suffers a mishap, not a counter-attack the warrior cannot reach it with", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
    w.targetId = g.id;
    // initiative: warrior 10, gargoyle 90; round 1: the gargoyle takes off, the warrior walks up and misses it at low height (50 against 60);
    // round 2: the gargoyle climbs and rolls a 3 (critical failure): no counter-attack die is drawn; the warrior cannot reach it.
    const dice = forceDice(sim, [10, 90, 50, 60, 3]);
    const events = run(sim, ROUND_TICKS + 2);
    expect(of(events, "attack").map(({ tick: _t, type: _y, ...e }) => e)).toEqual([
      { attackerId: w.id, targetId: g.id, hit: false, attackRoll: 50, defenceRoll: 60, natural: 50, airModifier: 0, damageRoll: 0 },
      { attackerId: g.id, targetId: w.id, hit: false, attackRoll: 23, defenceRoll: 0, natural: 3, airModifier: 20, damageRoll: 0 },
    ]);
    expect(of(events, "damaged")).toEqual([]);
    expect([d100Of(g).hp, d100Of(w).hp, d100Of(g).altitude]).toEqual([120, 200, "moderate"]);
    expect(dice.left()).toBe(0);
  });
});
