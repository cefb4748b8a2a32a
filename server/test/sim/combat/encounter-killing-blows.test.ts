import { describe, expect, it } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { EncounterRecord } from "../../../src/sim/combat/encounters/types.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { takeD20Turn } from "../../../src/sim/combat/d20/turn.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { takeD100Turn } from "../../../src/sim/combat/d100/encounter.ts";
import { forceDice } from "../encounters/helpers.ts";

const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

/** An encounter record holding `units` (built by hand: the test plays one turn). */
function encounterOf(units: UnitRecord[]): EncounterRecord {
  const ids = units.map((u) => u.id);
  return {
    id: "e1", participants: ids, order: ids, initiative: {}, round: 1, turnIndex: 0, roundStartTick: 0, nextTurnTick: 0,
    surprised: [], acted: [], reactions: {}, waitingSince: 0, plans: {}, startTick: 0,
  };
}
const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);

/**
 * A minion ordered (orderAttack) to attack a hero lying unconscious next to it at 0 HP, and a
 * standing hero further off, so the fight goes on.
 */
function scene(ruleset: "d20" | "d100") {
  const sim = Simulation.create({ seed: 1, ruleset, map: parseMap("t", ARENA) });
  const minion = addUnit(sim, { kind: "minion", x: 5, y: 5 });
  const down = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Warrior", level: 1, x: 6, y: 5 });
  const other = addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: "Warrior", level: 1, x: 5, y: 6 });
  if (ruleset === "d20") d20Of(down).hp = 0; else d100Of(down).hp = 0;
  down.activity = "unconscious";
  expect(sim.apply({ type: "orderAttack", unitId: minion.id, targetId: down.id })).toEqual({ ok: true });
  sim.drainEvents();
  return { sim, minion, down, other, enc: encounterOf([minion, down, other]) };
}

describe("CMB-47 killing blows on a keeper's order, in d20 and d100 rooms", () => {
  it("CMB-47: d20 — in an encounter, the ordered minion kills the unconscious hero next to it with its turn's attack, no roll, rather than striking the standing foe", () => {
    const f = scene("d20");
    const dice = forceDice(f.sim, []); // no draw at all
    takeD20Turn(f.sim, f.enc, f.minion, null);
    const events = f.sim.drainEvents();
    expect(of(events, "knockedOut")).toEqual([{ type: "knockedOut", unitId: f.down.id, outcome: "dead", cause: "killingBlow", byUnitId: f.minion.id, tick: 0 }]);
    expect(of(events, "attack")).toEqual([]);
    expect([f.down.activity, f.other.activity, dice.left()]).toEqual(["dead", "idle", 0]);
  });

  it("CMB-47: d100 — in an encounter, the ordered minion's main action is the killing blow on the unconscious hero next to it", () => {
    const f = scene("d100");
    const dice = forceDice(f.sim, []);
    takeD100Turn(f.sim, f.enc, f.minion, null);
    const events = f.sim.drainEvents();
    expect(of(events, "knockedOut")).toEqual([{ type: "knockedOut", unitId: f.down.id, outcome: "dead", cause: "killingBlow", byUnitId: f.minion.id, tick: 0 }]);
    expect(of(events, "attack")).toEqual([]);
    expect([f.down.activity, dice.left()]).toEqual(["dead", 0]);
  });

  it("CMB-47: d20 — outside any encounter (nobody left to fight), the ordered minion next to the body kills it in real time", () => {
    const f = scene("d20");
    f.other.activity = "left"; // the only other hero is gone: no encounter can form
    const events = f.sim.step();
    expect(Object.keys(f.sim.state.encounters ?? {})).toEqual([]);
    expect(of(events, "knockedOut")).toEqual([{ type: "knockedOut", unitId: f.down.id, outcome: "dead", cause: "killingBlow", byUnitId: f.minion.id, tick: f.sim.state.tick }]); // events carry the tick they happen in
    expect(f.down.activity).toBe("dead");
  });

  it("CMB-47: a minion without an order never finishes off an unconscious foe (d100, outside encounters; it may capture it)", () => {
    const f = scene("d100");
    f.sim.apply({ type: "orderAttack", unitId: f.minion.id, targetId: "" });
    f.other.activity = "left";
    const events: SimEvent[] = [];
    for (let i = 0; i < 30; i++) events.push(...f.sim.step());
    expect(of(events, "knockedOut").filter((e) => e.cause === "killingBlow")).toEqual([]);
    expect(f.down.activity).not.toBe("dead");
  });
});
