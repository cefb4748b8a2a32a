import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim } from "../encounters/helpers.ts";
import { foe, party } from "./live-turn.ts";
import { playRecordedTurn } from "./diceRecorder.ts";

/**
 * Audit s9-r10 of issue 17: D20-STATUS-07 ("terrified: the creature is driven to flee from the
 * source of its terror"; decision: it may not willingly move closer to the source) for a hero a
 * player holds: its planned move is played by `sim.step()` through `planTurn`. The scenario makes
 * the Warrior (4, 5) terrified of the minion at (8, 5) (as the bat's screech does in
 * live-status.test.ts); initiative: the Warrior 20, the minion 1.
 */
describe("a terrified hero a player holds (D20-STATUS-07)", () => {
  it("D20-STATUS-07: the terrified Warrior's planned step towards its terror's source (5, 5) is refused and it stays at (4, 5); a step away, to (3, 5), is played", () => {
    const go = (x: number) => {
      const sim = d20Sim(1);
      const [w] = party(sim, ["Warrior"]);
      const m = foe(sim, 8);
      addStatus(d20Of(w!).statuses, "terrified", m.id, 5);
      const t = playRecordedTurn(sim, w!, m, [20, 1], [{ kind: "move", path: [{ x, y: 5 }] }], []);
      return [t.refusals, [w!.x, w!.y]];
    };
    expect(go(5)).toEqual([["a terrified creature may not move closer to the source of its terror (D20-STATUS-07)"], [4, 5]]);
    expect(go(3)).toEqual([[null], [3, 5]]);
  });
});
