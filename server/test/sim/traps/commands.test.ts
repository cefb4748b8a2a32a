import { describe, expect, it } from "vitest";
import { COMMANDS, PARTS, PART_PROGRESS_STEP, TICKS_PER_GAME_MINUTE } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectState } from "../../../src/rooms/projection.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { onUnitEntersTile } from "../../../src/sim/traps/index.ts";
import { REARM_PERIOD_TICKS, isExpired } from "../../../src/sim/traps/parts.ts";
import { networkOf } from "../../../src/sim/traps/network.ts";
import { TIMER_MAX_DELAY_MINUTES, TIMER_MIN_DELAY_MINUTES } from "../../../src/sim/traps/parts.ts";
import type { PartRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { RESIST_FAILS, TORSO, adventurer, forceDice, makeSim, place, placeBuilt, unchangedBy, wire } from "./helpers.ts";

const part = (sim: Simulation, id: string) => sim.state.parts[id] as PartRecord;

describe("setTimerDelay", () => {
  it("TRAP-17: the keeper sets the delay on the timer itself; the next firing waits that many game minutes", () => {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 2, 2);
    const timer = placeBuilt(sim, "timer", 5, 2);
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    wire(sim, [2, 2], [5, 2]);
    wire(sim, [5, 2], [8, 2]);
    expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: 15 })).toEqual({ ok: true });
    expect(part(sim, timer).delayMinutes).toBe(15);
    sim.state.tick = 30;
    onUnitEntersTile(sim, adventurer(sim, 2, 2), 2, 2);
    expect(sim.state.pendingFirings).toEqual([
      { atTick: 30 + 15 * TICKS_PER_GAME_MINUTE, triggerId: plate, mechanismId: blades, byUnitId: expect.any(String) },
    ]);
  });

  it("TRAP-17: delays from 1 to 60 game minutes are accepted; 0 and 61 are refused DELAY_OUT_OF_RANGE", () => {
    const sim = makeSim();
    const timer = place(sim, "timer", 5, 2); // a site may be set too
    expect([TIMER_MIN_DELAY_MINUTES, TIMER_MAX_DELAY_MINUTES]).toEqual([1, 60]);
    expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: 1 })).toEqual({ ok: true });
    expect(sim.apply({ type: "setTimerDelay", partId: timer, minutes: 60 })).toEqual({ ok: true });
    for (const minutes of [0, 61]) {
      expect(unchangedBy(sim, () => sim.apply({ type: "setTimerDelay", partId: timer, minutes })))
        .toMatchObject({ ok: false, code: "DELAY_OUT_OF_RANGE", rule: "TRAP-17" });
    }
    expect(part(sim, timer).delayMinutes).toBe(60);
  });

  it("refuses unknown parts and parts that are not timers; the validator refuses fractional minutes", () => {
    const sim = makeSim();
    const plate = place(sim, "pressurePlate", 2, 2);
    expect(unchangedBy(sim, () => sim.apply({ type: "setTimerDelay", partId: "999", minutes: 5 })))
      .toMatchObject({ ok: false, code: "UNKNOWN_PART" });
    expect(unchangedBy(sim, () => sim.apply({ type: "setTimerDelay", partId: plate, minutes: 5 })))
      .toMatchObject({ ok: false, code: "NOT_A_TIMER" });
    expect(COMMANDS.setTimerDelay.safeParse({ partId: "1", minutes: 1.5 }).success).toBe(false);
    expect(COMMANDS.setTimerDelay.safeParse({ partId: "1", minutes: 5 }).success).toBe(true);
  });
});

describe("pullLever and resetLever", () => {
  function leverTrap() {
    const sim = makeSim();
    const lever = placeBuilt(sim, "lever", 2, 2);
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    wire(sim, [2, 2], [8, 2]);
    const victim = adventurer(sim, 8, 3);
    sim.drainEvents();
    // The first firing's wound on the victim: its resist fails, the blades' serious wound lands on the torso.
    const dice = forceDice(sim, [RESIST_FAILS, TORSO]);
    return { sim, lever, blades, victim, dice };
  }

  it("DOOR-22, DOOR-23, TRAP-13: pulling activates the lever and fires the trap once; it stays active until reset", () => {
    const { sim, lever, blades, victim, dice } = leverTrap();
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
    expect(part(sim, lever).active).toBe(true);
    expect(sim.drainEvents()).toEqual([{
      type: "trapFired", triggerId: lever, mechanismId: blades, mechanism: "spinningBlades", x: 8, y: 2,
      byUnitId: null, victims: [victim.id], tick: 0,
    }, { type: "wound", targetId: victim.id, sourceId: blades, location: "torso", severity: "serious", woundPoints: 2, tick: 0 }]);
    expect(dice.left()).toBe(0);
    expect(unchangedBy(sim, () => sim.apply({ type: "pullLever", partId: lever })))
      .toMatchObject({ ok: false, code: "LEVER_ALREADY_ACTIVE", rule: "DOOR-23" });
    expect(sim.apply({ type: "resetLever", partId: lever })).toEqual({ ok: true });
    expect(part(sim, lever).active).toBe(false);
    expect(sim.drainEvents()).toEqual([]);
    expect(unchangedBy(sim, () => sim.apply({ type: "resetLever", partId: lever })))
      .toMatchObject({ ok: false, code: "LEVER_NOT_ACTIVE" });
  });

  it("refuses unknown parts, parts that are not levers and lever sites", () => {
    const sim = makeSim();
    const plate = place(sim, "pressurePlate", 2, 2);
    const site = place(sim, "lever", 8, 8);
    for (const type of ["pullLever", "resetLever"] as const) {
      expect(unchangedBy(sim, () => sim.apply({ type, partId: "999" }))).toMatchObject({ ok: false, code: "UNKNOWN_PART" });
      expect(unchangedBy(sim, () => sim.apply({ type, partId: plate }))).toMatchObject({ ok: false, code: "NOT_A_LEVER" });
      expect(unchangedBy(sim, () => sim.apply({ type, partId: site }))).toMatchObject({ ok: false, code: "PART_NOT_BUILT" });
    }
  });
});

