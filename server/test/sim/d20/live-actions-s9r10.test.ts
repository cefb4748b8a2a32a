import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { attacks, damage, foe, party, playTurn, seat } from "./live-turn.ts";
import { playRecordedTurn, recordD20Dice } from "./diceRecorder.ts";
import { of } from "./live-helpers.ts";

/**
 * Audit s9-r10 of issue 17: D20-ACTION-09 ("every use of a spell or a technique reduces the
 * user's Mana and/or Stamina") in a live d20 room. A party member plans its turn through the live
 * `planTurn` command and `sim.step()` plays it on forced dice (initiative: the player 20, the
 * minion 1), every die recorded. Decision (docs/rules-decisions.md): spells spend Mana, techniques
 * Stamina, by their listed cost; a pool too low refuses the use.
 */
describe("spells spend Mana, techniques Stamina, in a live d20 room (D20-ACTION-09)", () => {
  it("D20-ACTION-09: the Priest's smite (cost 2 Mana) spends exactly 2 Mana and no Stamina; the Rogue's shadow step (cost 1 Stamina) spends exactly 1 Stamina and no Mana", () => {
    const sim = d20Sim(1);
    const [p] = party(sim, ["Priest"]);
    const m = foe(sim, 5);
    const { mana, stamina } = d20Of(p!);
    const t = playRecordedTurn(sim, p!, m, [20, 1], [{ kind: "cast", spell: "smite", targetId: m.id }], [15, 15, 4]);
    expect(t.refusals).toEqual([null]);
    expect(t.draws).toEqual(["d20=15", "d20=15", "d8=4"]);
    expect([damage(t.events), mana - d20Of(p!).mana, stamina - d20Of(p!).stamina]).toEqual([[[p!.id, m.id, 4]], 2, 0]);

    const sim2 = d20Sim(1);
    const [r] = party(sim2, ["Rogue"]);
    const m2 = foe(sim2, 5);
    const before = { mana: d20Of(r!).mana, stamina: d20Of(r!).stamina };
    const t2 = playRecordedTurn(sim2, r!, m2, [20, 1], [{ kind: "cast", spell: "shadowStep", x: 4, y: 6 }], []);
    expect(t2.refusals).toEqual([null]);
    expect([[r!.x, r!.y], before.stamina - d20Of(r!).stamina, before.mana - d20Of(r!).mana]).toEqual([[4, 6], 1, 0]);
  });

  it("D20-ACTION-09: a Priest left with 1 Mana (smite costs 2) is refused the smite: no die drawn, no attack, its Mana stays 1; with exactly 2 Mana it casts and ends at 0", () => {
    const sim = d20Sim(1);
    const [p] = party(sim, ["Priest"]);
    const m = foe(sim, 5);
    d20Of(p!).mana = 1;
    const t = playRecordedTurn(sim, p!, m, [20, 1], [{ kind: "cast", spell: "smite", targetId: m.id }], []);
    expect(t.refusals).toEqual(["not enough mana (D20-ACTION-09)"]);
    expect([t.draws, attacks(t.events), damage(t.events), d20Of(p!).mana]).toEqual([[], [], [], 1]);

    const sim2 = d20Sim(1);
    const [p2] = party(sim2, ["Priest"]);
    const m2 = foe(sim2, 5);
    d20Of(p2!).mana = 2;
    const t2 = playRecordedTurn(sim2, p2!, m2, [20, 1], [{ kind: "cast", spell: "smite", targetId: m2.id }], [15, 15, 4]);
    expect(t2.refusals).toEqual([null]);
    expect([damage(t2.events), d20Of(p2!).mana]).toEqual([[[p2!.id, m2.id, 4]], 0]);
  });

  it("D20-ACTION-09: a Rogue with 0 Stamina is refused its shadow step (1 Stamina): it stays at (4, 5) and its Stamina stays 0", () => {
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"]);
    const m = foe(sim, 5);
    d20Of(r!).stamina = 0;
    const t = playRecordedTurn(sim, r!, m, [20, 1], [{ kind: "cast", spell: "shadowStep", x: 4, y: 6 }], []);
    expect(t.refusals).toEqual(["not enough stamina (D20-ACTION-09)"]);
    expect([[r!.x, r!.y], d20Of(r!).stamina, t.draws]).toEqual([[4, 5], 0, []]);
  });
});

describe("one defence a round, back the next round (D20-ACTION-25)", () => {
  it("D20-ACTION-25: the minion has one defence a round: it (Agility 2) dodges the Warrior's blow in round 1 (11 against AC 11 + Agility 2 = 13 misses), meets the Rogue's with its plain AC 11 (11 hits, 1d6 4); in round 2 its defence is back: it dodges the Warrior's 11 again (AC 13)", () => {
    const sim = d20Sim(1);
    const [w, r] = party(sim, ["Warrior", "Rogue"]);
    const m = foe(sim, 5, 6);
    d20Of(m).abilities.agility = 2;
    // Warrior (4, 5) and Rogue (5, 5) both next to the minion (5, 6). Initiative: Warrior 20, Rogue 19, minion 1.
    const first = playTurn(sim, w!, m, [20, 19, 1], [{ kind: "attack", targetId: m.id }], [11]);
    expect(of(first.events, "reaction").map((e) => [e.unitId, e.detail, e.againstId])).toEqual([[m.id, "dodge", w!.id]]);
    expect(attacks(first.events)).toEqual([[w!.id, m.id, false, 11, 13]]);
    expect(sim.enqueue(seat(r!), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] } as never)).toEqual({ ok: true });
    const rogue = recordD20Dice(sim, [11, 4]);
    const second = sim.step();
    expect([of(second, "reaction"), attacks(second), rogue.draws]).toEqual([[], [[r!.id, m.id, true, 11, 11]], ["d20=11", "d6=4"]]);
    expect([damage(second), rogue.left()]).toEqual([[[r!.id, m.id, 4]], 0]);
    // The minion's AI turn: a natural 1 misses whoever it strikes (no damage die); then round 2 begins with the Warrior.
    const minionTurn = recordD20Dice(sim, [1]);
    const third = sim.step();
    expect([minionTurn.draws, damage(third)]).toEqual([["d20=1"], []]);
    expect(sim.enqueue(seat(w!), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] } as never)).toEqual({ ok: true });
    const again = recordD20Dice(sim, [11]);
    const fourth: SimEvent[] = [];
    for (let i = 0; i < 20 && attacks(fourth).length === 0; i++) fourth.push(...sim.step());
    expect([fourth.map((e) => e.type), sim.state.tick]).toEqual([["turnStarted", "reaction", "attack", "turnPlanPlayed"], 11]); // round 2's first turn
    expect([of(fourth, "reaction").map((e) => [e.unitId, e.detail, e.againstId]), attacks(fourth), again.draws]).toEqual([[[m.id, "dodge", w!.id]], [[w!.id, m.id, false, 11, 13]], ["d20=11"]]);
    expect(d20Of(m).hp).toBe(26);
  });
});
