import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { addStatus } from "../../../src/sim/combat/d20/statuses.ts";
import { d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { bare, creature, plain, planSteps, run } from "./live-helpers.ts";

/*
 * Audit s10-b (issue 17), a game bug: D20-STATUS-09 was played only by the AI. A hero played by a
 * person, enraged by the Master's madness, had its planned turn played as planned: it could strike
 * the Master, walk off or do nothing. Now the rage drives its turn whatever it planned (docs/
 * rules-decisions.md, "Enraged"): each planned step is refused (RAGE below, turn.ts `ENRAGED_REFUSAL`) and the creature
 * attacks the target the rage named, as the AI's enraged turn does. A live d20 room: the planTurn
 * command, sim.step(), forced dice.
 */
const RAGE = "enraged: the rage drives this turn against its target (D20-STATUS-09)";
const fight = (ev: readonly SimEvent[]) => bare(ev, ["attack", "damaged", "turnStarted", "turnPlanPlayed"]);

describe("an enraged player's hero is driven by the rage (D20-STATUS-09)", () => {
  it("D20-STATUS-09: the Master's madness enrages the player's hero against its ally (the nearest creature); its plan to walk to the Master and strike it is refused step by step, and it walks up to its ally instead, to (10, 5), and strikes it (15 hits AC 12, 1d8 4); the rage (1 turn) is then over", () => {
    const sim = d20Sim();
    const a = hero(sim, 8, 5, { controller: "seat-1" });
    const b = hero(sim, 8, 6);
    const m = creature(sim, "master", 12, 5);
    plain([a, b, m]);
    for (const h of [a, b]) for (const st of ["blinded", "silenced"] as const) addStatus(d20Of(h).statuses, st, m.id, -1);
    a.targetId = m.id;
    // initiative a 1, b 2, Master 20; madness on a (the nearest, lowest id) hits (15), 1d4 = 3; b: natural 1 on the Master.
    const opening = forceDice(sim, [1, 2, 20, 15, 3, 1]);
    const ev1 = run(sim, 3);
    expect(opening.left()).toBe(0);
    expect(d20Of(a).statuses.filter((s) => s.kind === "enraged").map((s) => s.sourceId)).toEqual([b.id]);
    expect([a.x, a.y, b.x, b.y]).toEqual([8, 5, 11, 6]); // b walked up to the Master in its turn
    const plan = [{ kind: "move", path: [{ x: 9, y: 5 }, { x: 10, y: 5 }, { x: 11, y: 5 }] }, { kind: "attack", targetId: m.id }];
    planSteps(sim, a, plan);
    const rage = forceDice(sim, [15, 4]); // a's blow on b and its longsword's 1d8
    const ev2 = sim.step();
    expect(rage.left()).toBe(0);
    expect(fight([...ev1, ...ev2]).slice(-4)).toEqual([
      { type: "turnStarted", round: 1, unitId: a.id },
      { type: "attack", attackerId: a.id, targetId: b.id, hit: true, attackRoll: 15, defenceRoll: 12 },
      { type: "damaged", targetId: b.id, sourceId: a.id, amount: 4, damageType: "slashing", hp: 96, critical: false },
      { type: "turnPlanPlayed", unitId: a.id, refusals: [RAGE, RAGE] },
    ]);
    expect([a.x, a.y, d20Of(m).hp, d20Of(a).statuses.some((s) => s.kind === "enraged")]).toEqual([10, 5, 100, false]); // it walked up to b (11, 6), not along its planned path to (11, 5)
  });
});
