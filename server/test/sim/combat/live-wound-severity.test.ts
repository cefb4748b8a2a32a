import { describe, expect, it } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { adventurer, forceDice, makeSim } from "./helpers.ts";

const ZERO = { combat: 0, craft: 0, tracking: 0, block: 0 };
const SWORD = { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } as const;
const FISTS = { weapon: "fists", blunt: true, ranged: false, armour: "none", helm: 0 } as const;

/** Attack and defence d10s giving each severity's margin (CMB-01: 1–3 light, 4–6 serious, 7+ critical). */
const MARGIN = { light: [5, 4], serious: [8, 3], critical: [10, 1] } as const;
/** Location d100s (CMB-01 table): 50 is the torso, 10 the head. */
const TORSO = 50;
const HEAD = 10;

/**
 * A minion (Combat 0) at (4, 5) targets an adventurer (Combat 0, no armour or helm, `woundPoints`
 * already) at (5, 5) and the simulation steps once (tick 1) on `script`: the minion's attack d10,
 * the adventurer's defence d10, the location d100, then the wound's draws. Only tick 1's events are kept.
 */
function minionBlow(gear: UnitRecord["gear"], woundPoints: number, script: number[], victim: Partial<UnitRecord> = {}) {
  const sim = makeSim();
  const hero = adventurer(sim, 5, 5, { stats: { ...ZERO }, woundPoints, ...victim });
  const minion = addUnit(sim, { kind: "minion", x: 4, y: 5, targetId: hero.id, stats: { ...ZERO }, gear: { ...gear } });
  const dice = forceDice(sim, script);
  const events: SimEvent[] = sim.step().map(({ tick: _t, ...e }) => e as SimEvent);
  const outs = events.filter((e) => e.type === "knockedOut");
  return { sim, hero, minion, events, outs, left: dice.left(), wounds: events.filter((e) => e.type === "wound") };
}

describe("wound points in a live minion blow (CMB-26)", () => {
  it("CMB-26 (malignus combat ruleset): a light torso wound adds 1 wound point, serious 2, critical 4, each emitted on the wound event at tick 1", () => {
    const got = (["light", "serious", "critical"] as const).map((s) => {
      const f = minionBlow(SWORD, 3, [...MARGIN[s], TORSO]);
      expect([f.left, f.outs]).toEqual([0, []]);
      expect(f.wounds).toEqual([{ type: "wound", targetId: f.hero.id, sourceId: f.minion.id, severity: s, location: "torso", woundPoints: f.hero.woundPoints }]);
      return [f.hero.woundPoints, f.hero.wounds.map((w) => [w.severity, w.tick]), f.hero.activity];
    });
    expect(got).toEqual([
      [4, [["light", 1]], "idle"],
      [5, [["serious", 1]], "idle"],
      [7, [["critical", 1]], "idle"],
    ]);
  });
});

describe("the survival chance of the final wound in a live minion blow (CMB-23, CMB-28, CMB-29)", () => {
  /** Wound points before the blow so that the wound brings the total to exactly 10 (CMB-25). */
  const BEFORE = { light: 9, serious: 8, critical: 6 } as const;

  it("CMB-23, CMB-28 (malignus combat ruleset): with a sword a light final wound leaves the adventurer unconscious on a d100 of 75 (waking 33 ticks later), dead on 76", () => {
    const out = minionBlow(SWORD, BEFORE.light, [...MARGIN.light, TORSO, 75, 33]);
    expect(out.outs).toEqual([{ type: "knockedOut", unitId: out.hero.id, outcome: "unconscious", cause: "woundPoints" }]);
    expect([out.hero.woundPoints, out.hero.wakeTick, out.left]).toEqual([10, 34, 0]);
    const dead = minionBlow(SWORD, BEFORE.light, [...MARGIN.light, TORSO, 76]);
    expect(dead.outs).toEqual([{ type: "knockedOut", unitId: dead.hero.id, outcome: "dead", cause: "woundPoints" }]);
    expect([dead.hero.activity, dead.hero.wakeTick, dead.left]).toEqual(["dead", -1, 0]);
  });

  it("CMB-28 (malignus combat ruleset): with a sword a serious final wound: unconscious on 50, dead on 51", () => {
    const out = minionBlow(SWORD, BEFORE.serious, [...MARGIN.serious, TORSO, 50, 7]);
    expect([out.hero.activity, out.hero.woundPoints, out.hero.wakeTick, out.left]).toEqual(["unconscious", 10, 8, 0]);
    const dead = minionBlow(SWORD, BEFORE.serious, [...MARGIN.serious, TORSO, 51]);
    expect([dead.hero.activity, dead.hero.woundPoints, dead.left]).toEqual(["dead", 10, 0]);
  });

  it("CMB-28 (malignus combat ruleset): with a sword a critical final wound: unconscious on 25, dead on 26", () => {
    const out = minionBlow(SWORD, BEFORE.critical, [...MARGIN.critical, TORSO, 25, 7]);
    expect([out.hero.activity, out.hero.woundPoints, out.hero.wakeTick, out.left]).toEqual(["unconscious", 10, 8, 0]);
    const dead = minionBlow(SWORD, BEFORE.critical, [...MARGIN.critical, TORSO, 26]);
    expect([dead.hero.activity, dead.hero.woundPoints, dead.left]).toEqual(["dead", 10, 0]);
  });

  it("CMB-29 (malignus combat ruleset): with fists a light final wound always leaves the adventurer unconscious (100%): no survival d100 is drawn, only the wake-up delay", () => {
    const f = minionBlow(FISTS, BEFORE.light, [...MARGIN.light, TORSO, 40]);
    expect(f.outs).toEqual([{ type: "knockedOut", unitId: f.hero.id, outcome: "unconscious", cause: "woundPoints" }]);
    expect([f.hero.wakeTick, f.left]).toEqual([41, 0]);
  });

  it("CMB-29 (malignus combat ruleset): with fists a serious final wound: unconscious on 75, dead on 76", () => {
    const out = minionBlow(FISTS, BEFORE.serious, [...MARGIN.serious, TORSO, 75, 7]);
    expect([out.hero.activity, out.hero.wakeTick, out.left]).toEqual(["unconscious", 8, 0]);
    const dead = minionBlow(FISTS, BEFORE.serious, [...MARGIN.serious, TORSO, 76]);
    expect([dead.hero.activity, dead.left]).toEqual(["dead", 0]);
  });

  it("CMB-29 (malignus combat ruleset): with a club (blunt) a critical final wound: unconscious on 50, dead on 51", () => {
    const CLUB = { ...SWORD, weapon: "club", blunt: true };
    const out = minionBlow(CLUB, BEFORE.critical, [...MARGIN.critical, TORSO, 50, 7]);
    expect([out.hero.activity, out.hero.wakeTick, out.left]).toEqual(["unconscious", 8, 0]);
    const dead = minionBlow(CLUB, BEFORE.critical, [...MARGIN.critical, TORSO, 51]);
    expect([dead.hero.activity, dead.left]).toEqual(["dead", 0]);
  });
});

