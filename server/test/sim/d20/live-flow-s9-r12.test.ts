import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus, hasStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim, hero, minion } from "../encounters/helpers.ts";
import { recordD20Dice } from "./drawRecorder.ts";
import { of, plain } from "./live-helpers.ts";

/*
 * Issue 17 audit s9-r12: surprise is decided per creature, in a live d20 room (Simulation.step()),
 * on recorded dice ("d20=v" shows the Hide roll and the initiatives are d20s).
 */
describe("s9-r12: surprise per creature (D20-FLOW-11)", () => {
  const start = (hide: number) => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5);
    const m = minion(sim, 6, 5);
    const n = minion(sim, 6, 6);
    plain([a, m, n]);
    addStatus(d20Of(a).statuses, "hidden");
    d20Of(m).abilities.perception = 1; // passive Perception 11
    d20Of(n).abilities.perception = 4; // passive Perception 14
    a.targetId = m.id;
    // the hero's Hide roll, then initiatives in id order (hero 2, minion 18, minion 2 10).
    const dice = recordD20Dice(sim, [hide, 2, 18, 10]);
    const ev = sim.step();
    return { sim, a, m, n, ev, dice };
  };

  it("D20-FLOW-11: a hidden hero's Hide 13 beats the first minion's passive Perception 11 but not the second's 14: only the first is surprised (event; its first turn has no attack), the second has no surprised status", () => {
    const { m, n, ev, dice } = start(13);
    expect(of(ev, "encounterStarted").map((e) => [e.surprised, e.order])).toEqual([[[m.id], [m.id, n.id, expect.any(String)]]]);
    // the first minion acts first: its whole (surprised) first turn passes in this step, no attack.
    expect(of(ev, "attack")).toEqual([]);
    expect(hasStatus(d20Of(n).statuses, "surprised")).toBe(false);
    expect(dice.draws.slice(0, 4)).toEqual(["d20=13", "d20=2", "d20=18", "d20=10"]);
  });

  it("D20-FLOW-11: with Hide 15 the hero beats both passive Perceptions (11 and 14): both minions are surprised", () => {
    const { m, n, ev } = start(15);
    expect(of(ev, "encounterStarted").map((e) => e.surprised)).toEqual([[m.id, n.id]]);
    expect(hasStatus(d20Of(n).statuses, "surprised")).toBe(true);
  });
});
