import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { RULESETS, makeParty, makeSim } from "../knowledge/helpers.ts";
import { forceDice } from "../encounters/helpers.ts";

/*
 * Audit b1 of issue 17 (INV-95, "a pyre never burns an adventurer"). The existing live test plays
 * the keeper's `burnBody` command in a malignus room with a dead adventurer only; here a room of
 * each ruleset, through `sim.enqueue` (the room's path), with an adventurer dead, one unconscious
 * and one standing, and a dead minion as the control. Nobody is near an enemy: no die is drawn.
 */
const KEEPER = { kind: "keeper", seatId: "k1" } as const;
const REFUSED = { ok: false, code: "NOT_BURNABLE", reason: "a pyre never burns an adventurer", rule: "INV-95" };

describe.each(RULESETS.map((r) => [r]))("audit b1: the pyre in a %s room", (ruleset: RulesetId) => {
  it(`INV-95 (${ruleset}): burnBody is refused for a dead, an unconscious and a standing adventurer, who all stay where they are 600 ticks later; the dead minion burns`, () => {
    const sim = makeSim(undefined, 7, ruleset);
    const { members: [dead, out, up] } = makeParty(sim, [[6, 5], [7, 5], [8, 5]]);
    dead!.activity = "dead";
    out!.activity = "unconscious";
    out!.wakeTick = 100_000;
    const minion = addUnit(sim, { kind: "minion", x: 3, y: 3, activity: "dead" });
    const dice = forceDice(sim, []);
    sim.drainEvents();
    for (const u of [dead!, out!, up!]) expect(sim.enqueue(KEEPER, { type: "burnBody", unitId: u.id })).toEqual(REFUSED);
    expect(sim.enqueue(KEEPER, { type: "burnBody", unitId: minion.id })).toEqual({ ok: true });
    const events: SimEvent[] = [];
    for (let i = 0; i < 600; i++) events.push(...sim.step());
    expect(events.filter((e) => e.type === "bodyBurned")).toEqual([{ type: "bodyBurned", unitId: minion.id, partyId: "", amount: 0, detail: "pyre", tick: 0 }]);
    expect(sim.state.units[minion.id]).toBeUndefined();
    expect([dead!, out!].map((u) => [sim.state.units[u.id]?.activity, u.x, u.y])).toEqual([["dead", 6, 5], ["unconscious", 7, 5]]);
    expect(sim.state.units[up!.id]).toBe(up);
    expect(dice.left()).toBe(0);
  });
});