describe("head wounds in a live minion blow (CMB-39, CMB-41)", () => {
  const W = ADVENTURER_CLASSES.Warrior!;
  const warrior: Partial<UnitRecord> = {
    adventurerClass: "Warrior", stats: { ...W.base },
    gear: { weapon: W.weapon, blunt: W.blunt, ranged: W.ranged, armour: W.armour, helm: W.helm },
  };

  it("CMB-39 (malignus combat ruleset): an edged serious head wound on a Warrior (helm 20: 25 − 20 = 5%) takes him out on a d100 of 5 (unconscious, CMB-41 serious 100%), not on 6", () => {
    // The minion's Combat 0 + 10 against the Warrior's Combat 3 + 2: margin 5, serious.
    const out = minionBlow(SWORD, 0, [10, 2, HEAD, 5, 60], warrior);
    expect(out.wounds).toMatchObject([{ severity: "serious", location: "head", woundPoints: 2 }]);
    expect(out.outs).toEqual([{ type: "knockedOut", unitId: out.hero.id, outcome: "unconscious", cause: "headWound" }]);
    expect([out.hero.wakeTick, out.left]).toEqual([61, 0]);
    const up = minionBlow(SWORD, 0, [10, 2, HEAD, 6], warrior);
    expect([up.outs, up.hero.activity, up.hero.woundPoints, up.left]).toEqual([[], "idle", 2, 0]);
  });

  it("CMB-41 (malignus combat ruleset): an edged critical head wound that takes the adventurer out leaves him unconscious on a d100 of 50, dead on 51; armour adds nothing", () => {
    const chain: Partial<UnitRecord> = { gear: { ...SWORD, armour: "chainmail" } };
    const out = minionBlow(SWORD, 0, [...MARGIN.critical, HEAD, 25, 50, 7], chain);
    expect(out.outs).toEqual([{ type: "knockedOut", unitId: out.hero.id, outcome: "unconscious", cause: "headWound" }]);
    expect([out.hero.woundPoints, out.hero.wakeTick, out.left]).toEqual([4, 8, 0]);
    const dead = minionBlow(SWORD, 0, [...MARGIN.critical, HEAD, 25, 51], chain);
    expect(dead.outs).toEqual([{ type: "knockedOut", unitId: dead.hero.id, outcome: "dead", cause: "headWound" }]);
    expect([dead.hero.activity, dead.left]).toEqual(["dead", 0]);
  });
});

describe("the Master taken out in a live blow (CMB-34)", () => {
  it("CMB-34 (malignus combat ruleset): a light final wound with fists (100% unconscious for anyone else) kills the Master, and no survival die is drawn", () => {
    const sim = makeSim();
    // The adventurer is added first so that he strikes before the Master's own attack this tick.
    const hero = adventurer(sim, 4, 5, { stats: { ...ZERO }, gear: { ...FISTS } });
    const master = addUnit(sim, { kind: "master", x: 5, y: 5, stats: { ...ZERO }, woundPoints: 9 });
    hero.targetId = master.id;
    const dice = forceDice(sim, [...MARGIN.light, TORSO]);
    const events = sim.step().filter((e) => e.type === "knockedOut");
    expect(events).toEqual([{ type: "knockedOut", unitId: master.id, outcome: "dead", cause: "woundPoints", tick: 1 }]);
    expect([master.activity, master.woundPoints, master.wakeTick, dice.left()]).toEqual(["dead", 10, -1, 0]);
    // The same dice on a minion: it falls unconscious and the wake-up delay is drawn.
    const sim2 = makeSim();
    const hero2 = adventurer(sim2, 4, 5, { stats: { ...ZERO }, gear: { ...FISTS } });
    const minion = addUnit(sim2, { kind: "minion", x: 5, y: 5, stats: { ...ZERO }, woundPoints: 9 });
    hero2.targetId = minion.id;
    const dice2 = forceDice(sim2, [...MARGIN.light, TORSO, 12]);
    sim2.step();
    expect([minion.activity, minion.wakeTick, dice2.left()]).toEqual(["unconscious", 13, 0]);
  });
});
