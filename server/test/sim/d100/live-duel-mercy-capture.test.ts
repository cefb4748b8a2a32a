import { describe, expect, it } from "vitest";
import { DUEL_MERCY_TICKS, type SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { forfeitDuel } from "../../../src/sim/combat/d100/duels.ts";
import { forceDice } from "./fixtures.ts";

/*
 * P100-DUEL-20 ("in a duel to the death, it is up to the opponent whether a duellist who forfeits
 * is spared") played through `Simulation.step`: while the keeper's decision on the AI warrior that
 * forfeited to its minion waits, the minion does not take the warrior prisoner (it did so on the
 * next tick, deciding in the keeper's place).
 */

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

/** A seated keeper's minion at (6, 5) wins a duel to the death against an AI warrior at (5, 5) that forfeits on tick 0; the pending mercy's id. */
function forfeited() {
  const sim = Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA) });
  const hero = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Warrior", level: 1, x: 5, y: 5, gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 } });
  const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
  forceDice(sim, [70, 20]); // the duel's initiative: minion 70, warrior 20
  // The AI warrior accepts the keeper's challenge by its odds (250 HP x 25.25 >= 110 x 12.75).
  expect(sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: true })).toEqual({ ok: true });
  forfeitDuel(sim, hero.id);
  const pending = sim.drainEvents().find((e) => e.type === "duelMercyPending") as Extract<SimEvent, { type: "duelMercyPending" }>;
  expect([pending.by, pending.winnerId, pending.loserId, pending.aiSpares, pending.expiresTick]).toEqual(["keeper", m.id, hero.id, true, DUEL_MERCY_TICKS]);
  return { sim, hero, m, mercyId: pending.mercyId };
}

describe("P100-DUEL-20: nobody takes a duel loser prisoner while the winner's side decides its fate", () => {
  it("the keeper's decision waits 49 ticks: the warrior stays unconscious next to the minion, not captured; the keeper then decides not to spare it and it dies", () => {
    const { sim, hero, mercyId } = forfeited();
    const events: SimEvent[] = [];
    for (let i = 0; i < DUEL_MERCY_TICKS - 1; i++) events.push(...sim.step());
    expect([sim.state.tick, hero.activity, events.filter((e) => e.type === "captured" || e.type === "duelMercy")]).toEqual([49, "unconscious", []]);
    expect(sim.apply({ type: "decideDuelMercy", mercyId, spare: false })).toEqual({ ok: true });
    expect([d100Of(hero).dead, hero.activity]).toEqual([true, "dead"]);
  });

  it("unanswered, the AI spares the forfeit at tick 50 (DUEL_MERCY_TICKS); only then, on tick 51, the minion takes the spared warrior prisoner", () => {
    const { sim, hero, m } = forfeited();
    const events: SimEvent[] = [];
    for (let i = 0; i < DUEL_MERCY_TICKS + 1; i++) events.push(...sim.step());
    expect(events.filter((e) => e.type === "captured" || e.type === "duelMercy").map((e) => [e.tick, e.type])).toEqual([[50, "duelMercy"], [51, "captured"]]);
    expect([hero.activity, d100Of(hero).dead, events.find((e) => e.type === "captured")]).toEqual(["captured", false, { type: "captured", unitId: hero.id, byUnitId: m.id, tick: 51 }]);
  });
});
