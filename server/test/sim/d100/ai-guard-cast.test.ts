import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, forceDice, of } from "./fixtures.ts";
import { player } from "../actors.ts";

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

/**
 * A wall (row 4) with one gap at x = 6 between the hero's corridor (row 5, closed below but for
 * one niche at (5, 6)) and the room above: the way from (2, 5) to a foe at (2, 2) runs east along
 * row 5 past the niche, through the gap and back west.
 */
const GAP = [
  "...........P",
  "............",
  "............",
  "............",
  "######.#####",
  "............",
  "#####.######",
  "SK..........",
].join("\n");

function d100Sim(map = ARENA, seed = 1): Simulation {
  return Simulation.create({ seed, ruleset: "d100", map: parseMap("t", map) });
}

describe("the d100 AI's guarded moves (issue 8 gap 3, P100-MOVE-03 to 06)", () => {
  it("P100-MOVE-05, P100-MOVE-06: a warrior whose way to its foe passes a minion's niche makes a guarded move of 1 tile instead", () => {
    const sim = d100Sim(GAP);
    const w = adventurer(sim, "Warrior", 2, 5);
    const t = addUnit(sim, { kind: "minion", x: 2, y: 2 });
    const h = addUnit(sim, { kind: "minion", x: 5, y: 6 });
    w.targetId = t.id;
    // Initiative (by id): warrior 90, minions 10 and 20. Both minions are 3 tiles away; the lower id (t) is the target.
    // A normal move of 6 tiles east along row 5 would leave (4, 5) and (5, 5), next to h: an opportunity attack.
    const dice = forceDice(sim, [90, 10, 20]);
    const events = sim.step();
    expect(of(events, "encounterStarted")[0]!.order).toEqual([w.id, h.id, t.id]);
    expect(of(events, "guardedMove").map((e) => [e.unitId, e.from, e.to, e.tiles])).toEqual([[w.id, { x: 2, y: 5 }, { x: 3, y: 5 }, 1]]);
    expect([of(events, "reaction"), of(events, "attack"), w.x, w.y, dice.left()]).toEqual([[], [], 3, 5, 0]);
  });

  it("P100-MOVE-01, P100-MOVE-02 (server decision): with nobody to pass, the same warrior makes its normal move of 6 tiles (no guard)", () => {
    const sim = d100Sim(GAP);
    const w = adventurer(sim, "Warrior", 2, 5);
    const t = addUnit(sim, { kind: "minion", x: 2, y: 2 });
    w.targetId = t.id;
    const dice = forceDice(sim, [90, 10]);
    const events = sim.step();
    expect(of(events, "guardedMove")).toEqual([]);
    // Six tiles along the way through the gap, (3, 5) (4, 5) (5, 5) (6, 4) (5, 3) (4, 3): 2 tiles short of t, no attack.
    expect([w.x, w.y, of(events, "attack"), dice.left()]).toEqual([4, 3, [], 0]);
  });
});

describe("the d100 AI's offensive spell (issue 8 gap 3, P100-SPELL)", () => {
  function bossFight(): { sim: Simulation; master: UnitRecord; hero: UnitRecord; big: UnitRecord } {
    const sim = d100Sim();
    const master = addUnit(sim, { kind: "master", x: 5, y: 5 });
    const hero = adventurer(sim, "Scout", 9, 5);
    const big = adventurer(sim, "Warrior", 10, 7);
    hero.targetId = master.id;
    return { sim, master, hero, big };
  }

  it("P100-SPELL-01 to 06: the Master casts its one spell at the foe in range with the most HP (the 200-HP warrior), spending its charge", () => {
    const { sim, master, big } = bossFight();
    // Initiative: Master 90, scout 10, warrior 20. The Master's bolt: 70 against a dodge of 20, damage 40 → 160 HP.
    const dice = forceDice(sim, [90, 10, 20, 70, 20, 40]);
    const events = sim.step();
    expect(of(events, "spellCast").map((e) => [e.unitId, e.spellId, e.targetId, e.chargesLeft])).toEqual([[master.id, "shadowBolt", big.id, 0]]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll, e.defenceRoll, e.hit])).toEqual([[master.id, big.id, 70, 20, true]]);
    expect([d100Of(big).hp, d100Of(master).spells[0]!.charges, master.x, master.y, dice.left()]).toEqual([160, 0, 5, 5, 0]);
  });

  it("P100-CRIT-02: a critical bolt deals 1.5 × its damage roll (40 → 60)", () => {
    const { sim, big } = bossFight();
    const dice = forceDice(sim, [90, 10, 20, 97, 40]);
    sim.step();
    expect([d100Of(big).hp, dice.left()]).toEqual([140, 0]);
  });

  it("Left open FUMBLE: a botched bolt (natural 3, the target cannot strike back from 5 tiles) keeps its charge", () => {
    const { sim, master, big } = bossFight();
    const dice = forceDice(sim, [90, 10, 20, 3]);
    const events = sim.step();
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll, e.hit])).toEqual([[master.id, big.id, 3, false]]);
    expect([d100Of(big).hp, d100Of(master).spells[0]!.charges, dice.left()]).toEqual([200, 1, 0]);
  });

  it("P100-SPELL-05, P100-SPELL-07: with its charge spent (no recharge outside a boss fight), the caster walks and strikes instead", () => {
    const sim = d100Sim();
    const m = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    d100Of(m).spells = [{ id: "shadowBolt", charges: 0, maxCharges: 1, passive: false }];
    const hero = adventurer(sim, "Warrior", 8, 5);
    hero.targetId = m.id;
    // Initiative: minion 90, hero 10; no recharge (not a boss fight); the minion walks next to the hero and punches: 60 against 70, a miss.
    const dice = forceDice(sim, [90, 10, 60, 70]);
    const events = sim.step();
    expect(of(events, "spellCast")).toEqual([]);
    expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll, e.defenceRoll])).toEqual([[m.id, hero.id, 60, 70]]);
    expect([m.x, m.y, dice.left()]).toEqual([7, 5, 0]);
  });

  it("P100-DUEL-23: in a duel agreed without magic the minion may not cast, and strikes instead; with magic allowed it casts", () => {
    for (const noMagic of [true, false]) {
      const sim = d100Sim();
      const hero = adventurer(sim, "Warrior", 5, 5);
      hero.controller = "a1";
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      d100Of(m).spells = [{ id: "shadowBolt", charges: 1, maxCharges: 1, passive: false }];
      expect(sim.enqueue(player(hero.id), { type: "proposeDuel", unitId: hero.id, opponentId: m.id, toDeath: false, noMagic })).toMatchObject({ ok: true });
      const proposal = Object.keys(sim.state.duelProposals!)[0]!;
      // Initiative (the challenger first): hero 10, minion 90; the minion's action: 60 against 70 (a miss).
      const dice = forceDice(sim, [10, 90, 60, 70]);
      expect(sim.apply({ type: "answerDuel", proposalId: proposal, accept: true })).toEqual({ ok: true });
      const events = sim.step();
      expect(d100Of(m).duel?.terms?.noMagic).toBe(noMagic);
      expect(of(events, "spellCast").length).toBe(noMagic ? 0 : 1);
      expect(of(events, "attack").map((e) => [e.attackerId, e.targetId, e.attackRoll, e.defenceRoll])).toEqual([[m.id, hero.id, 60, 70]]);
      expect([d100Of(m).spells[0]!.charges, dice.left(), encounterOf(sim, hero.id) !== undefined]).toEqual([noMagic ? 1 : 0, 0, true]);
    }
  });
});
