import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { isDark } from "../../../src/sim/world/grid.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { perceptionRange } from "../../../src/sim/combat/perception.ts";
import { NOISE_RANGE } from "../../../src/sim/combat/awareness.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { lazyContext, playerView } from "../../../src/sim/views/index.ts";
import { forceDice } from "./helpers.ts";

/*
 * Sweep s8 (issue 17): the always-on combat rules of the dungeon itself — perception (CMB-02 to
 * CMB-04), death noises (CMB-06, CMB-08) and killing blows (CMB-47) — played through
 * `sim.step()` in a room of each ruleset (`malignus`, `d20`, `d100`). None of them draws a die:
 * every step runs on an empty script and asserts `left() === 0`.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

/** A 24×8 room whose every floor tile is dark (`,`); `wall` puts a wall tile at (5, 3). Walk goals are tile indices (y × 24 + x). */
function darkMap(wall = false): string {
  const rows = Array.from({ length: 8 }, () => ",".repeat(24).split(""));
  rows[0]![0] = "P"; rows[7]![0] = "S"; rows[7]![1] = "K";
  if (wall) rows[3]![5] = "#";
  return rows.map((r) => r.join("")).join("\n");
}

const TRACKING_2 = { combat: 2, craft: 2, tracking: 2, block: 0 };

/**
 * A jobless minion (stance Aggression, Tracking 2: perception range 3 + 2 × 2 = 7 tiles) at
 * (2, 3) and an adventurer at (2 + `d`, 3) in the dark room; one step (tick 1) on an empty script.
 */
function minionWatch(ruleset: RulesetId, d: number, wall = false) {
  const sim = Simulation.create({ seed: 1, ruleset, map: parseMap("t", darkMap(wall)) });
  const minion = addUnit(sim, { kind: "minion", x: 2, y: 3, stats: { ...TRACKING_2 } });
  const hero = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 2 + d, y: 3, level: 1 });
  const dice = forceDice(sim, []);
  sim.step();
  return { sim, minion, hero, left: dice.left() };
}

describe.each(RULESETS.map((r) => [r]))("perception in play in a %s room (CMB-02, CMB-03, CMB-04)", (ruleset: RulesetId) => {
  it(`CMB-02, CMB-03, CMB-04 (${ruleset}): in the dark a Tracking 2 minion (range 3 + 2 × 2 = 7) spots the adventurer 7 tiles off and walks at it (goal (8, 3), tile 80; one step to (3, 3) by tick 5); 8 tiles off, one past the range, it spots nothing and stays at (2, 3); no die`, () => {
    const seen = minionWatch(ruleset, 7);
    expect(perceptionRange(seen.minion)).toBe(7);
    expect([isDark(seen.sim.state.map, 2, 3), isDark(seen.sim.state.map, 9, 3)]).toEqual([true, true]);
    expect([seen.minion.activity, seen.minion.walk?.goal, seen.left]).toEqual(["walking", 3 * 24 + 8, 0]);
    for (let i = 0; i < 4; i++) seen.sim.step();
    expect([seen.minion.x, seen.minion.y]).toEqual([3, 3]);

    const unseen = minionWatch(ruleset, 8);
    expect([unseen.minion.activity, unseen.minion.walk, unseen.left]).toEqual(["idle", null, 0]);
    for (let i = 0; i < 4; i++) unseen.sim.step();
    expect([unseen.minion.x, unseen.minion.y]).toEqual([2, 3]);
  });

  it(`CMB-02 (${ruleset}): a wall at (5, 3) between the minion and the adventurer 5 tiles off (inside its range of 7) blocks its view: it stays idle at (2, 3); without the wall it walks at it`, () => {
    const blocked = minionWatch(ruleset, 5, true);
    expect([blocked.minion.activity, blocked.minion.walk, blocked.left]).toEqual(["idle", null, 0]);
    const open = minionWatch(ruleset, 5);
    expect([open.minion.activity, open.minion.walk?.goal, open.left]).toEqual(["walking", 3 * 24 + 6, 0]);
  });

  it(`CMB-02, CMB-03 (${ruleset}): a wild wolf (Tracking 2, range 7) in the dark walks at the adventurer 7 tiles off, not at one 8 tiles off`, () => {
    const wolf = (d: number) => {
      const sim = Simulation.create({ seed: 1, ruleset, map: parseMap("t", darkMap()) });
      const w = addUnit(sim, { kind: "creature", species: "wolf", faction: "wild", x: 2, y: 3, stats: { ...TRACKING_2 } });
      addUnit(sim, { kind: "adventurer", faction: "heroes", x: 2 + d, y: 3, level: 1 });
      const dice = forceDice(sim, []);
      sim.step();
      return [w.activity, w.walk?.goal ?? null, dice.left()];
    };
    expect(wolf(7)).toEqual(["walking", 3 * 24 + 8, 0]);
    expect(wolf(8)).toEqual(["idle", null, 0]);
  });

  it(`CMB-02, CMB-03, CMB-04 (${ruleset}): an adventurer player's view (what the server sends its client) holds the minion 5 tiles off in the dark (Tracking 1: range 3 + 2 × 1 = 5), not one 6 tiles off, nor one 5 tiles off behind the wall at (5, 3)`, () => {
    const view = (d: number, wall = false) => {
      const sim = Simulation.create({ seed: 1, ruleset, map: parseMap("t", darkMap(wall)) });
      const hero = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 2, y: 3, level: 1, stats: { combat: 2, craft: 2, tracking: 1, block: 0 } });
      const m = addUnit(sim, { kind: "minion", x: 2 + d, y: 3, job: "chores" });
      expect(perceptionRange(hero)).toBe(5);
      return playerView(lazyContext(sim), { kind: "adventurer", unitId: hero.id }).units.includes(m.id);
    };
    expect([view(5), view(6), view(5, true)]).toEqual([true, false, false]);
  });
});

