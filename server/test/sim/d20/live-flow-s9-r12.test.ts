import { describe, expect, it } from "vitest";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus, hasStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim, hero, minion } from "../encounters/helpers.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { recordD20Dice } from "./diceRecorder.ts";
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

describe("s9-r12: on its turn a player picks action first or move first (D20-FLOW-27)", () => {
  /** A hero played by seat-1 at (5, 5) next to a minion at (6, 5), zero characteristics; initiative hero 18, minion 3: the hero's turn waits for its plan. */
  const opening = () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 6, 5);
    plain([a, m]);
    a.targetId = m.id;
    const dice = recordD20Dice(sim, [18, 3]);
    sim.step();
    expect(dice.left()).toBe(0);
    return { sim, a, m };
  };
  /** The attacks and reactions of a step, in order, each with who acted. */
  const order = (ev: ReturnType<Simulation["step"]>) => ev.flatMap((e) => (e.type === "attack" ? [[e.type, e.attackerId]] : e.type === "reaction" ? [[e.type, e.unitId]] : []));
  const plan = (f: ReturnType<typeof opening>, steps: unknown[]) =>
    expect(f.sim.enqueue({ kind: "adventurer", seatId: "seat-1", unitId: f.a.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });

  it("D20-FLOW-27: action first: the hero attacks the minion next to it (d20 1, a miss) and then walks off to (3, 5), drawing the minion's opportunity attack (d20 1); move first: it walks (5, 4), (6, 4), staying in reach, then attacks from (6, 4) (d20 1)", () => {
    const first = opening();
    plan(first, [{ kind: "attack", targetId: first.m.id }, { kind: "move", path: [{ x: 4, y: 5 }, { x: 3, y: 5 }] }]);
    const d1 = recordD20Dice(first.sim, [1, 1]);
    const ev1 = first.sim.step();
    // the attack comes before the walk: the hero's blow, then the walk's opportunity attack.
    expect(order(ev1)).toEqual([["attack", first.a.id], ["reaction", first.m.id], ["attack", first.m.id]]);
    expect(of(ev1, "turnPlanPlayed")).toMatchObject([{ unitId: first.a.id, refusals: [null, null] }]);
    expect([first.a.x, first.a.y, d1.draws, d1.left()]).toEqual([3, 5, ["d20=1", "d20=1"], 0]);

    const second = opening();
    plan(second, [{ kind: "move", path: [{ x: 5, y: 4 }, { x: 6, y: 4 }] }, { kind: "attack", targetId: second.m.id }]);
    const d2 = recordD20Dice(second.sim, [1]);
    const ev2 = second.sim.step();
    expect(order(ev2)).toEqual([["attack", second.a.id]]);
    expect(of(ev2, "turnPlanPlayed")).toMatchObject([{ unitId: second.a.id, refusals: [null, null] }]);
    expect([second.a.x, second.a.y, d2.draws, d2.left()]).toEqual([6, 4, ["d20=1"], 0]);
  });
});