describe("movePart", () => {
  it("TRAP-46, TRAP-47: a part that needed a rearm still needs it after the move, and its 2-day countdown is not reset", () => {
    const sim = makeSim();
    const blades = part(sim, placeBuilt(sim, "spinningBlades", 8, 2));
    const plate = part(sim, placeBuilt(sim, "pressurePlate", 2, 2));
    blades.needsRearm = true;
    sim.state.tick = 1000;
    expect(sim.apply({ type: "movePart", partId: blades.id, x: 9, y: 5 })).toEqual({ ok: true });
    expect(blades).toMatchObject({ x: 9, y: 5, needsRearm: true, rearmedTick: 0, built: true });
    expect(sim.apply({ type: "movePart", partId: plate.id, x: 3, y: 3 })).toEqual({ ok: true });
    expect(plate).toMatchObject({ x: 3, y: 3, needsRearm: false, rearmedTick: 0 });
    sim.state.tick = REARM_PERIOD_TICKS;
    expect(isExpired(sim, plate)).toBe(true);
  });

  it("moving removes every cable touching the old tile and emits cableRemoved then partMoved", () => {
    const sim = makeSim();
    const plate = placeBuilt(sim, "pressurePlate", 2, 2);
    const blades = placeBuilt(sim, "spinningBlades", 8, 2);
    const cable = wire(sim, [2, 2], [8, 2]);
    placeBuilt(sim, "flameJet", 8, 6);
    placeBuilt(sim, "tripwire", 12, 6);
    const keep = wire(sim, [8, 6], [12, 6]);
    sim.drainEvents();
    expect(sim.apply({ type: "movePart", partId: blades, x: 12, y: 4 })).toEqual({ ok: true });
    expect(sim.drainEvents()).toEqual([
      { type: "cableRemoved", id: cable, tick: 0 },
      { type: "partMoved", partId: blades, fromX: 8, fromY: 2, x: 12, y: 4, tick: 0 },
    ]);
    expect(Object.keys(sim.state.cables)).toEqual([keep]);
    expect(networkOf(sim, plate)).toBeNull();
  });

  it("TRAP-09: a moved trigger keeps 3 free tiles to the others (not counting itself); a part moved onto a cable joins it within the limits", () => {
    const sim = makeSim();
    const a = placeBuilt(sim, "pressurePlate", 2, 2);
    placeBuilt(sim, "tripwire", 8, 2);
    expect(unchangedBy(sim, () => sim.apply({ type: "movePart", partId: a, x: 5, y: 2 })))
      .toMatchObject({ ok: false, code: "TRIGGER_TOO_CLOSE", rule: "TRAP-09" });
    expect(sim.apply({ type: "movePart", partId: a, x: 4, y: 2 })).toEqual({ ok: true }); // distance 4 to 8,2; 2 from its old tile
    const blades = placeBuilt(sim, "spinningBlades", 8, 8);
    const timer = placeBuilt(sim, "timer", 14, 5);
    const cable = wire(sim, [8, 8], [8, 5], [14, 5]);
    const jet = placeBuilt(sim, "flameJet", 14, 8);
    expect(unchangedBy(sim, () => sim.apply({ type: "movePart", partId: jet, x: 12, y: 5 })))
      .toMatchObject({ ok: false, code: "MECHANISM_ALREADY_WIRED" });
    expect(sim.apply({ type: "movePart", partId: a, x: 12, y: 5 })).toEqual({ ok: true });
    expect(networkOf(sim, a)).toMatchObject({ id: cable, trigger: a, timer, mechanism: blades });
  });

  it("refuses unknown parts, off-map, non-floor and occupied tiles (its own tile included)", () => {
    const sim = makeSim();
    const a = place(sim, "flameJet", 5, 5);
    place(sim, "dartLauncher", 6, 6);
    const cases: [string, number, number, string][] = [
      ["999", 3, 3, "UNKNOWN_PART"], [a, 20, 3, "OUT_OF_BOUNDS"], [a, 0, 0, "NOT_FLOOR"],
      [a, 6, 6, "TILE_OCCUPIED"], [a, 5, 5, "TILE_OCCUPIED"],
    ];
    for (const [partId, x, y, code] of cases) {
      expect(unchangedBy(sim, () => sim.apply({ type: "movePart", partId, x, y }))).toMatchObject({ ok: false, code });
    }
  });
});

