import { describe, expect, it } from "vitest";
import { ROUND_TICKS } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d100/statuses.ts";
import { d100TurnOptions } from "../../../src/sim/combat/d100/options.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, d100Sim, lines, playPlan, recordDice, run } from "./fixtures.ts";
import { player } from "../actors.ts";

/**
 * Dying, rescue and grave wounds in live d100 fights (issue 17, P100-DEATH): a dying warrior
 * (id 1) lies at (4, 5) beside its allies at (5, 5) and (5, 4); a 300-HP minion (stunned for
 * `stunTurns` of its turns, so it strikes nobody) stands at (6, 5). Fights run through
 * `Simulation.step` with forced dice, every draw recorded.
 */
function downedWarrior(sim: Simulation, hp: number, extra: Partial<ReturnType<typeof d100Of>> = {}): UnitRecord {
  const w = adventurer(sim, "Warrior", 4, 5);
  Object.assign(d100Of(w), { hp, dying: true, ...extra });
  w.activity = "unconscious";
  return w;
}

function stunnedMinion(sim: Simulation, stunTurns: number): UnitRecord {
  const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
  d100Of(m).hp = d100Of(m).maxHp = 300;
  addStatus(d100Of(m), "stunned", stunTurns);
  return m;
}

describe("d100 dying in live fights", () => {
  it("P100-DEATH-02, P100-DEATH-09: a dying warrior (200 max HP) loses 5 HP at each of its turns: −95 → −100 lives (not below −100), −100 → −105 dies", () => {
    const sim = d100Sim();
    const w = downedWarrior(sim, -95);
    const h = adventurer(sim, "Warrior", 5, 5);
    const m = stunnedMinion(sim, 2);
    h.targetId = m.id;
    // Initiative dying warrior 50, hero 90, minion 10: each round the hero hits the stunned minion (20 against no dodge, 10 damage).
    const dice = recordDice(sim, [50, 90, 10, 20, 10, 20, 10]);
    const ev = run(sim, ROUND_TICKS + 3);
    expect(lines(ev)).toEqual([
      `1 attack attackerId=${h.id} targetId=${m.id} hit=true attackRoll=20 defenceRoll=0`,
      `1 damaged targetId=${m.id} sourceId=${h.id} amount=10 damageType=melee hp=290 critical=false`,
      `2 damaged targetId=${w.id} sourceId=dying amount=5 damageType=dying hp=-100 critical=false`,
      `11 attack attackerId=${h.id} targetId=${m.id} hit=true attackRoll=20 defenceRoll=0`,
      `11 damaged targetId=${m.id} sourceId=${h.id} amount=10 damageType=melee hp=280 critical=false`,
      `12 damaged targetId=${w.id} sourceId=dying amount=5 damageType=dying hp=-105 critical=false`,
      `12 knockedOut unitId=${w.id} outcome=dead cause=hitPoints`,
    ]);
    expect([d100Of(w).dead, w.activity, dice.left()]).toEqual([true, "dead", 0]);
  });

  it("P100-DEATH-14: a stabilised, unhealed warrior takes no part in the fight: its turns pass with nothing drawn and no HP lost, it stays down, and its only option is to end its turn", () => {
    const sim = d100Sim();
    const w = downedWarrior(sim, -10, { stabilised: true });
    w.targetId = "";
    const h = adventurer(sim, "Warrior", 5, 5);
    const m = stunnedMinion(sim, 2);
    h.targetId = m.id;
    const dice = recordDice(sim, [50, 90, 10, 20, 10, 20, 10]);
    const ev = run(sim, ROUND_TICKS + 3);
    expect(ev.filter((e) => e.type === "turnStarted").map((e) => [(e as { unitId: string }).unitId, e.tick])).toEqual([
      [h.id, 1], [w.id, 2], [m.id, 3], [h.id, 11], [w.id, 12], [m.id, 13],
    ]);
    expect(lines(ev).filter((l) => l.includes(`=${w.id} `) || l.endsWith(`=${w.id}`))).toEqual([]);
    expect([d100Of(w).hp, d100Of(w).dying, w.activity, d100TurnOptions(sim, encounterOf(sim, w.id)!, w).actions, dice.left()]).toEqual([-10, true, "unconscious", ["endTurn"], 0]);
  });
});

