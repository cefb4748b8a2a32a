import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, companion, d100Sim, lines, recordDice, run } from "./fixtures.ts";
import { setFaction } from "../../../src/sim/world/factions.ts";

/**
 * Aerial fights in live d100 play (issue 17, sweep s8: P100-AIR-02, P100-AIR-16 and P100-AIR-18 on
 * both sides of the threshold): a scout (initiative 90) shoots a 300-HP gargoyle (10) set at a
 * height, through `Simulation.step`, every draw recorded (fixtures.ts `recordDice`).
 */
function arrowAtGargoyle(altitude: "low" | "moderate" | "high", rolls: readonly number[]) {
  const sim = d100Sim();
  const s = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
  const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
  Object.assign(d100Of(g), { altitude, hp: 300, maxHp: 300 });
  s.targetId = g.id;
  const dice = recordDice(sim, [90, 10, ...rolls]);
  return { s, g, dice, ev: run(sim, 1) };
}

describe("d100 heights in live fights (sweep s8)", () => {
  it("P100-AIR-02: the gargoyle fighting the scout on the ground is at one of three heights, each played: the same natural 70 counts 70 at low height, 90 at moderate (+20), 50 at high (−20), against a dodge of 60", () => {
    for (const [altitude, modifier, hit] of [["low", 0, true], ["moderate", 20, true], ["high", -20, false]] as const) {
      const { s, g, dice, ev } = arrowAtGargoyle(altitude, hit ? [70, 60, 10] : [70, 60]);
      expect(lines(ev)[0]).toBe(`1 attack attackerId=${s.id} targetId=${g.id} hit=${hit} attackRoll=${70 + modifier} defenceRoll=60 natural=70 airModifier=${modifier} damageRoll=${hit ? 10 : 0}`);
      expect([d100Of(g).altitude, d100Of(g).hp, dice.draws.slice(2), dice.left()]).toEqual([altitude, hit ? 290 : 300, hit ? ["d100=70", "d100=60", "1..100=10"] : ["d100=70", "d100=60"], 0]);
    }
  });

  it("P100-AIR-16, P100-AIR-18: at moderate height a damage roll of 81 (above 80) unseats the gargoyle, which falls and loses half its current HP (300 − 81 = 219, then 109); a roll of 80 leaves it aloft", () => {
    for (const [roll, fell] of [[81, true], [80, false]] as const) {
      const { s, g, dice, ev } = arrowAtGargoyle("moderate", [70, 60, roll]);
      const left = 300 - roll, fall = fell ? Math.floor(left / 2) : 0;
      expect(lines(ev)).toEqual([
        `1 attack attackerId=${s.id} targetId=${g.id} hit=true attackRoll=90 defenceRoll=60 natural=70 airModifier=20 damageRoll=${roll}`,
        `1 damaged targetId=${g.id} sourceId=${s.id} amount=${roll + fall} damageType=ranged hp=${left - fall} critical=false`,
        ...(fell ? [`1 altitudeChanged unitId=${g.id} altitude=ground cause=fall`] : []),
      ]);
      expect([d100Of(g).altitude, d100Of(g).hp, dice.draws.slice(2), dice.left()]).toEqual([fell ? "ground" : "moderate", fell ? 110 : 220, ["d100=70", "d100=60", `1..100=${roll}`], 0]);
    }
  });

  it("P100-AIR-16 (low height): a damage roll of 95 on the gargoyle at low height unseats nothing: it stays at low height with 205 HP", () => {
    const { s, g, dice, ev } = arrowAtGargoyle("low", [70, 60, 95]);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${s.id} targetId=${g.id} hit=true attackRoll=70 defenceRoll=60 natural=70 airModifier=0 damageRoll=95`,
      `1 damaged targetId=${g.id} sourceId=${s.id} amount=95 damageType=ranged hp=205 critical=false`,
    ]);
    expect([d100Of(g).altitude, dice.left()]).toEqual(["low", 0]);
  });

  it("P100-AIR-14, P100-AIR-15 (the other side): a harpy (no physical abilities to charge) flying 3 tiles straight at the skyrider at the same moderate height strikes with no charge bonus: 50 counts 50 against the dodge 40, and its damage roll 30 deals 30", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 3, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const h = addUnit(sim, { kind: "creature", species: "harpy", x: 7, y: 5, gear: { weapon: "claws", blunt: false, ranged: false, armour: "none", helm: 0 } });
    for (const u of [sky, griffon, h]) d100Of(u).altitude = "moderate";
    h.targetId = sky.id; sky.targetId = h.id;
    // Initiative skyrider 10, griffon 50, harpy 90: the harpy acts first.
    const dice = recordDice(sim, [10, 50, 90, 50, 40, 30]);
    const ev = run(sim, 1);
    expect(lines(ev).filter((l) => !l.includes("guardedMove"))).toEqual([
      `1 attack attackerId=${h.id} targetId=${sky.id} hit=true attackRoll=50 defenceRoll=40 natural=50 airModifier=0 damageRoll=30`,
      `1 damaged targetId=${sky.id} sourceId=${h.id} amount=30 damageType=melee hp=120 critical=false`,
    ]);
    expect([d100Of(h).canCharge, h.x, h.y, dice.draws.slice(3), dice.left()]).toEqual([false, 4, 5, ["d100=50", "d100=40", "1..100=30"], 0]);
  });

  it("P100-AIR-01: the aerial rules apply once one side flies, here by riding: a scout's arrow at a skyrider on its griffon at low height is an aerial attack (its event carries natural, airModifier 0 and the damage roll); the same arrow at a warrior on foot is not", () => {
    for (const mounted of [true, false]) {
      const sim = d100Sim();
      const s = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
      const t = adventurer(sim, mounted ? "Skyrider" : "Warrior", 9, 5, mounted ? { weapon: "spear" } : {});
      setFaction(sim, t, "keeper");
      if (mounted) for (const u of [t, companion(sim, t)]) d100Of(u).altitude = "low";
      s.targetId = t.id;
      const dice = recordDice(sim, mounted ? [90, 10, 5, 70, 60, 10] : [90, 10, 70, 60, 10]);
      const ev = run(sim, 1);
      expect(lines(ev).slice(0, 2)).toEqual([
        `1 attack attackerId=${s.id} targetId=${t.id} hit=true attackRoll=70 defenceRoll=60${mounted ? " natural=70 airModifier=0 damageRoll=10" : ""}`,
        `1 damaged targetId=${t.id} sourceId=${s.id} amount=10 damageType=ranged hp=${mounted ? 140 : 190} critical=false`,
      ]);
      expect([dice.draws.slice(-3), dice.left()]).toEqual([["d100=70", "d100=60", "1..100=10"], 0]);
    }
  });
});
