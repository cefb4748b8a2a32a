import { describe, expect, it } from "vitest";
import { CRIT_MIN, SWARM_MAX_ENEMY_HP } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, d100Sim, lines, playPlan, recordDice, run } from "./fixtures.ts";
import { setFaction } from "../../../src/sim/world/factions.ts";

/**
 * Audit a8-w8101 (issue 17): the missing sides of P100-CRIT-05, P100-MASS-01 and P100-AIR-11 in
 * live d100 fights, every draw recorded ("d100=v", "min..max=v").
 */

describe("audit w1: a heroic hit needs exactly 100 (P100-CRIT-05)", () => {
  it("P100-CRIT-05: the warrior's natural 99 is a critical hit but not heroic: the sword's own damage range 1..100 (40 × 1.5 = 60), a defence still skipped; 100 draws from the heroic 30..100", () => {
    const strike = (natural: number) => {
      const sim = d100Sim();
      const w = adventurer(sim, "Warrior", 5, 5);
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      d100Of(m).hp = d100Of(m).maxHp = 300;
      w.targetId = m.id;
      const dice = recordDice(sim, [90, 10, natural, 40]);
      const ev = run(sim, 1);
      return { lines: lines(ev), draws: dice.draws, left: dice.left(), w: w.id, m: m.id };
    };
    expect(CRIT_MIN).toBeLessThan(99);
    const crit = strike(99);
    expect(crit.lines).toEqual([
      `1 attack attackerId=${crit.w} targetId=${crit.m} hit=true attackRoll=99 defenceRoll=0`,
      `1 damaged targetId=${crit.m} sourceId=${crit.w} amount=60 damageType=melee hp=240 critical=true`,
    ]);
    expect([crit.draws, crit.left]).toEqual([["d100=90", "d100=10", "d100=99", "1..100=40"], 0]);
    const heroic = strike(100);
    expect([heroic.draws, heroic.left]).toEqual([["d100=90", "d100=10", "d100=100", "30..100=40"], 0]);
  });
});

describe("audit w1: a swarm is of enemies with little HP (P100-MASS-01)", () => {
  it(`P100-MASS-01: six peasants of ${SWARM_MAX_ENEMY_HP} max HP around a minion fight it as a swarm (one strike, 10..50 swarm damage); six of ${SWARM_MAX_ENEMY_HP + 1} max HP fight it one by one (the first peasant's own pitchfork blow, 1..50)`, () => {
    for (const maxHp of [SWARM_MAX_ENEMY_HP, SWARM_MAX_ENEMY_HP + 1]) {
      const sim = d100Sim();
      const m = addUnit(sim, { kind: "minion", x: 10, y: 5 });
      d100Of(m).hp = d100Of(m).maxHp = 300;
      const ps = [[9, 4], [9, 5], [9, 6], [10, 4], [10, 6], [11, 4]].map(([x, y]) => adventurer(sim, "Peasant", x!, y!, { weapon: "pitchfork" }));
      for (const p of ps) d100Of(p).hp = d100Of(p).maxHp = maxHp;
      m.targetId = ps[0]!.id; ps[0]!.targetId = m.id;
      // Initiative: the minion 5, the peasants 90 down to 85 (id order): the first peasant's slot comes first.
      const dice = recordDice(sim, [5, ...ps.map((_, i) => 90 - i), 80, 20, 30]);
      const ev = sim.step();
      const first = ps[0]!.id;
      const swarm = maxHp <= SWARM_MAX_ENEMY_HP;
      expect(lines(ev)).toEqual(swarm ? [
        `1 attack attackerId=${first} targetId=${m.id} hit=true attackRoll=80 defenceRoll=20`,
        `1 damaged targetId=${m.id} sourceId=${first} amount=30 damageType=swarm hp=270 critical=false`,
      ] : [
        `1 attack attackerId=${first} targetId=${m.id} hit=true attackRoll=40 defenceRoll=20`,
        `1 damaged targetId=${m.id} sourceId=${first} amount=30 damageType=melee hp=270 critical=false`,
      ]);
      expect([dice.draws.slice(7), dice.left()]).toEqual([["d100=80", "d100=20", swarm ? "10..50=30" : "1..50=30"], 0]);
      expect(ps.map((p) => d100Of(p).swarm !== "")).toEqual(Array(6).fill(swarm));
    }
  });
});

describe("audit w1: opportunity attacks between flyers (P100-AIR-11)", () => {
  it("P100-AIR-11: a player's giant bat (a flyer, on the heroes' side) next to the keeper's giant bat (its bite a melee weapon) moves 2 tiles away: both at moderate height, no opportunity attack; the same move with both on the ground draws the keeper's bat's (30 against the dodge 50, a miss)", () => {
    for (const altitude of ["moderate", "ground"] as const) {
      const sim = d100Sim();
      const mine = addUnit(sim, { ...speciesFields("giantBat"), x: 5, y: 5 });
      setFaction(sim, mine, "heroes");
      const g = addUnit(sim, { ...speciesFields("giantBat"), x: 6, y: 5 });
      for (const u of [mine, g]) d100Of(u).altitude = altitude;
      mine.controller = "a1";
      mine.targetId = g.id;
      // Initiative: the player's bat 90, the keeper's 10: the player's turn waits for its plan.
      recordDice(sim, [90, 10]);
      sim.step();
      const dice = recordDice(sim, altitude === "ground" ? [30, 50] : []);
      const ev = playPlan(sim, mine, { action: "steps", steps: [{ kind: "move", x: 3, y: 5 }, { kind: "endTurn" }] });
      expect(lines(ev).filter((l) => !l.includes("turnPlanPlayed"))).toEqual(altitude === "ground" ? [
        `2 reaction unitId=${g.id} kind=opportunityAttack detail=d100 againstId=${mine.id}`,
        `2 attack attackerId=${g.id} targetId=${mine.id} hit=false attackRoll=30 defenceRoll=50`,
      ] : []);
      expect([mine.x, mine.y, d100Of(mine).altitude, d100Of(g).altitude, dice.draws, dice.left()]).toEqual([3, 5, altitude, altitude, altitude === "ground" ? ["d100=30", "d100=50"] : [], 0]);
    }
  });
});
