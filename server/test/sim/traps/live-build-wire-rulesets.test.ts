import { describe, expect, it } from "vitest";
import { PARTS, TICKS_PER_GAME_MINUTE, type RulesetId, type SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { DungeonState } from "@malignus/shared/schema";
import { projectState } from "../../../src/rooms/projection.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { adventurer, forceDice, makeSim, path, place, placeBuilt, wire } from "./helpers.ts";

/*
 * Building, wiring, timers, moving and who sets traps off, through the keeper's commands and
 * `sim.step()` in rooms of each ruleset (OPEN_MAP: the stockpile at 1,10). Nobody stands in a
 * mechanism's area when it fires, so the scripts are empty: any roll would throw.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
type Fired = Extract<SimEvent, { type: "trapFired" }>;
const fired = (events: SimEvent[]) => events.filter((e): e is Fired => e.type === "trapFired");

/** The tiles the last {@link walk} went through. */
let lastTrace: string[] = [];

/** Walks `u` to `goal` through steps (at most 200 ticks) and returns the events. */
function walk(sim: Simulation, u: UnitRecord, goal: { x: number; y: number }): SimEvent[] {
  expect(walkTo(sim, u, goal)).toBe(true);
  const out: SimEvent[] = [];
  const trace: string[] = [];
  for (let i = 0; i < 200 && (u.x !== goal.x || u.y !== goal.y); i++) { out.push(...sim.step()); if (trace.at(-1) !== `${u.x},${u.y}`) trace.push(`${u.x},${u.y}`); }
  lastTrace = trace;
  return out;
}

/** Gives the keeper's unit `u` the home `home` and steps until it has walked there (at most 200 ticks); returns the events. */
function goHome(sim: Simulation, u: UnitRecord, home: { x: number; y: number }): SimEvent[] {
  u.home = { ...home };
  const out: SimEvent[] = [];
  const trace: string[] = [];
  for (let i = 0; i < 200 && (u.x !== home.x || u.y !== home.y); i++) { out.push(...sim.step()); if (trace.at(-1) !== `${u.x},${u.y}`) trace.push(`${u.x},${u.y}`); }
  lastTrace = trace;
  return out;
}

describe.each(RULESETS.map((r) => [r]))("building and wiring traps in play (%s)", (ruleset: RulesetId) => {
  it(`TRAP-01, TRAP-04, TRAP-28, TRAP-29, TRAP-30, TRAP-31 (${ruleset}): the keeper orders a plate and blades; a minion put on Trapping hauls their metal and builds both; unwired they do nothing; a cable makes them a trap an adventurer sets off`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.metal = 40;
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const minion = addUnit(sim, { kind: "minion", x: 3, y: 9 });
    const plate = place(sim, "pressurePlate", 6, 6);
    const blades = place(sim, "spinningBlades", 10, 6);
    expect([sim.state.parts[plate]!.built, sim.state.parts[blades]!.built]).toEqual([false, false]);
    expect(sim.apply({ type: "assignJob", unitId: minion.id, job: "trapping" })).toEqual({ ok: true });
    const built: [string, string][] = [];
    let carried = 0;
    for (let i = 0; i < 4000 && built.length < 2; i++) {
      for (const e of sim.step()) if (e.type === "partBuilt") built.push([e.partId, e.builderId]);
      carried = Math.max(carried, minion.carryingMetal);
    }
    expect(built.sort()).toEqual([[plate, minion.id], [blades, minion.id]].sort());
    expect(carried).toBeGreaterThan(0);
    expect(sim.state.metal).toBe(40 - PARTS.pressurePlate.metal - PARTS.spinningBlades.metal);
    const dice = forceDice(sim, []);
    const a = adventurer(sim, 4, 6);
    expect(fired(walk(sim, a, { x: 8, y: 6 }))).toEqual([]); // over the plate, nothing wired
    expect(sim.apply({ type: "wire", path: path([6, 6], [10, 6]) })).toMatchObject({ ok: true });
    const b = adventurer(sim, 4, 5);
    expect(fired(walk(sim, b, { x: 6, y: 6 })).map((e) => [e.triggerId, e.mechanismId, e.byUnitId])).toEqual([[plate, blades, b.id]]);
    expect(dice.left()).toBe(0);
  });

  it(`TRAP-12, TRAP-14, TRAP-15, TRAP-16, TRAP-17, TRAP-18, TRAP-19 (${ruleset}): plate → timer → blades in series; the keeper sets 3 game minutes on the timer; the blades fire 30 ticks after the plate; a second mechanism or a second trigger on that trap is refused`, () => {
    const sim = makeSim(7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 2, 2);
    const timer = placeBuilt(sim, "timer", 5, 2);
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    wire(sim, [2, 2], [5, 2]);
    wire(sim, [5, 2], [8, 2]);
    placeBuilt(sim, "flameJet", 5, 6);
    expect(sim.apply({ type: "wire", path: path([5, 2], [5, 6]) })).toMatchObject({ ok: false, code: "MECHANISM_ALREADY_WIRED" });
    placeBuilt(sim, "tripwire", 12, 2);
    expect(sim.apply({ type: "wire", path: path([12, 2], [8, 2]) })).toMatchObject({ ok: false, code: "TRIGGER_ALREADY_WIRED" });
    expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: 3 })).toEqual({ ok: true });
    const dice = forceDice(sim, []);
    const a = adventurer(sim, 2, 4);
    expect(walkTo(sim, a, { x: 2, y: 1 })).toBe(true);
    let onPlate = -1;
    const shots: Fired[] = [];
    for (let i = 0; i < 200 && shots.length === 0; i++) {
      for (const e of sim.step()) if (e.type === "trapFired") shots.push(e);
      if (onPlate < 0 && a.x === 2 && a.y === 2) onPlate = sim.state.tick;
    }
    expect(dice.left()).toBe(0);
    expect(shots.map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.tick - onPlate])).toEqual([[plate, blades, a.id, 3 * TICKS_PER_GAME_MINUTE]]);
  });

  it(`TRAP-20, TRAP-21, TRAP-22, TRAP-23, TRAP-25, TRAP-27 (${ruleset}): a cable dragged straight across another hops over it (clients get the hop's tile) and the two traps stay apart (each fires alone); a cable from a new tripwire ending on the first cable joins it, and is refused since that joined cable already has its one trigger`, () => {
    const sim = makeSim(7, ruleset);
    const p1 = placeBuilt(sim, "pressurePlate", 2, 5);
    const m1 = placeBuilt(sim, "spinningBlades", 10, 5);
    wire(sim, [2, 5], [10, 5]);
    const p2 = placeBuilt(sim, "pressurePlate", 6, 1);
    const m2 = placeBuilt(sim, "flameJet", 6, 9);
    const hop = sim.apply({ type: "wire", path: path([6, 1], [6, 9]) });
    expect(hop).toMatchObject({ ok: true });
    expect(sim.state.cables[(hop as { id: string }).id]!.hops).toEqual([5 * 20 + 6]); // the tile index of 6,5 (map width 20)
    const state = new DungeonState();
    projectState(state, sim, 1);
    expect([...state.cables.get((hop as { id: string }).id)!.hops]).toEqual([6, 5]); // TRAP-23: clients get the bump's tile
    const dice = forceDice(sim, []);
    const a = adventurer(sim, 2, 7);
    expect(fired(walk(sim, a, { x: 2, y: 4 })).map((e) => [e.triggerId, e.mechanismId])).toEqual([[p1, m1]]);
    const b = adventurer(sim, 8, 1);
    expect(fired(walk(sim, b, { x: 5, y: 1 })).map((e) => [e.triggerId, e.mechanismId])).toEqual([[p2, m2]]);
    // A cable from a new tripwire ending on the first cable joins that trap: a second trigger, refused.
    placeBuilt(sim, "tripwire", 14, 9);
    expect(sim.apply({ type: "wire", path: path([14, 9], [8, 9], [8, 5]) })).toMatchObject({ ok: false, code: "TRIGGER_ALREADY_WIRED" });
    expect(dice.left()).toBe(0);
  });

  it(`TRAP-46, TRAP-47 (${ruleset}): the keeper moves the used blades; they still need a rearm and a step on the re-wired, rearmed plate fires nothing`, () => {
    const sim = makeSim(7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 2, 5);
    const blades = placeBuilt(sim, "spinningBlades", 10, 5);
    wire(sim, [2, 5], [10, 5]);
    const dice = forceDice(sim, []);
    expect(fired(walk(sim, adventurer(sim, 2, 7), { x: 2, y: 4 })).map((e) => e.mechanismId)).toEqual([blades]);
    expect(sim.apply({ type: "movePart", partId: blades, x: 10, y: 8 })).toEqual({ ok: true });
    expect(sim.state.parts[blades]!.needsRearm).toBe(true);
    wire(sim, [2, 5], [2, 8], [10, 8]);
    sim.state.parts[plate]!.needsRearm = false; // the plate alone is made ready again (as after its own rearm)
    const shots = fired(walk(sim, adventurer(sim, 4, 5), { x: 1, y: 5 }));
    expect(shots.map((e) => [e.triggerId, e.mechanismId])).toEqual([[plate, null]]);
    expect(dice.left()).toBe(0);
  });

  it(`TRAP-57, TRAP-40, TRAP-41, TRAP-42 (${ruleset}): the keeper's minion walking over the plate sets nothing off; rigged by another minion, the plate fires for it (not for the rigger) and is normal again after`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const plate = placeBuilt(sim, "pressurePlate", 6, 5);
    const blades = placeBuilt(sim, "spinningBlades", 6, 1);
    wire(sim, [6, 5], [6, 1]);
    const rigger = addUnit(sim, { kind: "minion", x: 3, y: 5, home: { x: 3, y: 5 } });
    const other = addUnit(sim, { kind: "minion", x: 3, y: 5, home: { x: 3, y: 5 } });
    const dice = forceDice(sim, []);
    expect(fired(goHome(sim, other, { x: 9, y: 5 }))).toEqual([]); // TRAP-57
    expect(lastTrace).toContain("6,5");
    sim.state.parts[plate]!.riggedBy = rigger.id; // as after the rigger's critical rearm failure (live in live-rearm-rulesets)
    expect(fired(goHome(sim, rigger, { x: 12, y: 5 }))).toEqual([]); // TRAP-41
    expect(lastTrace).toContain("6,5");
    const shots = fired(goHome(sim, other, { x: 2, y: 5 }));
    expect(shots.map((e) => [e.triggerId, e.mechanismId, e.byUnitId])).toEqual([[plate, blades, other.id]]); // TRAP-40
    expect(sim.state.parts[plate]!.riggedBy).toBe(""); // TRAP-42
    expect(dice.left()).toBe(0);
  });

  it(`TRAP-09 (${ruleset}): the keeper's trigger 3 tiles from another (2 free between) is refused TRIGGER_TOO_CLOSE and changes nothing; 4 tiles off (3 free) it is placed`, () => {
    const sim = makeSim(7, ruleset);
    place(sim, "pressurePlate", 5, 5);
    const parts = Object.keys(sim.state.parts).length;
    expect(sim.apply({ type: "placePart", kind: "tripwire", x: 8, y: 5 })).toMatchObject({ ok: false, code: "TRIGGER_TOO_CLOSE", rule: "TRAP-09" });
    expect(Object.keys(sim.state.parts).length).toBe(parts);
    expect(sim.apply({ type: "placePart", kind: "tripwire", x: 9, y: 5 })).toMatchObject({ ok: true });
  });

  it(`TRAP-25, TRAP-26 (${ruleset}): a cable from a plate ending where another cable (timer → blades) turns joins it, and the joined cables work as one trap: the plate fires the blades after the timer's 1 game minute`, () => {
    const sim = makeSim(7, ruleset);
    const plate = placeBuilt(sim, "pressurePlate", 2, 8);
    const timer = placeBuilt(sim, "timer", 6, 4);
    const blades = placeBuilt(sim, "spinningBlades", 10, 8);
    const first = wire(sim, [6, 4], [6, 8], [10, 8]); // turns at 6,8
    sim.drainEvents();
    const joined = sim.apply({ type: "wire", path: path([2, 8], [6, 8]) });
    expect(joined).toMatchObject({ ok: true });
    expect(sim.drainEvents()).toMatchObject([{ type: "cableLaid", networkId: first, hops: [], joined: [first] }]);
    expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: 1 })).toEqual({ ok: true });
    const dice = forceDice(sim, []);
    const a = adventurer(sim, 2, 10);
    expect(walkTo(sim, a, { x: 2, y: 7 })).toBe(true);
    let onPlate = -1;
    const shots: Fired[] = [];
    for (let i = 0; i < 100 && shots.length === 0; i++) {
      shots.push(...fired(sim.step()));
      if (onPlate < 0 && a.x === 2 && a.y === 8) onPlate = sim.state.tick;
    }
    expect(dice.left()).toBe(0);
    expect(shots.map((e) => [e.triggerId, e.mechanismId, e.tick - onPlate])).toEqual([[plate, blades, TICKS_PER_GAME_MINUTE]]);
  });

  it(`TRAP-24 (${ruleset}): a cable drawn through the tile where another turns (6,5) joins it there, so the tripwire's cable is refused as a second trigger; drawn across the same cable where it runs straight (4,5), it hops and is laid`, () => {
    const sim = makeSim(7, ruleset);
    place(sim, "pressurePlate", 2, 5);
    place(sim, "spinningBlades", 6, 9);
    wire(sim, [2, 5], [6, 5], [6, 9]); // turns at 6,5
    place(sim, "tripwire", 6, 1);
    place(sim, "electricCoil", 10, 5);
    expect(sim.apply({ type: "wire", path: path([6, 1], [6, 5], [10, 5]) })).toMatchObject({ ok: false, code: "TRIGGER_ALREADY_WIRED" });
    place(sim, "sensor", 4, 10);
    place(sim, "flameJet", 4, 1);
    const hop = sim.apply({ type: "wire", path: path([4, 10], [4, 1]) });
    expect(hop).toMatchObject({ ok: true });
    expect(sim.state.cables[(hop as { id: string }).id]!.hops).toEqual([5 * 20 + 4]);
  });
});
