import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { encountersOf } from "../../../src/sim/combat/encounters/book.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { d100TurnOptions } from "../../../src/sim/combat/d100/options.ts";
import { adventurer, d100Sim, lines, playPlan, recordDice, run } from "./fixtures.ts";

/**
 * P100-DUEL-03 and P100-DUEL-23 in live fights. DUEL-03: the keeper's minion (id 2) challenges an AI warrior (id 1), who
 * accepts at once; a second warrior (id 3), sent at the minion, walks into the duel's encounter.
 * It joins the initiative but its turn passes: nobody outside the duel intervenes (the "unless
 * scripted" branch cannot happen: docs/rules-decisions.md). Every draw recorded.
 */
describe("d100 duels in live fights: no outside intervention, agreed terms", () => {
  it("P100-DUEL-03: the bystander warrior sent at the minion joins the duel's encounter (initiative 20, last) and its turn passes: no attack, nothing drawn; only the duellists strike", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const other = adventurer(sim, "Warrior", 6, 7);
    other.targetId = m.id;
    // Duel initiative minion 30, warrior 80; the bystander joins on 20. Tick 1: the warrior's 70 against
    // the minion's dodge 50, damage 50 (1..100); tick 2: the minion's 50 against 50, a miss; tick 3: the bystander's turn.
    const dice = recordDice(sim, [30, 80, 20, 70, 50, 50, 50, 50]);
    expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: w.id, toDeath: false })).toEqual({ ok: true }); // an AI adventurer accepts at once
    const ev = run(sim, 4);
    const enc = Object.values(encountersOf(sim));
    expect(enc.map((e) => [e.participants, e.order])).toEqual([[[m.id, w.id, other.id], [w.id, m.id, other.id]]]);
    expect(ev.filter((e) => e.type === "turnStarted").map((e) => [(e as { unitId: string }).unitId, e.tick])).toEqual([[w.id, 1], [m.id, 2], [other.id, 3]]);
    expect(lines(ev)).toEqual([
      `0 duelStarted duelId=${enc[0]!.id} unitIds=["${m.id}","${w.id}"] toDeath=false hp={"${w.id}":250,"${m.id}":110} warnings=["differentRoles"]`,
      `1 encounterJoined encounterId=${enc[0]!.id} unitId=${other.id} initiative=20 order=["${w.id}","${m.id}","${other.id}"]`,
      `1 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=70 defenceRoll=50`,
      `1 damaged targetId=${m.id} sourceId=${w.id} amount=50 damageType=melee hp=60 critical=false`,
      `2 attack attackerId=${m.id} targetId=${w.id} hit=false attackRoll=50 defenceRoll=50`,
    ]);
    expect([d100Of(m).hp, d100Of(other).duel, dice.draws, dice.left()]).toEqual([60, null, ["d100=30", "d100=80", "d100=20", "d100=70", "d100=50", "1..100=50", "d100=50", "d100=50"], 0]);
  });

  it("P100-DUEL-03: a player's bystander beside the minion joins the duel's encounter; its options hold only endTurn, and its plan to strike the minion is refused: nothing drawn, the minion's HP unchanged", () => {
    const sim = d100Sim();
    const w = adventurer(sim, "Warrior", 5, 5);
    const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
    const other = adventurer(sim, "Warrior", 7, 6);
    other.targetId = m.id; other.controller = "a1";
    recordDice(sim, [30, 80, 20, 70, 50, 50, 50, 50]); // as above: duel initiative, the bystander's 20, the duellists' blows
    expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: w.id, toDeath: false })).toEqual({ ok: true });
    run(sim, 3); // the bystander's turn (tick 3) waits for its plan
    const enc = encounterOf(sim, other.id)!;
    expect([enc.participants, enc.waitingSince, d100TurnOptions(sim, enc, other).actions]).toEqual([[m.id, w.id, other.id], 3, ["endTurn"]]);
    const dice = recordDice(sim, []);
    const ev = playPlan(sim, other, { action: "steps", steps: [{ kind: "attack", targetId: m.id }] });
    expect(lines(ev).filter((l) => !l.includes("turnPlanPlayed"))).toEqual([]);
    expect(ev.filter((e) => e.type === "turnPlanPlayed").map((e) => (e as { refusals: unknown[] }).refusals)).toEqual([["invalidTarget"]]);
    expect([d100Of(m).hp, dice.draws]).toEqual([60, []]);
  });

  it("P100-DUEL-23: in a duel whose agreed terms are bare hands only, the warrior's sword is put away: its blow (70 against the dodge 50) draws its damage from 1..50 (bare hands), not the sword's 1..100; without the term, from 1..100", () => {
    for (const unarmedOnly of [true, false]) {
      const sim = d100Sim();
      const w = adventurer(sim, "Warrior", 5, 5);
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      const dice = recordDice(sim, [30, 80, 70, 50, 40]);
      expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: w.id, toDeath: false, unarmedOnly })).toEqual({ ok: true }); // the AI warrior accepts at once
      const ev = run(sim, 1);
      expect(lines(ev).filter((l) => l.startsWith("1 "))).toEqual([
        `1 attack attackerId=${w.id} targetId=${m.id} hit=true attackRoll=70 defenceRoll=50`,
        `1 damaged targetId=${m.id} sourceId=${w.id} amount=40 damageType=melee hp=70 critical=false`,
      ]);
      expect([d100Of(w).weapon, dice.draws, dice.left()]).toEqual([unarmedOnly ? "unarmed" : "armed", ["d100=30", "d100=80", "d100=70", "d100=50", unarmedOnly ? "1..50=40" : "1..100=40"], 0]);
    }
  });
});