describe("a player's plan for a turn its unit cannot play is answered (P100-DEATH-13, P100-DEATH-14)", () => {
  it("P100-DEATH-14: a player's stabilised, unhealed warrior: the attack plan its player sends after tick 1 is refused at its turn (tick 2) with turnPlanPlayed [\"stabilised\"], nothing drawn, no HP lost; its next turn (tick 12), with no plan, sends nothing", () => {
    const sim = d100Sim();
    const w = downedWarrior(sim, -10, { stabilised: true });
    w.targetId = "";
    w.controller = "a1";
    const h = adventurer(sim, "Warrior", 5, 5);
    const m = stunnedMinion(sim, 2);
    h.targetId = m.id;
    const dice = recordDice(sim, [50, 90, 10, 20, 10, 20, 10]);
    const ev = run(sim, 1);
    expect(sim.enqueue(player(w.id), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] })).toEqual({ ok: true });
    ev.push(...run(sim, ROUND_TICKS + 2));
    expect(ev.filter((e) => e.type === "turnStarted").map((e) => [(e as { unitId: string }).unitId, e.tick])).toEqual([
      [h.id, 1], [w.id, 2], [m.id, 3], [h.id, 11], [w.id, 12], [m.id, 13],
    ]);
    expect(lines(ev).filter((l) => l.includes(`=${w.id} `) || l.endsWith(`=${w.id}`))).toEqual([`2 turnPlanPlayed unitId=${w.id} refusals=["stabilised"]`]);
    expect([d100Of(w).hp, d100Of(w).dying, w.activity, encounterOf(sim, w.id)!.plans, dice.left()]).toEqual([-10, true, "unconscious", {}, 0]);
  });

  it("P100-STATUS-01: a player's stunned warrior: its plan sent after tick 1 is refused at its turn (tick 2) with turnPlanPlayed [\"stunned\"] and the turn passes, nothing drawn for it", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 4, 5);
    w.controller = "a1";
    addStatus(d100Of(w), "stunned", 1);
    const m = stunnedMinion(sim, 2);
    w.targetId = m.id;
    // Initiative minion 90, warrior 10: the minion's turn (tick 1, stunned) passes, then the warrior's (tick 2).
    const dice = recordDice(sim, [10, 90]);
    const ev = run(sim, 1);
    expect(sim.enqueue(player(w.id), { type: "planTurn", action: "attack", targetId: m.id })).toEqual({ ok: true });
    ev.push(...run(sim, 2));
    expect(lines(ev)).toEqual([`2 turnPlanPlayed unitId=${w.id} refusals=["stunned"]`]);
    expect(dice.left()).toBe(0);
  });
});

