import { describe, expect, it } from "vitest";
import { ROUND_TICKS } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { adventurer, d100Sim, kobolds, lines, playPlan, recordDice, run } from "./fixtures.ts";

/**
 * Mass combat in live d100 fights (issue 17, P100-MASS-02 to 15, 27): a kobold pack (20 HP each,
 * a swarm) against heroes, through `Simulation.step` with forced dice and every draw recorded
 * (the range of a damage roll shows the strength of the group that rolled it).
 */

const ROW = [[8, 5], [9, 5], [10, 5], [8, 6], [9, 6], [10, 6]] as const;

describe("d100 swarms in live fights", () => {
  it("P100-MASS-02, P100-MASS-04, P100-MASS-05, P100-MASS-06, P100-MASS-07, P100-MASS-09, P100-MASS-10, P100-MASS-13, P100-MASS-15: a player's kill roll on the kobold at (8, 6) kills the 3 nearest, kobold (8, 5) among them; the 3 left strike with 30 strength (damage 1..30) at the warrior alone; next round the d40's 10 kills 1 more and the 2 left roll 1..20", () => {
    const sim = d100Sim();
    const h = adventurer(sim, "Warrior", 7, 5);
    const ks = kobolds(sim, ROW);
    h.targetId = ks[5]!.id;
    h.controller = "a1";
    const dice = recordDice(sim, [90, 10, 11, 12, 13, 14, 15, 30, 70, 20, 25, 10, 70, 20, 5]);
    sim.step(); // initiative: the hero's turn waits for its plan
    const ev = playPlan(sim, h, { action: "steps", steps: [{ kind: "attack", targetId: ks[3]!.id }] });
    delete h.controller; // from now on the AI plays the hero
    ev.push(...run(sim, ROUND_TICKS + 1));
    // Round 1: the kill roll 30 (a d40) kills 3 (one per full ten): the nearest, ids 2, 5 (1 tile) and 3 (2 tiles,
    // the lower id of two); the 3 left (30 strength) strike the warrior: 70 against its dodge 20, damage 25 of 1..30.
    // Round 2: 10 kills 1 (id 6, the nearest); the 2 left (20) strike: 70 against 20, damage 5 of 1..20.
    expect(lines(ev)).toEqual([
      "2 attack attackerId=1 targetId=5 hit=true attackRoll=30 defenceRoll=0",
      "2 knockedOut unitId=2 outcome=dead cause=hitPoints",
      "2 knockedOut unitId=5 outcome=dead cause=hitPoints",
      "2 knockedOut unitId=3 outcome=dead cause=hitPoints",
      "2 turnPlanPlayed unitId=1 refusals=[null]",
      "3 attack attackerId=7 targetId=1 hit=true attackRoll=70 defenceRoll=20",
      "3 damaged targetId=1 sourceId=7 amount=25 damageType=swarm hp=175 critical=false",
      "11 attack attackerId=1 targetId=6 hit=true attackRoll=10 defenceRoll=0",
      "11 knockedOut unitId=6 outcome=dead cause=hitPoints",
      "12 attack attackerId=7 targetId=1 hit=true attackRoll=70 defenceRoll=20",
      "12 damaged targetId=1 sourceId=7 amount=5 damageType=swarm hp=170 critical=false",
    ]);
    expect([dice.draws.slice(7), dice.left()]).toEqual([["1..40=30", "d100=70", "d100=20", "1..30=25", "1..40=10", "d100=70", "d100=20", "1..20=5"], 0]);
    expect(ks.map((k) => d100Of(k).dead)).toEqual([true, true, false, true, true, false]);
  });

  it("P100-MASS-03, P100-MASS-08: a scout (a ranged class) shooting at the pack makes its kill roll on a d20 (1..20): 20 kills the 2 nearest", () => {
    const sim = d100Sim();
    const h = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
    const ks = kobolds(sim, ROW);
    h.targetId = ks[0]!.id;
    h.controller = "a1";
    const dice = recordDice(sim, [90, 10, 11, 12, 13, 14, 15, 20]);
    sim.step();
    const ev = playPlan(sim, h, { action: "steps", steps: [{ kind: "attack", targetId: ks[0]!.id }] });
    expect(lines(ev)).toEqual([
      "2 attack attackerId=1 targetId=2 hit=true attackRoll=20 defenceRoll=0",
      "2 knockedOut unitId=2 outcome=dead cause=hitPoints",
      "2 knockedOut unitId=5 outcome=dead cause=hitPoints",
      "2 turnPlanPlayed unitId=1 refusals=[null]",
    ]);
    expect([dice.draws.slice(7), dice.left()]).toEqual([["1..20=20"], 0]);
  });

  it("P100-MASS-11, P100-MASS-15, P100-MASS-27: a pack of 7 (70 strength) engaging two warriors splits in tens, remainder first: 40 strikes the first (damage 1..40), 30 the second; each strike is an attack against that one warrior's dodge, and 50 against 50 misses with no damage roll", () => {
    const sim = d100Sim();
    const h1 = adventurer(sim, "Warrior", 7, 5);
    const h2 = adventurer(sim, "Warrior", 7, 6);
    const ks = kobolds(sim, [...ROW, [11, 5]]);
    h1.targetId = ks[0]!.id; h2.targetId = ks[0]!.id;
    // Initiative: warriors 5 and 6, kobolds 10..16: the pack acts in kobold 9's slot, first.
    const dice = recordDice(sim, [5, 6, 10, 11, 12, 13, 14, 15, 16, 70, 20, 35, 50, 50]);
    const ev = sim.step();
    expect(lines(ev)).toEqual([
      `1 attack attackerId=9 targetId=${h1.id} hit=true attackRoll=70 defenceRoll=20`,
      `1 damaged targetId=${h1.id} sourceId=9 amount=35 damageType=swarm hp=165 critical=false`,
      `1 attack attackerId=9 targetId=${h2.id} hit=false attackRoll=50 defenceRoll=50`,
    ]);
    expect([dice.draws.slice(9), d100Of(h2).hp, dice.left()]).toEqual([["d100=70", "d100=20", "1..40=35", "d100=50", "d100=50"], 200, 0]);
  });

  it("P100-MASS-12, P100-MASS-14: a pack of 10 (100 strength, the most a locksmith with its area powder may face) striking the locksmith alone on foot counts only 80: damage 10..80 (at least 10 for its one full 50)", () => {
    const sim = d100Sim();
    const h = adventurer(sim, "Locksmith", 7, 5, { weapon: "dagger" });
    const ks = kobolds(sim, [...ROW, [11, 5], [11, 6], [8, 4], [9, 4]]);
    h.targetId = ks[0]!.id;
    const dice = recordDice(sim, [5, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 70, 20, 80]);
    const ev = sim.step();
    expect(lines(ev)).toEqual([
      `1 attack attackerId=11 targetId=${h.id} hit=true attackRoll=70 defenceRoll=20`,
      `1 damaged targetId=${h.id} sourceId=11 amount=80 damageType=swarm hp=70 critical=false`,
    ]);
    expect([dice.draws.slice(11), dice.left()]).toEqual([["d100=70", "d100=20", "10..80=80"], 0]);
  });

  it("P100-MASS-01: six peasants around a minion fight it as a swarm (one strike for the group, damage 10..50 for its 50 engaged strength); five fight it one by one (the first peasant's own pitchfork blow, 1..50)", () => {
    for (const n of [6, 5]) {
      const sim = d100Sim();
      const m = addUnit(sim, { kind: "minion", x: 10, y: 5 });
      d100Of(m).hp = d100Of(m).maxHp = 300;
      const tiles = [[9, 4], [9, 5], [9, 6], [10, 4], [10, 6], [11, 4]].slice(0, n);
      const ps = tiles.map(([x, y]) => adventurer(sim, "Peasant", x!, y!, { weapon: "pitchfork" }));
      m.targetId = ps[0]!.id; ps[0]!.targetId = m.id;
      // Initiative: the minion 5, the peasants 90 down to 85 (id order): the first peasant's slot comes first.
      const dice = recordDice(sim, [5, ...ps.map((_, i) => 90 - i), 80, 20, 30]);
      const ev = sim.step();
      const first = ps[0]!.id;
      expect(lines(ev)).toEqual(n === 6 ? [
        `1 attack attackerId=${first} targetId=${m.id} hit=true attackRoll=80 defenceRoll=20`,
        `1 damaged targetId=${m.id} sourceId=${first} amount=30 damageType=swarm hp=270 critical=false`,
      ] : [
        `1 attack attackerId=${first} targetId=${m.id} hit=true attackRoll=40 defenceRoll=20`,
        `1 damaged targetId=${m.id} sourceId=${first} amount=30 damageType=melee hp=270 critical=false`,
      ]);
      expect([dice.draws.slice(n + 1), dice.left()]).toEqual([["d100=80", "d100=20", n === 6 ? "10..50=30" : "1..50=30"], 0]);
    }
  });

  it("P100-MASS-16: a player's warrior stepping away from the pack of 6 (a swarm) draws no opportunity attack; from 5 kobolds (no swarm) the two beside it each get one", () => {
    for (const n of [6, 5]) {
      const sim = d100Sim();
      const h = adventurer(sim, "Warrior", 7, 5);
      h.controller = "a1";
      const ks = kobolds(sim, ROW.slice(0, n));
      h.targetId = ks[0]!.id;
      recordDice(sim, [90, 10, 11, 12, 13, 14, 15].slice(0, n + 1));
      sim.step();
      // Each opportunity attack misses: 20 against the dodge 90.
      const dice = recordDice(sim, n === 6 ? [] : [20, 90, 20, 90]);
      const ev = playPlan(sim, h, { action: "steps", steps: [{ kind: "move", x: 5, y: 5 }, { kind: "endTurn" }] });
      expect(lines(ev).filter((l) => !l.includes("turnPlanPlayed"))).toEqual(n === 6 ? [] : [
        `2 reaction unitId=${ks[0]!.id} kind=opportunityAttack detail=d100 againstId=${h.id}`,
        `2 attack attackerId=${ks[0]!.id} targetId=${h.id} hit=false attackRoll=20 defenceRoll=90`,
        `2 reaction unitId=${ks[3]!.id} kind=opportunityAttack detail=d100 againstId=${h.id}`,
        `2 attack attackerId=${ks[3]!.id} targetId=${h.id} hit=false attackRoll=20 defenceRoll=90`,
      ]);
      expect([h.x, h.y, dice.left()]).toEqual([5, 5, 0]);
    }
  });
});
