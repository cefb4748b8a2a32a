import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./diceRecorder.ts";
import { keeperCreatureTurn, of, plain } from "./live-helpers.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { D20_CLASS_SPELLS, type SpeciesId } from "@malignus/shared";

/*
 * Audit a8-w8101 (issue 17): live d20 rooms, every draw recorded (diceRecorder.ts).
 */

describe("audit w1: the server decides who might be surprised, creature by creature (D20-FLOW-06)", () => {
  it("D20-FLOW-06: the hidden hero (Stealth d20 12 + 0) attacks two minions: the one of passive Perception 11 is surprised, the one of passive 13 is not, and the hero (its foes in the open) is not; the first turn (minion 2, initiative 18) strikes (a natural 1), the surprised one's turn passes with no die", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m1 = minion(sim, 6, 5);
    const m2 = minion(sim, 6, 4);
    plain([a, m1, m2]);
    d20Of(a).skills.discretion = 0;
    d20Of(m1).abilities.perception = 1; d20Of(m1).skills.vigilance = 0; // passive 10 + 1 + 0 = 11
    d20Of(m2).abilities.perception = 3; d20Of(m2).skills.vigilance = 0; // passive 13
    addStatus(d20Of(a).statuses, "hidden");
    a.targetId = m1.id;
    // The hero's Stealth 12; initiative hero 3, m1 10, m2 18; m2's blow a natural 1.
    const dice = recordD20Dice(sim, [12, 3, 10, 18, 1]);
    const ev = sim.step();
    const start = of(ev, "encounterStarted")[0]!;
    expect([start.surprised, start.order, start.initiative]).toEqual([[m1.id], [m2.id, m1.id, a.id], { [a.id]: 3, [m1.id]: 10, [m2.id]: 18 }]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.attackRoll, e.hit])).toEqual([[m2.id, 1, false]]);
    expect([dice.draws, dice.left()]).toEqual([["d20=12", "d20=3", "d20=10", "d20=18", "d20=1"], 0]);
    // The next tick: m1's turn, surprised, passes with no die.
    const next = recordD20Dice(sim, []);
    const ev2 = sim.step();
    expect([of(ev2, "turnStarted").map((t) => t.unitId), of(ev2, "attack"), next.draws, next.left()]).toEqual([[m1.id], [], [], 0]);
  });
});

const encOf = (sim: Simulation) => Object.values(sim.state.encounters ?? {})[0]!;

describe("audit w1: every spell and technique has its damage type in play (D20-DAMAGE-01)", () => {
  /**
   * The keeper plays `species` at (8, 5) against a hero at (5, 5) (plain sheets, 100 HP): its plan
   * casts `spell` at the hero (an area one on the hero's tile); an attack spell hits (d20 15),
   * then its damage die rolls 2. Returns the damage dealt and the recorded draws.
   */
  const cast = (species: SpeciesId, spell: string, area: boolean) => {
    const sim = d20Sim();
    const { a, c } = keeperCreatureTurn(sim, species, 8);
    encOf(sim).plans[c.id] = { steps: area ? [{ kind: "cast", spell, x: 5, y: 5 }] : [{ kind: "cast", spell, targetId: a.id }] };
    const dice = recordD20Dice(sim, area ? [2] : [15, 2]);
    const dealt = of(sim.step(), "damaged").map((e) => [e.sourceId === c.id, e.targetId === a.id, e.amount, e.damageType]);
    return { dealt, draws: dice.draws, left: dice.left() };
  };

  it("D20-DAMAGE-01: each of the Master's spells deals its own type: blind 1d4 magic, silence 1d4 psychic, madness 1d4 psychic, firebolt 1d6 burn, acid dart 1d4 acid; the areas (no attack roll) acid rain 1d4 acid, miasma 1d4 poison, wall of fire 1d4 burn", () => {
    const out = ([
      ["blind", false], ["silence", false], ["madness", false], ["firebolt", false], ["acidDart", false],
      ["acidRain", true], ["miasma", true], ["fireWall", true],
    ] as const).map(([spell, area]) => [spell, cast("master", spell, area)]);
    expect(out).toEqual([
      ["blind", { dealt: [[true, true, 2, "magic"]], draws: ["d20=15", "d4=2"], left: 0 }],
      ["silence", { dealt: [[true, true, 2, "psychic"]], draws: ["d20=15", "d4=2"], left: 0 }],
      ["madness", { dealt: [[true, true, 2, "psychic"]], draws: ["d20=15", "d4=2"], left: 0 }],
      ["firebolt", { dealt: [[true, true, 2, "burn"]], draws: ["d20=15", "d6=2"], left: 0 }],
      ["acidDart", { dealt: [[true, true, 2, "acid"]], draws: ["d20=15", "d4=2"], left: 0 }],
      ["acidRain", { dealt: [[true, true, 2, "acid"]], draws: ["d4=2"], left: 0 }],
      ["miasma", { dealt: [[true, true, 2, "poison"]], draws: ["d4=2"], left: 0 }],
      ["fireWall", { dealt: [[true, true, 2, "burn"]], draws: ["d4=2"], left: 0 }],
    ]);
  });

  it("D20-DAMAGE-01: a creature's technique deals its own type: the giant bat's screech 1d2 psychic (d20 15 hits, its d2 2)", () => {
    expect(cast("giantBat", "screech", false)).toEqual({ dealt: [[true, true, 2, "psychic"]], draws: ["d20=15", "d2=2"], left: 0 });
  });

  it("D20-DAMAGE-01: the classes' spells and techniques deal their own type: the Skyrider's gust 1d6 magic, the Priest's smite 1d8 magic (d20 15 hits, the die 2); the Locksmith's oil flask, an area, a flat 1 bludgeoning (no die)", () => {
    const heroCasts = (cls: "Skyrider" | "Priest" | "Locksmith", spell: string, area: boolean) => {
      const sim = d20Sim();
      const h = hero(sim, 5, 5, { adventurerClass: cls, controller: "seat-a" });
      const m = minion(sim, 7, 5);
      plain([h, m]);
      const k = D20_CLASS_SPELLS[cls]!;
      Object.assign(d20Of(h), { spells: k.spells.map((sp) => ({ ...sp })), mana: k.mana, stamina: k.stamina });
      h.targetId = m.id;
      recordD20Dice(sim, [20, 1]); // initiative: the hero 20, the minion 1; the hero's turn waits for its plan
      sim.step();
      encOf(sim).plans[h.id] = { steps: area ? [{ kind: "cast", spell, x: 7, y: 5 }] : [{ kind: "cast", spell, targetId: m.id }] };
      const dice = recordD20Dice(sim, area ? [] : [15, 2]);
      const dealt = of(sim.step(), "damaged").map((e) => [e.sourceId === h.id, e.targetId === m.id, e.amount, e.damageType]);
      return { dealt, draws: dice.draws, left: dice.left() };
    };
    expect(heroCasts("Skyrider", "gust", false)).toEqual({ dealt: [[true, true, 2, "magic"]], draws: ["d20=15", "d6=2"], left: 0 });
    expect(heroCasts("Priest", "smite", false)).toEqual({ dealt: [[true, true, 2, "magic"]], draws: ["d20=15", "d8=2"], left: 0 });
    expect(heroCasts("Locksmith", "oilFlask", true)).toEqual({ dealt: [[true, true, 1, "bludgeoning"]], draws: [], left: 0 });
  });
});
