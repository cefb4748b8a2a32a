import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { of } from "./live-helpers.ts";
import { attacks, damage, foe, party, playTurn } from "./live-turn.ts";

/**
 * Audit s9-r3 (issue 17): a defensive action is the creature's reaction (D20-ACTION-24), in a live
 * d20 room: a player's level-3 Warrior (two attacks in its Attack action, D20-MOVE-11) plans both on
 * a minion with Agility 2 through `planTurn`; `sim.step()` plays them on forced dice.
 */
describe("a defence spends the reaction (D20-ACTION-24)", () => {
  it("D20-ACTION-24, D20-ACTION-23: the minion (Agility 2) dodges the Warrior's first blow with its reaction (11 against AC 11 + 2 = 13 misses); with its reaction spent it cannot defend against the second: the same 11 against AC 11 hits, 1d8 4 + weapon skill 1 = 5", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"], { level: 3 });
    const m = foe(sim, 5);
    d20Of(m).abilities.agility = 2;
    expect([d20Of(w!).skills.weapon, d20Of(m).reactionUsed]).toEqual([1, false]);
    const t = playTurn(sim, w!, m, [20, 1], [{ kind: "attack", targetId: m.id }, { kind: "attack", targetId: m.id }], [11, 11, 4]);
    expect(t.refusals).toEqual([null, null]);
    expect(of(t.events, "reaction").map((e) => [e.unitId, e.kind, e.detail, e.againstId])).toEqual([[m.id, "defence", "dodge", w!.id]]);
    expect(attacks(t.events)).toEqual([[w!.id, m.id, false, 11, 13], [w!.id, m.id, true, 11, 11]]);
    expect([damage(t.events), d20Of(m).hp, d20Of(m).reactionUsed]).toEqual([[[w!.id, m.id, 5]], 25, true]);
  });
});
