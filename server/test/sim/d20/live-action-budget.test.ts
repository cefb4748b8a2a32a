import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { damage, foe, party, playTurn } from "./live-turn.ts";

/**
 * Issue 17: what each action costs (D20-ACTION-06, D20-ACTION-12, D20-ACTION-15, D20-ACTION-20),
 * played in a live d20 room: a player's Warrior (or Rogue) plans a turn of steps with `planTurn`,
 * `sim.step()` plays it with forced dice, and the turn's `turnPlanPlayed` refusals say which step
 * the budget (one full action, one demi-action, one free object interaction) refused.
 * Initiative: the player 20, the minion 1.
 */
const FULL_SPENT = "the full action is spent (D20-ACTION-03)";
const LOCKED = "no other action after Dash or Disengage (D20-ACTION-11, D20-ACTION-14)";
const NEEDS_ALL = "Dash and Disengage allow no other action that turn (D20-ACTION-11, D20-ACTION-14)";

describe("the cost of d20 actions in a live room (issue 17)", () => {
  it("D20-ACTION-06: Attack is the full action: the Warrior's second attack in the turn is refused and only the first blow (d20 15, 1d8 4) lands", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"]);
    const m = foe(sim, 5);
    const t = playTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }, { kind: "attack", targetId: m.id }], [15, 4]);
    expect(t.refusals).toEqual([null, FULL_SPENT]);
    expect([damage(t.events), d20Of(m).hp]).toEqual([[[w!.id, m.id, 4]], 26]);
  });

  it("D20-ACTION-12, D20-ACTION-15: Dash and Disengage are full actions: after the Attack (d20 15, 1d8 4) both are refused; a turn that starts with either then refuses the attack", () => {
    for (const kind of ["dash", "disengage"] as const) {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 5);
      const after = playTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }, { kind }], [15, 4]);
      expect([after.refusals, damage(after.events)]).toEqual([[null, NEEDS_ALL], [[w!.id, m.id, 4]]]);

      const sim2 = d20Sim(1);
      const [w2] = party(sim2, ["Warrior"]);
      const m2 = foe(sim2, 5);
      const first = playTurn(sim2, w2!, m2, [20, 1], [{ kind }, { kind: "attack", targetId: m2.id }], []);
      expect([first.refusals, damage(first.events), d20Of(m2).hp]).toEqual([[null, LOCKED], [], 30]);
    }
  });

  it("D20-ACTION-20, D20-ACTION-22: swapping weapons is part of the turn (free), a healing potion only with Use an Object: after the Attack the potion takes the demi-action and a second object finds no action left", () => {
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"]);
    const m = foe(sim, 5);
    const me = d20Of(r!);
    me.hp = me.maxHp - 6;
    // shortsword d20 15, 1d6 4; the potion 2d4 + 2 = 1 + 1 + 2 = 4.
    const t = playTurn(sim, r!, m, [20, 1], [
      { kind: "attack", targetId: m.id }, { kind: "useObject", item: "swapWeapons" },
      { kind: "useObject", item: "healingPotion" }, { kind: "useObject", item: "swapWeapons" },
    ], [15, 4, 1, 1]);
    expect(t.refusals).toEqual([null, null, null, "no action left for a demi-action (D20-ACTION-04)"]);
    expect([damage(t.events), me.hp, me.weapon.name, me.offHand?.name]).toEqual([[[r!.id, m.id, 4]], me.maxHp - 2, "dagger", "shortsword"]);
  });
});
