import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import { adventurer, d100Sim, lines, recordDice, run } from "./fixtures.ts";
import { player } from "../actors.ts";

/** A player's warrior (seat a1, 5 of 20 HP) at (4, 5) and a 300-HP minion beside it at (5, 5), on {@link d100Sim}. */
function warriorBesideMinion() {
  const sim = d100Sim();
  const w = adventurer(sim, "Warrior", 4, 5);
  w.controller = "a1";
  Object.assign(d100Of(w), { hp: 5, maxHp: 20 });
  const m = addUnit(sim, { kind: "minion", x: 5, y: 5 });
  d100Of(m).hp = d100Of(m).maxHp = 300;
  return { sim, w, m };
}

/**
 * {@link warriorBesideMinion} with the minion set on the warrior and an ally warrior (seat a2) at
 * (3, 5). Initiative warrior 10, minion 50, ally 90: the encounter opens on the ally's turn,
 * waiting for a2's plan. No room option: a player's adventurer past the threshold dies
 * (P100-DEATH-09, P100-DEATH-10).
 */
function scene() {
  const { sim, w, m } = warriorBesideMinion();
  m.targetId = w.id;
  const ally = adventurer(sim, "Warrior", 3, 5);
  ally.controller = "a2";
  const dice = recordDice(sim, [10, 50, 90]);
  expect(lines(run(sim, 1))).toEqual([]);
  return { sim, w, m, ally, dice };
}

describe("issue 17: d100 answers at once a plan for a dead unit (it has no turn)", () => {
  it("P100-DEATH-09, P100-DEATH-10, P100-BASE-06: the warrior's attack plan waits; the minion's blow (90 against a dodge of 10, 50 damage) takes it from 5 to −45, past the threshold, and kills it: the plan is answered turnPlanPlayed [\"dead\"] that tick and dropped, and no turn of the warrior ever comes", () => {
    const { sim, w, m, ally } = scene();
    expect(sim.enqueue(player(w.id, "a1"), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] })).toEqual({ ok: true });
    expect(sim.enqueue(player(ally.id, "a2"), { type: "planTurn", action: "steps", steps: [{ kind: "endTurn" }] })).toEqual({ ok: true });
    const enc = encounterOf(sim, w.id)!;
    expect(Object.keys(enc.plans).sort()).toEqual([ally.id, w.id].sort());
    const dice = recordDice(sim, [90, 10, 50]);
    const t = sim.state.tick + 1;
    const ev = run(sim, 3);
    expect(lines(ev)).toEqual([
      `${t} turnPlanPlayed unitId=${ally.id} refusals=[null]`,
      `${t + 1} attack attackerId=${m.id} targetId=${w.id} hit=true attackRoll=90 defenceRoll=10`,
      `${t + 1} damaged targetId=${w.id} sourceId=${m.id} amount=50 damageType=melee hp=-45 critical=false`,
      `${t + 1} knockedOut unitId=${w.id} outcome=dead cause=hitPoints`,
      `${t + 1} turnPlanPlayed unitId=${w.id} refusals=["dead"]`,
    ]);
    expect(ev.filter((e) => e.type === "turnStarted").map((e) => [(e as { unitId: string }).unitId, e.tick])).toEqual([[ally.id, t], [m.id, t + 1]]);
    expect([d100Of(w).dead, w.activity, enc.participants.includes(w.id), w.id in enc.plans, enc.order.includes(w.id), dice.draws, dice.left()]).toEqual([true, "dead", false, false, false, ["d100=90", "d100=10", "1..50=50"], 0]);
  });

  it("P100-DEATH-10: a plan sent for a warrior already dead (still listed in the encounter until its next step) is answered at once turnPlanPlayed [\"dead\"] with the tick it was sent, and not kept", () => {
    const { sim, w, m } = scene();
    Object.assign(d100Of(w), { dead: true, hp: -45 });
    w.activity = "dead";
    const enc = encounterOf(sim, w.id)!;
    const tick = sim.state.tick;
    expect(sim.enqueue(player(w.id, "a1"), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] })).toEqual({ ok: true });
    expect(w.id in enc.plans).toBe(false);
    expect(lines(sim.drainEvents())).toEqual([`${tick} turnPlanPlayed unitId=${w.id} refusals=["dead"]`]);
  });
});

describe("issue 17: a d100 step list cut short by the unit's fall ends on a refusal (as d20's)", () => {
  it("P100-MOVE-03, P100-DEATH-02: the player's warrior (5 of 20 HP) steps away from the minion beside it and takes its opportunity attack (90 against a dodge of 10, 10 damage): at −5 it is dying, so the attack step after the move is refused \"dying\" and the step after that is not answered", () => {
    const { sim, w, m } = warriorBesideMinion();
    w.targetId = m.id;
    recordDice(sim, [90, 10]);
    expect(lines(run(sim, 1))).toEqual([]);
    const dice = recordDice(sim, [90, 10, 10]);
    expect(sim.enqueue(player(w.id, "a1"), { type: "planTurn", action: "steps", steps: [{ kind: "move", x: 2, y: 5 }, { kind: "attack", targetId: m.id }, { kind: "endTurn" }] })).toEqual({ ok: true });
    const t = sim.state.tick + 1;
    const ev = sim.step();
    const encounterId = (ev.find((e) => e.type === "encounterEnded") as { encounterId: string }).encounterId;
    expect(lines(ev)).toEqual([
      `${t} reaction unitId=${m.id} kind=opportunityAttack detail=d100 againstId=${w.id}`,
      `${t} attack attackerId=${m.id} targetId=${w.id} hit=true attackRoll=90 defenceRoll=10`,
      `${t} damaged targetId=${w.id} sourceId=${m.id} amount=10 damageType=melee hp=-5 critical=false`,
      `${t} knockedOut unitId=${w.id} outcome=unconscious cause=hitPoints`,
      `${t} turnPlanPlayed unitId=${w.id} refusals=[null,"dying"]`,
      `${t} encounterEnded encounterId=${encounterId} rounds=1 reason=beaten`,
    ]);
    expect([w.x, w.y, d100Of(w).hp, d100Of(w).dying, w.activity, d100Of(m).hp, dice.draws, dice.left()]).toEqual([4, 5, -5, true, "unconscious", 300, ["d100=90", "d100=10", "1..50=10"], 0]);
  });
});
