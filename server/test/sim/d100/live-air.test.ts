import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { speciesFields } from "../../../src/sim/combat/creatures.ts";
import { adventurer, companion, d100Sim, lines, playPlan, recordDice, run } from "./fixtures.ts";

/**
 * Aerial fights in live d100 play (issue 17, P100-AIR-06 to 10, 17, 19, 26): flyers set at a
 * height, then `Simulation.step` with forced dice and every draw recorded. An aerial `attack`
 * event carries the natural roll, the flat aerial modifier and the damage roll.
 */

describe("d100 aerial modifiers in live fights", () => {
  it("P100-AIR-08, P100-AIR-16, P100-AIR-19: a scout's arrow at a gargoyle at high height gets −20 (70 counts 50); a damage roll of 90 unseats it and the fall from high takes half its maximum HP (300 → 150), not of what was left", () => {
    const sim = d100Sim();
    const s = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
    Object.assign(d100Of(g), { altitude: "high", hp: 300, maxHp: 300 });
    s.targetId = g.id;
    const dice = recordDice(sim, [90, 10, 70, 40, 90]);
    const ev = run(sim, 1);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${s.id} targetId=${g.id} hit=true attackRoll=50 defenceRoll=40 natural=70 airModifier=-20 damageRoll=90`,
      `1 damaged targetId=${g.id} sourceId=${s.id} amount=240 damageType=ranged hp=60 critical=false`,
      `1 altitudeChanged unitId=${g.id} altitude=ground cause=fall`,
    ]);
    expect([d100Of(g).altitude, dice.draws, dice.left()]).toEqual(["ground", ["d100=90", "d100=10", "d100=70", "d100=40", "1..100=90"], 0]);
  });

  it("P100-AIR-09: a gargoyle at high height slinging at the scout below gets −20 to its own roll: 70 counts 50", () => {
    const sim = d100Sim();
    const s = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
    d100Of(g).altitude = "high";
    g.targetId = s.id; s.targetId = g.id;
    const dice = recordDice(sim, [10, 90, 70, 40, 30, 1, 1, 1, 1]);
    const ev = run(sim, 1);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${g.id} targetId=${s.id} hit=true attackRoll=50 defenceRoll=40 natural=70 airModifier=-20 damageRoll=30`,
      `1 damaged targetId=${s.id} sourceId=${g.id} amount=30 damageType=ranged hp=120 critical=false`,
    ]);
    expect([d100Of(g).altitude, dice.draws.slice(0, 5), dice.left()]).toEqual(["high", ["d100=10", "d100=90", "d100=70", "d100=40", "1..100=30"], 4]);
  });

  it("P100-AIR-17: a scout's critical arrow (natural 96) at a gargoyle at moderate height unseats it with a damage roll of 51 (76 damage, then half of the 224 left); a roll of 50 (75 damage) leaves it aloft", () => {
    for (const [roll, fell] of [[51, true], [50, false]] as const) {
      const sim = d100Sim();
      const s = adventurer(sim, "Scout", 5, 5, { weapon: "bow", ranged: true });
      const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 9, y: 5 });
      Object.assign(d100Of(g), { altitude: "moderate", hp: 300, maxHp: 300 });
      s.targetId = g.id;
      const dice = recordDice(sim, [90, 10, 96, roll]);
      const ev = run(sim, 1);
      const damage = Math.floor(roll * 1.5), left = 300 - damage;
      expect(lines(ev)).toEqual([
        `1 attack attackerId=${s.id} targetId=${g.id} hit=true attackRoll=116 defenceRoll=0 natural=96 airModifier=20 damageRoll=${roll}`,
        `1 damaged targetId=${g.id} sourceId=${s.id} amount=${fell ? damage + Math.floor(left / 2) : damage} damageType=ranged hp=${fell ? left - Math.floor(left / 2) : left} critical=true`,
        ...(fell ? [`1 altitudeChanged unitId=${g.id} altitude=ground cause=fall`] : []),
      ]);
      expect([d100Of(g).altitude, dice.left()]).toEqual([fell ? "ground" : "moderate", 0]);
    }
  });

  it("P100-AIR-06, P100-AIR-10: a kobold's hex (a magic attack) at a heroes' harpy: at moderate height unmodified (60 counts 60), at high height −40 (60 counts 20)", () => {
    for (const [altitude, modifier] of [["moderate", 0], ["high", -40]] as const) {
      const sim = d100Sim();
      const h = addUnit(sim, { kind: "creature", species: "harpy", faction: "heroes", x: 5, y: 5 });
      const k = addUnit(sim, { kind: "creature", species: "kobold", x: 8, y: 5 });
      d100Of(h).altitude = altitude;
      k.targetId = h.id; h.targetId = k.id;
      const dice = recordDice(sim, [10, 90, 60, 30]);
      const ev = run(sim, 1);
      expect(lines(ev).slice(0, 2)).toEqual([
        `1 spellCast unitId=${k.id} spellId=hex targetId=${h.id} chargesLeft=0`,
        `1 attack attackerId=${k.id} targetId=${h.id} hit=${60 + modifier > 30} attackRoll=${60 + modifier} defenceRoll=30 natural=60 airModifier=${modifier} damageRoll=0`,
      ]);
      expect([dice.draws, dice.left()]).toEqual([["d100=10", "d100=90", "d100=60", "d100=30"], 0]);
    }
  });

  it("P100-AIR-26, P100-AIR-22: a skyrider on its griffon put out of action by an arrow at moderate height dies at once, its griffon with it (no dying phase); the same arrow on the ground leaves both out of action, the rider dying", () => {
    for (const altitude of ["moderate", "ground"] as const) {
      const sim = d100Sim();
      const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
      const griffon = companion(sim, sky);
      const g = addUnit(sim, { kind: "adventurer", faction: "keeper", adventurerClass: "Scout", level: 1, x: 9, y: 5, gear: { weapon: "bow", blunt: false, ranged: true, armour: "none", helm: 0 } });
      for (const u of [sky, griffon]) d100Of(u).altitude = altitude;
      d100Of(sky).hp = 40;
      g.targetId = sky.id; sky.targetId = g.id;
      // Initiative skyrider 10, griffon 20, a renegade scout 90: its arrow hits (60, or 80 against a flyer at moderate height, against 20) for 50 (not above 80: no fall).
      const dice = recordDice(sim, [10, 20, 90, 60, 20, 50]);
      const ev = run(sim, 1);
      const out = altitude === "ground" ? "unconscious" : "dead";
      expect(lines(ev).filter((l) => l.includes("knockedOut") || l.includes("damaged"))).toEqual([
        `1 damaged targetId=${sky.id} sourceId=${g.id} amount=50 damageType=ranged hp=-10 critical=false`,
        `1 knockedOut unitId=${sky.id} outcome=${out} cause=hitPoints`,
        `1 knockedOut unitId=${griffon.id} outcome=${out} cause=hitPoints`,
      ]);
      expect([d100Of(sky).dead, d100Of(sky).dying, sky.activity, dice.left()]).toEqual([altitude !== "ground", altitude === "ground", altitude === "ground" ? "unconscious" : "dead", 0]);
    }
  });

  it("P100-AIR-13: a player's skyrider at high height cannot strike the gargoyle beside it at moderate height (refused, nothing drawn); once it has dropped to moderate height, it can", () => {
    const sim = d100Sim();
    const sky = adventurer(sim, "Skyrider", 5, 5, { weapon: "spear" });
    const griffon = companion(sim, sky);
    const g = addUnit(sim, { ...speciesFields("gargoyle"), x: 6, y: 5 });
    for (const u of [sky, griffon]) d100Of(u).altitude = "high";
    d100Of(g).altitude = "moderate";
    sky.controller = "a1";
    sky.targetId = g.id;
    recordDice(sim, [90, 50, 10]);
    sim.step(); // initiative: skyrider 90, griffon 50, gargoyle 10: the rider's turn waits for its plan
    const none = recordDice(sim, []);
    const refused = playPlan(sim, sky, { action: "steps", steps: [{ kind: "attack", targetId: g.id }], keepTurn: true });
    expect([lines(refused), none.draws]).toEqual([[`2 turnPlanPlayed unitId=${sky.id} refusals=["invalidTarget"]`], []]);
    // Dropping one level (its move), then the spear: 60 against 40, damage 30.
    const dice = recordDice(sim, [60, 40, 30]);
    const ev = playPlan(sim, sky, { action: "steps", steps: [{ kind: "descend" }, { kind: "attack", targetId: g.id }] });
    expect(lines(ev)).toEqual([
      `3 altitudeChanged unitId=${griffon.id} altitude=moderate cause=descend`,
      `3 altitudeChanged unitId=${sky.id} altitude=moderate cause=descend`,
      `3 attack attackerId=${sky.id} targetId=${g.id} hit=true attackRoll=60 defenceRoll=40 natural=60 airModifier=0 damageRoll=30`,
      `3 damaged targetId=${g.id} sourceId=${sky.id} amount=30 damageType=melee hp=90 critical=false`,
      `3 turnPlanPlayed unitId=${sky.id} refusals=[null,null]`,
    ]);
    expect(dice.left()).toBe(0);
  });
});
