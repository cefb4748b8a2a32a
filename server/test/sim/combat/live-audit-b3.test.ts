import { describe, expect, it } from "vitest";
import { STANCES, TICKS_PER_GAME_HOUR, type SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { OPEN_MAP, adventurer, forceDice } from "./helpers.ts";

/*
 * Audit b3 of issue 17: the stance (CMB-15, CMB-17) and carrying the unconscious (CMB-44) were
 * played live only in malignus rooms (live-stance.test.ts, unconscious.test.ts; the d20 carry test
 * checked event types only), yet both run in every room (stance.ts: "whatever the ruleset").
 * Here the same scenes step in d20 and d100 rooms, forced dice, exact outcomes.
 */

const RULESETS = ["d20", "d100"] as const;
type Ruleset = (typeof RULESETS)[number];
const sim0 = (ruleset: Ruleset, seed: number) => Simulation.create({ seed, ruleset, map: parseMap("t", OPEN_MAP) });
/** Tracking 2: each unit sees 7 tiles (CMB-03). */
const EYES = { combat: 3, craft: 0, tracking: 2, block: 0 };

/**
 * The keeper sets the stance of a minion at (5, 3) with the live `setStance` command; an ally
 * minion works at (1, 6) and an adventurer stands at (`ex`, 3). One tick is stepped with no die
 * allowed (the scripted dice are empty and throw if drawn). Returns the minion's stance, activity,
 * target and walk goal (tiles) after that tick.
 */
function scene(ruleset: Ruleset, stance: UnitRecord["stance"], ex: number, seed = 1) {
  const sim = sim0(ruleset, seed);
  const m = addUnit(sim, { kind: "minion", x: 5, y: 3, stats: { ...EYES } });
  addUnit(sim, { kind: "minion", x: 1, y: 6, job: "trapping", stats: { ...EYES } });
  adventurer(sim, ex, 3, { stats: { ...EYES } });
  expect(sim.apply({ type: "setStance", unitId: m.id, stance })).toEqual({ ok: true });
  const dice = forceDice(sim, []);
  sim.step();
  expect(dice.left()).toBe(0);
  const w = sim.state.map.width;
  return [m.stance, m.activity, m.targetId, m.walk ? [m.walk.goal % w, Math.floor(m.walk.goal / w)] : null];
}

describe.each(RULESETS.map((r) => [r]))("audit b3: the stance in a live %s room (CMB-15, CMB-17)", (ruleset: Ruleset) => {
  it(`CMB-15, CMB-16 (${ruleset}): the keeper's setStance sets each of the four positions, Flight to Aggression; with the adventurer 3 tiles off aggression walks at it, regroup toward the ally, keep distance backs off to the wall, flight flees; 5 tiles off keep distance holds`, () => {
    expect(STANCES).toEqual(["flight", "keepDistance", "regroup", "aggression"]);
    expect(Object.fromEntries(STANCES.map((s) => [s, scene(ruleset, s, 8)]))).toEqual({
      flight: ["flight", "fleeing", "", [0, 3]],
      keepDistance: ["keepDistance", "walking", "", [0, 3]],
      regroup: ["regroup", "walking", "", [2, 6]],
      aggression: ["aggression", "walking", "", [7, 3]],
    });
    expect(scene(ruleset, "keepDistance", 10)).toEqual(["keepDistance", "idle", "", null]);
    expect(scene(ruleset, "aggression", 10)).toEqual(["aggression", "walking", "", [9, 3]]);
  });

  it(`CMB-17 (${ruleset}): the stance draws no die (empty scripted dice) and makes the same choice under seeds 1 to 5, for every stance and both distances`, () => {
    for (const s of STANCES) for (const ex of [8, 10]) {
      const runs = [1, 2, 3, 4, 5].map((seed) => JSON.stringify(scene(ruleset, s, ex, seed)));
      expect(new Set(runs).size).toBe(1);
    }
  });
});

describe.each(RULESETS.map((r) => [r]))("audit b3: carrying the unconscious in a live %s room (CMB-44)", (ruleset: Ruleset) => {
  it(`CMB-44 (${ruleset}): a jobless minion at (9, 3) picks up the unconscious minion lying at (6, 3), away from its bed (2, 3), carries it there and puts it down; the body moves with the carrier; it lies there unconscious when put down`, () => {
    const sim = sim0(ruleset, 8);
    const rescuer = addUnit(sim, { kind: "minion", x: 9, y: 3 });
    const body = addUnit(sim, { kind: "minion", x: 2, y: 3 });
    if (ruleset === "d20") Object.assign(d20Of(body), { hp: 0, stable: true }); else d100Of(body).hp = 0;
    Object.assign(body, { activity: "unconscious", wakeTick: 4 * TICKS_PER_GAME_HOUR, walk: null, x: 6 });
    // Steps up to the drop; the one die is the bed wake draw at the drop (CMB-49), forced to 300.
    const dice = forceDice(sim, [300]);
    const events: SimEvent[] = [];
    const together: boolean[] = [];
    for (let i = 0; i < 60 && !events.some((e) => e.type === "dropped"); i++) {
      events.push(...sim.step());
      if (body.carriedBy) together.push(body.x === rescuer.x && body.y === rescuer.y);
    }
    expect(dice.left()).toBe(0);
    expect(events.filter((e) => e.type === "carried" || e.type === "dropped").map(({ tick: _t, ...e }) => e)).toEqual([
      { type: "carried", unitId: body.id, byUnitId: rescuer.id, x: 7, y: 3 },
      { type: "dropped", unitId: body.id, byUnitId: rescuer.id, x: 2, y: 3 },
    ]);
    const dropTick = events.find((e) => e.type === "dropped")!.tick;
    const carryTick = events.find((e) => e.type === "carried")!.tick;
    // carried on every tick from the pick-up to the one before the drop, always on the carrier's tile
    expect([carryTick, dropTick, together]).toEqual([9, 30, Array(dropTick - carryTick).fill(true)]);
    expect([sim.state.tick, body.x, body.y, body.activity, body.carriedBy, rescuer.carryingId]).toEqual([30, 2, 3, "unconscious", "", ""]);
  });
});

/*
 * Sibling found by the same pattern: CMB-46 (capture) was played live in malignus rooms only
 * (live-noise-capture.test.ts, unconscious.test.ts).
 */
describe.each(RULESETS.map((r) => [r]))("audit b3: capturing the unconscious in a live %s room (CMB-46)", (ruleset: Ruleset) => {
  it(`CMB-46 (${ruleset}): a jobless minion next to an adventurer lying unconscious at 0 HP takes it prisoner on the next tick, drawing no die`, () => {
    const sim = sim0(ruleset, 1);
    const m = addUnit(sim, { kind: "minion", x: 3, y: 3 });
    const a = adventurer(sim, 4, 3, { activity: "unconscious", wakeTick: 10_000 });
    if (ruleset === "d20") Object.assign(d20Of(a), { hp: 0, stable: true }); else d100Of(a).hp = 0;
    const dice = forceDice(sim, []);
    const events = sim.step();
    expect(events.filter((e) => e.type === "captured").map(({ tick: _t, ...e }) => e)).toEqual([{ type: "captured", unitId: a.id, byUnitId: m.id }]);
    expect([a.activity, dice.left()]).toEqual(["captured", 0]);
  });
});

