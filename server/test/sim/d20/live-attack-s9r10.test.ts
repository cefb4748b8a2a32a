import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { attacks, foe, party } from "./live-turn.ts";
import { playRecordedTurn } from "./diceRecorder.ts";

/**
 * Audit s9-r10 of issue 17: D20-ATTACK-35 ("a grapple is a special melee attack made with the
 * Attack action"): for a Warrior of level 5 whose Attack action holds 2 attacks, the grapple is
 * one of them, not a whole action. Played live through `planTurn` and `sim.step()`, every die
 * recorded (initiative: the Warrior 20, the minion 1; zero characteristics: Strength 0 each).
 */
const SPENT = "the full action is spent (D20-ACTION-03)";

describe("a grapple is one attack of the Attack action (D20-ATTACK-35)", () => {
  it("D20-ATTACK-35: a level-5 Warrior (2 attacks an action) grapples the minion (Strength contest d20 15 against d20 9) and still strikes it with its second attack (d20 2 misses AC 11); a third attack is refused with no die drawn", () => {
    const sim = d20Sim(1);
    const [w] = party(sim, ["Warrior"], { level: 5 });
    const m = foe(sim, 5);
    expect(d20Of(w!).attacksPerAction).toBe(2);
    const t = playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "grapple", targetId: m.id }, { kind: "attack", targetId: m.id }, { kind: "attack", targetId: m.id }], [15, 9, 2]);
    expect(t.refusals).toEqual([null, null, SPENT]);
    expect(t.draws).toEqual(["d20=15", "d20=9", "d20=2"]);
    expect([attacks(t.events), d20Of(m).statuses.map((s) => [s.kind, s.sourceId])]).toEqual([[[w!.id, m.id, false, 2, 11]], [["grappled", w!.id]]]);
  });
});
