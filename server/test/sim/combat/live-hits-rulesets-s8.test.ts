import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { canSee } from "../../../src/sim/combat/perception.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { attacks, damage, foe, party, playTurn } from "../d20/live-turn.ts";
import { ARENA, adventurer, d100Sim, lines, playPlan, recordDice } from "../d100/fixtures.ts";

/*
 * Sweep s8 (issue 17): CMB-05 ("anyone who is hit knows where the attacker is, even when the
 * attacker is out of sight") in live d20 and d100 encounters. Encounter turns resolve attacks with
 * d20/resolve.ts `resolveD20Attack` and d100/resolve.ts `d100Attack` directly, not through the
 * shared wrapper of rulesets.ts that reveals the attacker in malignus rooms (live-hit-facing.test.ts),
 * so before this sweep a hit in a d20 or d100 encounter revealed nothing (bug fixed in both).
 */
describe("CMB-05 in a live d20 encounter", () => {
  /** A Scout player at (4, 5) (shortbow 1d6, marksmanship +1) shoots, through its planned turn, at a minion (Tracking 1: sight 5 tiles) 6 tiles off at (10, 5); initiative Scout 20, minion 1. */
  const shot = (dice: number[]) => {
    const sim = d20Sim(1);
    const [s] = party(sim, ["Scout"]);
    const m = foe(sim, 10);
    const t = playTurn(sim, s!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice);
    return { sim, s: s!, m, t };
  };

  it("CMB-05: d20 — the minion 6 tiles off, out of its 5-tile sight, hit by the Scout's arrow (d20 15 + 1 = 16 against AC 11, 1d6 4) knows where the Scout stands: (4, 5) at tick 2", () => {
    const f = shot([15, 4]);
    expect(canSee(f.sim, f.m, f.s)).toBe(false);
    expect([f.t.refusals, attacks(f.t.events), damage(f.t.events)]).toEqual([[null], [[f.s.id, f.m.id, true, 16, 11]], [[f.s.id, f.m.id, 4]]]);
    expect(f.m.knownEnemies).toEqual({ [f.s.id]: { x: 4, y: 5, tick: 2 } });
  });

  it("CMB-05: d20 — the same arrow missing (d20 2 + 1 = 3 against AC 11) tells the minion nothing", () => {
    const f = shot([2]);
    expect([f.t.refusals, attacks(f.t.events), damage(f.t.events)]).toEqual([[null], [[f.s.id, f.m.id, false, 3, 11]], []]);
    expect(f.m.knownEnemies).toEqual({});
  });
});

