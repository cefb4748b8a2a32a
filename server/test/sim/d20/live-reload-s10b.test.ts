import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { hasStatus } from "../../../src/sim/combat/d20/statuses.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";
import { of, plain, planSteps } from "./live-helpers.ts";

/*
 * Audit s10-b (issue 17): D20-ACTION-44's end. Its live test (live-audit-s1) shows no reflex
 * right after the Reload, but nothing showed the ban ending at the start of the reloader's next
 * turn (the decision in docs/rules-decisions.md): dropping "reloading" from the statuses that end
 * at one's own turn start passed every test. Here a player's hero (seat-1, Agility 3, AC 12)
 * reloads next to a minion (initiative hero 20, minion 1), in a live d20 room (planTurn + sim.step).
 */

/** Steps until a tick has a `turnStarted` for `u` (at most 40 ticks); that tick's events and all before. */
function untilTurnOf(sim: Simulation, u: UnitRecord): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < 40; i++) {
    const ev = sim.step();
    out.push(...ev);
    if (of(ev, "turnStarted").some((e) => e.unitId === u.id)) return out;
  }
  throw new Error("no turn");
}

describe("the Reload's ban on reflexes ends at the reloader's next turn (D20-ACTION-44)", () => {
  it("D20-ACTION-44: after its Reload the hero takes no reflex against the minion's blow in round 1 (5 against AC 12, no defence); its own round-2 turn lifts the ban: the same blow in round 2 meets its dodge (AC 12 + Agility 3 = 15)", () => {
    const sim = d20Sim();
    const a = hero(sim, 5, 5, { controller: "seat-1" });
    const m = minion(sim, 6, 5);
    plain([a, m]);
    d20Of(a).abilities.agility = 3;
    a.targetId = m.id;
    forceDice(sim, [20, 1]);
    sim.step(); // the encounter starts: the hero's turn waits for its plan
    planSteps(sim, a, [{ kind: "reload" }]);
    const round1 = forceDice(sim, [5]); // the minion's blow
    const r1 = untilTurnOf(sim, m);
    expect(of(r1, "turnPlanPlayed")).toMatchObject([{ unitId: a.id, refusals: [null] }]);
    expect(hasStatus(d20Of(a).statuses, "reloading")).toBe(true);
    expect(of(r1, "reaction")).toEqual([]);
    expect(of(r1, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[m.id, a.id, false, 5, 12]]);
    expect(round1.left()).toBe(0);
    // Round 2: the hero's turn starts when its (empty) plan is played, and the ban ends with it; then the minion strikes again.
    planSteps(sim, a, []);
    const round2 = forceDice(sim, [5]);
    const r2 = untilTurnOf(sim, m);
    expect(of(r2, "turnStarted").map((e) => [e.unitId, e.round])).toEqual([[a.id, 2], [m.id, 2]]);
    expect(hasStatus(d20Of(a).statuses, "reloading")).toBe(false);
    expect(of(r2, "reaction").map((e) => [e.unitId, e.kind, e.detail, e.againstId])).toEqual([[a.id, "defence", "dodge", m.id]]);
    expect(of(r2, "attack").map((e) => [e.attackerId, e.targetId, e.hit, e.attackRoll, e.defenceRoll])).toEqual([[m.id, a.id, false, 5, 15]]);
    expect(round2.left()).toBe(0);
  });
});