describe("d100 rescue in live fights", () => {
  it("P100-DEATH-04 (Contradiction 2), P100-DEATH-07: next to a dying warrior, the AI's warrior (no healer) fights on while the AI's priest (a healer, trained) tries the rescue: 50 fails, 51 (above 50) stabilises", () => {
    for (const [roll, success] of [[50, false], [51, true]] as const) {
      const sim = d100Sim();
      const w = downedWarrior(sim, -10);
      const h = adventurer(sim, "Warrior", 5, 5);
      const p = adventurer(sim, "Priest", 4, 4, { weapon: "mace", blunt: true });
      const m = stunnedMinion(sim, 1);
      h.targetId = m.id; p.targetId = m.id;
      // Initiative dying warrior 5, hero 90, priest 80, minion 10.
      const dice = recordDice(sim, [5, 90, 80, 10, 20, 10, roll]);
      const ev = run(sim, 2);
      expect(lines(ev)).toEqual([
        `1 attack attackerId=${h.id} targetId=${m.id} hit=true attackRoll=20 defenceRoll=0`,
        `1 damaged targetId=${m.id} sourceId=${h.id} amount=10 damageType=melee hp=290 critical=false`,
        `2 rescue unitId=${w.id} byUnitId=${p.id} roll=${roll} needed=50 success=${success}`,
      ]);
      expect([d100Of(w).stabilised, dice.draws.at(-1), dice.left()]).toEqual([success, `d100=${roll}`, 0]);
    }
  });

  it("P100-DEATH-08 (Contradiction 2): a player's warrior (not trained) rescuing a dying ally needs above 80: 80 fails, 81 stabilises it", () => {
    for (const [roll, success] of [[80, false], [81, true]] as const) {
      const sim = d100Sim();
      const w = downedWarrior(sim, -10);
      const h = adventurer(sim, "Warrior", 5, 5);
      h.controller = "a1";
      const m = stunnedMinion(sim, 1);
      h.targetId = m.id;
      recordDice(sim, [5, 90, 10]);
      sim.step(); // the dying warrior's turn comes after the hero's: the hero waits for its plan
      const dice = recordDice(sim, [roll]);
      const ev = playPlan(sim, h, { action: "steps", steps: [{ kind: "rescue", targetId: w.id }] });
      expect(lines(ev)).toEqual([
        `2 rescue unitId=${w.id} byUnitId=${h.id} roll=${roll} needed=80 success=${success}`,
        `2 turnPlanPlayed unitId=${h.id} refusals=[null]`,
      ]);
      expect([d100Of(w).stabilised, dice.draws, dice.left()]).toEqual([success, [`d100=${roll}`], 0]);
    }
  });

  it("P100-DEATH-05, P100-DEATH-06: a player's priest 2 tiles from a dying warrior cannot try to rescue it (refused, nothing drawn); it walks into contact, rescues (51 above 50), and its attack after on the minion beside it is refused: the rescue took its action", () => {
    const sim = d100Sim();
    const w = downedWarrior(sim, -10);
    const p = adventurer(sim, "Priest", 6, 5, { weapon: "mace", blunt: true });
    p.controller = "a1";
    const m = addUnit(sim, { kind: "minion", x: 4, y: 4 });
    d100Of(m).hp = d100Of(m).maxHp = 300;
    p.targetId = m.id;
    recordDice(sim, [5, 90, 10]);
    sim.step(); // initiative: dying warrior 5, priest 90, minion 10: the priest's turn waits for its plan
    const none = recordDice(sim, []);
    const far = playPlan(sim, p, { action: "steps", steps: [{ kind: "rescue", targetId: w.id }], keepTurn: true });
    expect([lines(far), none.draws]).toEqual([[`2 turnPlanPlayed unitId=${p.id} refusals=["invalidTarget"]`], []]);
    const dice = recordDice(sim, [51]);
    const ev = playPlan(sim, p, { action: "steps", steps: [{ kind: "move", x: 5, y: 5 }, { kind: "rescue", targetId: w.id }, { kind: "attack", targetId: m.id }] });
    expect(lines(ev)).toEqual([
      `3 rescue unitId=${w.id} byUnitId=${p.id} roll=51 needed=50 success=true`,
      `3 turnPlanPlayed unitId=${p.id} refusals=[null,null,"actionSpent"]`,
    ]);
    expect([p.x, p.y, d100Of(w).stabilised, dice.left()]).toEqual([5, 5, true, 0]);
  });
});

describe("d100 grave wounds in live play", () => {
  it("P100-DEATH-10, P100-DEATH-11 (server decision), P100-DEATH-12: with traumaticInsteadOfDeath a warrior past the threshold is gravely wounded; it stays out (unconscious, no clock wakes it) 300 ticks on; a player's priest beside it cannot heal it (not a heal target, the cast refused)", () => {
    const sim = d100Sim({ traumaticInsteadOfDeath: true });
    const w = downedWarrior(sim, -95);
    recordDice(sim, [10]);
    sim.ruleset.harm(sim, w, "trap", { severity: "light", damageType: "piercing", blunt: false, d100Damage: [5, 25] });
    expect([d100Of(w).hp, d100Of(w).traumatised, d100Of(w).dead, w.activity]).toEqual([-105, true, false, "unconscious"]);
    const quiet = recordDice(sim, []);
    const later = run(sim, 300);
    expect([later.filter((e) => e.tick > 0 && ("unitId" in e && e.unitId === w.id || "targetId" in e && e.targetId === w.id)), d100Of(w).hp, w.activity, quiet.draws]).toEqual([[], -105, "unconscious", []]);

    const p = adventurer(sim, "Priest", 5, 5, { weapon: "mace", blunt: true });
    p.controller = "a1";
    const m = stunnedMinion(sim, 1);
    p.targetId = m.id;
    recordDice(sim, [5, 90, 10]); // initiative: the gravely wounded warrior (in the fight, out of action) 5, priest 90, minion 10
    sim.step();
    const o = d100TurnOptions(sim, encounterOf(sim, p.id)!, p);
    expect([o.spell, o.spellTargets]).toEqual(["heal", []]);
    const dice = recordDice(sim, []);
    const ev = playPlan(sim, p, { action: "steps", steps: [{ kind: "cast", targetId: w.id, spell: "heal" }] });
    expect(lines(ev)).toEqual([`${sim.state.tick} turnPlanPlayed unitId=${p.id} refusals=["invalidTarget"]`]);
    expect([d100Of(w).hp, d100Of(p).spells.find((s) => s.id === "heal")?.charges, dice.draws]).toEqual([-105, 1, []]);
  });
});