/** Lays `u` unconscious as its room's ruleset leaves someone knocked out (malignus: 10 wound points; d20 and d100: 0 HP). */
function knockOut(sim: Simulation, u: UnitRecord): void {
  if (sim.state.ruleset === "d20") d20Of(u).hp = 0;
  else if (sim.state.ruleset === "d100") d100Of(u).hp = 0;
  else u.woundPoints = 10;
  u.activity = "unconscious";
}

describe.each(RULESETS.map((r) => [r]))("a killing blow and its death noise in a %s room (CMB-47, CMB-06, CMB-08)", (ruleset: RulesetId) => {
  it(`CMB-47, CMB-06, CMB-08 (${ruleset}): the ordered minion at (5, 5) kills the unconscious adventurer at (6, 5) at tick 1 with no die; the death's noise at (6, 5) is heard by the minions 1 and ${NOISE_RANGE} tiles off and the dungeon troll ${NOISE_RANGE} off (not by a minion ${NOISE_RANGE + 1} off) and reveals to them the adventurer ${NOISE_RANGE} tiles off (not one ${NOISE_RANGE + 1} off)`, () => {
    const sim = Simulation.create({ seed: 1, ruleset, map: parseMap("t", darkMap()) });
    const killer = addUnit(sim, { kind: "minion", x: 5, y: 5 });
    const down = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 6, y: 5, level: 1 });
    const near = addUnit(sim, { kind: "minion", x: 13, y: 1, job: "chores" }); // 7 tiles from (6, 5)
    const far = addUnit(sim, { kind: "minion", x: 14, y: 1, job: "chores" }); // 8 tiles
    const heard = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 13, y: 7, level: 1 }); // 7 tiles
    const unheard = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 14, y: 7, level: 1 }); // 8 tiles
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 13, y: 4 }); // a dungeon creature 7 tiles off
    knockOut(sim, down);
    expect(sim.apply({ type: "orderAttack", unitId: killer.id, targetId: down.id })).toEqual({ ok: true });
    const dice = forceDice(sim, []);
    const events = sim.step().filter((e) => e.type === "knockedOut" || e.type === "noise" || e.type === "attack");
    expect(events).toEqual<SimEvent[]>([
      { tick: 1, type: "knockedOut", unitId: down.id, outcome: "dead", cause: "killingBlow", byUnitId: killer.id },
      { tick: 1, type: "noise", cause: "death", sourceId: down.id, x: 6, y: 5, heardBy: [killer.id, near.id, troll.id], revealed: [heard.id] },
    ]);
    expect([down.activity, dice.left()]).toEqual(["dead", 0]);
    expect([near.knownEnemies[heard.id], troll.knownEnemies[heard.id], near.knownEnemies[unheard.id], far.knownEnemies[heard.id]]).toEqual([{ x: 13, y: 7, tick: 1 }, { x: 13, y: 7, tick: 1 }, undefined, undefined]);
  });
});

