import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_HOUR, type SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { OPEN_MAP, forceDice } from "./helpers.ts";

/*
 * Audit finding: a minion knocked down to 0 HP in a d20 or d100 room and carried to its own bed
 * got the malignus bed wake (CMB-49) and stood up `idle` at 0 HP while still out of the fight.
 * In d20 an unconscious creature stays out until it regains HP (D20-HP-15, D20-HP-32; a stable one
 * regains 1 HP after 5 of its turns, D20-HP-34); in d100 a
 * creature at 0 HP is in a coma (P100-DEATH-01). Only a timed unconsciousness (a `wakeTick`, the
 * malignus CMB-48 kind) is shortened by the bed. Same carry scene as live-audit-b3.test.ts.
 */

type Ruleset = "malignus" | "d20" | "d100";

/**
 * A jobless minion at (9, 3) carries the unconscious minion lying at (6, 3) to its bed (2, 3) and
 * puts it down at tick 30. `script` are the dice forced for the whole run (the scripted dice throw
 * if one more is drawn). The room steps on to tick 30 + 1 game hour + 60. Returns the body, the
 * drop tick, the ticks of its `woke` events, and its [activity, HP, out of the fight] at the end of
 * tick `probe`.
 */
function carryToBed(ruleset: Ruleset, script: readonly number[], probe = 0) {
  const sim = Simulation.create({ seed: 8, ruleset, map: parseMap("t", OPEN_MAP) });
  addUnit(sim, { kind: "minion", x: 9, y: 3 });
  const body = addUnit(sim, { kind: "minion", x: 2, y: 3 });
  // The state each ruleset leaves a creature in when it falls (d20/resolve.ts, d100/resolve.ts:
  // no wake tick; malignus/wounds.ts: a CMB-48 wake tick, here 4 game hours).
  if (ruleset === "d20") Object.assign(d20Of(body), { hp: 0, stable: true });
  if (ruleset === "d100") d100Of(body).hp = 0;
  const wakeTick = ruleset === "malignus" ? 4 * TICKS_PER_GAME_HOUR : -1;
  Object.assign(body, { activity: "unconscious", wakeTick, walk: null, x: 6 });
  const hp = () => (ruleset === "d20" ? d20Of(body).hp : ruleset === "d100" ? d100Of(body).hp : null);
  const dice = forceDice(sim, script);
  const events: SimEvent[] = [];
  let probed: unknown[] = [];
  while (sim.state.tick < 30 + TICKS_PER_GAME_HOUR + 60) {
    events.push(...sim.step());
    if (sim.state.tick === probe) probed = [body.activity, hp(), sim.ruleset.isOutOfFight(body)];
  }
  expect(dice.left()).toBe(0);
  const dropTick = events.find((e) => e.type === "dropped")!.tick;
  return { sim, body, dropTick, probed, hp: hp(), woke: events.filter((e) => e.type === "woke" && e.unitId === body.id).map((e) => e.tick) };
}

describe("the bed wake (CMB-49) is for a timed unconsciousness only", () => {
  it("D20-HP-15, D20-HP-32, D20-HP-34 (d20): a stable minion at 0 HP carried to its bed at tick 30 draws no bed die and lies unconscious, out of the fight, at 0 HP until its ruleset wakes it: 1 HP regained on its 5th stable turn, tick 50, and not before", () => {
    const { sim, body, dropTick, woke, probed, hp } = carryToBed("d20", [], 49);
    expect([dropTick, sim.state.tick, woke, probed]).toEqual([30, 30 + TICKS_PER_GAME_HOUR + 60, [50], ["unconscious", 0, true]]);
    expect([body.x, body.y, body.wakeTick, hp, sim.ruleset.isOutOfFight(body)]).toEqual([2, 3, -1, 1, false]);
  });

  it("P100-DEATH-01 (d100): a minion in a coma at 0 HP carried to its bed draws no bed die and lies unconscious, out of the fight, at 0 HP 1 game hour and 60 ticks after the drop", () => {
    const { sim, body, dropTick, woke, hp } = carryToBed("d100", []);
    expect([dropTick, sim.state.tick, woke]).toEqual([30, 30 + TICKS_PER_GAME_HOUR + 60, []]);
    expect([body.x, body.y, body.activity, body.wakeTick, hp, sim.ruleset.isOutOfFight(body)]).toEqual([2, 3, "unconscious", -1, 0, true]);
  });

  it("CMB-49 (malignus): a minion due to wake at 4 game hours, carried to its bed at tick 30 with the bed die forced to 300, wakes at tick 330 and stands idle", () => {
    const { sim, body, dropTick, woke, probed } = carryToBed("malignus", [300], 329);
    expect([dropTick, woke, probed]).toEqual([30, [330], ["unconscious", null, true]]);
    expect([body.x, body.y, body.activity, body.wakeTick, sim.ruleset.isOutOfFight(body)]).toEqual([2, 3, "idle", -1, false]);
  });
});
