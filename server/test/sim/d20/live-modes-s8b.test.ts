import { describe, expect, it } from "vitest";
import type { SimEvent, SpeciesId } from "@malignus/shared";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { ARENA, d20Sim, forceDice, hero } from "../encounters/helpers.ts";
import { creature, of, plain } from "./live-helpers.ts";

/*
 * Issue 17 sweep s8b: the movement modes (D20-MOVE-13 to D20-MOVE-21) played by the keeper's
 * creatures in a live d20 room: the keeper's plan (seat-1) is played by Simulation.step().
 */
const strip = (ev: readonly SimEvent[]) => ev.map((e) => { const { tick: _t, ...r } = e; return r; });
const row = (y: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ x: from + i, y }));
/** The ARENA with deep water `~` on rows 1 to 3 from x = 3 to 19. */
const LAKE = ARENA.split("\n").map((r, y) => (y >= 1 && y <= 3 ? r.slice(0, 3) + "~".repeat(17) : r)).join("\n");

/**
 * The keeper's `species` (seat-1) at (2, `y`) with sheet movement 9, plain, and a hero at (10, 8)
 * going for it; initiative creature 20, hero 1: the creature's turn waits for the keeper's plan.
 * `steps` is that plan; returns the events of the step that plays it.
 */
function keeperTurn(species: SpeciesId, map: string, y: number, steps: unknown[]): { sim: Simulation; c: ReturnType<typeof creature>; events: SimEvent[]; refusals: (string | null)[] } {
  const sim = d20Sim(1, map);
  const c = creature(sim, species, 2, y);
  c.controller = "seat-1";
  const h = hero(sim, 10, 8);
  plain([c, h]);
  d20Of(c).movement = 9;
  h.targetId = c.id;
  forceDice(sim, [20, 1]);
  sim.step();
  Object.values(sim.state.encounters ?? {})[0]!.plans[c.id] = { steps };
  const dice = forceDice(sim, []);
  const events = sim.step();
  expect(dice.left()).toBe(0);
  return { sim, c, events, refusals: of(events, "turnPlanPlayed")[0]!.refusals };
}

describe("s8b: taking off (D20-MOVE-13, D20-MOVE-14, D20-MOVE-15, D20-MOVE-16, D20-MOVE-17, D20-MOVE-21)", () => {
  it("D20-MOVE-13, D20-MOVE-14, D20-MOVE-15, D20-MOVE-16, D20-MOVE-17, D20-MOVE-21: the keeper's giant bat, walking with its written movement 9, takes off: 9 − 2 = 7, doubled: 14 in the air; it flies 14 tiles east and a 15th is refused", () => {
    const t = keeperTurn("giantBat", ARENA, 1, [{ kind: "switchMode", mode: "fly" }, { kind: "move", path: row(1, 3, 16) }, { kind: "move", path: row(1, 17, 17) }]);
    expect(strip(of(t.events, "moveModeChanged"))).toEqual([{ type: "moveModeChanged", unitId: t.c.id, from: "walk", mode: "fly", movementBefore: 9, movementLeft: 14 }]);
    expect(t.refusals).toEqual([null, null, "not enough movement left (D20-MOVE-07)"]);
    expect([t.c.x, t.c.y, d20Of(t.c).mode]).toEqual([16, 1, "fly"]);
  });

  it("D20-MOVE-14, D20-MOVE-15, D20-MOVE-16: the bat walks 3 tiles (9 → 6), takes off (6 − 2 = 4, × 2 = 8) and flies 8 more: 11 tiles in all; a 12th is refused", () => {
    const t = keeperTurn("giantBat", ARENA, 1, [{ kind: "move", path: row(1, 3, 5) }, { kind: "switchMode", mode: "fly" }, { kind: "move", path: row(1, 6, 13) }, { kind: "move", path: row(1, 14, 14) }]);
    expect(strip(of(t.events, "moveModeChanged"))).toEqual([{ type: "moveModeChanged", unitId: t.c.id, from: "walk", mode: "fly", movementBefore: 6, movementLeft: 8 }]);
    expect(t.refusals).toEqual([null, null, null, "not enough movement left (D20-MOVE-07)"]);
    expect([t.c.x, t.c.y]).toEqual([13, 1]);
  });
});

describe("s8b: swimming (D20-MOVE-18, D20-MOVE-19, D20-MOVE-21)", () => {
  it("D20-MOVE-18, D20-MOVE-21: the keeper's wolf (movement 9) at the lake's edge slips into the water: 9 − 2 = 7, halved: 3.5; it swims 3 tiles and a 4th is refused", () => {
    const t = keeperTurn("wolf", LAKE, 2, [{ kind: "switchMode", mode: "swim" }, { kind: "move", path: row(2, 3, 5) }, { kind: "move", path: row(2, 6, 6) }]);
    expect(strip(of(t.events, "moveModeChanged"))).toEqual([{ type: "moveModeChanged", unitId: t.c.id, from: "walk", mode: "swim", movementBefore: 9, movementLeft: 3.5 }]);
    expect(t.refusals).toEqual([null, null, "not enough movement left (D20-MOVE-07)"]);
    expect([t.c.x, t.c.y, d20Of(t.c).mode]).toEqual([5, 2, "swim"]);
  });

  it("D20-MOVE-19 (there is no Saaneris: the crocodile, a swimmer, swims as one would): the keeper's crocodile (movement 9) slips in: 9 − 2 = 7, doubled: 14; it swims 14 tiles and a 15th is refused", () => {
    const t = keeperTurn("crocodile", LAKE, 2, [{ kind: "switchMode", mode: "swim" }, { kind: "move", path: row(2, 3, 16) }, { kind: "move", path: row(2, 17, 17) }]);
    expect(strip(of(t.events, "moveModeChanged"))).toEqual([{ type: "moveModeChanged", unitId: t.c.id, from: "walk", mode: "swim", movementBefore: 9, movementLeft: 14 }]);
    expect(t.refusals).toEqual([null, null, "not enough movement left (D20-MOVE-07)"]);
    expect([t.c.x, t.c.y, d20Of(t.c).mode]).toEqual([16, 2, "swim"]);
  });
});