describe.each(RULESETS.map((r) => [r]))("crowding on the way to a fight in a %s room (CMB-18, CMB-19)", (ruleset: RulesetId) => {
  it(`CMB-18, CMB-19 (${ruleset}): three jobless minions seeing one adventurer at (6, 4) each head for a free tile of their own next to it, nearest first, and by tick 16 stand there one to a tile, no die drawn`, () => {
    const sim = Simulation.create({ seed: 3, ruleset, map: parseMap("t", darkMap()) });
    const a = addUnit(sim, { kind: "adventurer", faction: "heroes", x: 6, y: 4, level: 1 });
    const ms = [addUnit(sim, { kind: "minion", x: 1, y: 4, stats: { ...TRACKING_2 } }),
      addUnit(sim, { kind: "minion", x: 1, y: 3, stats: { ...TRACKING_2 } }),
      addUnit(sim, { kind: "minion", x: 1, y: 5, stats: { ...TRACKING_2 } })];
    const dice = forceDice(sim, []);
    sim.step();
    const goals = ms.map((m) => m.walk?.goal);
    for (let i = 1; i < 16; i++) sim.step();
    // Goals (tile indices y × 24 + x): (5, 4), (5, 3), (5, 5): each the free neighbour of (6, 4) nearest to it.
    expect(goals).toEqual([4 * 24 + 5, 3 * 24 + 5, 5 * 24 + 5]);
    // Tick 16: all three stand next to the adventurer, one to a tile; no die was drawn on the way in.
    expect(ms.map((m) => [m.x, m.y])).toEqual([[5, 4], [5, 3], [5, 5]]);
    expect([a.x, a.y, dice.left()]).toEqual([6, 4, 0]);
  });
});

/** A dead-end corridor, floor (1..8, 1): an enemy at (8, 1) has one free neighbour, (7, 1) (tile index 17). */
const CORRIDOR = ["##########", "P........#", "##########", "#K......S#", "##########"].join("\n");
const SHARP = { combat: 0, craft: 0, tracking: 3, block: 0 };

describe.each(RULESETS.map((r) => [r]))("the one free tile next to a target in a %s room (CMB-20)", (ruleset: RulesetId) => {
  it(`CMB-20, CMB-19 (${ruleset}): two minions head for the target's one free neighbour (7, 1): by tick 12 the first stands on it and the second waits behind at (6, 1), its goal still (7, 1) (tile 17), not sharing; no die`, () => {
    const sim = Simulation.create({ seed: 5, ruleset, map: parseMap("t", CORRIDOR) });
    addUnit(sim, { kind: "adventurer", faction: "heroes", x: 8, y: 1, level: 1 });
    const first = addUnit(sim, { kind: "minion", x: 4, y: 1, stats: { ...SHARP } });
    const second = addUnit(sim, { kind: "minion", x: 3, y: 1, stats: { ...SHARP } });
    const dice = forceDice(sim, []);
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      sim.step();
      seen.push(`${first.x},${second.x}`);
    }
    expect(seen.slice(-3)).toEqual(["6,5", "6,5", "7,6"]);
    expect([[first.x, first.y, first.walk], [second.x, second.y, second.walk?.goal], dice.left()]).toEqual([[7, 1, null], [6, 1, 17], 0]);
  });
});
