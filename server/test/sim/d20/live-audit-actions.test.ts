import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { attacks, damage, foe, party, playTurn } from "./live-turn.ts";

/**
 * Audit a3 of issue 17: D20-ACTION-08 ("casting a spell or performing a technique is a full
 * action") in a live d20 room. A Priest player (smite: a Mana spell) or a Rogue player (shadow
 * step: a Stamina technique) plans a turn through the live `planTurn` command and `sim.step()`
 * plays it on forced dice (initiative: the player 20, the minion 1). A full action taken, the
 * Attack (also a full action, D20-ACTION-06) is refused, and the other way round.
 */
const FULL_SPENT = "the full action is spent (D20-ACTION-03)";

describe("spells and techniques are full actions in a live d20 room (D20-ACTION-08)", () => {
  it("D20-ACTION-08: the Priest's smite (d20 15 + Mental 0 against AC 11, two d20s 15 and 15 for the disadvantage of the minion next to it (D20-ATTACK-56), 1d8 4, 2 Mana) takes the full action: the Attack planned after it is refused and deals nothing", () => {
    const sim = d20Sim(1);
    const [p] = party(sim, ["Priest"]);
    const m = foe(sim, 5);
    const mana = d20Of(p!).mana;
    const t = playTurn(sim, p!, m, [20, 1], [{ kind: "cast", spell: "smite", targetId: m.id }, { kind: "attack", targetId: m.id }], [15, 15, 4]);
    expect(t.refusals).toEqual([null, FULL_SPENT]);
    expect([attacks(t.events), damage(t.events), d20Of(m).hp, d20Of(p!).mana]).toEqual([[[p!.id, m.id, true, 15, 11]], [[p!.id, m.id, 4]], 26, mana - 2]);
  });

  it("D20-ACTION-08: after the Priest's Attack (d20 15, its weapon's die 4) the smite is refused and costs no Mana", () => {
    const sim = d20Sim(1);
    const [p] = party(sim, ["Priest"]);
    const m = foe(sim, 5);
    const mana = d20Of(p!).mana;
    const t = playTurn(sim, p!, m, [20, 1], [{ kind: "attack", targetId: m.id }, { kind: "cast", spell: "smite", targetId: m.id }], [15, 4]);
    expect(t.refusals).toEqual([null, FULL_SPENT]);
    expect([damage(t.events), d20Of(p!).mana]).toEqual([[[p!.id, m.id, 4]], mana]);
  });

  it("D20-ACTION-08: the Rogue's shadow step (a technique, 1 Stamina) to (4, 6), still next to the minion, takes the full action: the Attack is refused; planned the other way round, the technique is refused and costs nothing", () => {
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"]);
    const m = foe(sim, 5);
    const stamina = d20Of(r!).stamina;
    const t = playTurn(sim, r!, m, [20, 1], [{ kind: "cast", spell: "shadowStep", x: 4, y: 6 }, { kind: "attack", targetId: m.id }], []);
    expect(t.refusals).toEqual([null, FULL_SPENT]);
    expect([[r!.x, r!.y], d20Of(r!).stamina, damage(t.events)]).toEqual([[4, 6], stamina - 1, []]);

    const sim2 = d20Sim(1);
    const [r2] = party(sim2, ["Rogue"]);
    const m2 = foe(sim2, 5);
    const t2 = playTurn(sim2, r2!, m2, [20, 1], [{ kind: "attack", targetId: m2.id }, { kind: "cast", spell: "shadowStep", x: 4, y: 6 }], [15, 4]);
    expect(t2.refusals).toEqual([null, FULL_SPENT]);
    expect([[r2!.x, r2!.y], d20Of(r2!).stamina, damage(t2.events)]).toEqual([[4, 5], stamina, [[r2!.id, m2.id, 4]]]);
  });
});

/**
 * Siblings of D20-ACTION-08 found by the audit (flow-actions.test.ts:58 asserts only the cost
 * table; encounters/plans.test.ts:144 and :158 call `playPlan` by hand): Help (D20-ACTION-19) and
 * Ready (D20-ACTION-37) are full actions, played the same live way.
 */
describe("Help and Ready are full actions in a live d20 room (D20-ACTION-19, D20-ACTION-37)", () => {
  it("D20-ACTION-19: the Warrior helps the Rogue against the minion next to both: its Attack planned after is refused; its Attack first (d20 15, 1d8 4) leaves no action for the Help", () => {
    const sim = d20Sim(1);
    const [w, r] = party(sim, ["Warrior", "Rogue"]);
    const m = foe(sim, 5, 6);
    const t = playTurn(sim, w!, m, [20, 10, 1], [{ kind: "help", allyId: r!.id, targetId: m.id }, { kind: "attack", targetId: m.id }], []);
    expect([t.refusals, damage(t.events), d20Of(m).hp]).toEqual([[null, FULL_SPENT], [], 30]);

    const sim2 = d20Sim(1);
    const [w2, r2] = party(sim2, ["Warrior", "Rogue"]);
    const m2 = foe(sim2, 5, 6);
    const t2 = playTurn(sim2, w2!, m2, [20, 10, 1], [{ kind: "attack", targetId: m2.id }, { kind: "help", allyId: r2!.id, targetId: m2.id }], [15, 4]);
    expect([t2.refusals, damage(t2.events)]).toEqual([[null, FULL_SPENT], [[w2!.id, m2.id, 4]]]);
  });

  it("D20-ACTION-37: the Warrior readies its attack: the Attack planned after is refused; its Attack first (d20 15, 1d8 4) leaves no action to Ready", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 5);
    const t = playTurn(sim, w!, m, [20, 1], [{ kind: "ready" }, { kind: "attack", targetId: m.id }], []);
    expect([t.refusals, damage(t.events)]).toEqual([[null, FULL_SPENT], []]);

    const sim2 = d20Sim(1);
    const [w2] = party(sim2, ["Warrior"]);
    const m2 = foe(sim2, 5);
    const t2 = playTurn(sim2, w2!, m2, [20, 1], [{ kind: "attack", targetId: m2.id }, { kind: "ready" }], [15, 4]);
    expect([t2.refusals, damage(t2.events)]).toEqual([[null, FULL_SPENT], [[w2!.id, m2.id, 4]]]);
  });
});
