import { describe, expect, it } from "vitest";
import { WEAPONS, type WeaponName } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, hero, minion } from "../encounters/helpers.ts";
import { creature, of, plain, run } from "./live-helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";

/**
 * Issue 17, sweep s8 (stress point 4, every case of a list): the damage type of every weapon of
 * the game (D20-DAMAGE-01) and each listed case of D20-DAMAGE-11 (brute force: fists, hammers and
 * the like), D20-DAMAGE-12 (piercing: spears, bites) and D20-DAMAGE-20 (slashing: swords, axes,
 * claws), played in a live d20 room (the AI's turns, `sim.step()`), dice recorded with their size
 * (diceRecorder.ts). Decision (docs/rules-decisions.md, "Damage types of weapons and sources"):
 * the d20 type is the shared weapon table's kind, the dice the d20 table's (sword 1d8 for edged
 * weapons, mace 1d6 for blunt ones, bow 1d6 for ranged ones, fists a flat 1).
 */

/** A plain level-1 hero (skill 0) wielding `weapon` hits the AC-11 minion `distance` tiles east (15), its damage die `roll`: draws and the damaged event. */
function blow(weapon: WeaponName, roll: number | null, distance = 1) {
  const w = WEAPONS[weapon];
  const sim = d20Sim();
  const a = hero(sim, 5, 5, { gear: { weapon, blunt: w.blunt, ranged: w.ranged, armour: "none", helm: 0 } });
  const m = minion(sim, 5 + distance, 5);
  plain([a, m]);
  a.targetId = m.id;
  const rec = recordD20Dice(sim, roll === null ? [20, 1, 15] : [20, 1, 15, roll]);
  const ev = sim.step();
  expect(rec.left()).toBe(0);
  return { draws: rec.draws.slice(2), dealt: of(ev, "damaged").map((e) => [e.targetId === m.id, e.amount, e.damageType]) };
}

describe("every weapon deals its damage type in a live d20 room (D20-DAMAGE-01, D20-DAMAGE-11, D20-DAMAGE-12, D20-DAMAGE-20)", () => {
  it("D20-DAMAGE-11: brute force deals bludgeoning: fists (a flat 1, no die), club, staff, mace, hammer and maul (1d6 = 5), sling (1d6 = 5, shot from 3 tiles)", () => {
    expect(blow("fists", null)).toEqual({ draws: ["d20=15"], dealt: [[true, 1, "bludgeoning"]] });
    for (const w of ["club", "staff", "mace", "hammer", "maul"] as const) expect([w, blow(w, 5)]).toEqual([w, { draws: ["d20=15", "d6=5"], dealt: [[true, 5, "bludgeoning"]] }]);
    expect(blow("sling", 5, 3)).toEqual({ draws: ["d20=15", "d6=5"], dealt: [[true, 5, "bludgeoning"]] });
  });

  it("D20-DAMAGE-12: piercing and impaling weapons deal piercing: spear, dagger, pitchfork (1d8 = 7), bow and crossbow (1d6 = 6, shot from 3 tiles)", () => {
    for (const w of ["spear", "dagger", "pitchfork"] as const) expect([w, blow(w, 7)]).toEqual([w, { draws: ["d20=15", "d8=7"], dealt: [[true, 7, "piercing"]] }]);
    for (const w of ["bow", "crossbow"] as const) expect([w, blow(w, 6, 3)]).toEqual([w, { draws: ["d20=15", "d6=6"], dealt: [[true, 6, "piercing"]] }]);
  });

  it("D20-DAMAGE-20: swords and axes deal slashing (1d8 = 7)", () => {
    for (const w of ["sword", "axe"] as const) expect([w, blow(w, 7)]).toEqual([w, { draws: ["d20=15", "d8=7"], dealt: [[true, 7, "slashing"]] }]);
  });

  it("D20-DAMAGE-01: every weapon of the shared table has a damage type in play: each one's hit carries the d20 type of its kind", () => {
    const types = Object.fromEntries((Object.keys(WEAPONS) as WeaponName[]).map((w) => {
      const ranged = WEAPONS[w].ranged;
      const r = blow(w, w === "fists" ? null : 3, ranged ? 3 : 1);
      return [w, r.dealt[0]![2]];
    }));
    expect(types).toEqual({
      fists: "bludgeoning", claws: "slashing", bite: "piercing", club: "bludgeoning", staff: "bludgeoning", mace: "bludgeoning",
      maul: "bludgeoning", hammer: "bludgeoning", dagger: "piercing", spear: "piercing", pitchfork: "piercing", sword: "slashing",
      axe: "slashing", bow: "piercing", crossbow: "piercing", sling: "bludgeoning",
    });
  });

  // The wolf's bite also makes the hero bleed (D20-STATUS-10): 1d4 = 2 slashing at the start of its turn.
  for (const [species, type, id, bleed] of [["bear", "slashing", "D20-DAMAGE-20", []], ["wolf", "piercing", "D20-DAMAGE-12", [2]]] as const) {
    it(`${id}: a ${species}'s ${type === "slashing" ? "claws" : "bite"} deal ${type}: its blow 15 hits the hero, 1d8 = 7`, () => {
      const sim = d20Sim();
      const a = hero(sim, 5, 5);
      const c = creature(sim, species, 6, 5);
      plain([a, c]);
      a.targetId = c.id;
      // initiative hero 1, creature 20; the creature's blow 15, its die 7; the hero's natural 1.
      const rec = recordD20Dice(sim, [1, 20, 15, 7, ...bleed, 1]);
      const ev = run(sim, 2);
      expect(rec.left()).toBe(0);
      expect(rec.draws).toEqual(["d20=1", "d20=20", "d20=15", "d8=7", ...bleed.map((b) => `d4=${b}`), "d20=1"]);
      expect(of(ev, "damaged").map((e) => [e.targetId, e.amount, e.damageType])).toEqual([[a.id, 7, type], ...bleed.map((b) => [a.id, b, "slashing"])]);
      expect(d20Of(a).hp).toBe(93 - bleed.reduce((x, y) => x + y, 0));
    });
  }
});

describe("a damage type has no rule of its own (D20-DAMAGE-06)", () => {
  it("D20-DAMAGE-06: the same blow (d20 15, its die 5) deals 5 to a plain minion whatever its type (a club's bludgeoning, a spear's piercing, an axe's slashing); only a rule that refers to a type changes it: a gargoyle (−2, then resisting non-magical damage) takes (5 − 2) / 2 = 1 of each", () => {
    const dealt = (weapon: WeaponName, species?: "gargoyle") => {
      const w = WEAPONS[weapon];
      const sim = d20Sim();
      const a = hero(sim, 5, 5, { gear: { weapon, blunt: w.blunt, ranged: w.ranged, armour: "none", helm: 0 } });
      const t = species ? creature(sim, species, 6, 5) : minion(sim, 6, 5);
      plain([a, t]);
      a.targetId = t.id;
      const rec = recordD20Dice(sim, [20, 1, 15, 5]);
      const ev = sim.step();
      expect(rec.left()).toBe(0);
      return of(ev, "damaged").map((e) => [e.amount, e.damageType]);
    };
    expect((["club", "spear", "axe"] as const).map((w) => dealt(w))).toEqual([[[5, "bludgeoning"]], [[5, "piercing"]], [[5, "slashing"]]]);
    expect((["club", "spear", "axe"] as const).map((w) => dealt(w, "gargoyle"))).toEqual([[[1, "bludgeoning"]], [[1, "piercing"]], [[1, "slashing"]]]);
  });
});
