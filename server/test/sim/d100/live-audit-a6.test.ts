import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, d100Sim, kobolds, lines, playPlan, recordDice } from "./fixtures.ts";

/**
 * Issue 17 audit a6 (/work/wt/audit-a6.md): live tests for the P100 rules the audit found weakly
 * tested. Every fight runs through `Simulation.step` with the player's plan in its encounter and
 * forced dice; `recordDice` lists every die the rules asked for.
 */

describe("audit a6: one action a turn", () => {
  it("P100-BASE-06: a player's Master next to a warrior chooses one action: after its bolt the attack is refused (actionSpent); after its attack the bolt is refused and keeps its charge", () => {
    for (const first of ["cast", "attack"] as const) {
      const sim = d100Sim();
      const master = addUnit(sim, { kind: "master", x: 5, y: 5 });
      master.controller = "k1";
      const hero = adventurer(sim, "Warrior", 6, 5);
      hero.targetId = master.id;
      // Initiative: Master 90, warrior 10; the Master's turn waits for its plan.
      recordDice(sim, [90, 10]);
      sim.step();
      const cast = { kind: "cast", targetId: hero.id, spell: "shadowBolt" };
      const attack = { kind: "attack", targetId: hero.id };
      // The chosen action: 60 against a dodge of 30, damage 40; the second step draws nothing.
      const dice = recordDice(sim, [60, 30, 40]);
      const ev = playPlan(sim, master, { action: "steps", steps: first === "cast" ? [cast, attack] : [attack, cast] });
      const played = lines(ev).filter((l) => !l.includes("turnStarted"));
      expect(played.filter((l) => l.includes("turnPlanPlayed"))).toEqual([`2 turnPlanPlayed unitId=${master.id} refusals=[null,"actionSpent"]`]);
      expect(played.filter((l) => / (attack|spellCast) /.test(l))).toEqual([
        ...(first === "cast" ? [`2 spellCast unitId=${master.id} spellId=shadowBolt targetId=${hero.id} chargesLeft=0`] : []),
        `2 attack attackerId=${master.id} targetId=${hero.id} hit=true attackRoll=60 defenceRoll=30`,
      ]);
      // The damage die is the chosen action's own: the bolt's 30..80, or the Master's bare hands' 1..50 (unarmed).
      expect([d100Of(hero).hp, d100Of(master).spells.map((s) => [s.id, s.charges]), dice.draws, dice.left()])
        .toEqual([160, [["shadowBolt", first === "cast" ? 0 : 1]], ["d100=60", "d100=30", first === "cast" ? "30..80=40" : "1..50=40"], 0]);
    }
  });
});

describe("audit a6: immobilised", () => {
  it("P100-STATUS-05: a player's immobilised warrior cannot move: its move and its guarded move are refused (cannotMove) and it stays on (5, 5); without the status the same guarded move takes it to (4, 5)", () => {
    for (const immobilised of [true, false]) {
      for (const kind of ["move", "guardedMove"] as const) {
        const sim = d100Sim();
        const hero = adventurer(sim, "Warrior", 5, 5);
        hero.controller = "a1";
        const m = addUnit(sim, { kind: "minion", x: 9, y: 5 });
        hero.targetId = m.id;
        recordDice(sim, [90, 10]);
        sim.step();
        if (immobilised) addStatus(d100Of(hero), "immobilised", 2);
        const dice = recordDice(sim, []);
        const ev = playPlan(sim, hero, { action: "steps", steps: [{ kind, x: 4, y: 5 }], keepTurn: true });
        expect(lines(ev).filter((l) => l.includes("turnPlanPlayed"))).toEqual([`2 turnPlanPlayed unitId=${hero.id} refusals=[${immobilised ? '"cannotMove"' : "null"}]`]);
        expect([hero.x, hero.y, encounterOf(sim, hero.id)?.openTurn?.unitId, dice.draws]).toEqual([immobilised ? 5 : 4, 5, hero.id, []]);
      }
    }
  });
});

describe("audit a6: an area ability's rolls against a swarm", () => {
  it("P100-MASS-21, P100-MASS-23: a player's locksmith throws its powder at kobold 3 of the pack: 3 tiles off, its 3 d100 belong to kobold 3 (the chosen one), then 2 and 5 (the nearest others, 2 tiles); 60 kills 3, 40 spares 2 though it stands nearer, 51 kills 5; each attack event names its own kobold and roll", () => {
    const sim = d100Sim();
    const h = adventurer(sim, "Locksmith", 6, 5, { weapon: "dagger" });
    h.controller = "a1";
    const ks = kobolds(sim, [[8, 5], [9, 5], [10, 5], [8, 6], [9, 6], [10, 6]]);
    h.targetId = ks[0]!.id;
    // Initiative: the locksmith 90, the pack 10..15; the locksmith's turn waits for its plan.
    recordDice(sim, [90, 10, 11, 12, 13, 14, 15]);
    sim.step();
    const dice = recordDice(sim, [60, 40, 51]);
    const ev = playPlan(sim, h, { action: "steps", steps: [{ kind: "cast", targetId: ks[1]!.id, spell: "blindingPowder" }] });
    expect(lines(ev).filter((l) => !l.includes("turnStarted"))).toEqual([
      `2 spellCast unitId=${h.id} spellId=blindingPowder targetId=${ks[1]!.id} chargesLeft=0`,
      `2 attack attackerId=${h.id} targetId=${ks[1]!.id} hit=true attackRoll=60 defenceRoll=0`,
      `2 knockedOut unitId=${ks[1]!.id} outcome=dead cause=hitPoints`,
      `2 attack attackerId=${h.id} targetId=${ks[0]!.id} hit=false attackRoll=40 defenceRoll=0`,
      `2 attack attackerId=${h.id} targetId=${ks[3]!.id} hit=true attackRoll=51 defenceRoll=0`,
      `2 knockedOut unitId=${ks[3]!.id} outcome=dead cause=hitPoints`,
      `2 turnPlanPlayed unitId=${h.id} refusals=[null]`,
    ]);
    expect([ks.map((k) => d100Of(k).dead), dice.draws, dice.left()]).toEqual([[false, true, false, true, false, false], ["d100=60", "d100=40", "d100=51"], 0]);
  });
});
