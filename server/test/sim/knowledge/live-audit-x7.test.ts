import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { CORRIDOR_MAP, RULESETS, makeParty, makeSim } from "./helpers.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { recordAllDice } from "../recordAllDice.ts";

/*
 * Audit a8-x7 (issue 17): KNOW-28 played through `sim.step()` in a room of each ruleset (Caution
 * is ALWAYS ON), for both ways a party's next combat starts (docs/rules-decisions.md, KNOW-28: a
 * member attacks, or is attacked), with the exact tick and every die recorded.
 */

describe.each(RULESETS.map((r) => [r]))("Caution lasts until the party's next combat (%s)", (ruleset) => {
  /** A peasant walking in from the portal (1, 3) along the corridor (Caution 1 from its first tick), a keeper's minion at (x, y); the party's Caution after each step. */
  function walkIn(x: number, y: number) {
    const sim = makeSim(CORRIDOR_MAP, 7, ruleset);
    sim.state.pauseOnSpot = false;
    const { party, members: [a] } = makeParty(sim, [[1, 3]]);
    const m = addUnit(sim, { kind: "minion", x, y });
    const caution: number[] = [];
    const step = (): SimEvent[] => { const ev = sim.step(); caution.push(party.caution ?? 0); return ev; };
    return { sim, party, a: a!, m, caution, step };
  }

  it(`KNOW-28 (${ruleset}): the party is attacked: the keeper orders its minion at 17,1 against the peasant after tick 10; Caution, held on ticks 1 to 10, ends on tick 11 when the minion takes it as its target; no die drawn`, () => {
    const f = walkIn(17, 1);
    const dice = recordAllDice(f.sim, []);
    for (let i = 0; i < 10; i++) f.step();
    expect(f.sim.apply({ type: "orderAttack", unitId: f.m.id, targetId: f.a.id })).toEqual({ ok: true });
    f.step();
    expect([f.sim.state.tick, f.caution, f.m.targetId, f.a.targetId]).toEqual([11, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0], f.a.id, ""]);
    expect([dice.draws, dice.left()]).toEqual([[], 0]);
  });

  it(`KNOW-28 (${ruleset}): a member attacks: the keeper's minion at 12,4 regroups (no ally: it holds its tile); the peasant walks up to it and strikes first on tick 51 (the dice recorded; in malignus the minion strikes back that tick): Caution, held on ticks 1 to 50, ends on tick 51`, () => {
    const f = walkIn(12, 4);
    expect(f.sim.apply({ type: "setStance", unitId: f.m.id, stance: "regroup" })).toEqual({ ok: true });
    // A stance of the slider (setStance refuses any other, inputs/apply.ts): regroup with no ally holds its tile and fights only what comes next to it.
    // The first blow's dice: malignus d10 attack 5 against d10 defence 5 (then the minion's riposte: d10 1 against d10 10); d20 initiative 15 and 5, then the d20 attack 10; d100 initiative 90 and 10, then 50 against a dodge of 50.
    const expected = { malignus: ["d10=5", "d10=5", "d10=1", "d10=10"], d20: ["d20=15", "d20=5", "d20=10"], d100: ["d100=90", "d100=10", "d100=50", "d100=50"] }[ruleset];
    const forced = expected.map((d) => Number(d.split("=")[1]));
    const dice = recordAllDice(f.sim, forced);
    const events: SimEvent[] = [];
    for (let i = 0; i < 51; i++) events.push(...f.step());
    expect(f.caution).toEqual([...Array(50).fill(1), 0]);
    expect([f.a.x, f.a.y, f.a.targetId, f.m.targetId]).toEqual([11, 5, f.m.id, f.a.id]);
    expect(events.filter((e) => e.type === "attack").map((e) => [e.tick, (e as { attackerId: string }).attackerId, (e as { targetId: string }).targetId])).toEqual(ruleset === "malignus" ? [[51, f.a.id, f.m.id], [51, f.m.id, f.a.id]] : [[51, f.a.id, f.m.id]]);
    expect([dice.draws, dice.left()]).toEqual([expected, 0]);
  });
});
