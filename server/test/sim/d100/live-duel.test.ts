import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { beginDuel } from "../../../src/sim/combat/d100/duels.ts";
import type { DuelTerms } from "../../../src/sim/combat/d100/duel.ts";
import { d100TurnOptions } from "../../../src/sim/combat/d100/options.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, attackOnce, d100Sim, lines, playPlan, recordDice } from "./fixtures.ts";

/**
 * Duels in live d100 fights (issue 17, P100-DUEL-04, 09, 10, 13 to 17): `beginDuel` (what the
 * room's duel commands call once both agree) then `Simulation.step` with forced dice, every draw
 * recorded; a player-held duellist plays a step plan.
 */

const TERMS: DuelTerms = { toDeath: false, noMagic: false, unarmedOnly: false, weaponWhitelist: null };

/** Starts a duel between `a` and `b` (initiative `a` 90, `b` 10) and returns its events. */
function duel(sim: Simulation, a: UnitRecord, b: UnitRecord): ReturnType<Simulation["step"]> {
  recordDice(sim, [90, 10]);
  const enc = beginDuel(sim, a.id, b.id, TERMS);
  if (typeof enc === "string") throw new Error(enc);
  return sim.step();
}

describe("d100 duels in live fights", () => {
  it("P100-DUEL-04: a troll whose maul was spent (and locked by a counterspell) gets it back when its duel starts, and mauls the warrior in its first duel turn", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 6, y: 5 });
    const t = d100Of(troll);
    t.spells[0]!.charges = 0;
    t.lockedSpells = ["maul"];
    recordDice(sim, [10, 90]);
    beginDuel(sim, w.id, troll.id, TERMS);
    expect([t.spells.map((s) => [s.id, s.charges]), t.lockedSpells]).toEqual([[["maul", 1]], []]);
    // The troll (initiative 90) acts first: the maul hits (60 against 30) for 10..40: 20, and stuns.
    const dice = recordDice(sim, [60, 30, 20]);
    const ev = sim.step();
    expect(lines(ev)).toEqual([
      `0 duelStarted duelId=3 unitIds=["1","2"] toDeath=false hp={"1":250,"2":200} warnings=["differentRoles"]`,
      `1 spellCast unitId=${troll.id} spellId=maul targetId=${w.id} chargesLeft=0`,
      `1 attack attackerId=${troll.id} targetId=${w.id} hit=true attackRoll=60 defenceRoll=30`,
      `1 damaged targetId=${w.id} sourceId=${troll.id} amount=20 damageType=magic hp=230 critical=false`,
      `1 statusApplied unitId=${w.id} byUnitId=${troll.id} spellId=maul status=stunned turns=1 x=5 y=5`,
    ]);
    expect([dice.draws, dice.left()]).toEqual([["d100=60", "d100=30", "10..40=20"], 0]);
  });

  it("P100-DUEL-09, P100-DUEL-10: a player's doorbreaker (a melee class) throwing its axe at its duel opponent 3 tiles away: 80 counts 60 (× 0.75, not × 0.5) and a damage roll of 100 deals 90", () => {
    const sim = d100Sim();
    const db = adventurer(sim, "Doorbreaker", 5, 5, { weapon: "maul", blunt: true });
    db.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 8, y: 5 });
    duel(sim, db, m); // the doorbreaker's turn waits for its plan
    d100Of(m).hp = d100Of(m).maxHp = 300;
    const dice = recordDice(sim, [80, 59, 100]);
    const ev = attackOnce(sim, db, m);
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${db.id} targetId=${m.id} hit=true attackRoll=60 defenceRoll=59`,
      `2 damaged targetId=${m.id} sourceId=${db.id} amount=90 damageType=ranged hp=210 critical=false`,
      `2 turnPlanPlayed unitId=${db.id} refusals=[null]`,
    ]);
    expect([db.x, dice.draws, dice.left()]).toEqual([5, ["d100=80", "d100=59", "1..100=100"], 0]);
  });

  it("P100-DUEL-13: a wounded priest (a healer) heals itself in its duel with half the spell: 40 of 20..40 restores 20; its options list itself as the heal's target", () => {
    const sim = d100Sim();
    const p = adventurer(sim, "Priest", 5, 5, { weapon: "mace", blunt: true });
    p.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    duel(sim, p, m);
    d100Of(p).hp = 100; // of the duel's 200
    expect(d100TurnOptions(sim, encounterOf(sim, p.id)!, p).spellTargets).toEqual([{ id: p.id, chance: 100 }]);
    const dice = recordDice(sim, [40]);
    const ev = playPlan(sim, p, { action: "steps", steps: [{ kind: "cast", targetId: p.id, spell: "heal" }] });
    expect(lines(ev)).toEqual([
      `2 healed unitId=${p.id} byUnitId=${p.id} woundPoints=0 hp=120`,
      `2 turnPlanPlayed unitId=${p.id} refusals=[null]`,
    ]);
    expect([d100Of(p).spells.find((s) => s.id === "heal")?.charges, dice.draws, dice.left()]).toEqual([0, ["20..40=40"], 0]);
  });

  it("P100-DUEL-13 (AI): a priest duellist at half its duel HP (100 of 200) heals itself, halved: 40 of 20..40 restores 20; above half it strikes its opponent instead", () => {
    for (const [hp, heals] of [[100, true], [101, false]] as const) {
      const sim = d100Sim();
      const p = adventurer(sim, "Priest", 5, 5, { weapon: "mace", blunt: true });
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      recordDice(sim, [90, 10]);
      beginDuel(sim, p.id, m.id, TERMS);
      d100Of(p).hp = hp;
      // The heal's 40, or the mace: 50 × 0.8 (the priest's duel mastery) = 40 against 50, a miss.
      const dice = recordDice(sim, heals ? [40] : [50, 50]);
      const ev = sim.step().filter((e) => e.type !== "duelStarted");
      expect(lines(ev)).toEqual(heals ? [`1 healed unitId=${p.id} byUnitId=${p.id} woundPoints=0 hp=120`]
        : [`1 attack attackerId=${p.id} targetId=${m.id} hit=false attackRoll=40 defenceRoll=50`]);
      expect([d100Of(p).spells.find((s) => s.id === "heal")?.charges, dice.left()]).toEqual([heals ? 0 : 1, 0]);
    }
  });

  it("P100-DUEL-14, P100-DUEL-15: a duellist stepping around its opponent (still beside it) draws no opportunity attack, where the same step outside a duel draws one; stepping away (its back turned) draws one", () => {
    const cases = [[true, 5, 6, false], [false, 5, 6, true], [true, 4, 5, true]] as const;
    for (const [inDuel, x, y, attacked] of cases) {
      const sim = d100Sim();
      const w = adventurer(sim, "Warrior", 5, 5);
      w.controller = "a1";
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      if (inDuel) duel(sim, w, m);
      else { m.targetId = w.id; w.targetId = m.id; recordDice(sim, [90, 10]); sim.step(); }
      // The opportunity attack, if any: 50 against the dodge 40, unarmed damage 10.
      const dice = recordDice(sim, attacked ? [50, 40, 10] : []);
      const ev = playPlan(sim, w, { action: "steps", steps: [{ kind: "move", x, y }, { kind: "endTurn" }] });
      expect(lines(ev).filter((l) => !l.includes("turnPlanPlayed"))).toEqual(attacked ? [
        `2 reaction unitId=${m.id} kind=opportunityAttack detail=d100 againstId=${w.id}`,
        `2 attack attackerId=${m.id} targetId=${w.id} hit=true attackRoll=50 defenceRoll=40`,
        `2 damaged targetId=${w.id} sourceId=${m.id} amount=10 damageType=melee hp=${inDuel ? 240 : 190} critical=false`,
      ] : []);
      expect([w.x, w.y, dice.left()]).toEqual([x, y, 0]);
    }
  });

  it("P100-DUEL-16, P100-DUEL-17 (server decision: warnings only): a warrior's duel against a minion is warned of different roles and still fought (the warrior's blow at tick 1); against a renegade warrior of its level nothing is warned, against a level-6 one unequal power is", () => {
    const warned: string[][] = [];
    for (const foe of ["minion", "renegade", "veteran"] as const) {
      const sim = d100Sim();
      const w = adventurer(sim, "Warrior", 5, 5);
      const f = foe === "minion" ? addUnit(sim, { kind: "minion", x: 6, y: 5 })
        : addUnit(sim, { kind: "adventurer", faction: "keeper", adventurerClass: "Warrior", level: foe === "veteran" ? 6 : 1, x: 6, y: 5, gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } });
      // Initiative warrior 90, foe 10; the warrior's blow misses (50 against 50).
      const dice = recordDice(sim, [90, 10, 50, 50]);
      expect(typeof beginDuel(sim, w.id, f.id, TERMS)).toBe("object");
      const ev = sim.step();
      warned.push(...ev.filter((x) => x.type === "duelStarted").map((x) => (x as { warnings: string[] }).warnings));
      expect([lines(ev).at(-1), dice.left()]).toEqual([`1 attack attackerId=${w.id} targetId=${f.id} hit=false attackRoll=50 defenceRoll=50`, 0]);
    }
    expect(warned).toEqual([["differentRoles"], [], ["unequalPower"]]);
  });

  it("P100-BASE-09, P100-DUEL-19: a free action (the duel's forfeit) is taken after the turn's attack, still in the duellist's own turn: the duel ends at once", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    w.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    duel(sim, w, m);
    // The attack misses (50 against 50); the forfeit that follows is played.
    const dice = recordDice(sim, [50, 50]);
    const ev = playPlan(sim, w, { action: "steps", steps: [{ kind: "attack", targetId: m.id }, { kind: "forfeit" }] });
    expect(lines(ev)).toEqual([
      `2 attack attackerId=${w.id} targetId=${m.id} hit=false attackRoll=50 defenceRoll=50`,
      `2 duelEnded duelId=3 winnerId=${m.id} loserId=${w.id} how=forfeit loserDied=false hp={"${w.id}":200,"${m.id}":60}`,
      `2 knockedOut unitId=${w.id} outcome=unconscious cause=hitPoints`, // a surviving loser is out for a while (rules-decisions DUEL)
      `2 turnPlanPlayed unitId=${w.id} refusals=[null,null]`,
      "2 encounterEnded encounterId=3 rounds=1 reason=beaten",
    ]);
    expect(dice.left()).toBe(0);
  });
});
