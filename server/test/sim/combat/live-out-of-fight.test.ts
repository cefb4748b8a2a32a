import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { adventurer, makeSim, minionBlowsHero, stepBlow } from "./helpers.ts";

/**
 * Issue 17: how a wound takes someone out of the fight (CMB-22, CMB-24, CMB-27, CMB-40) in a live
 * malignus room: a minion (or adventurer) with a sword targets its victim next to it and the
 * simulation steps once on scripted dice: the attack d10, the defence d10 (both Combat 0), the
 * location d100 (50 the torso, 10 the head), then the wound's draws (head-wound d100, the
 * unconscious-or-dead d100, the wake-up delay).
 */
const ZERO = { combat: 0, craft: 0, tracking: 0, block: 0 };
const SWORD = { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } as const;
const MARGIN = { light: [5, 4], serious: [8, 3], critical: [10, 1] } as const;
const TORSO = 50, HEAD = 10;

describe("taken out of the fight in a live malignus blow (issue 17)", () => {
  it("CMB-22, CMB-25 (malignus combat ruleset): a light torso wound from 8 to 9 wound points leaves the adventurer fighting; the same wound from 9 takes it out (unconscious on a d100 of 75)", () => {
    const up = minionBlowsHero(8, [...MARGIN.light, TORSO]);
    expect([up.outs, up.hero.activity, up.hero.woundPoints, up.left]).toEqual([[], "idle", 9, 0]);
    const out = minionBlowsHero(9, [...MARGIN.light, TORSO, 75, 20]);
    expect(out.outs).toEqual([{ type: "knockedOut", unitId: out.hero.id, outcome: "unconscious", cause: "woundPoints" }]);
    expect([out.hero.activity, out.hero.woundPoints, out.left]).toEqual(["unconscious", 10, 0]);
  });

  it("CMB-24 (malignus combat ruleset): the same survival d100 of 60 on the final wound: a light one leaves the adventurer unconscious (75%), a serious (50%) or critical (25%) one kills; a d100 of 40 spares light and serious, not critical", () => {
    const BEFORE = { light: 9, serious: 8, critical: 6 } as const;
    const fate = (roll: number) => (["light", "serious", "critical"] as const).map((s) => {
      const survives = roll <= { light: 75, serious: 50, critical: 25 }[s]; // the wake-up delay is drawn only for the unconscious
      const f = minionBlowsHero(BEFORE[s], [...MARGIN[s], TORSO, roll, ...(survives ? [20] : [])]);
      expect(f.left).toBe(0);
      return [s, f.hero.activity];
    });
    expect(fate(60)).toEqual([["light", "unconscious"], ["serious", "dead"], ["critical", "dead"]]);
    expect(fate(40)).toEqual([["light", "unconscious"], ["serious", "unconscious"], ["critical", "dead"]]);
  });

  it("CMB-27 (malignus combat ruleset): a serious head wound takes an unwounded adventurer out with only 2 wound points (head-wound d100 25, then unconscious); a critical one with only 4 (head-wound d100 25, then 50 of the 50% unconscious); a light head wound draws no head-wound die and only adds 1 point", () => {
    const head = minionBlowsHero(0, [...MARGIN.serious, HEAD, 25, 60]);
    expect(head.outs).toEqual([{ type: "knockedOut", unitId: head.hero.id, outcome: "unconscious", cause: "headWound" }]);
    expect([head.hero.woundPoints, head.left]).toEqual([2, 0]);
    const critical = minionBlowsHero(0, [...MARGIN.critical, HEAD, 25, 50, 60]);
    expect(critical.outs).toEqual([{ type: "knockedOut", unitId: critical.hero.id, outcome: "unconscious", cause: "headWound" }]);
    expect([critical.hero.activity, critical.hero.woundPoints, critical.left]).toEqual(["unconscious", 4, 0]);
    const light = minionBlowsHero(0, [...MARGIN.light, HEAD]);
    expect([light.outs, light.hero.activity, light.hero.woundPoints, light.left]).toEqual([[], "idle", 1, 0]);
  });

  it("CMB-40 (malignus combat ruleset): a critical head wound on the Master draws no head-wound die: it keeps fighting (and strikes back) with 4 wound points, where a minion would roll the 25% chance", () => {
    const sim = makeSim();
    const hero = adventurer(sim, 4, 5, { stats: { ...ZERO }, gear: { ...SWORD } });
    const master = addUnit(sim, { kind: "master", x: 5, y: 5, stats: { ...ZERO } });
    // then, the same tick, the Master strikes back: 1 against 1, a miss.
    const r = stepBlow(sim, hero, master, [...MARGIN.critical, HEAD, 1, 1]);
    expect(r.events.filter((e) => e.type === "wound" || e.type === "knockedOut")).toEqual([
      { type: "wound", targetId: master.id, sourceId: hero.id, severity: "critical", location: "head", woundPoints: 4 },
    ]);
    expect([master.activity, r.left]).toEqual(["fighting", 0]);
    expect(r.events.filter((e) => e.type === "attack").map((e) => e.type === "attack" && [e.attackerId, e.hit])).toEqual([[hero.id, true], [master.id, false]]);
    const sim2 = makeSim();
    const hero2 = adventurer(sim2, 4, 5, { stats: { ...ZERO }, gear: { ...SWORD } });
    const minion = addUnit(sim2, { kind: "minion", x: 5, y: 5, stats: { ...ZERO } });
    const r2 = stepBlow(sim2, hero2, minion, [...MARGIN.critical, HEAD, 25, 50, 7]);
    expect([minion.activity, r2.left]).toEqual(["unconscious", 0]);
  });

  it("CMB-35 (malignus combat ruleset): the troll, alone among creatures, falls unconscious: the light wound that brings it to 10 points draws no survival die, only its wake-up delay", () => {
    const sim = makeSim();
    const hero = adventurer(sim, 4, 5, { stats: { ...ZERO }, gear: { ...SWORD } });
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 5, y: 5, stats: { ...ZERO }, woundPoints: 9 });
    const r = stepBlow(sim, hero, troll, [...MARGIN.light, TORSO, 20]);
    expect(r.events.filter((e) => e.type === "knockedOut")).toEqual([{ type: "knockedOut", unitId: troll.id, outcome: "unconscious", cause: "woundPoints" }]);
    expect([troll.activity, troll.wakeTick, r.left]).toEqual(["unconscious", 21, 0]);
  });

  it("CMB-01 (malignus combat ruleset): a blow is an opposed roll, 1d10 + Combat each side: the minion's 6 + 2 against the adventurer's 7 + 1 ties and misses (nothing more drawn); 7 + 2 against 8 wins by 1: a light wound where the location d100 says", () => {
    const blow = (script: number[]) => {
      const sim = makeSim();
      const hero = adventurer(sim, 5, 5, { stats: { combat: 1, craft: 0, tracking: 0, block: 0 } });
      const minion = addUnit(sim, { kind: "minion", x: 4, y: 5, stats: { combat: 2, craft: 0, tracking: 0, block: 0 }, gear: { ...SWORD } });
      const r = stepBlow(sim, minion, hero, script);
      return { ...r, hero, minion, rolls: r.events.filter((e) => e.type === "attack" || e.type === "wound") };
    };
    const tie = blow([6, 7]);
    expect([tie.rolls, tie.left]).toEqual([[{ type: "attack", attackerId: tie.minion.id, targetId: tie.hero.id, hit: false, attackRoll: 8, defenceRoll: 8 }], 0]);
    const win = blow([7, 7, 60]);
    expect([win.rolls, win.left]).toEqual([[
      { type: "attack", attackerId: win.minion.id, targetId: win.hero.id, hit: true, attackRoll: 9, defenceRoll: 8 },
      { type: "wound", targetId: win.hero.id, sourceId: win.minion.id, severity: "light", location: "arm", woundPoints: 1 },
    ], 0]);
  });
});