describe("assignJob and construction", () => {
  /** A dungeon with one minion at 3,9 next to the stockpile (1,10), no invasion. */
  function dungeon(metal = 40) {
    const sim = makeSim();
    sim.state.metal = metal;
    sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
    const minion = addUnit(sim, { kind: "minion", x: 3, y: 9 });
    sim.drainEvents();
    return { sim, minion };
  }

  it("TRAP-04: a minion assigned to Trapping builds both the trigger and the mechanism", () => {
    const { sim, minion } = dungeon();
    const plate = place(sim, "pressurePlate", 6, 6);
    const blades = place(sim, "spinningBlades", 10, 6);
    expect(sim.apply({ type: "assignJob", unitId: minion.id, job: "trapping" })).toEqual({ ok: true });
    expect(minion.job).toBe("trapping");
    const built: [string, string][] = [];
    for (let i = 0; i < 4000 && built.length < 2; i++) {
      for (const e of sim.step()) if (e.type === "partBuilt") built.push([e.partId, e.builderId]);
    }
    expect(built.sort()).toEqual([[plate, minion.id], [blades, minion.id]].sort());
    expect(part(sim, plate).built && part(sim, blades).built).toBe(true);
  });

  it("TRAP-30: clients see a site's progress in whole 10 % steps (PART_PROGRESS_STEP), one patch change per step, then 100 when built", () => {
    const { sim, minion } = dungeon();
    const blades = place(sim, "spinningBlades", 10, 6);
    sim.apply({ type: "assignJob", unitId: minion.id, job: "trapping" });
    const state = new DungeonState();
    projectState(state, sim, 1);
    const seen: number[] = [];
    let workSteps = 0;
    for (let i = 0; i < 4000 && !part(sim, blades).built; i++) {
      const before = part(sim, blades).workDone;
      sim.step();
      if (part(sim, blades).workDone > before) workSteps++;
      projectState(state, sim, 1);
      const progress = state.parts.get(blades)!.progress;
      if (progress !== seen[seen.length - 1]) seen.push(progress);
    }
    expect(PART_PROGRESS_STEP).toBe(10);
    expect(seen).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(workSteps).toBe(PARTS.spinningBlades.buildWorkTicks); // far more ticks of work than the 11 values sent
    expect(workSteps).toBeGreaterThan(seen.length);
  });

  it("TRAP-29, TRAP-30: minions carry the metal to the site, but one with no job never builds it", () => {
    const { sim, minion } = dungeon();
    const blades = place(sim, "spinningBlades", 10, 6);
    let carried = 0;
    for (let i = 0; i < 2000; i++) { sim.step(); carried = Math.max(carried, minion.carryingMetal); }
    expect(carried).toBe(4); // the blades need 4 metal, at most 5 per trip
    expect(part(sim, blades)).toMatchObject({ metalDelivered: 4, built: false, workDone: 0 });
    expect(sim.state.metal).toBe(36);
  });

  it("TRAP-31: every trigger and mechanism needs metal: with an empty stock a site is never built", () => {
    const { sim, minion } = dungeon(0);
    const plate = place(sim, "tripwire", 6, 6);
    sim.apply({ type: "assignJob", unitId: minion.id, job: "trapping" });
    for (let i = 0; i < 2000; i++) sim.step();
    expect(part(sim, plate)).toMatchObject({ metalDelivered: 0, built: false, workDone: 0 });
  });

  it("assignJob refuses unknown units and units that are not the keeper's minions; the validator refuses unknown jobs", () => {
    const { sim, minion } = dungeon();
    const adv = adventurer(sim, 5, 5);
    const troll = addUnit(sim, { kind: "creature", x: 6, y: 6, species: "troll" });
    expect(unchangedBy(sim, () => sim.apply({ type: "assignJob", unitId: "999", job: "trapping" })))
      .toMatchObject({ ok: false, code: "UNKNOWN_UNIT" });
    for (const u of [adv, troll]) {
      expect(unchangedBy(sim, () => sim.apply({ type: "assignJob", unitId: u.id, job: "trapping" })))
        .toMatchObject({ ok: false, code: "NOT_A_MINION", rule: "TRAP-04" });
    }
    expect(sim.apply({ type: "assignJob", unitId: minion.id, job: "chores" })).toEqual({ ok: true });
    expect(minion.job).toBe("chores");
    expect(COMMANDS.assignJob.safeParse({ unitId: "1", job: "digging" }).success).toBe(false);
  });
});
