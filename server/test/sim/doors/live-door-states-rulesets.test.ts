import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { PADLOCK_BUILD_WORK_TICKS, PADLOCK_METAL } from "../../../src/sim/doors/work.ts";
import { REARM_DIFFICULTY } from "../../../src/sim/traps/rearm.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";
import { checkDie } from "../knowledge/helpers.ts";
import { TWO_ROUTES, adventurer, doorSim, forceDice, lock, run, theDoor } from "./helpers.ts";

/*
 * Padlocks, passing, holding and trigger-wired doors through `sim.step()` and the keeper's
 * commands, in rooms of each ruleset (the door at 6,2 of SINGLE_ROUTE; doors/helpers.ts). Doors
 * draw no dice; where a rearm is rolled the die is forced (`checkDie`).
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];

describe.each(RULESETS.map((r) => [r]))("door states in play (%s)", (ruleset: RulesetId) => {
  it(`DOOR-07, DOOR-08, DOOR-09, DOOR-10 (${ruleset}): a Trapping minion hauls and builds the ordered padlock; it starts armed and locks the door; Disarm makes it a normal door, Arm locks it again`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    const door = theDoor(sim);
    addUnit(sim, { kind: "minion", job: "trapping", x: 2, y: 1 });
    expect(sim.apply({ type: "buildPadlock", doorId: door.id })).toEqual({ ok: true });
    const metal = sim.state.metal;
    const events = run(sim, 800);
    expect(events.filter((e) => e.type === "padlockBuilt")).toHaveLength(1);
    expect(door.padlock).toEqual({ built: true, armed: true, metalDelivered: PADLOCK_METAL, workDone: PADLOCK_BUILD_WORK_TICKS });
    expect([sim.state.metal, isLocked(door)]).toEqual([metal - PADLOCK_METAL, true]);
    expect(sim.apply({ type: "disarmDoorLock", doorId: door.id })).toEqual({ ok: true });
    expect([door.padlock?.armed, isLocked(door)]).toEqual([false, false]);
    expect(sim.apply({ type: "armDoorLock", doorId: door.id })).toEqual({ ok: true });
    expect([door.padlock?.armed, isLocked(door)]).toEqual([true, true]);
  });

  it(`DOOR-11, DOOR-17 (${ruleset}): a minion walking home through the locked door passes it: the door stands open while it is in the doorway and closes, still locked, behind it`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    const door = lock(theDoor(sim));
    const minion = addUnit(sim, { kind: "minion", x: 3, y: 2, home: { x: 9, y: 2 } });
    const inDoorway: boolean[] = [];
    for (let i = 0; i < 40; i++) {
      sim.step();
      if (minion.x === 6 && minion.y === 2) inDoorway.push(door.open);
    }
    expect(inDoorway.length).toBeGreaterThan(0);
    expect(inDoorway.every((o) => o)).toBe(true);
    expect([minion.x, minion.y, door.open, isLocked(door)]).toEqual([9, 2, false, true]);
  });

  it(`DOOR-18, DOOR-32 (${ruleset}): Hold door open keeps it open with nobody in it; held open and padlocked, it still stops an adventurer; released, it closes`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    const door = theDoor(sim);
    expect(sim.apply({ type: "holdDoorOpen", doorId: door.id })).toEqual({ ok: true });
    run(sim, 5);
    expect([door.heldOpen, door.open]).toEqual([true, true]);
    lock(door);
    const a = adventurer(sim, 3, 2);
    walkTo(sim, a, { x: 9, y: 2 });
    run(sim, 60);
    expect([a.x, a.y, door.open]).toEqual([5, 2, true]);
    expect(sim.apply({ type: "releaseDoor", doorId: door.id })).toEqual({ ok: true });
    run(sim, 1);
    expect([door.heldOpen, door.open]).toEqual([false, false]);
  });

  it(`DOOR-19, DOOR-20, DOOR-24, DOOR-25, DOOR-26 (${ruleset}): a plate wired to the door; an adventurer steps on it: the door opens and stays open; a Trapping minion's rearm deactivates the plate and the door closes`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    const door = theDoor(sim);
    const plate = placeBuilt(sim, "pressurePlate", 3, 2);
    wire(sim, [3, 2], [6, 2]);
    run(sim, 1);
    expect(door.triggerIds).toEqual([plate]);
    const a = adventurer(sim, 1, 2);
    walkTo(sim, a, { x: 4, y: 2 });
    run(sim, 30);
    a.activity = "left"; // it leaves: nobody stands on the plate or in the doorway
    run(sim, 300);
    const part = sim.state.parts[plate]!;
    expect([part.active, part.needsRearm, door.triggered, door.open]).toEqual([true, true, true, true]);
    const minion = addUnit(sim, { kind: "minion", job: "trapping", x: 3, y: 1 });
    const dice = forceDice(sim, [checkDie(ruleset, REARM_DIFFICULTY, minion.stats.craft, true)]);
    let rearmed: SimEvent | undefined;
    for (let i = 0; i < 600 && !rearmed; i++) rearmed = sim.step().find((e) => e.type === "partRearmed");
    expect([rearmed, dice.left()]).toEqual([expect.objectContaining({ partId: plate, byUnitId: minion.id, outcome: "rearmed" }), 0]);
    run(sim, 1);
    expect([part.active, part.needsRearm, door.triggered, door.open]).toEqual([false, false, false, false]);
  });

  it(`DOOR-21, DOOR-22, DOOR-23, DOOR-27, DOOR-30, DOOR-31 (${ruleset}): a lever wired to a held-open door: pulling it activates it and closes the door; an adventurer still opens that door, which closes behind it; the lever stays active until pulled back, and the door opens again`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    const door = theDoor(sim);
    const lever = placeBuilt(sim, "lever", 3, 3);
    wire(sim, [3, 3], [3, 2], [6, 2]);
    expect(sim.apply({ type: "holdDoorOpen", doorId: door.id })).toEqual({ ok: true });
    run(sim, 1);
    expect(door.open).toBe(true);
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
    run(sim, 1);
    expect([sim.state.parts[lever]!.active, door.triggered, door.open, isLocked(door)]).toEqual([true, true, false, false]);
    const a = adventurer(sim, 5, 1);
    walkTo(sim, a, { x: 9, y: 2 });
    let openedFor = false;
    for (let i = 0; i < 40; i++) { sim.step(); if (a.x === 6) openedFor ||= door.open; }
    expect([a.x, a.y, openedFor, door.open]).toEqual([9, 2, true, false]);
    run(sim, 600);
    expect([sim.state.parts[lever]!.active, door.open]).toEqual([true, false]);
    expect(sim.apply({ type: "resetLever", partId: lever })).toEqual({ ok: true });
    run(sim, 1);
    expect([sim.state.parts[lever]!.active, door.triggered, door.open]).toEqual([false, false, true]);
  });

  it(`DOOR-28, DOOR-29 (${ruleset}): each pull that activates the lever toggles the door's padlock; each that deactivates it leaves the padlock as it is`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    const door = lock(theDoor(sim));
    const lever = placeBuilt(sim, "lever", 3, 3);
    wire(sim, [3, 3], [3, 2], [6, 2]);
    run(sim, 1);
    const armed: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      expect(sim.apply({ type: i % 2 === 0 ? "pullLever" : "resetLever", partId: lever })).toEqual({ ok: true });
      run(sim, 1);
      armed.push(door.padlock!.armed);
    }
    expect(armed).toEqual([false, false, true, true]);
  });

  it(`DOOR-33 (${ruleset}): one plate wired to blades and to two doors: an adventurer stepping on it fires the blades and opens both doors; a second mechanism on that cable is refused`, () => {
    const sim = doorSim(TWO_ROUTES, 11, ruleset);
    const first = theDoor(sim);
    const second = sim.apply({ type: "buildDoor", x: 8, y: 4 }) as { ok: boolean; id: string };
    const plate = placeBuilt(sim, "pressurePlate", 3, 2);
    const blades = placeBuilt(sim, "spinningBlades", 3, 4);
    wire(sim, [3, 2], [6, 2]);
    wire(sim, [3, 2], [3, 4]);
    wire(sim, [3, 4], [8, 4]);
    placeBuilt(sim, "flameJet", 9, 1);
    expect(sim.apply({ type: "wire", path: [{ x: 9, y: 1 }, { x: 9, y: 2 }, { x: 9, y: 3 }, { x: 9, y: 4 }, { x: 8, y: 4 }] })).toMatchObject({ ok: false, code: "MECHANISM_ALREADY_WIRED" });
    run(sim, 1);
    const a = adventurer(sim, 1, 2);
    walkTo(sim, a, { x: 4, y: 2 });
    const dice = forceDice(sim, []); // the blades (3,4, reach 1) hit nobody: no harm roll
    const events = run(sim, 30);
    expect(dice.left()).toBe(0);
    expect(events.filter((e) => e.type === "trapFired")).toMatchObject([{ triggerId: plate, mechanismId: blades, byUnitId: a.id, victims: [] }]);
    expect([first.open, sim.state.doors[second.id]!.open]).toEqual([true, true]);
  });
});