describe("CMB-05 in a live d100 encounter", () => {
  /**
   * An AI Scout archer at (2, 5) aims at a minion (Tracking 1: sight 5 tiles) 7 tiles off at
   * (9, 5); one tick forms the encounter (initiative Scout 90, minion 30) and plays the Scout's
   * turn: its surprise shot (the minion does not see it, dodge − 20) then its normal one.
   */
  const shot = (script: number[]) => {
    const sim = d100Sim();
    const archer = adventurer(sim, "Scout", 2, 5, { weapon: "bow", ranged: true });
    const target = addUnit(sim, { kind: "minion", x: 9, y: 5 });
    archer.targetId = target.id;
    expect(canSee(sim, target, archer)).toBe(false);
    const dice = recordDice(sim, script);
    const ev = sim.step();
    return { archer, target, ev, dice };
  };

  it("CMB-05: d100 — the minion out of sight, hit by the surprise shot (60 against 30 − 20, damage 30), knows where the archer stands: (2, 5) at tick 1", () => {
    const f = shot([90, 30, 60, 30, 30, 50, 50]);
    expect(lines(f.ev)).toEqual([
      `1 attack attackerId=${f.archer.id} targetId=${f.target.id} hit=true attackRoll=60 defenceRoll=10`,
      `1 damaged targetId=${f.target.id} sourceId=${f.archer.id} amount=30 damageType=ranged hp=30 critical=false`,
      `1 attack attackerId=${f.archer.id} targetId=${f.target.id} hit=false attackRoll=50 defenceRoll=50`,
    ]);
    expect([f.dice.draws, f.dice.left()]).toEqual([["d100=90", "d100=30", "d100=60", "d100=30", "1..100=30", "d100=50", "d100=50"], 0]);
    expect(f.target.knownEnemies).toEqual({ [f.archer.id]: { x: 2, y: 5, tick: 1 } });
  });

  it("CMB-05: d100 — when both shots miss (40 against 60 − 20, 50 against 50), the minion learns nothing", () => {
    const f = shot([90, 30, 40, 60, 50, 50]);
    expect(lines(f.ev)).toEqual([
      `1 attack attackerId=${f.archer.id} targetId=${f.target.id} hit=false attackRoll=40 defenceRoll=40`,
      `1 attack attackerId=${f.archer.id} targetId=${f.target.id} hit=false attackRoll=50 defenceRoll=50`,
    ]);
    expect([f.dice.draws, f.dice.left()]).toEqual([["d100=90", "d100=30", "d100=40", "d100=60", "d100=50", "d100=50"], 0]);
    expect(f.target.knownEnemies).toEqual({});
  });

  it("CMB-05: d100 — a critical failure (d100 5) lets the minion strike back (1..50 = 30 HP): the archer it hits learns where the minion stands, (9, 5) at tick 1, and the minion, never hit, learns nothing", () => {
    const f = shot([90, 30, 5, 30, 50, 50]);
    expect(lines(f.ev)).toEqual([
      `1 attack attackerId=${f.archer.id} targetId=${f.target.id} hit=false attackRoll=5 defenceRoll=0`,
      `1 damaged targetId=${f.archer.id} sourceId=${f.target.id} amount=30 damageType=counterAttack hp=120 critical=false`,
      `1 attack attackerId=${f.archer.id} targetId=${f.target.id} hit=false attackRoll=50 defenceRoll=50`,
    ]);
    expect([f.dice.draws, f.dice.left()]).toEqual([["d100=90", "d100=30", "d100=5", "1..50=30", "d100=50", "d100=50"], 0]);
    expect(f.archer.knownEnemies).toEqual({ [f.target.id]: { x: 9, y: 5, tick: 1 } });
    expect(f.target.knownEnemies).toEqual({});
  });
});

describe("CMB-09, CMB-10 in live d20 and d100 encounters: the melee attacker next to its target turns to face it", () => {
  it("CMB-10: d20 — a Warrior player facing north (0) strikes the minion east of it: it turns east (2), then one south-west of it: it turns 5", () => {
    const face = (mx: number, my: number) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, mx, my);
      w!.facing = 0;
      const t = playTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [2]); // initiative Warrior 20, minion 1
      expect([t.refusals, attacks(t.events)]).toEqual([[null], [[w!.id, m.id, false, 2, 11]]]); // d20 2 + 0 against AC 11: a miss
      return w!.facing;
    };
    expect([face(5, 5), face(3, 6)]).toEqual([2, 5]);
  });
});

describe("CMB-10 in a live d100 encounter", () => {
  it("CMB-10: d100 — an AI Warrior facing north (0) strikes the minion east of it: it turns east (2); one south-west of it: 5", () => {
    const face = (mx: number, my: number) => {
      const sim = d100Sim();
      const w = adventurer(sim, "Warrior", 4, 5);
      const m = addUnit(sim, { kind: "minion", x: mx, y: my });
      w.facing = 0;
      w.targetId = m.id;
      const dice = recordDice(sim, [90, 30, 40, 60]); // initiative Warrior 90, minion 30; its blow 40 against the parry 60: a miss
      const ev = sim.step();
      expect(lines(ev)).toEqual([`1 attack attackerId=${w.id} targetId=${m.id} hit=false attackRoll=40 defenceRoll=60`]);
      expect([dice.draws, dice.left()]).toEqual([["d100=90", "d100=30", "d100=40", "d100=60"], 0]);
      return w.facing;
    };
    expect([face(5, 5), face(3, 6)]).toEqual([2, 5]);
  });
});

