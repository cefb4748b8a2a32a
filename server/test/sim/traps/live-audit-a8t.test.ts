import { describe, expect, it } from "vitest";
import { CRITICAL_FIRE_CHANCE, PARTS, TICKS_PER_GAME_MINUTE, type PartKind, type RulesetId, type SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { PADLOCK_BUILD_WORK_TICKS, PADLOCK_METAL } from "../../../src/sim/doors/work.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { doorSim, theDoor } from "../doors/helpers.ts";
import { adventurer, makeSim, place, placeBuilt, wire } from "./helpers.ts";

/*
 * Audit a8 of issue 17 (TRAP/DOOR sample): TRAP-28 and TRAP-29 for triggers, mechanisms and locks
 * (where the metal is carried, where and how long the minion works), and TRAP-37 / TRAP-38 on a
 * trap with a timer, through the keeper's commands and `sim.step()` in rooms of each ruleset, with
 * every die recorded (recordAllDice: "d10=1" is a d10 drawn as 1; an empty script means no die).
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** The name of each ruleset's check die in the recorder. */
const CHECK_DIE: Record<RulesetId, string> = { malignus: "d10", d20: "d20", d100: "d100" };
type Fired = Extract<SimEvent, { type: "trapFired" }>;
type Rearmed = Extract<SimEvent, { type: "partRearmed" }>;
const fired = (events: SimEvent[]) => events.filter((e): e is Fired => e.type === "trapFired");
const rearmed = (events: SimEvent[]) => events.filter((e): e is Rearmed => e.type === "partRearmed");

/** One change of a minion's load seen after a step: metal taken from the stock, or dropped on a site. */
type Move = { tick: number; what: "pickedUp" | "delivered"; amount: number; at: [number, number] };

/**
 * Steps `sim` until `done()` holds (at most `max` ticks) and watches `minion`: every change of its
 * load (picked up where, dropped where) and every tick it spends working, with the tiles it worked from.
 * `delivered()` reads the metal on the site.
 */
function stepUntilBuilt(sim: Simulation, minion: UnitRecord, delivered: () => number, done: () => boolean, max = 3000) {
  const moves: Move[] = [];
  const workedFrom = new Set<string>();
  let working = 0, carrying = minion.carryingMetal, onSite = delivered();
  const events: SimEvent[] = [];
  for (let i = 0; i < max && !done(); i++) {
    events.push(...sim.step());
    const at: [number, number] = [minion.x, minion.y];
    if (minion.carryingMetal > carrying) moves.push({ tick: sim.state.tick, what: "pickedUp", amount: minion.carryingMetal - carrying, at });
    if (delivered() > onSite) moves.push({ tick: sim.state.tick, what: "delivered", amount: delivered() - onSite, at });
    if (minion.activity === "working") { working++; workedFrom.add(`${minion.x},${minion.y}`); }
    carrying = minion.carryingMetal;
    onSite = delivered();
  }
  return { moves, working, workedFrom: [...workedFrom], events };
}

describe.each(RULESETS.map((r) => [r]))("audit a8: triggers, mechanisms and locks are built on site (%s)", (ruleset: RulesetId) => {
  for (const kind of ["pressurePlate", "spinningBlades"] as const satisfies readonly PartKind[]) {
    it(`TRAP-28, TRAP-29 (${ruleset}): the keeper orders a ${kind} (${PARTS[kind].role}) at (10, 6): a site that is not built; the Trapping minion carries its ${PARTS[kind].metal} metal from the stockpile (1, 10) to the tile beside it, then works ${PARTS[kind].buildWorkTicks} ticks there, beside the site, and only then is it built`, () => {
      const sim = makeSim(7, ruleset);
      sim.state.metal = 40;
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      const dice = recordAllDice(sim, []);
      const minion = addUnit(sim, { kind: "minion", x: 3, y: 9, home: { x: 3, y: 9 }, job: "trapping" });
      const id = place(sim, kind, 10, 6);
      const site = sim.state.parts[id]!;
      expect([site.built, site.metalDelivered, site.workDone]).toEqual([false, 0, 0]);
      const seen = stepUntilBuilt(sim, minion, () => site.metalDelivered, () => site.built);
      const metal = PARTS[kind].metal, work = PARTS[kind].buildWorkTicks;
      expect([metal, work]).toEqual(kind === "pressurePlate" ? [2, 300] : [4, 600]);
      // Picked up on the stockpile tile, dropped from (9, 6) beside the site, 33 ticks of walking later.
      expect(seen.moves).toEqual([
        { tick: 10, what: "pickedUp", amount: metal, at: [1, 10] },
        { tick: 43, what: "delivered", amount: metal, at: [9, 6] },
      ]);
      // It then works from that same tile beside the site (Chebyshev distance 1), every tick, until the part is built.
      expect([seen.working, seen.workedFrom, sim.state.tick, sim.state.metal]).toEqual([work, ["9,6"], 43 + work, 40 - metal]);
      expect(seen.events.filter((e) => e.type === "partBuilt")).toEqual([{ type: "partBuilt", partId: id, kind, builderId: minion.id, tick: 43 + work }]);
      expect([site.built, site.x, site.y, site.workDone, site.metalDelivered, minion.carryingMetal]).toEqual([true, 10, 6, work, metal, 0]);
      expect(dice.left()).toBe(0);
    });
  }

  it(`TRAP-28, TRAP-29 (${ruleset}): the keeper orders a padlock on the door (6, 2): the Trapping minion carries its ${PADLOCK_METAL} metal from the stockpile (1, 1) to the tile beside the door, works ${PADLOCK_BUILD_WORK_TICKS} ticks there, and only then is the door locked`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const dice = recordAllDice(sim, []);
    const door = theDoor(sim);
    const stock = sim.state.metal;
    const minion = addUnit(sim, { kind: "minion", x: 3, y: 3, home: { x: 3, y: 3 }, job: "trapping" });
    expect(sim.apply({ type: "buildPadlock", doorId: door.id })).toEqual({ ok: true });
    let lockedEarly = false;
    const seen = stepUntilBuilt(sim, minion, () => door.padlock!.metalDelivered, () => { lockedEarly ||= isLocked(door) && !door.padlock!.built; return door.padlock!.built; });
    expect([PADLOCK_METAL, PADLOCK_BUILD_WORK_TICKS]).toEqual([2, 300]);
    // Picked up on the stockpile tile (1, 1), dropped from (5, 2), the tile beside the door on the portal's side.
    expect(seen.moves).toEqual([
      { tick: 9, what: "pickedUp", amount: PADLOCK_METAL, at: [1, 1] },
      { tick: 26, what: "delivered", amount: PADLOCK_METAL, at: [5, 2] },
    ]);
    expect([seen.working, seen.workedFrom, sim.state.tick, sim.state.metal]).toEqual([PADLOCK_BUILD_WORK_TICKS, ["5,2"], 26 + PADLOCK_BUILD_WORK_TICKS, stock - PADLOCK_METAL]);
    expect(seen.events.filter((e) => e.type === "padlockBuilt")).toMatchObject([{ doorId: door.id, builderId: minion.id, tick: 26 + PADLOCK_BUILD_WORK_TICKS }]);
    expect([lockedEarly, isLocked(door), door.padlock, minion.carryingMetal]).toEqual([false, true, { built: true, armed: true, metalDelivered: PADLOCK_METAL, workDone: PADLOCK_BUILD_WORK_TICKS }, 0]);
    expect(dice.left()).toBe(0);
  });
});

