import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, d100Sim, kobolds, lines, playerBesideMinion, playPlan, recordDice, run } from "./fixtures.ts";
import { player } from "../actors.ts";

/**
 * Issue 17 audit a5 (/work/wt/audit-a5.md): live tests for the P100 rules the audit found weakly
 * tested. Every fight runs through `Simulation.step` (or the seat's command through
 * `Simulation.enqueue`) with forced dice; `recordDice` lists every die the rules asked for.
 */

describe("audit a5: turns", () => {
  it("P100-BASE-08: once the player's warrior has attacked, a move is refused (moveAfterAction) in the same list or in a later plan of the turn it kept open; it stays on (5, 5)", () => {
    const { sim, hero, m } = playerBesideMinion();
    // The attack: 60 against a dodge of 30, armed damage 25 (300 → 275); the move after it, in the same list, is refused.
    const dice = recordDice(sim, [60, 30, 25]);
    const ev = playPlan(sim, hero, { action: "steps", steps: [{ kind: "attack", targetId: m.id }, { kind: "move", x: 3, y: 5 }], keepTurn: true });
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${hero.id} targetId=${m.id} hit=true attackRoll=60 defenceRoll=30`,
      `2 damaged targetId=${m.id} sourceId=${hero.id} amount=25 damageType=melee hp=275 critical=false`,
      `2 turnPlanPlayed unitId=${hero.id} refusals=[null,"moveAfterAction"]`,
    ]);
    expect([hero.x, hero.y, encounterOf(sim, hero.id)?.openTurn?.unitId, dice.draws, dice.left()]).toEqual([5, 5, hero.id, ["d100=60", "d100=30", "1..100=25"], 0]);
    // The turn is still open: a guarded move (no opportunity attack to fear) is refused the same way, nothing drawn.
    const none = recordDice(sim, []);
    const later = playPlan(sim, hero, { action: "steps", steps: [{ kind: "guardedMove", x: 4, y: 5 }], keepTurn: true });
    expect(lines(later)).toEqual([`3 turnPlanPlayed unitId=${hero.id} refusals=["moveAfterAction"]`]);
    expect([hero.x, hero.y, none.draws]).toEqual([5, 5, []]);
    // A one-word plan `guardedMove` is refused too (invalidPlan): the AI plays what is left of the turn, nothing (no dice).
    const word = playPlan(sim, hero, { action: "guardedMove", x: 4, y: 5 });
    expect(lines(word)).toEqual([`4 turnPlanPlayed unitId=${hero.id} refusals=["invalidPlan"]`]);
    expect([hero.x, hero.y, encounterOf(sim, hero.id)?.openTurn, none.draws]).toEqual([5, 5, undefined, []]);
  });

  it("P100-SPELL-07, P100-SPELL-06, P100-SPELL-08: a locksmith spends its powder killing a minion, the fight ends; in the next ordinary fight it has no charge and stabs; against the Master, or in a room that recharges between fights, the powder is back and cast", () => {
    for (const [foeKind, recharge] of [["minion", false], ["master", false], ["minion", true]] as const) {
      const sim = d100Sim(recharge ? { rechargeBetweenFights: true } : undefined);
      const l = adventurer(sim, "Locksmith", 5, 5, { weapon: "dagger" });
      const m1 = addUnit(sim, { kind: "minion", x: 8, y: 5 });
      d100Of(m1).hp = 5;
      l.targetId = m1.id;
      // Fight 1: initiative locksmith 90, minion 10; the powder (its one charge) hits, 60 against 30, for 8 of 5..20: the minion dies.
      const first = recordDice(sim, [90, 10, 60, 30, 8]);
      expect(lines(run(sim, 1))).toEqual([
        `1 spellCast unitId=${l.id} spellId=blindingPowder targetId=${m1.id} chargesLeft=0`,
        `1 attack attackerId=${l.id} targetId=${m1.id} hit=true attackRoll=60 defenceRoll=30`,
        `1 damaged targetId=${m1.id} sourceId=${l.id} amount=8 damageType=magic hp=-3 critical=false`,
        `1 knockedOut unitId=${m1.id} outcome=dead cause=hitPoints`,
        "1 encounterEnded encounterId=3 rounds=1 reason=beaten",
      ]);
      expect([first.draws.at(-1), first.left(), d100Of(l).spells[0]!.charges, encounterOf(sim, l.id)]).toEqual(["5..20=8", 0, 0, undefined]);
      // Fight 2, a foe 3 tiles away (in the powder's range): initiative locksmith 90, foe 10.
      const foe = addUnit(sim, { kind: foeKind, x: 8, y: 6 });
      foe.targetId = l.id; l.targetId = foe.id;
      const recharged = foeKind === "master" || recharge;
      const dice = recordDice(sim, recharged ? [90, 10, 60, 30, 8] : [90, 10, 60, 30, 25]);
      const ev = sim.step();
      expect(ev.filter((e) => e.type === "encounterStarted")).toHaveLength(1);
      if (recharged) {
        const hp = foeKind === "master" ? d100Of(foe).maxHp - 8 : 52;
        expect(lines(ev)).toEqual([
          `2 spellCast unitId=${l.id} spellId=blindingPowder targetId=${foe.id} chargesLeft=0`,
          `2 attack attackerId=${l.id} targetId=${foe.id} hit=true attackRoll=60 defenceRoll=30`,
          `2 damaged targetId=${foe.id} sourceId=${l.id} amount=8 damageType=magic hp=${hp} critical=false`,
          `2 statusApplied unitId=${foe.id} byUnitId=${l.id} spellId=blindingPowder status=disoriented turns=2 x=8 y=6`,
        ]);
        expect(dice.draws).toEqual(["d100=90", "d100=10", "d100=60", "d100=30", "5..20=8"]);
      } else {
        // No charge: the locksmith walks next to the minion and stabs, 60 against 30, dagger damage 1..100: 25.
        expect(lines(ev)).toEqual([
          `2 attack attackerId=${l.id} targetId=${foe.id} hit=true attackRoll=60 defenceRoll=30`,
          `2 damaged targetId=${foe.id} sourceId=${l.id} amount=25 damageType=melee hp=35 critical=false`,
        ]);
        expect(dice.draws).toEqual(["d100=90", "d100=10", "d100=60", "d100=30", "1..100=25"]);
      }
      expect([d100Of(l).spells[0]!.charges, dice.left()]).toEqual([0, 0]);
    }
  });
});

describe("audit a5: silence", () => {
  it("P100-STATUS-04: a silenced (or stunned) hero cannot speak: its player's duel proposal is refused, and so is the minion's to it; free to speak, the same proposal is made", () => {
    for (const status of ["silenced", "stunned", null] as const) {
      const silenced = status !== null;
      const sim = d100Sim();
      const hero = adventurer(sim, "Warrior", 5, 5);
      hero.controller = "a1";
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      if (status) addStatus(d100Of(hero), status, 2);
      const refusal = { ok: false, code: "DUEL_REFUSED", reason: "cannot duel: silenced", rule: "P100-DUEL-03" };
      expect(sim.enqueue(player(hero.id), { type: "proposeDuel", unitId: hero.id, opponentId: m.id, toDeath: false }))
        .toEqual(silenced ? refusal : { ok: true, id: "3" });
      expect(Object.keys(sim.state.duelProposals ?? {})).toEqual(silenced ? [] : ["3"]);
      if (silenced) expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: false })).toEqual(refusal);
    }
  });

  it("P100-STATUS-03: a player's Master, silenced, cannot cast its bolt: refused (silenced), nothing drawn, the charge kept and the turn still open", () => {
    const sim = d100Sim();
    const master = addUnit(sim, { kind: "master", x: 5, y: 5 });
    master.controller = "k1"; // a test seat: the Master's turn waits for a plan
    const hero = adventurer(sim, "Warrior", 9, 5);
    hero.targetId = master.id;
    recordDice(sim, [90, 10]);
    sim.step();
    addStatus(d100Of(master), "silenced", 2);
    const dice = recordDice(sim, []);
    const ev = playPlan(sim, master, { action: "steps", steps: [{ kind: "cast", targetId: hero.id, spell: "shadowBolt" }], keepTurn: true });
    expect(lines(ev)).toEqual([`2 turnPlanPlayed unitId=${master.id} refusals=["silenced"]`]);
    expect([d100Of(master).spells.map((s) => [s.id, s.charges]), d100Of(hero).hp, encounterOf(sim, master.id)?.openTurn?.unitId, dice.draws])
      .toEqual([[["shadowBolt", 1]], 200, master.id, []]);
  });
});

const ROW: readonly [number, number][] = [[8, 5], [9, 5], [10, 5], [8, 6], [9, 6], [10, 6]];

describe("audit a5: mass combat", () => {
  it("P100-MASS-22: the powder's d100 per kobold succeeds from 51 and fails at 50: 50, 50, 50 kill none; 51, 50, 50 kill one (kobold 2, whose roll is 51); 50, 51, 52 kill two (5 and 3, whose rolls are 51 and 52; 2 rolled 50)", () => {
    for (const [rolls, dead] of [[[50, 50, 50], []], [[51, 50, 50], [2]], [[50, 51, 52], [5, 3]]] as const) {
      const sim = d100Sim();
      const h = adventurer(sim, "Locksmith", 5, 5, { weapon: "dagger" });
      const ks = kobolds(sim, ROW);
      h.targetId = ks[0]!.id;
      // Initiative: the locksmith 90 acts first, the pack 10..15; then the powder's 3 d100 (its 3 targets).
      const dice = recordDice(sim, [90, 10, 11, 12, 13, 14, 15, ...rolls]);
      const ev = sim.step();
      expect(ev.filter((e) => e.type === "knockedOut").map((e) => [(e as { unitId: string }).unitId, (e as { outcome: string }).outcome]))
        .toEqual(dead.map((id) => [String(id), "dead"]));
      expect([dice.draws.slice(7), dice.left()]).toEqual([rolls.map((r) => `d100=${r}`), 0]);
    }
  });

  it("P100-MASS-22, P100-MASS-26 (sibling of live-mass.test.ts:67): the doorbreaker's cleave on the pack, one d100 for its primary target: 51 kills it and its extra target, 50 kills none", () => {
    for (const [roll, dead] of [[51, ["2", "5"]], [50, []]] as const) {
      const sim = d100Sim();
      const h = adventurer(sim, "Doorbreaker", 5, 5, { weapon: "maul", blunt: true });
      const ks = kobolds(sim, ROW);
      h.targetId = ks[0]!.id;
      // The doorbreaker walks next to the pack (7, 5) and cleaves; one d100 decides for both targets.
      const dice = recordDice(sim, [90, 10, 11, 12, 13, 14, 15, roll]);
      const ev = sim.step();
      expect(ev.filter((e) => e.type === "knockedOut").map((e) => (e as { unitId: string }).unitId)).toEqual(dead);
      expect([h.x, h.y, dice.draws.slice(7), dice.left()]).toEqual([7, 5, [`d100=${roll}`], 0]);
    }
  });
});

describe("audit a5: a player's stunned hero", () => {
  it("P100-STATUS-01 (sibling): a troll's maul stuns a player's warrior; its turn passes at once (turn started at tick 2, no wait for a plan it could not use); unstunned in round 2, its turn waits for the player again", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    w.controller = "a1";
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 6, y: 5 });
    troll.targetId = w.id;
    // Initiative warrior 10, troll 90. The maul hits (50 against 10) for 30 of 10..40 and stuns for 1 turn.
    // Round 2 (tick 11): the troll's fists hit (80 against 20) for 40 of 1..100; then the warrior's turn waits.
    const dice = recordDice(sim, [10, 90, 50, 10, 30, 80, 20, 40]);
    const ev = run(sim, 12);
    expect(ev.filter((e) => e.type === "turnStarted").map((e) => [(e as { unitId: string }).unitId, e.tick])).toEqual([[troll.id, 1], [w.id, 2], [troll.id, 11]]);
    expect(lines(ev)).toEqual([
      `1 spellCast unitId=${troll.id} spellId=maul targetId=${w.id} chargesLeft=0`,
      `1 attack attackerId=${troll.id} targetId=${w.id} hit=true attackRoll=50 defenceRoll=10`,
      `1 damaged targetId=${w.id} sourceId=${troll.id} amount=30 damageType=magic hp=170 critical=false`,
      `1 statusApplied unitId=${w.id} byUnitId=${troll.id} spellId=maul status=stunned turns=1 x=5 y=5`,
      `11 attack attackerId=${troll.id} targetId=${w.id} hit=true attackRoll=80 defenceRoll=20`,
      `11 damaged targetId=${w.id} sourceId=${troll.id} amount=40 damageType=melee hp=130 critical=false`,
    ]);
    expect([d100Of(w).statuses, encounterOf(sim, w.id)?.waitingSince, dice.draws.at(-1), dice.left()]).toEqual([[], 12, "1..100=40", 0]);
  });
});
