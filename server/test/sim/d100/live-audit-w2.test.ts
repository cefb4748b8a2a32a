import { describe, expect, it } from "vitest";
import { CHARGE_MIN_TILES } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, companion, d100Sim, lines, playerBesideMinion, playPlan, recordDice, run } from "./fixtures.ts";

/**
 * Audit a8-w8202 of issue 17 (sample of 25 IDs): live d100 tests for the IDs found weak, through
 * `Simulation.step` with every draw recorded (fixtures.ts `recordDice`).
 */

describe("a polymorphed player cannot attack (P100-STATUS-10)", () => {
  /** A player-held Warrior (seat a1) at (5, 5) next to a 300-HP minion at (6, 5); initiative hero 90, minion 10, so the hero's turn waits for its plan. */
  function playerNextToMinion(polymorphed: boolean) {
    const { sim, hero, m } = playerBesideMinion();
    if (polymorphed) addStatus(d100Of(hero), "polymorphed", 1);
    return { sim, hero, m };
  }

  it("P100-STATUS-10: the polymorphed player's planned attack on the minion next to it is refused (no target in its options): no die drawn, the minion keeps 300 HP; the same plan unpolymorphed attacks (d100 50 against the dodge 40, damage 30)", () => {
    const poly = playerNextToMinion(true);
    let dice = recordDice(poly.sim, []);
    let ev = playPlan(poly.sim, poly.hero, { action: "steps", steps: [{ kind: "attack", targetId: poly.m.id }] });
    expect(ev.filter((e) => e.type === "turnPlanPlayed")).toEqual([{ type: "turnPlanPlayed", tick: 2, unitId: poly.hero.id, refusals: ["invalidTarget"] }]); // its turn options list no target to attack
    expect([lines(ev).filter((l) => l.includes(" attack ")), dice.draws, d100Of(poly.m).hp, dice.left()]).toEqual([[], [], 300, 0]);

    const free = playerNextToMinion(false);
    dice = recordDice(free.sim, [50, 40, 30]);
    ev = playPlan(free.sim, free.hero, { action: "steps", steps: [{ kind: "attack", targetId: free.m.id }] });
    expect(ev.filter((e) => e.type === "turnPlanPlayed")).toEqual([{ type: "turnPlanPlayed", tick: 2, unitId: free.hero.id, refusals: [null] }]);
    expect([dice.draws, d100Of(free.m).hp, dice.left()]).toEqual([["d100=50", "d100=40", "1..100=30"], 270, 0]);
  });
});

describe("a flyer's charge needs 2 tiles straight at a flyer at its height (P100-AIR-14)", () => {
  /** A Skyrider on its griffon at (3, 5) at `skyAt`, a gargoyle at (gx, 5) at `gAt`; initiative skyrider 90, griffon 50, gargoyle 10; tick 1 is the skyrider's turn (it flies up and strikes). */
  function charge(gx: number, skyAt: "moderate" | "low", gAt: "moderate" | "ground", rolls: readonly number[]) {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 3, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: gx, y: 5 });
    for (const u of [sky, griffon]) d100Of(u).altitude = skyAt;
    d100Of(g).altitude = gAt;
    sky.targetId = g.id;
    const dice = recordDice(sim, [90, 50, 10, ...rolls]);
    const ev = run(sim, 1);
    return { sky, g, dice, ev };
  }

  it(`P100-AIR-14, P100-AIR-15: at moderate height the skyrider flying ${CHARGE_MIN_TILES} tiles straight at the gargoyle charges (50 + 20 = 70 against the dodge 40, damage 30 + 10 = 40); flying 1 tile it does not (50, damage 30)`, () => {
    expect(CHARGE_MIN_TILES).toBe(2);
    const two = charge(6, "moderate", "moderate", [50, 40, 30]);
    expect([two.sky.x, lines(two.ev).filter((l) => l.includes(" attack ") || l.includes(" damaged "))]).toEqual([5, [
      `1 attack attackerId=${two.sky.id} targetId=${two.g.id} hit=true attackRoll=70 defenceRoll=40 natural=50 airModifier=20 damageRoll=30`,
      `1 damaged targetId=${two.g.id} sourceId=${two.sky.id} amount=40 damageType=melee hp=${d100Of(two.g).maxHp - 40} critical=false`,
    ]]);
    expect([two.dice.draws.slice(3), two.dice.left()]).toEqual([["d100=50", "d100=40", "1..100=30"], 0]);

    const one = charge(5, "moderate", "moderate", [50, 40, 30]);
    expect([one.sky.x, lines(one.ev).filter((l) => l.includes(" attack ") || l.includes(" damaged "))]).toEqual([4, [
      `1 attack attackerId=${one.sky.id} targetId=${one.g.id} hit=true attackRoll=50 defenceRoll=40 natural=50 airModifier=0 damageRoll=30`,
      `1 damaged targetId=${one.g.id} sourceId=${one.sky.id} amount=30 damageType=melee hp=${d100Of(one.g).maxHp - 30} critical=false`,
    ]]);
    expect([one.dice.draws.slice(3), one.dice.left()]).toEqual([["d100=50", "d100=40", "1..100=30"], 0]);
  });
  it("P100-AIR-14 (a flyer's charge is at another flyer): the skyrider at low height flying the same 2 tiles straight at the gargoyle standing on the ground strikes with no charge bonus (50, damage 30)", () => {
    const f = charge(6, "low", "ground", [50, 40, 30]);
    expect([f.sky.x, lines(f.ev).filter((l) => l.includes(" attack ") || l.includes(" damaged "))]).toEqual([5, [
      `1 attack attackerId=${f.sky.id} targetId=${f.g.id} hit=true attackRoll=50 defenceRoll=40 natural=50 airModifier=0 damageRoll=30`,
      `1 damaged targetId=${f.g.id} sourceId=${f.sky.id} amount=30 damageType=melee hp=${d100Of(f.g).maxHp - 30} critical=false`,
    ]]);
    expect([f.dice.draws.slice(3), f.dice.left()]).toEqual([["d100=50", "d100=40", "1..100=30"], 0]);
  });
});