/**
 * The blades' harm on the minion rearming them (no resist roll for the keeper's own), as in
 * live-rearm-dice-s8: malignus the hit location d100 40 (torso, a serious wound of 2 points);
 * d20 the table's 2d8 (4 and 4: 8 slashing, 10 → 2 HP); d100 the table's 20..60 (20: 60 → 40 HP).
 */
const BLADES_HARM: Record<RulesetId, { dice: number[]; draws: string[]; hit: Record<string, unknown>[] }> = {
  malignus: { dice: [40], draws: ["d100=40"], hit: [{ type: "wound", severity: "serious", location: "torso", woundPoints: 2 }] },
  d20: { dice: [4, 4], draws: ["d8=4", "d8=4"], hit: [{ type: "damaged", amount: 8, damageType: "slashing", hp: 2 }, { type: "wound", severity: "critical", location: "torso" }] },
  d100: { dice: [20], draws: ["20..60=20"], hit: [{ type: "damaged", amount: 20, damageType: "slashing", hp: 40 }, { type: "wound", severity: "serious", location: "torso" }] },
};

/** The timer's delay in the trap of {@link usedTimerTrap}, in game minutes. */
const DELAY_MINUTES = 5;

/**
 * OPEN_MAP with plate (2, 2) → timer (5, 2) → blades (8, 2), the keeper's timer set to
 * {@link DELAY_MINUTES}. An adventurer walks from (2, 5) over the plate: the blades fire
 * DELAY_MINUTES game minutes later with nobody near them (no die), and the adventurer leaves.
 * Then a Trapping minion (Craft 2) is put at `minionAt`; both parts need a rearm.
 */
