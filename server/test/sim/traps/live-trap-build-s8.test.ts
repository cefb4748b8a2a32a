import { describe, expect, it } from "vitest";
import { PARTS, TICKS_PER_GAME_MINUTE, type RulesetId, type SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { REARM_DIFFICULTY } from "../../../src/sim/traps/rearm.ts";
import { REARM_PERIOD_TICKS, isExpired } from "../../../src/sim/traps/parts.ts";
import { PADLOCK_METAL } from "../../../src/sim/doors/work.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { checkDie } from "../knowledge/helpers.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { doorSim, theDoor } from "../doors/helpers.ts";
import { adventurer, makeSim, path, place, placeBuilt, wire } from "./helpers.ts";

/*
 * Sweep s8: metal for every part and lock, the timer's delay range and moving a used trap, through
 * the keeper's commands and `sim.step()` in rooms of each ruleset, every die recorded (none is
 * drawn unless a test says so).
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** The name of each ruleset's check die in the recorder. */
const CHECK_DIE: Record<RulesetId, string> = { malignus: "d10", d20: "d20", d100: "d100" };
type Fired = Extract<SimEvent, { type: "trapFired" }>;
const fired = (events: SimEvent[]) => events.filter((e): e is Fired => e.type === "trapFired");

/** Walks the adventurer `u` to `goal` through steps (at most 200 ticks); returns the events and the tiles it went through. */
function stepUntilAt(sim: Simulation, u: UnitRecord, goal: { x: number; y: number }): { events: SimEvent[]; trace: string[] } {
  expect(walkTo(sim, u, goal)).toBe(true);
  const events: SimEvent[] = [];
  const trace: string[] = [];
  for (let i = 0; i < 200 && (u.x !== goal.x || u.y !== goal.y); i++) { events.push(...sim.step()); if (trace.at(-1) !== `${u.x},${u.y}`) trace.push(`${u.x},${u.y}`); }
  return { events, trace };
}

describe.each(RULESETS.map((r) => [r]))("sweep s8: building, timers and moving in play (%s)", (ruleset: RulesetId) => {
  it(`TRAP-31 (${ruleset}): with no metal in stock a Trapping minion never builds the ordered tripwire, explosive trap or padlock (2000 ticks); once the stock holds their ${PARTS.tripwire.metal} + ${PARTS.explosiveTrap.metal} + ${PADLOCK_METAL} metal, all three are built and the stock is empty`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    sim.state.metal = 0;
    const dice = recordAllDice(sim, []);
    const door = theDoor(sim);
    addUnit(sim, { kind: "minion", job: "trapping", x: 2, y: 1, home: { x: 2, y: 1 } });
    const wire1 = place(sim, "tripwire", 3, 3);
    const bomb = place(sim, "explosiveTrap", 9, 1);
    expect(sim.apply({ type: "buildPadlock", doorId: door.id })).toEqual({ ok: true });
    const parts = () => [wire1, bomb].map((id) => [sim.state.parts[id]!.built, sim.state.parts[id]!.metalDelivered]);
    for (let i = 0; i < 2000; i++) sim.step();
    expect([parts(), door.padlock, isLocked(door)]).toEqual([[[false, 0], [false, 0]], { built: false, armed: false, metalDelivered: 0, workDone: 0 }, false]);
    sim.state.metal = PARTS.tripwire.metal + PARTS.explosiveTrap.metal + PADLOCK_METAL; // the keeper's stock fills up
    for (let i = 0; i < 4000 && !(parts().every(([b]) => b) && door.padlock!.built); i++) sim.step();
    expect([parts(), door.padlock?.built, isLocked(door), sim.state.metal]).toEqual([[[true, PARTS.tripwire.metal], [true, PARTS.explosiveTrap.metal]], true, true, 0]);
    expect([PARTS.tripwire.metal > 0, PARTS.explosiveTrap.metal > 0, PADLOCK_METAL > 0]).toEqual([true, true, true]);
    expect(dice.left()).toBe(0);
  });

  it(`TRAP-16, TRAP-17 (${ruleset}): the keeper sets the timer between plate and blades to its shortest (1 game minute) and longest (60) delay: the blades fire ${TICKS_PER_GAME_MINUTE} and ${60 * TICKS_PER_GAME_MINUTE} ticks after the plate; 0 and 61 are refused DELAY_OUT_OF_RANGE`, () => {
    const delays: number[] = [];
    for (const minutes of [1, 60]) {
      const sim = makeSim(7, ruleset);
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      const plate = placeBuilt(sim, "pressurePlate", 2, 2);
      const timer = placeBuilt(sim, "timer", 5, 2);
      const blades = placeBuilt(sim, "spinningBlades", 8, 2);
      wire(sim, [2, 2], [5, 2]);
      wire(sim, [5, 2], [8, 2]);
      for (const bad of [0, 61]) expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: bad })).toMatchObject({ ok: false, code: "DELAY_OUT_OF_RANGE", rule: "TRAP-17" });
      expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes })).toEqual({ ok: true });
      const dice = recordAllDice(sim, []);
      const a = adventurer(sim, 2, 4);
      expect(walkTo(sim, a, { x: 2, y: 1 })).toBe(true);
      let onPlate = -1;
      const shots: Fired[] = [];
      for (let i = 0; i < 800 && shots.length === 0; i++) {
        shots.push(...fired(sim.step()));
        if (onPlate < 0 && a.x === 2 && a.y === 2) onPlate = sim.state.tick;
      }
      expect(dice.left()).toBe(0);
      expect(shots.map((e) => [e.triggerId, e.mechanismId, e.byUnitId])).toEqual([[plate, blades, a.id]]);
      delays.push(shots[0]!.tick - onPlate);
    }
    expect(delays).toEqual([TICKS_PER_GAME_MINUTE, 60 * TICKS_PER_GAME_MINUTE]);
  });

  it(`TRAP-27, TRAP-19, TRAP-26 (${ruleset}): plate → blades joined by a timer's cable is one trap: a second trigger (a tripwire's cable ending on the timer's cable, or a tripwire placed on the cable) is refused TRIGGER_ALREADY_WIRED, a second mechanism (a flame jet's cable or the jet on the cable) MECHANISM_ALREADY_WIRED, each changing nothing; the plate then fires the blades 1 game minute later through the timer`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const plate = placeBuilt(sim, "pressurePlate", 2, 3);
    const blades = placeBuilt(sim, "spinningBlades", 10, 3);
    wire(sim, [2, 3], [10, 3]);
    const timer = placeBuilt(sim, "timer", 5, 7);
    wire(sim, [5, 7], [5, 3]); // ends on the first cable: joined
    placeBuilt(sim, "tripwire", 10, 8);
    placeBuilt(sim, "flameJet", 14, 8);
    const refusals: unknown[] = [];
    for (const cmd of [
      { type: "wire", path: path([10, 8], [10, 5], [5, 5]) }, // ends on the timer's cable only
      { type: "wire", path: path([14, 8], [14, 6], [5, 6]) },
      { type: "placePart", kind: "tripwire", x: 7, y: 3 },
      { type: "placePart", kind: "flameJet", x: 8, y: 3 },
    ] as const) {
      const before = sim.hash();
      const r = sim.apply(cmd) as { ok: boolean; code?: string; rule?: string };
      expect(sim.hash()).toBe(before);
      refusals.push([r.ok, r.code, r.rule]);
    }
    expect(refusals).toEqual([
      [false, "TRIGGER_ALREADY_WIRED", "TRAP-15"], [false, "MECHANISM_ALREADY_WIRED", "TRAP-14"],
      [false, "TRIGGER_ALREADY_WIRED", "TRAP-15"], [false, "MECHANISM_ALREADY_WIRED", "TRAP-14"],
    ]);
    const dice = recordAllDice(sim, []);
    const a = adventurer(sim, 2, 5);
    expect(walkTo(sim, a, { x: 2, y: 1 })).toBe(true);
    let onPlate = -1;
    const shots: Fired[] = [];
    for (let i = 0; i < 100 && shots.length === 0; i++) {
      shots.push(...fired(sim.step()));
      if (onPlate < 0 && a.x === 2 && a.y === 3) onPlate = sim.state.tick;
    }
    expect(dice.left()).toBe(0);
    expect(sim.state.parts[timer]!.delayMinutes).toBe(1); // the default delay (rules-decisions TRAP-17)
    expect(shots.map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.tick - onPlate])).toEqual([[plate, blades, a.id, TICKS_PER_GAME_MINUTE]]);
  });

  it(`TRAP-09 (${ruleset}): every trigger kind counts, a lever and an unbuilt site included, in both directions and diagonally: at Chebyshev distance 3 (2 free tiles) each is refused TRIGGER_TOO_CLOSE and nothing changes, at 4 (3 free) each is placed; a mechanism and a timer right beside a trigger are placed`, () => {
    const results: [string, string, unknown][] = [];
    for (const kind of ["tripwire", "wideTripwire", "pressurePlate", "sensor", "lever"] as const) {
      const sim = makeSim(7, ruleset);
      place(sim, "lever", 8, 5); // an unbuilt lever site
      for (const [x, y] of [[11, 5], [5, 5], [8, 8], [11, 2], [12, 5], [4, 5], [8, 9], [12, 1]] as const) {
        const before = sim.hash();
        const r = sim.apply({ type: "placePart", kind, x, y }) as { ok: boolean; code?: string; id?: string };
        if (!r.ok) expect(sim.hash()).toBe(before);
        results.push([kind, `${x},${y}`, r.ok ? "placed" : r.code]);
        if (r.ok) expect(sim.apply({ type: "removePart", partId: r.id! })).toMatchObject({ ok: true });
      }
      expect(sim.apply({ type: "placePart", kind: "spinningBlades", x: 9, y: 5 })).toMatchObject({ ok: true });
      expect(sim.apply({ type: "placePart", kind: "timer", x: 8, y: 6 })).toMatchObject({ ok: true });
    }
    const refused = results.filter(([, , r]) => r === "TRIGGER_TOO_CLOSE").map(([k, t]) => `${k}@${t}`);
    const placed = results.filter(([, , r]) => r === "placed").map(([k, t]) => `${k}@${t}`);
    const kinds = ["tripwire", "wideTripwire", "pressurePlate", "sensor", "lever"];
    expect(refused).toEqual(kinds.flatMap((k) => ["11,5", "5,5", "8,8", "11,2"].map((t) => `${k}@${t}`)));
    expect(placed).toEqual(kinds.flatMap((k) => ["12,5", "4,5", "8,9", "12,1"].map((t) => `${k}@${t}`)));
  });

  it(`TRAP-46, TRAP-47 (${ruleset}): the keeper moves both parts of a trap an adventurer used; re-wired, neither is rearmed by the move and a second adventurer crossing the moved plate fires nothing; after the Trapping minion's two ${CHECK_DIE[ruleset]} rearms a third one fires it`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const plate = placeBuilt(sim, "pressurePlate", 2, 5);
    const blades = placeBuilt(sim, "spinningBlades", 10, 5);
    wire(sim, [2, 5], [10, 5]);
    const quiet = recordAllDice(sim, []);
    const first = adventurer(sim, 2, 7);
    expect(fired(stepUntilAt(sim, first, { x: 2, y: 3 }).events).map((e) => [e.triggerId, e.mechanismId])).toEqual([[plate, blades]]);
    first.activity = "left";
    expect(sim.apply({ type: "movePart", partId: plate, x: 4, y: 8 })).toEqual({ ok: true });
    expect(sim.apply({ type: "movePart", partId: blades, x: 10, y: 8 })).toEqual({ ok: true });
    expect(sim.apply({ type: "wire", path: path([4, 8], [10, 8]) })).toMatchObject({ ok: true });
    expect([sim.state.parts[plate]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([true, true]); // TRAP-46, TRAP-47
    const second = adventurer(sim, 4, 10);
    const over = stepUntilAt(sim, second, { x: 4, y: 6 });
    expect(over.trace).toContain("4,8");
    expect(fired(over.events)).toEqual([]);
    second.activity = "left";
    expect(quiet.left()).toBe(0);
    const hit = checkDie(ruleset, REARM_DIFFICULTY, 2, true);
    const minion = addUnit(sim, { kind: "minion", job: "trapping", x: 14, y: 2, home: { x: 14, y: 2 } });
    minion.stats.craft = 2;
    const dice = recordAllDice(sim, [hit, hit]);
    const rearms: SimEvent[] = [];
    for (let i = 0; i < 2000 && rearms.length < 2; i++) rearms.push(...sim.step().filter((e) => e.type === "partRearmed"));
    expect([dice.left(), dice.draws]).toEqual([0, [`${CHECK_DIE[ruleset]}=${hit}`, `${CHECK_DIE[ruleset]}=${hit}`]]);
    expect(rearms.map((e) => (e as { partId: string }).partId).sort()).toEqual([plate, blades].sort());
    const third = adventurer(sim, 4, 10);
    const after = recordAllDice(sim, []);
    expect(fired(stepUntilAt(sim, third, { x: 4, y: 6 }).events).map((e) => [e.triggerId, e.mechanismId, e.byUnitId])).toEqual([[plate, blades, third.id]]);
    expect(after.left()).toBe(0);
  });

  it(`TRAP-47 (${ruleset}): moving an unused part does not restart its 2-day countdown: the plate built at tick 0 and moved at tick 1000 expires on tick ${REARM_PERIOD_TICKS}, not 1000 later`, () => {
    const sim = makeSim(7, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const plate = placeBuilt(sim, "pressurePlate", 2, 5);
    const dice = recordAllDice(sim, []);
    while (sim.state.tick < 1000) sim.step();
    expect(sim.apply({ type: "movePart", partId: plate, x: 4, y: 8 })).toEqual({ ok: true });
    while (sim.state.tick < REARM_PERIOD_TICKS - 1) sim.step();
    expect(isExpired(sim, sim.state.parts[plate]!)).toBe(false);
    sim.step();
    expect([sim.state.tick, isExpired(sim, sim.state.parts[plate]!), dice.left()]).toEqual([REARM_PERIOD_TICKS, true, 0]);
  });
});
