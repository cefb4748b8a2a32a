import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_MINUTE, type RulesetId, type SimEvent } from "@malignus/shared";
import { walkTo } from "../../../src/sim/world/movement.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { adventurer, forceDice, makeSim, path, placeBuilt, wire } from "./helpers.ts";

/*
 * Audit b2 of issue 17 (TRAP-24, the "or ends" half): a cable drawn straight across the point where
 * another cable ends joins it, in a live room of each ruleset. The other cable is a stub from a
 * timer whose far end is left in the open at (6, 5); the new cable runs plate (2, 1) → blades (9, 1)
 * and passes (5, 5) → (6, 5) → (7, 5). Joined, the trap goes through the timer (the keeper sets
 * 2 game minutes on it): an adventurer stepping on the plate fires the blades 2 game minutes later.
 * The control draws the same cable across the stub where it runs on (the stub ends on a flame jet
 * at 6, 4): it
 * hops, the traps stay apart and the blades fire on the plate's own tick. Nobody stands in the
 * blades' area, so the scripts are empty: any roll would throw.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
type Fired = Extract<SimEvent, { type: "trapFired" }>;

/** Walks `u` to `goal` through sim.step (at most 200 ticks); returns the trapFired events with their tick less the tick `u` stepped on (px, py). */
function crossPlate(sim: Simulation, u: UnitRecord, px: number, py: number, goal: { x: number; y: number }): [string, string | null, number][] {
  expect(walkTo(sim, u, goal)).toBe(true);
  let onPlate = -1;
  const shots: Fired[] = [];
  for (let i = 0; i < 200 && shots.length === 0; i++) {
    for (const e of sim.step()) if (e.type === "trapFired") shots.push(e);
    if (onPlate < 0 && u.x === px && u.y === py) onPlate = sim.state.tick;
  }
  return shots.map((e) => [e.triggerId, e.mechanismId, e.tick - onPlate]);
}

/** The scene: the stub from the timer at (6, 8) up to (6, stubEnd), the old trunk removed; then the new cable drawn. */
function scene(ruleset: RulesetId, stubEnd: number) {
  const sim = makeSim(7, ruleset);
  placeBuilt(sim, "pressurePlate", 2, 5);
  placeBuilt(sim, "spinningBlades", 10, 5);
  const trunk = wire(sim, [2, 5], [10, 5]);
  const timer = placeBuilt(sim, "timer", 6, 8);
  if (stubEnd === 4) placeBuilt(sim, "flameJet", 6, 4); // a cable end must sit on a part or a cable (TRAP-25)
  const stub = wire(sim, [6, 8], [6, stubEnd]); // ends on the trunk at (6, 5), or crosses it and ends on a flame jet at (6, 4)
  expect(sim.apply({ type: "removeCable", cableId: trunk })).toMatchObject({ ok: true });
  expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: 2 })).toEqual({ ok: true });
  const plate = placeBuilt(sim, "pressurePlate", 2, 1);
  const blades = placeBuilt(sim, "spinningBlades", 9, 1);
  sim.drainEvents();
  const r = sim.apply({ type: "wire", path: path([2, 1], [2, 3], [5, 3], [5, 5], [7, 5], [7, 3], [9, 3], [9, 1]) });
  expect(r.ok).toBe(true);
  const id = r.ok ? r.id as string : "";
  const laid = sim.drainEvents().filter((e) => e.type === "cableLaid");
  return { sim, plate, blades, stub, id, laid };
}

describe.each(RULESETS)("audit b2: a cable drawn across another's end joins it (TRAP-24), %s", (ruleset) => {
  it(`TRAP-24 (${ruleset}): drawn straight across the end of the timer's stub at (6, 5), the cable joins it (no hop): the plate fires the blades through the timer, 2 game minutes after the adventurer steps on it`, () => {
    const { sim, plate, blades, stub, id, laid } = scene(ruleset, 5);
    expect(laid).toMatchObject([{ type: "cableLaid", cableId: id, hops: [], joined: [stub] }]);
    const dice = forceDice(sim, []);
    const shots = crossPlate(sim, adventurer(sim, 1, 1), 2, 1, { x: 3, y: 1 });
    expect(shots).toEqual([[plate, blades, 2 * TICKS_PER_GAME_MINUTE]]);
    expect(dice.left()).toBe(0);
  });

  it(`TRAP-24, TRAP-22 (${ruleset}, control): where the stub runs on across (6, 5) to (6, 4), the same cable hops over it and stays apart: the blades fire on the plate's own tick, no timer`, () => {
    const { sim, plate, blades, id, laid } = scene(ruleset, 4);
    expect(laid).toMatchObject([{ type: "cableLaid", cableId: id, hops: [{ x: 6, y: 5 }], joined: [] }]);
    const dice = forceDice(sim, []);
    const shots = crossPlate(sim, adventurer(sim, 1, 1), 2, 1, { x: 3, y: 1 });
    expect(shots).toEqual([[plate, blades, 0]]);
    expect(dice.left()).toBe(0);
  });
});

describe.each(RULESETS)("audit b2, sibling TRAP-25 (the 'starting' half was wiring.test.ts:200 only, malignus, no firing): %s", (ruleset) => {
  it(`TRAP-25, TRAP-26 (${ruleset}): a drag started on the plate → blades cable at (6, 3) and ended on a timer at (6, 7) joins it: the trap now runs through that timer (2 game minutes set) when an adventurer steps on the plate`, () => {
    const sim = makeSim(7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 2, 3);
    const blades = placeBuilt(sim, "spinningBlades", 10, 3);
    const trunk = wire(sim, [2, 3], [10, 3]);
    const timer = placeBuilt(sim, "timer", 6, 7);
    sim.drainEvents();
    const r = sim.apply({ type: "wire", path: path([6, 3], [6, 7]) }); // starts on the trunk's interior tile
    expect(r.ok).toBe(true);
    expect(sim.drainEvents().filter((e) => e.type === "cableLaid")).toMatchObject([{ type: "cableLaid", cableId: r.ok ? r.id : "", networkId: trunk, hops: [], joined: [trunk] }]);
    expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: 2 })).toEqual({ ok: true });
    const dice = forceDice(sim, []);
    expect(crossPlate(sim, adventurer(sim, 1, 3), 2, 3, { x: 3, y: 3 })).toEqual([[plate, blades, 2 * TICKS_PER_GAME_MINUTE]]);
    expect(dice.left()).toBe(0);
  });
});
