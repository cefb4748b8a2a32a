import { describe, expect, it } from "vitest";
import { MAGIC_ADVANTAGE_BONUS, type SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, hero } from "../encounters/helpers.ts";
import { creature, of, plain } from "./live-helpers.ts";
import { attacks, foe, party } from "./live-turn.ts";
import { playRecordedTurn, recordD20Dice } from "./diceRecorder.ts";

/*
 * Audit a8-w4 (issue 17): the other side of the natural-20 threshold (D20-ATTACK-16) and every
 * pair of the table of magics (D20-DAMAGE-31), in live d20 rooms (`Simulation.step()`, the dice
 * recorded with their size by diceRecorder.ts).
 */

describe("audit w4: a natural 20 and nothing less is critical (D20-ATTACK-16)", () => {
  it("D20-ATTACK-16: the level-4 Warrior (Strength 2, weapon skill 2) at the AC-11 minion: a natural 19 (total 21) hits but is not critical: its 1d8 is drawn (3) + 2 = 5, critical=false; a natural 20 (total 22) is critical: no die, the 1d8 counts 8 + 2 = 10, critical=true", () => {
    const blow = (natural: number, dice: number[]) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"], { level: 4 });
      Object.assign(d20Of(w!).abilities, { strength: 2, agility: 5 });
      const m = foe(sim, 5);
      const t = playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [natural, ...dice]);
      return { w: w!, m, t };
    };
    const nineteen = blow(19, [3]);
    expect(nineteen.t.draws).toEqual(["d20=19", "d8=3"]);
    expect(attacks(nineteen.t.events)).toEqual([[nineteen.w.id, nineteen.m.id, true, 21, 11]]);
    expect(of(nineteen.t.events, "damaged").map((e) => [e.amount, e.critical, e.hp])).toEqual([[5, false, 25]]);
    const twenty = blow(20, []);
    expect(twenty.t.draws).toEqual(["d20=20"]);
    expect(attacks(twenty.t.events)).toEqual([[twenty.w.id, twenty.m.id, true, 22, 11]]);
    expect(of(twenty.t.events, "damaged").map((e) => [e.amount, e.critical, e.hp])).toEqual([[10, true, 20]]);
  });
});

describe("audit w4: every pair of the table of magics in play (D20-DAMAGE-31)", () => {
  /**
   * The AI Skyrider (Mental 0) at (5, 5) casts a 1d6 gust of `element` at the Master 4 tiles off,
   * the Master's own element set to `masterElement` (AC 16); the Skyrider's d20 `roll`, the d6 5.
   */
  const gust = (element: string, masterElement: string, roll: number) => {
    const sim = d20Sim();
    const s = hero(sim, 5, 5, { adventurerClass: "Skyrider" });
    const m = creature(sim, "master", 9, 5);
    plain([s, m]);
    d20Of(m).element = masterElement;
    d20Of(s).spells = [{ name: "gust", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d6", damageType: "magic", element, radius: 0 }];
    d20Of(s).mana = 4;
    s.targetId = m.id;
    const rec = recordD20Dice(sim, [20, 1, roll, 5]);
    const ev: SimEvent[] = sim.step();
    return { draws: rec.draws.slice(2), attack: of(ev, "attack").map((e) => [e.hit, e.attackRoll, e.defenceRoll]), dealt: of(ev, "damaged").map((e) => e.amount), left: rec.left() };
  };
  // The table (shared MAGIC_ADVANTAGE): fire beats ice, ice wind, wind earth, earth water, water fire.
  const TABLE: [string, string][] = [["fire", "ice"], ["ice", "wind"], ["wind", "earth"], ["earth", "water"], ["water", "fire"]];

  for (const [strong, weak] of TABLE) {
    it(`D20-DAMAGE-31: ${strong} beats ${weak}: a ${strong} gust on a ${weak} Master (AC 16) deals the d6 5 + ${MAGIC_ADVANTAGE_BONUS} = 7 on a d20 17; a ${weak} gust on a ${strong} Master meets AC 16 + 2 = 18: the 17 misses (the d6 5 is left undrawn), the 18 hits for the bare 5`, () => {
      expect(gust(strong, weak, 17)).toEqual({ draws: ["d20=17", "d6=5"], attack: [[true, 17, 16]], dealt: [7], left: 0 });
      expect(gust(weak, strong, 17)).toEqual({ draws: ["d20=17"], attack: [[false, 17, 18]], dealt: [], left: 1 });
      expect(gust(weak, strong, 18)).toEqual({ draws: ["d20=18", "d6=5"], attack: [[true, 18, 18]], dealt: [5], left: 0 });
    });
  }

  it("D20-DAMAGE-31: a kind neither beats nor is beaten by the other (fire on wind, fire on earth, fire on fire): AC 16, the bare d6 5", () => {
    for (const other of ["wind", "earth", "fire"]) {
      expect(gust("fire", other, 16)).toEqual({ draws: ["d20=16", "d6=5"], attack: [[true, 16, 16]], dealt: [5], left: 0 });
    }
  });
});
