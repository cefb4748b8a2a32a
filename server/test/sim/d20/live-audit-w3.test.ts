import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { of } from "./live-helpers.ts";
import { attacks, damage, foe, party, seat } from "./live-turn.ts";
import { playRecordedTurn, recordD20Dice } from "./diceRecorder.ts";

/**
 * Audit a8-w8303 (issue 17): live d20 tests for the sampled IDs the audit found weak (D20-ACTION-41,
 * D20-ATTACK-20, D20-ATTACK-27, D20-ATTACK-33, D20-ATTACK-40). Parties arrive through the ruleset's live
 * `partyArrived`; a player's turn is planned with the live `planTurn` command and played by
 * `sim.step()`, every die recorded with its size (diceRecorder.ts). The minion foe (live-turn.ts
 * `foe`) has AC 11, 30 HP, zero characteristics and fists (1 bludgeoning + its skill 0).
 * The Warrior (AC 15) starts at (4, 5); initiative Warrior 20, minion 1.
 */
const NO_DEMI = "no action left for a demi-action (D20-ACTION-04)";

describe("audit w3: Hide spends the turn's demi-action (D20-ACTION-41)", () => {
  it("D20-ACTION-41: without Hide the Warrior strikes (d20 15, 1d8 4) and drinks a potion (2d4 1, 1: +4) in one turn; after a Hide (d20 8) the same strike follows (Hide leaves the full action) but the potion is refused: Hide took the demi-action", () => {
    const plain = (() => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 5);
      return playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }, { kind: "useObject", item: "healingPotion" }], [15, 4, 1, 1]);
    })();
    expect([plain.refusals, plain.draws]).toEqual([[null, null], ["d20=15", "d8=4", "d4=1", "d4=1"]]);
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 5);
    const hid = playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "hide" }, { kind: "attack", targetId: m.id }, { kind: "useObject", item: "healingPotion" }], [8, 15, 4]);
    expect([hid.refusals, hid.draws]).toEqual([[null, null, NO_DEMI], ["d20=8", "d20=15", "d8=4"]]);
    expect([damage(hid.events), d20Of(m).hp]).toEqual([[[w!.id, m.id, 4]], 26]);
  });
});

describe("audit w3: a melee attack uses the weapon held in the hand (D20-ATTACK-20)", () => {
  it("D20-ATTACK-20: the Warrior's melee attack is made with the longsword in its main hand: its 1d8 is drawn (d20 15 hits AC 11, d8 7: 30 → 23, slashing); the unarmed side (no weapon in hand: 1 bludgeoning, no damage die) is live-audit-a6's", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 5);
    expect([d20Of(w!).equipment.mainHand, d20Of(w!).weapon.name]).toEqual([["weapon:sword"], "longsword"]);
    const t = playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }], [15, 7]);
    expect([t.draws, attacks(t.events), damage(t.events), of(t.events, "damaged").map((e) => e.damageType)])
      .toEqual([["d20=15", "d8=7"], [[w!.id, m.id, true, 15, 11]], [[w!.id, m.id, 7]], ["slashing"]]);
    expect(d20Of(m).hp).toBe(23);
  });
});

describe("audit w3: the opportunity attack interrupts the move (D20-ATTACK-27)", () => {
  /** The Warrior at (4, 5) with `hp` HP, next to the minion at (5, 5), plans a walk west to (2, 5); the minion's opportunity attack rolls `roll`. */
  const walkAway = (hp: number, roll: number) => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 5);
    d20Of(w!).hp = hp;
    const t = playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "move", path: [{ x: 3, y: 5 }, { x: 2, y: 5 }] }], [roll]);
    return { w: w!, m, t };
  };

  it("D20-ATTACK-27: the minion's opportunity attack (d20 15 reaches AC 15, 1 bludgeoning) is resolved before the Warrior leaves its reach: at 1 HP it drops to 0 where it stood, (4, 5), next to the minion, and walks no further", () => {
    const f = walkAway(1, 15);
    expect(of(f.t.events, "reaction").map((e) => [e.unitId, e.kind, e.againstId])).toEqual([[f.m.id, "opportunityAttack", f.w.id]]);
    expect([f.t.draws, attacks(f.t.events), damage(f.t.events)]).toEqual([["d20=15"], [[f.m.id, f.w.id, true, 15, 15]], [[f.m.id, f.w.id, 1]]]);
    expect([f.w.x, f.w.y, d20Of(f.w).hp, f.w.activity]).toEqual([4, 5, 0, "unconscious"]);
  });

  it("D20-ATTACK-27: the same opportunity attack missing (d20 3 against AC 15), the Warrior carries on its move to (2, 5)", () => {
    const f = walkAway(1, 3);
    expect([f.t.draws, attacks(f.t.events), f.t.refusals]).toEqual([["d20=3"], [[f.m.id, f.w.id, false, 3, 15]], [null]]);
    expect([f.w.x, f.w.y, d20Of(f.w).hp]).toEqual([2, 5, 1]);
  });
});

