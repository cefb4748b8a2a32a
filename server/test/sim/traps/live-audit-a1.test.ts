import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectState } from "../../../src/rooms/projection.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { REARM_DIFFICULTY } from "../../../src/sim/traps/rearm.ts";
import { REARM_PERIOD_TICKS } from "../../../src/sim/traps/parts.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { checkDie } from "../knowledge/helpers.ts";
import { adventurer, forceDice, makeSim, placeBuilt, wire } from "./helpers.ts";

/*
 * Audit a1 of issue 17 (TRAP-34, TRAP-41, TRAP-42, TRAP-49, TRAP-53): rearms and rigging through `sim.step()` and the keeper's
 * commands in rooms of each ruleset, on OPEN_MAP with a plate at 2,2 wired to blades at 8,2 (both
 * built at tick 0) and no invasion due. Every die is forced; an empty script means any roll throws.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
type Fired = Extract<SimEvent, { type: "trapFired" }>;
type Rearmed = Extract<SimEvent, { type: "partRearmed" }>;

/** The plate at 2,2 wired to the blades at 8,2; no party will come. */
function trap(ruleset: RulesetId) {
  const sim = makeSim(7, ruleset);
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
  const plate = placeBuilt(sim, "pressurePlate", 2, 2);
  const blades = placeBuilt(sim, "spinningBlades", 8, 2);
  wire(sim, [2, 2], [8, 2]);
  sim.drainEvents();
  return { sim, plate, blades };
}

/** Steps `n` ticks (or until `stop` holds after a step) and returns every event. */
function steps(sim: Simulation, n: number, stop: (events: SimEvent[]) => boolean = () => false): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < n; i++) { out.push(...sim.step()); if (stop(out)) break; }
  return out;
}

/** Gives the keeper's unit `u` the home `home` and steps until it stands there (at most 200 ticks); returns the events and the tiles it went through. */
function goHome(sim: Simulation, u: UnitRecord, home: { x: number; y: number }): { events: SimEvent[]; trace: string[] } {
  u.home = { ...home };
  const events: SimEvent[] = [];
  const trace: string[] = [];
  for (let i = 0; i < 200 && (u.x !== home.x || u.y !== home.y); i++) {
    events.push(...sim.step());
    if (trace.at(-1) !== `${u.x},${u.y}`) trace.push(`${u.x},${u.y}`);
  }
  return { events, trace };
}

const fired = (events: SimEvent[]) => events.filter((e): e is Fired => e.type === "trapFired");
const rearmed = (events: SimEvent[]) => events.filter((e): e is Rearmed => e.type === "partRearmed");