describe("CMB-09 in live d20 and d100 encounters: a melee attacker must stand next to its target", () => {
  it("CMB-09: d20 — a Warrior player's planned attack strikes the minion on a diagonal neighbour (5, 6) but is refused on the minion 2 tiles off at (6, 5): no attack, no die", () => {
    const plan = (mx: number, my: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, mx, my);
      const t = playTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }], dice); // initiative Warrior 20, minion 1
      return [t.refusals, attacks(t.events).map((a) => [a[0] === w!.id, a[1] === m.id, a[2], a[3]])];
    };
    expect(plan(5, 6, [2])).toEqual([[null], [[true, true, false, 2]]]);
    expect(plan(6, 5, [])).toEqual([["the target is out of reach or range (D20-ATTACK-19, D20-ATTACK-51)"], []]);
  });

  it("CMB-09: d100 — a Priest player's planned melee attack on the minion 2 tiles off is refused (nothing drawn); next to it, it strikes", () => {
    const plan = (mx: number, dice: number[]) => {
      const sim = d100Sim();
      const p = adventurer(sim, "Priest", 4, 5, { weapon: "mace", blunt: true });
      p.controller = "a1";
      const m = addUnit(sim, { kind: "minion", x: mx, y: 5 });
      p.targetId = m.id;
      recordDice(sim, [90, 10]); // initiative: the Priest 90, the minion 10
      sim.step();
      const d = recordDice(sim, dice);
      const ev = playPlan(sim, p, { action: "steps", steps: [{ kind: "attack", targetId: m.id }] });
      return [lines(ev), d.draws, d.left()];
    };
    expect(plan(6, [])).toEqual([['2 turnPlanPlayed unitId=1 refusals=["invalidTarget"]'], [], 0]);
    expect(plan(5, [40, 60])).toEqual([["2 attack attackerId=1 targetId=2 hit=false attackRoll=20 defenceRoll=60", "2 turnPlanPlayed unitId=1 refusals=[null]"], ["d100=40", "d100=60"], 0]);
  });
});

describe("CMB-11, CMB-12 in a live d100 encounter: the shot needs a clear line, stricter than sight", () => {
  /** A Scout player at (1, 1) with a bow plans a shot at the minion at (4, 4); `corner` walls (2, 1) and (1, 2), which sight grazes past but a shot does not. */
  const shoot = (corner: boolean, dice: number[]) => {
    const map = ARENA.split("\n").map((r) => r.split(""));
    if (corner) { map[1]![2] = "#"; map[2]![1] = "#"; }
    const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", map.map((r) => r.join("")).join("\n")) });
    const s = adventurer(sim, "Scout", 1, 1, { weapon: "bow", ranged: true });
    s.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 4, y: 4 });
    s.targetId = m.id;
    recordDice(sim, [90, 10]); // initiative: the Scout 90, the minion 10
    sim.step();
    const seen = canSee(sim, s, m);
    const d = recordDice(sim, dice);
    const ev = playPlan(sim, s, { action: "steps", steps: [{ kind: "attack", targetId: m.id }] });
    return [seen, lines(ev), d.draws, d.left()];
  };
  it("CMB-11, CMB-12: d100 — past the wall corner the Scout sees the minion but its shot is refused (nothing drawn); in the open it shoots", () => {
    expect(shoot(true, [])).toEqual([true, ['2 turnPlanPlayed unitId=1 refusals=["invalidTarget"]'], [], 0]);
    expect(shoot(false, [40, 60])).toEqual([true, ["2 attack attackerId=1 targetId=2 hit=false attackRoll=40 defenceRoll=60", "2 turnPlanPlayed unitId=1 refusals=[null]"], ["d100=40", "d100=60"], 0]);
  });
});
