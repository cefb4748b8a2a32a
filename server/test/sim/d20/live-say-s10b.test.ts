import { describe, expect, it } from "vitest";
import { MAX_SAY_CHARACTERS } from "@malignus/shared";
import { d20Sim, forceDice } from "../encounters/helpers.ts";
import { heroOpens, of, planSteps } from "./live-helpers.ts";

/*
 * Audit s10-b (issue 17): D20-FLOW-30's communicating. The `say` step cost nothing but said
 * nothing either: its text went nowhere, so no one ever heard a word. Now the phrase is sent as a
 * `spoke` event (heard by whoever sees the speaker, like the turn's other events), still at no
 * cost; a phrase longer than MAX_SAY_CHARACTERS (80, Left open "short phrases") or empty is
 * refused. A player's hero (seat-1) in a live d20 room: planTurn + sim.step, forced dice.
 * (The audit a4 test "talking is free" is folded into the first test here: same scene, its
 * assertions kept.)
 */

/** The hero at (5, 5) and a minion at (12, 5), zero characteristics; initiative hero 20, minion 1: the hero's turn waits for its plan. */
function opening() {
  const sim = d20Sim();
  return { sim, ...heroOpens(sim, 12) };
}

const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

describe("a spoken line is heard and costs nothing (D20-FLOW-30)", () => {
  it("D20-FLOW-30: the hero says \"Charge!\", walks its full 6 tiles, says \"Take that!\" and attacks (15 hits AC 11): two spoke events carry the two lines, in the order of the plan; between them the hero still walked its full 6 tiles and still had its action (talking is free)", () => {
    const { sim, a, m } = opening();
    planSteps(sim, a, [{ kind: "say", text: "Charge!" }, { kind: "move", path: at([6, 5], [7, 5], [8, 5], [9, 5], [10, 5], [11, 5]) }, { kind: "say", text: "Take that!" }, { kind: "attack", targetId: m.id }]);
    const dice = forceDice(sim, [15, 1]);
    const ev = sim.step();
    expect(dice.left()).toBe(0);
    expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null, null, null, null] }]);
    expect(ev.filter((e) => e.type === "spoke" || e.type === "attack").map((e) => e.type === "spoke" ? ["spoke", e.unitId, e.text] : ["attack", e.type === "attack" && e.hit])).toEqual([
      ["spoke", a.id, "Charge!"], ["spoke", a.id, "Take that!"], ["attack", true],
    ]);
    expect([a.x, a.y]).toEqual([11, 5]);
    expect(of(ev, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll])).toEqual([[a.id, m.id, true, 15]]);
  });

  it(`D20-FLOW-30 (Left open: a short phrase is 1 to ${MAX_SAY_CHARACTERS} characters): a line of exactly ${MAX_SAY_CHARACTERS} is said; ${MAX_SAY_CHARACTERS + 1} characters or an empty line is refused and nothing is heard`, () => {
    expect(MAX_SAY_CHARACTERS).toBe(80);
    const refusal = "say a short phrase of 1 to 80 characters (D20-FLOW-30)";
    for (const [text, said] of [["x".repeat(80), true], ["x".repeat(81), false], ["", false]] as const) {
      const { sim, a } = opening();
      planSteps(sim, a, [{ kind: "say", text }]);
      const ev = sim.step();
      expect(of(ev, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [said ? null : refusal] }]);
      expect(of(ev, "spoke")).toEqual(said ? [{ type: "spoke", unitId: a.id, text, tick: sim.state.tick }] : []);
    }
  });
});