function usedTimerTrap(ruleset: RulesetId, minionAt: { x: number; y: number }) {
  const sim = makeSim(7, ruleset);
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
  const plate = placeBuilt(sim, "pressurePlate", 2, 2);
  const timer = placeBuilt(sim, "timer", 5, 2);
  const blades = placeBuilt(sim, "spinningBlades", 8, 2);
  wire(sim, [2, 2], [5, 2]);
  wire(sim, [5, 2], [8, 2]);
  expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: DELAY_MINUTES })).toEqual({ ok: true });
  const walker = adventurer(sim, 2, 5);
  expect(walkTo(sim, walker, { x: 2, y: 1 })).toBe(true);
  const quiet = recordAllDice(sim, []);
  let onPlate = -1;
  const shots: Fired[] = [];
  for (let i = 0; i < 200 && shots.length === 0; i++) {
    shots.push(...fired(sim.step()));
    if (onPlate < 0 && walker.x === 2 && walker.y === 2) onPlate = sim.state.tick;
  }
  expect([quiet.left(), quiet.draws]).toEqual([0, []]);
  quiet.release();
  // The ordinary firing waits for the timer: DELAY_MINUTES game minutes after the plate.
  expect(shots.map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims, e.tick - onPlate])).toEqual([[plate, blades, walker.id, [], DELAY_MINUTES * TICKS_PER_GAME_MINUTE]]);
  expect([sim.state.parts[plate]!.needsRearm, sim.state.parts[blades]!.needsRearm]).toEqual([true, true]);
  walker.activity = "left";
  const minion = addUnit(sim, { kind: "minion", ...minionAt, home: { ...minionAt }, job: "trapping" });
  minion.stats.craft = 2;
  sim.drainEvents();
  return { sim, plate, timer, blades, minion };
}

/** Steps until one partRearmed event (at most 2000 ticks); returns every event. */
function stepUntilRearm(sim: Simulation): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < 2000 && rearmed(out).length === 0; i++) out.push(...sim.step());
  return out;
}