describe("audit w3: only a weapon with the thrown property is thrown (D20-ATTACK-33)", () => {
  it("D20-ATTACK-33: the Rogue's shortsword (main hand, not thrown) thrown at the minion 3 tiles off is refused, no die drawn; swapped into the main hand, its dagger (thrown property) is thrown at it: d20 14 hits AC 11, 1d4 3", () => {
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"]);
    const m = foe(sim, 7);
    expect([d20Of(r!).weapon.name, d20Of(r!).weapon.thrown ?? false, d20Of(r!).offHand?.name, d20Of(r!).offHand?.thrown]).toEqual(["shortsword", false, "dagger", true]);
    const t = playRecordedTurn(sim, r!, m, [20, 1], [{ kind: "attack", targetId: m.id, thrown: true }], []);
    expect([t.refusals, attacks(t.events), t.draws]).toEqual([["only a weapon with the thrown property can be thrown (D20-ATTACK-33)"], [], []]);
    const sim2 = d20Sim(1);
    const [r2] = party(sim2, ["Rogue"]);
    const m2 = foe(sim2, 7);
    const d = playRecordedTurn(sim2, r2!, m2, [20, 1], [{ kind: "useObject", item: "swapWeapons" }, { kind: "attack", targetId: m2.id, thrown: true }], [14, 3]);
    expect([d.refusals, d.draws, attacks(d.events), damage(d.events)]).toEqual([[null, null], ["d20=14", "d4=3"], [[r2!.id, m2.id, true, 14, 11]], [[r2!.id, m2.id, 3]]]);
  });
});

describe("audit w3: a grapple on an unconscious creature needs no contest (D20-ATTACK-40)", () => {
  it("D20-ATTACK-40: the Warrior's blow (d20 15, 1d8 8) leaves the 5-HP minion unconscious at 0 HP (incapable of acting, docs: Effects of unconsciousness); its next turn (round 2, tick 11) grapples it with no Strength contest: no die drawn, grappled by the Warrior", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 5);
    const other = foe(sim, 9); // keeps the minions' side in the fight
    w!.targetId = m.id;
    // initiative Warrior 20, minion 1, the other minion 2
    const start = recordD20Dice(sim, [20, 1, 2]);
    sim.step();
    expect(sim.enqueue(seat(w!), { type: "planTurn", action: "steps", steps: [{ kind: "attack", targetId: m.id }] } as never)).toEqual({ ok: true });
    d20Of(m).hp = 5;
    const blow = recordD20Dice(sim, [15, 8]);
    const knocked = of(sim.step(), "knockedOut");
    expect([start.left(), blow.draws, blow.left(), knocked.map((e) => [e.unitId, e.outcome]), d20Of(m).hp, m.activity]).toEqual([0, ["d20=15", "d8=8"], 0, [[m.id, "unconscious"]], 0, "unconscious"]);
    // the other minion's blow (d20 2 misses AC 15), the unconscious minion's death save (d20 10: a success)
    const between = recordD20Dice(sim, [2, 10]);
    for (let i = 0; i < 3; i++) sim.step();
    expect([between.draws, between.left(), sim.state.tick]).toEqual([["d20=2", "d20=10"], 0, 5]);
    expect(sim.enqueue(seat(w!), { type: "planTurn", action: "steps", steps: [{ kind: "grapple", targetId: m.id }] } as never)).toEqual({ ok: true });
    const grapple = recordD20Dice(sim, []);
    const events: SimEvent[] = [];
    for (let i = 0; i < 6; i++) events.push(...sim.step());
    expect(of(events, "turnPlanPlayed").map((e) => [e.tick, e.unitId, e.refusals])).toEqual([[11, w!.id, [null]]]);
    expect([grapple.draws, d20Of(m).statuses.filter((s) => s.kind === "grappled").map((s) => s.sourceId), other.activity]).toEqual([[], [w!.id], "fighting"]);
  });
});
