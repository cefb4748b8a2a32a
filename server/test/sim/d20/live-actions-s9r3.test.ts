import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { of } from "./live-helpers.ts";
import { damage, foe, party, playTurn } from "./live-turn.ts";

/**
 * Audit s9-r3 (issue 17): the demi-action beside the full action (D20-ACTION-04) and the second
 * object of a turn taken with Use an Object (D20-ACTION-21), played in a live d20 room: a player's
 * Rogue plans its turn with `planTurn`, `sim.step()` plays it on forced dice (initiative 20 / 1).
 */
const NO_DEMI = "no action left for a demi-action (D20-ACTION-04)";

describe("the demi-action and Use an Object in a live d20 turn (s9-r3)", () => {
  it("D20-ACTION-04: the demi-action comes on top of the full action: the Rogue's Attack (d20 15, 1d6 4) and its healing potion (Use an Object, 2d4 + 2 on 1 and 1 = 4) both play in one turn, in either order", () => {
    for (const attackFirst of [true, false]) {
      const sim = d20Sim(1);
      const [r] = party(sim, ["Rogue"]);
      const m = foe(sim, 5);
      const me = d20Of(r!);
      me.hp = me.maxHp - 6;
      const attack = { kind: "attack", targetId: m.id }, potion = { kind: "useObject", item: "healingPotion" };
      const t = playTurn(sim, r!, m, [20, 1], attackFirst ? [attack, potion] : [potion, attack], attackFirst ? [15, 4, 1, 1] : [1, 1, 15, 4]);
      expect(t.refusals).toEqual([null, null]);
      expect([damage(t.events), of(t.events, "healed").map((e) => [e.unitId, e.hp]), me.hp, d20Of(m).hp]).toEqual([[[r!.id, m.id, 4]], [[r!.id, me.maxHp - 2]], me.maxHp - 2, 26]);
    }
  });

  it("D20-ACTION-21: after the Attack, the first weapon swap is the free interaction and the second is taken with Use an Object (it plays: the shortsword is back in hand); the potion after it finds the demi-action spent", () => {
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"]);
    const m = foe(sim, 5);
    const me = d20Of(r!);
    me.hp = me.maxHp - 6;
    const swap = { kind: "useObject", item: "swapWeapons" };
    const t = playTurn(sim, r!, m, [20, 1], [{ kind: "attack", targetId: m.id }, swap, swap, { kind: "useObject", item: "healingPotion" }], [15, 4]);
    expect(t.refusals).toEqual([null, null, null, NO_DEMI]);
    expect([damage(t.events), of(t.events, "healed"), me.hp, me.weapon.name, me.offHand?.name]).toEqual([[[r!.id, m.id, 4]], [], me.maxHp - 6, "shortsword", "dagger"]);
  });

  it("D20-ACTION-20: swapping weapons is handled as part of the turn (the free interaction, then Use an Object: after the Attack both swaps play), but a healing potion is never the free interaction: after the Attack the first potion takes the demi-action and the second is refused (healed once, 2d4 + 2 on 1 and 1 = 4)", () => {
    const sim = d20Sim(1);
    const [r] = party(sim, ["Rogue"]);
    const m = foe(sim, 5);
    const me = d20Of(r!);
    me.hp = me.maxHp - 6;
    const potion = { kind: "useObject", item: "healingPotion" };
    const t = playTurn(sim, r!, m, [20, 1], [{ kind: "attack", targetId: m.id }, potion, potion], [15, 4, 1, 1]);
    expect(t.refusals).toEqual([null, null, NO_DEMI]);
    expect([of(t.events, "healed").map((e) => [e.unitId, e.hp]), me.hp]).toEqual([[[r!.id, me.maxHp - 2]], me.maxHp - 2]);

    const sim2 = d20Sim(1);
    const [r2] = party(sim2, ["Rogue"]);
    const m2 = foe(sim2, 5);
    const swap = { kind: "useObject", item: "swapWeapons" };
    const t2 = playTurn(sim2, r2!, m2, [20, 1], [{ kind: "attack", targetId: m2.id }, swap, swap], [15, 4]);
    expect([t2.refusals, d20Of(r2!).weapon.name]).toEqual([[null, null, null], "shortsword"]);
  });
});