describe.each(RULESETS.map((r) => [r]))("audit a1: rearms and rigging in play (%s)", (ruleset: RulesetId) => {
  it(`TRAP-34 (${ruleset}): a used trap next to a minion with no job and a Chores minion stays unarmed for 1500 ticks (no roll, no rearm); once the keeper puts the first on Trapping it rearms both parts, each with its own roll`, () => {
    const { sim, plate, blades } = trap(ruleset);
    // Out of the walker's sight while it sets the trap off (no fight), then put right next to the parts.
    const idle = addUnit(sim, { kind: "minion", x: 16, y: 9, home: { x: 16, y: 9 } });
    const chores = addUnit(sim, { kind: "minion", x: 17, y: 9, home: { x: 17, y: 9 }, job: "chores" });
    idle.stats.craft = 2;
    expect([idle.job, chores.job]).toEqual(["none", "chores"]);
    const walker = adventurer(sim, 2, 5);
    expect(walkTo(sim, walker, { x: 2, y: 1 })).toBe(true);
    const quiet = forceDice(sim, []); // nobody in the blades' area: the firing rolls nothing, and no rearm may roll
    const shot = steps(sim, 100, (ev) => fired(ev).length > 0);
    expect(fired(shot).map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims])).toEqual([[plate, blades, walker.id, []]]);
    walker.activity = "left"; // gone: no fight while the minions stand by
    Object.assign(idle, { x: 9, y: 3, home: { x: 9, y: 3 } });
    Object.assign(chores, { x: 3, y: 3, home: { x: 3, y: 3 } });
    const waited = steps(sim, 1500);
    expect(rearmed(waited)).toEqual([]);
    expect(quiet.left()).toBe(0);
    expect([sim.state.parts[plate]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([true, true]);
    quiet.release();
    expect(sim.apply({ type: "assignJob", unitId: idle.id, job: "trapping" })).toEqual({ ok: true });
    const hit = checkDie(ruleset, REARM_DIFFICULTY, 2, true);
    const dice = forceDice(sim, [hit, hit]);
    const done = rearmed(steps(sim, 2000, (ev) => rearmed(ev).length >= 2));
    expect(dice.left()).toBe(0);
    expect(done.map((e) => [e.partId, e.byUnitId, e.outcome]).sort()).toEqual([[blades, idle.id, "rearmed"], [plate, idle.id, "rearmed"]].sort());
    expect([sim.state.parts[plate]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([false, false]);
  });

  it(`TRAP-41, TRAP-42 (${ruleset}): the Trapping minion whose rearm of the blades rolls a natural 1 and then 51 rigs the plate; walking home across it, that minion sets nothing off; another keeper's minion stepping on it fires the blades, and the plate is no longer rigged`, () => {
    const { sim, plate, blades } = trap(ruleset);
    const rigger = addUnit(sim, { kind: "minion", x: 9, y: 2, home: { x: 9, y: 2 }, job: "trapping" });
    const other = addUnit(sim, { kind: "minion", x: 5, y: 4, home: { x: 5, y: 4 } });
    sim.state.parts[blades]!.needsRearm = true;
    const rig = forceDice(sim, [1, 51]);
    const first = rearmed(steps(sim, 2000, (ev) => rearmed(ev).length >= 1));
    expect(rig.left()).toBe(0);
    expect(first.map((e) => [e.partId, e.byUnitId, e.outcome, e.riggedTriggerId])).toEqual([[blades, rigger.id, "rigged", plate]]);
    expect(sim.state.parts[plate]!.riggedBy).toBe(rigger.id);
    rig.release();
    const quiet = forceDice(sim, []);
    const across = goHome(sim, rigger, { x: 1, y: 2 });
    expect(across.trace).toContain("2,2");
    expect(fired(across.events)).toEqual([]);
    expect(sim.state.parts[plate]!.riggedBy).toBe(rigger.id);
    const crossing = goHome(sim, other, { x: 2, y: 2 }); // onto the plate
    expect(crossing.trace.at(-1)).toBe("2,2");
    expect(fired(crossing.events).map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims])).toEqual([[plate, blades, other.id, []]]);
    expect(sim.state.parts[plate]!.riggedBy).toBe(""); // TRAP-42: fired once, the plate is normal again
    expect(quiet.left()).toBe(0);
  });

  it(`TRAP-49 (${ruleset}): stepped through 2 game days unused, the expired plate stops working: an adventurer walking over it fires nothing and it needs no rearm for it; the same walk started 20 ticks earlier reaches the plate before its 2 days run out and fires the blades`, () => {
    /** Steps the trap of {@link trap} to `tick` with no roll, then walks an adventurer from 2,4 over the plate to 2,1; returns the shots and the tick it stepped onto the plate. */
    const crossAt = (tick: number) => {
      const { sim, plate, blades } = trap(ruleset);
      const dice = forceDice(sim, []);
      while (sim.state.tick < tick) sim.step();
      const a = adventurer(sim, 2, 4);
      expect(walkTo(sim, a, { x: 2, y: 1 })).toBe(true);
      const events: SimEvent[] = [];
      let onPlate = -1;
      for (let i = 0; i < 60 && a.y !== 1; i++) { events.push(...sim.step()); if (onPlate < 0 && a.x === 2 && a.y === 2) onPlate = sim.state.tick; }
      expect(dice.left()).toBe(0);
      return { shots: fired(events).map((e) => [e.triggerId, e.mechanismId, e.byUnitId]), onPlate, a, plate, blades, sim };
    };
    const late = crossAt(REARM_PERIOD_TICKS);
    expect(late.onPlate).toBeGreaterThanOrEqual(REARM_PERIOD_TICKS); // on the plate after its 2 days ran out
    expect(late.shots).toEqual([]);
    expect([late.sim.state.parts[late.plate]!.needsRearm, late.sim.state.parts[late.blades]!.needsRearm]).toEqual([false, false]);
    const early = crossAt(REARM_PERIOD_TICKS - 20);
    expect([early.onPlate >= 0, early.onPlate < REARM_PERIOD_TICKS]).toEqual([true, true]); // on the plate while still in date
    expect(early.shots).toEqual([[early.plate, early.blades, early.a.id]]);
  });

  it(`TRAP-53 (${ruleset}): after a used trap's two rearms (ticks R), the clients' state shows neither part expired when their build's 2 days run out, and each shows expired exactly on its tick R + ${REARM_PERIOD_TICKS}, not one tick before`, () => {
    const { sim, plate, blades } = trap(ruleset);
    const minion = addUnit(sim, { kind: "minion", x: 14, y: 2, home: { x: 14, y: 2 }, job: "trapping" });
    minion.stats.craft = 2;
    const walker = adventurer(sim, 2, 5);
    expect(walkTo(sim, walker, { x: 2, y: 1 })).toBe(true);
    const quiet = forceDice(sim, []);
    expect(fired(steps(sim, 100, (ev) => fired(ev).length > 0)).map((e) => e.byUnitId)).toEqual([walker.id]);
    quiet.release();
    walker.activity = "left";
    const hit = checkDie(ruleset, REARM_DIFFICULTY, 2, true);
    const dice = forceDice(sim, [hit, hit]);
    const done = rearmed(steps(sim, 2000, (ev) => rearmed(ev).length >= 2));
    expect(dice.left()).toBe(0);
    const at = new Map(done.map((e) => [e.partId, e.tick]));
    expect([...at.keys()].sort()).toEqual([plate, blades].sort());
    expect(Math.min(...at.values())).toBeGreaterThan(0);
    dice.release();
    const state = new DungeonState();
    const expired = () => { projectState(state, sim, 1); return [plate, blades].map((id) => state.parts.get(id)!.expired); };
    const still = forceDice(sim, []); // nothing may roll until the first part expires again
    while (sim.state.tick < REARM_PERIOD_TICKS) sim.step();
    expect(expired()).toEqual([false, false]); // built at tick 0, but rearmed since: the countdown restarted
    for (const [id, r] of [...at.entries()].sort((a, b) => a[1] - b[1])) {
      while (sim.state.tick < r + REARM_PERIOD_TICKS - 1) sim.step();
      expect(expired()[[plate, blades].indexOf(id)]).toBe(false);
      sim.step();
      expect(expired()[[plate, blades].indexOf(id)]).toBe(true);
    }
    expect(still.left()).toBe(0);
  });
});