describe.each(RULESETS.map((r) => [r]))("audit a8: the immediate firing on a trap with a timer (%s)", (ruleset: RulesetId) => {
  const die = CHECK_DIE[ruleset];

  it(`TRAP-37, TRAP-38 (${ruleset}): on plate → timer (${DELAY_MINUTES} min) → blades, the minion rearming the blades rolls a natural 1 (${die}) then d100 ${CRITICAL_FIRE_CHANCE}: the blades fire on that very tick (the timer's ${DELAY_MINUTES * TICKS_PER_GAME_MINUTE} ticks skipped), hit that minion beside them, and still need a rearm`, () => {
    const { sim, plate, blades, minion } = usedTimerTrap(ruleset, { x: 14, y: 2 });
    const dice = recordAllDice(sim, [1, CRITICAL_FIRE_CHANCE, ...BLADES_HARM[ruleset].dice]);
    const events = stepUntilRearm(sim);
    for (let i = 0; i < DELAY_MINUTES * TICKS_PER_GAME_MINUTE + 10; i++) events.push(...sim.step()); // no delayed second firing either
    expect([dice.left(), dice.draws]).toEqual([0, [`${die}=1`, `d100=${CRITICAL_FIRE_CHANCE}`, ...BLADES_HARM[ruleset].draws]]);
    expect(rearmed(events).map((e) => [e.partId, e.byUnitId, e.outcome, e.roll, e.riggedTriggerId, e.tick])).toEqual([[blades, minion.id, "fired", 1, null, 382]]);
    expect([minion.x, minion.y]).toEqual([9, 2]); // it worked beside the blades, in their area (radius 1)
    // One firing only, on the rearm's own tick 382: not 382 + the timer's delay.
    expect(fired(events).map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims, e.tick])).toEqual([[plate, blades, null, [minion.id], 382]]);
    expect(events.filter((e) => (e.type === "wound" || e.type === "damaged") && (e as { targetId: string }).targetId === minion.id))
      .toMatchObject(BLADES_HARM[ruleset].hit.map((h) => ({ ...h, sourceId: blades, tick: 382 })));
    expect([sim.state.parts[blades]!.needsRearm, sim.state.parts[plate]!.needsRearm]).toEqual([true, true]); // TRAP-38
  });

  it(`TRAP-37, TRAP-38 (${ruleset}): the minion rearming the plate rolls a natural 1 (${die}) then d100 ${CRITICAL_FIRE_CHANCE}: the blades fire on that very tick, skipping the timer; the minion, at the plate, is out of their area and unhurt; the plate still needs a rearm`, () => {
    const { sim, plate, blades, minion } = usedTimerTrap(ruleset, { x: 1, y: 3 });
    const dice = recordAllDice(sim, [1, CRITICAL_FIRE_CHANCE]);
    const events = stepUntilRearm(sim);
    for (let i = 0; i < DELAY_MINUTES * TICKS_PER_GAME_MINUTE + 10; i++) events.push(...sim.step());
    expect([dice.left(), dice.draws]).toEqual([0, [`${die}=1`, `d100=${CRITICAL_FIRE_CHANCE}`]]); // no harm roll: nobody in the blades' area
    expect(rearmed(events).map((e) => [e.partId, e.byUnitId, e.outcome, e.roll, e.riggedTriggerId, e.tick])).toEqual([[plate, minion.id, "fired", 1, null, 262]]);
    expect([minion.x, minion.y]).toEqual([1, 3]); // beside the plate (2, 2), 7 tiles from the blades
    expect(fired(events).map((e) => [e.triggerId, e.mechanismId, e.byUnitId, e.victims, e.tick])).toEqual([[plate, blades, null, [], 262]]);
    expect(events.filter((e) => e.type === "wound" || e.type === "damaged")).toEqual([]);
    expect([sim.state.parts[plate]!.needsRearm, sim.state.parts[plate]!.riggedBy, sim.state.parts[blades]!.needsRearm]).toEqual([true, "", true]); // TRAP-38
  });
});

/**
 * Wires plate (2, 2) and blades (8, 2) and a timer (`timerAt`) by the cables `cables`, sets the
 * timer to 2 game minutes, walks an adventurer from (2, 5) over the plate (nobody near the blades:
 * no die) and returns the firings with their tick less the tick it stepped on the plate.
 */
