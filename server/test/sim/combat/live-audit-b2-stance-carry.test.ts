import { describe, expect, it } from "vitest";
import { STANCES, TICKS_PER_GAME_HOUR, type RulesetId, type SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { KEEP_DISTANCE_TILES } from "../../../src/sim/combat/stance.ts";
import { BED_WAKE_WITHIN_TICKS } from "../../../src/sim/combat/unconscious.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { forceDice, OPEN_MAP } from "./helpers.ts";

/**
 * Audit b2 of issue 17: the keeper's side of a fight runs "whatever the ruleset" (combat/stance.ts,
 * reached from `stepMinions` → `decideCombat` each tick), but its live tests were malignus only.
 * Here the same scenes play in d20 and d100 rooms (no encounter starts: the adventurer has no
 * target). Stances (CMB-15, CMB-16, CMB-17): the minion stands at (5, 3) (Tracking 2: it sees 7
 * tiles), an ally minion at work at (1, 6), an adventurer at (`ex`, 3); the keeper sends `setStance`
 * and the simulation steps once with an empty dice script (any roll would throw). Carrying
 * (CMB-44): a jobless minion at (9, 3), an unconscious minion lying at (6, 3) away from its bed (2, 3).
 */
const RULESETS: RulesetId[] = ["d20", "d100"];
const EYES = { combat: 3, craft: 0, tracking: 2, block: 0 };

function sim(ruleset: RulesetId, seed: number): Simulation {
  return Simulation.create({ seed, ruleset, map: parseMap("t", OPEN_MAP) });
}

/** One tick after the keeper's `setStance`: the minion's stance, activity, target and walk goal (x, y), and the tick's events. */
function scene(ruleset: RulesetId, stance: UnitRecord["stance"], ex: number, seed = 1) {
  const s = sim(ruleset, seed);
  const m = addUnit(s, { kind: "minion", x: 5, y: 3, stats: { ...EYES } });
  addUnit(s, { kind: "minion", x: 1, y: 6, job: "trapping", stats: { ...EYES } });
  addUnit(s, { kind: "adventurer", faction: "heroes", x: ex, y: 3, stats: { ...EYES } });
  expect(s.apply({ type: "setStance", unitId: m.id, stance })).toEqual({ ok: true });
  const dice = forceDice(s, []);
  const events = s.step();
  expect(dice.left()).toBe(0);
  const w = s.state.map.width;
  return { m, events, got: [m.stance, m.activity, m.targetId, m.walk ? [m.walk.goal % w, Math.floor(m.walk.goal / w)] : null] };
}

describe.each(RULESETS)("audit b2: combat stances in a live %s room (CMB-15, CMB-16, CMB-17)", (ruleset) => {
  it(`CMB-15, CMB-16 (${ruleset}): set by the keeper on the slider's 4 positions, with the adventurer 3 tiles off: aggression walks at it, regroup toward its ally, keep distance backs off to the far wall, flight flees`, () => {
    const got = Object.fromEntries(STANCES.map((st) => {
      const f = scene(ruleset, st, 8);
      expect(f.events.filter((e) => e.type === "stanceChanged")).toMatchObject([{ type: "stanceChanged", unitId: f.m.id, stance: st }]);
      return [st, f.got];
    }));
    expect(got).toEqual({
      aggression: ["aggression", "walking", "", [7, 3]],
      regroup: ["regroup", "walking", "", [2, 6]],
      keepDistance: ["keepDistance", "walking", "", [0, 3]],
      flight: ["flight", "fleeing", "", [0, 3]],
    });
  });

  it(`CMB-16 (${ruleset}): with the adventurer 4 tiles off (one past KEEP_DISTANCE_TILES, 3) or 5 tiles off, keep distance holds (idle, no goal); aggression still walks at it`, () => {
    expect(KEEP_DISTANCE_TILES).toBe(3);
    expect(scene(ruleset, "keepDistance", 9).got).toEqual(["keepDistance", "idle", "", null]);
    expect(scene(ruleset, "keepDistance", 10).got).toEqual(["keepDistance", "idle", "", null]);
    expect(scene(ruleset, "aggression", 10).got).toEqual(["aggression", "walking", "", [9, 3]]);
  });

  it(`CMB-17 (${ruleset}): the stance draws no die (empty script) and makes the same choice whatever the seed: seeds 1 to 5 give the same activity, target and goal for each stance`, () => {
    for (const st of STANCES) {
      const runs = [1, 2, 3, 4, 5].map((seed) => JSON.stringify(scene(ruleset, st, 8, seed).got));
      expect(new Set(runs).size).toBe(1);
    }
  });
});

describe.each(RULESETS)("audit b2: the unconscious are carried in a live %s room (CMB-44)", (ruleset) => {
  it(`CMB-44 (${ruleset}): the jobless minion walks to the body at (6, 3), picks it up from (7, 3) on tick 9, the body moves with it tile by tile, and it puts it down on its bed (2, 3) on tick 30; the body is still unconscious (its wake drawn 300 ticks on) and nothing heals it`, () => {
    const s = sim(ruleset, 8);
    const rescuer = addUnit(s, { kind: "minion", x: 9, y: 3 });
    const body = addUnit(s, { kind: "minion", x: 2, y: 3 }); // its bed (home) is 2,3
    body.activity = "unconscious";
    body.wakeTick = 4 * TICKS_PER_GAME_HOUR;
    body.walk = null;
    body.x = 6; // it fell away from its bed
    const dice = forceDice(s, [300]); // the only draw: the bed wake (CMB-49), 300 ticks after the drop
    const events: SimEvent[] = [];
    const together: boolean[] = [];
    const bodyTrace: string[] = [];
    for (let i = 0; i < 60; i++) {
      events.push(...s.step());
      if (rescuer.carryingId === body.id) together.push(body.x === rescuer.x && body.y === rescuer.y);
      if (bodyTrace.at(-1) !== `${body.x},${body.y}`) bodyTrace.push(`${body.x},${body.y}`);
    }
    expect(events.filter((e) => ["carried", "dropped", "healed"].includes(e.type))).toEqual([
      { type: "carried", unitId: body.id, byUnitId: rescuer.id, x: 7, y: 3, tick: 9 },
      { type: "dropped", unitId: body.id, byUnitId: rescuer.id, x: 2, y: 3, tick: 30 },
    ]);
    expect(together.length).toBeGreaterThan(0);
    expect(together.every(Boolean)).toBe(true);
    expect(bodyTrace).toEqual(["6,3", "7,3", "6,3", "5,3", "4,3", "3,3", "2,3"]);
    expect([body.activity, body.x, body.y, body.wakeTick, rescuer.carryingId, dice.left()]).toEqual(["unconscious", 2, 3, 30 + 300, "", 0]);
  });
});

describe.each(RULESETS)("audit b2, siblings of CMB-44 (unconscious.test.ts, malignus only): the bed wake and capture in a live %s room (CMB-49, CMB-46)", (ruleset) => {
  it(`CMB-49 (${ruleset}): carried to its own bed (2, 3), the minion draws its wake within BED_WAKE_WITHIN_TICKS (600): the highest value, 600, wakes it exactly 600 ticks after the drop on tick 30; a 601 is no value of that draw`, () => {
    expect(BED_WAKE_WITHIN_TICKS).toBe(TICKS_PER_GAME_HOUR);
    const run = (wake: number) => {
      const s = sim(ruleset, 8);
      addUnit(s, { kind: "minion", x: 9, y: 3 });
      const body = addUnit(s, { kind: "minion", x: 2, y: 3 });
      body.activity = "unconscious";
      body.wakeTick = 4 * TICKS_PER_GAME_HOUR;
      body.walk = null;
      body.x = 6;
      const dice = forceDice(s, [wake]);
      const woke: SimEvent[] = [];
      for (let i = 0; i < 30 + 600 + 5; i++) woke.push(...s.step().filter((e) => e.type === "woke"));
      return { woke, body, left: dice.left() };
    };
    const r = run(600);
    expect([r.woke, r.body.activity === "unconscious", r.body.wakeTick, r.left]).toEqual([[{ type: "woke", unitId: r.body.id, tick: 630 }], false, -1, 0]);
    expect(() => run(601)).toThrow(/outside 1\.\.600/);
  });

  it(`CMB-46 (${ruleset}): a minion with no job next to an unconscious adventurer takes it prisoner on the next tick, no die (captured event, activity captured)`, () => {
    const s = sim(ruleset, 1);
    const m = addUnit(s, { kind: "minion", x: 3, y: 3, stats: { ...EYES } });
    const a = addUnit(s, { kind: "adventurer", faction: "heroes", x: 4, y: 3, stats: { ...EYES }, activity: "unconscious", wakeTick: 10_000 });
    const dice = forceDice(s, []);
    const events = s.step();
    expect(events.filter((e) => e.type === "captured")).toEqual([{ type: "captured", unitId: a.id, byUnitId: m.id, tick: 1 }]);
    expect([a.activity, dice.left()]).toEqual(["captured", 0]);
  });
});
