import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, makeSim } from "./helpers.ts";
import { recordAllDice } from "../recordAllDice.ts";

const SWORD = { weapon: "sword", blunt: false, ranged: false, armour: "none" as const, helm: 0 };

describe("the malignus combat ruleset's dice in a live blow (sweep s8)", () => {
  /** A minion (Combat 2, sword) at (4, 5) strikes an adventurer (Combat 1) at (5, 5) with `woundPoints` already, on `script`; tick 1. */
  const blow = (woundPoints: number, script: number[]) => {
    const sim = makeSim();
    const hero = adventurer(sim, 5, 5, { stats: { combat: 1, craft: 0, tracking: 0, block: 0 }, woundPoints });
    const minion = addUnit(sim, { kind: "minion", x: 4, y: 5, stats: { combat: 2, craft: 0, tracking: 0, block: 0 }, gear: { ...SWORD } });
    minion.targetId = hero.id;
    const rec = recordAllDice(sim, script, { chance: "labelled" });
    const ev = sim.step().filter((e) => e.type === "attack" || e.type === "wound" || e.type === "knockedOut").map(({ tick: _t, ...e }) => e as SimEvent);
    return { hero, minion, ev, draws: rec.draws, left: rec.left() };
  };

  it("CMB-01 (malignus combat ruleset): the blow asks for a d10 each side and, on a hit, a d100 for the location: 6 + 2 against 7 + 1 ties and misses (two d10, nothing more); 7 + 2 against 7 + 1 hits by 1 (a light wound, d100 60: the arm)", () => {
    const tie = blow(0, [6, 7]);
    expect([tie.draws, tie.left, tie.ev]).toEqual([["d10=6", "d10=7"], 0, [{ type: "attack", attackerId: tie.minion.id, targetId: tie.hero.id, hit: false, attackRoll: 8, defenceRoll: 8 }]]);
    const win = blow(0, [7, 7, 60]);
    expect([win.draws, win.left, win.ev]).toEqual([["d10=7", "d10=7", "d100=60"], 0, [
      { type: "attack", attackerId: win.minion.id, targetId: win.hero.id, hit: true, attackRoll: 9, defenceRoll: 8 },
      { type: "wound", targetId: win.hero.id, sourceId: win.minion.id, severity: "light", location: "arm", woundPoints: 1 },
    ]]);
  });

  it("CMB-25, CMB-28, CMB-48 (malignus combat ruleset): a critical arm wound (12 against 3) brings 8 wound points to 12: the survival chance asked is 25% on one d100 — 50 dies, 25 falls unconscious and draws its wake delay in 1..2400 ticks (4 game hours): 33, awake at tick 34", () => {
    const dead = blow(8, [10, 2, 60, 50]);
    expect([dead.draws, dead.left, dead.hero.activity]).toEqual([["d10=10", "d10=2", "d100=60", "chance 25%", "d100=50"], 0, "dead"]);
    expect(dead.ev[2]).toEqual({ type: "knockedOut", unitId: dead.hero.id, outcome: "dead", cause: "woundPoints" });
    const out = blow(8, [10, 2, 60, 25, 33]);
    expect([out.draws, out.left, out.hero.activity, out.hero.wakeTick]).toEqual([["d10=10", "d10=2", "d100=60", "chance 25%", "d100=25", "1..2400=33"], 0, "unconscious", 34]);
    expect(out.ev[1]).toEqual({ type: "wound", targetId: out.hero.id, sourceId: out.minion.id, severity: "critical", location: "arm", woundPoints: 12 });
  });

  it("CMB-36, CMB-41 (malignus combat ruleset): a serious head wound (12 against 6, d100 10: the head) asks the 25% head-wound chance on one d100: 25 takes the unwounded adventurer out (then 100% unconscious, no die; wake 1..2400 = 33), 26 leaves it standing with 2 wound points", () => {
    const out = blow(0, [10, 5, 10, 25, 33]);
    expect([out.draws, out.left, out.hero.activity, out.hero.woundPoints]).toEqual([["d10=10", "d10=5", "d100=10", "chance 25%", "d100=25", "chance 100%", "1..2400=33"], 0, "unconscious", 2]);
    expect(out.ev.slice(1)).toEqual([
      { type: "wound", targetId: out.hero.id, sourceId: out.minion.id, severity: "serious", location: "head", woundPoints: 2 },
      { type: "knockedOut", unitId: out.hero.id, outcome: "unconscious", cause: "headWound" },
    ]);
    const stands = blow(0, [10, 5, 10, 26]);
    expect([stands.draws, stands.left, stands.hero.activity, stands.hero.woundPoints]).toEqual([["d10=10", "d10=5", "d100=10", "chance 25%", "d100=26"], 0, "idle", 2]);
  });
});