function stepUntilTimedShot(ruleset: RulesetId, timerAt: [number, number], cables: [number, number][][]) {
  const sim = makeSim(7, ruleset);
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
  const plate = placeBuilt(sim, "pressurePlate", 2, 2);
  const blades = placeBuilt(sim, "spinningBlades", 8, 2);
  const timer = placeBuilt(sim, "timer", ...timerAt);
  for (const c of cables) wire(sim, ...(c as [[number, number], [number, number], ...[number, number][]]));
  expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: 2 })).toEqual({ ok: true });
  const dice = recordAllDice(sim, []);
  const a = adventurer(sim, 2, 5);
  expect(walkTo(sim, a, { x: 2, y: 1 })).toBe(true);
  let onPlate = -1;
  const shots: Fired[] = [];
  for (let i = 0; i < 200 && shots.length === 0; i++) {
    shots.push(...fired(sim.step()));
    if (onPlate < 0 && a.x === 2 && a.y === 2) onPlate = sim.state.tick;
  }
  expect([dice.left(), dice.draws]).toEqual([0, []]);
  return shots.map((e) => [e.triggerId === plate, e.mechanismId === blades, e.byUnitId === a.id, e.tick - onPlate]);
}

describe.each(RULESETS.map((r) => [r]))("audit a8: the timer in series (%s)", (ruleset: RulesetId) => {
  it(`TRAP-18, TRAP-26 (${ruleset}): wired plate → timer → blades the blades fire 2 game minutes (${2 * TICKS_PER_GAME_MINUTE} ticks) after the plate; a timer whose cable joins the plate → blades cable (a spur at 5,2) or hangs beyond the blades (8,2 → 11,2) is on the same joined cable (TRAP-26), so it is in series just the same (rules-decisions TRAP-18): the same ${2 * TICKS_PER_GAME_MINUTE} ticks`, () => {
    const series = stepUntilTimedShot(ruleset, [5, 2], [[[2, 2], [5, 2]], [[5, 2], [8, 2]]]);
    const spur = stepUntilTimedShot(ruleset, [5, 6], [[[2, 2], [8, 2]], [[5, 6], [5, 2]]]);
    const beyond = stepUntilTimedShot(ruleset, [11, 2], [[[2, 2], [8, 2]], [[8, 2], [11, 2]]]);
    const delayed = [[true, true, true, 2 * TICKS_PER_GAME_MINUTE]];
    expect([series, spur, beyond]).toEqual([delayed, delayed, delayed]);
  });
});

describe.each(RULESETS.map((r) => [r]))("audit a8: every trigger kind, unwired, does nothing (%s)", (ruleset: RulesetId) => {
  it(`TRAP-10 (${ruleset}): an unwired tripwire, wide tripwire, pressure plate or sensor at (8, 5), crossed by an adventurer walking row 5, fires nothing and needs no rearm; an unwired lever pulled by the keeper fires nothing either`, () => {
    const seen: unknown[] = [];
    for (const kind of ["tripwire", "wideTripwire", "pressurePlate", "sensor"] as const) {
      const sim = makeSim(7, ruleset);
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      const id = placeBuilt(sim, kind, 8, 5);
      const dice = recordAllDice(sim, []);
      const a = adventurer(sim, 2, 5);
      expect(walkTo(sim, a, { x: 14, y: 5 })).toBe(true);
      const events: SimEvent[] = [];
      const trace: string[] = [];
      for (let i = 0; i < 200 && a.x !== 14; i++) { events.push(...sim.step()); if (trace.at(-1) !== `${a.x},${a.y}`) trace.push(`${a.x},${a.y}`); }
      seen.push([kind, trace.includes("8,5"), fired(events), sim.state.parts[id]!.needsRearm, dice.draws]);
    }
    expect(seen).toEqual(["tripwire", "wideTripwire", "pressurePlate", "sensor"].map((k) => [k, true, [], false, []]));
    const sim = makeSim(7, ruleset);
    const lever = placeBuilt(sim, "lever", 8, 5);
    const dice = recordAllDice(sim, []);
    sim.drainEvents();
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
    expect([fired(sim.drainEvents()), sim.state.parts[lever]!.needsRearm, dice.draws]).toEqual([[], false, []]);
  });
});
