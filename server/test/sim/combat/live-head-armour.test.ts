import { describe, expect, it } from "vitest";
import { minionBlowsHero } from "./helpers.ts";

/**
 * Issue 17: armour on the survival chance (CMB-30 to CMB-32) and the head-wound chance (CMB-36 to
 * CMB-38, CMB-42, CMB-43) in a live malignus room: a minion strikes an adventurer next to it and
 * the simulation steps once on scripted dice: the attack d10, the defence d10 (both Combat 0), the
 * location d100 (50 the torso, 10 the head), the head-wound d100, the unconscious-or-dead d100 and,
 * for the unconscious, the wake-up delay (20 here).
 */
const SWORD = { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } as const;
const FISTS = { weapon: "fists", blunt: true, ranged: false, armour: "none", helm: 0 } as const;
const MARGIN = { light: [5, 4], serious: [8, 3], critical: [10, 1] } as const;
const TORSO = 50, HEAD = 10;
const fate = (f: ReturnType<typeof minionBlowsHero>) => [f.outs.map((e) => e.type === "knockedOut" && [e.outcome, e.cause]), f.left];

describe("armour and head wounds in a live malignus blow (issue 17)", () => {
  it("CMB-30, CMB-31, CMB-32 (malignus combat ruleset): a serious final wound (8 to 10 points) with a sword: 50% unconscious, plus 10 points in leather or cloth, 20 in chainmail, 30 in plate: each survives its own threshold and dies one above", () => {
    const out = (["none", "cloth", "leather", "chainmail", "plate"] as const).map((armour) => {
      const at = { none: 50, cloth: 60, leather: 60, chainmail: 70, plate: 80 }[armour];
      const victim = { gear: { ...SWORD, armour } };
      const lives = minionBlowsHero(8, [...MARGIN.serious, TORSO, at, 20], { victim });
      const dies = minionBlowsHero(8, [...MARGIN.serious, TORSO, at + 1], { victim });
      return [armour, lives.hero.activity, dies.hero.activity, lives.left + dies.left];
    });
    expect(out).toEqual([
      ["none", "unconscious", "dead", 0], ["cloth", "unconscious", "dead", 0], ["leather", "unconscious", "dead", 0],
      ["chainmail", "unconscious", "dead", 0], ["plate", "unconscious", "dead", 0],
    ]);
  });

  it("CMB-36 (malignus combat ruleset): a serious head wound with a sword takes the unwounded adventurer out on a head-wound d100 of 25 (then 100% unconscious), not on 26", () => {
    expect(fate(minionBlowsHero(0, [...MARGIN.serious, HEAD, 25, 20]))).toEqual([[["unconscious", "headWound"]], 0]);
    expect(fate(minionBlowsHero(0, [...MARGIN.serious, HEAD, 26]))).toEqual([[], 0]);
  });

  it("CMB-36 (malignus combat ruleset): only a serious or critical head wound asks the head-wound chance: a light head wound (5 against 4) draws no head-wound d100 and leaves the unwounded adventurer fighting with 1 wound point", () => {
    const out = minionBlowsHero(0, [...MARGIN.light, HEAD]);
    expect([fate(out), out.hero.activity, out.hero.woundPoints]).toEqual([[[], 0], "idle", 1]);
    expect(out.events.filter((e) => e.type === "wound")).toMatchObject([{ type: "wound", targetId: out.hero.id, severity: "light", location: "head", woundPoints: 1 }]);
  });

  it("CMB-37 (malignus combat ruleset): wound points play no part: at 5 points the serious head wound (to 7) still takes the adventurer out on 25, not on 26", () => {
    const out = minionBlowsHero(5, [...MARGIN.serious, HEAD, 25, 20]);
    expect([fate(out), out.hero.woundPoints]).toEqual([[[["unconscious", "headWound"]], 0], 7]);
    expect(fate(minionBlowsHero(5, [...MARGIN.serious, HEAD, 26]))).toEqual([[], 0]);
  });

  it("CMB-38 (malignus combat ruleset): with fists the head-wound chance is 50%: out on 50, not on 51", () => {
    expect(fate(minionBlowsHero(0, [...MARGIN.serious, HEAD, 50, 20], { gear: { ...FISTS } }))).toEqual([[["unconscious", "headWound"]], 0]);
    expect(fate(minionBlowsHero(0, [...MARGIN.serious, HEAD, 51], { gear: { ...FISTS } }))).toEqual([[], 0]);
  });

  it("CMB-42 (malignus combat ruleset): after a critical head wound the chance to fall unconscious is 50% with fists as with a sword: unconscious on 50, dead on 51", () => {
    for (const [gear, headRoll] of [[SWORD, 25], [FISTS, 50]] as const) {
      expect(fate(minionBlowsHero(0, [...MARGIN.critical, HEAD, headRoll, 50, 20], { gear: { ...gear } }))).toEqual([[["unconscious", "headWound"]], 0]);
      expect(fate(minionBlowsHero(0, [...MARGIN.critical, HEAD, headRoll, 51], { gear: { ...gear } }))).toEqual([[["dead", "headWound"]], 0]);
    }
  });

  it("CMB-43 (malignus combat ruleset): a serious head wound that brings 8 wound points to 10 uses the normal serious chance (50%), not the head wound's 100%: dead on 51", () => {
    const dies = minionBlowsHero(8, [...MARGIN.serious, HEAD, 51]);
    expect([fate(dies), dies.hero.woundPoints]).toEqual([[[["dead", "woundPoints"]], 0], 10]);
    const lives = minionBlowsHero(8, [...MARGIN.serious, HEAD, 50, 20]);
    expect(fate(lives)).toEqual([[["unconscious", "woundPoints"]], 0]);
  });
});
