import { describe, expect, it } from "vitest";
import { stepMovement, walkNextTo, walkTo } from "../../../src/sim/world/movement.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { blockedByDoor, isLocked, mayUnlock } from "../../../src/sim/doors/doors.ts";
import { addUnit, MERCHANT_FACTION } from "../../../src/sim/world/units.ts";
import { PADLOCK_BUILD_WORK_TICKS, PADLOCK_METAL } from "../../../src/sim/doors/work.ts";
import { computeNetworks } from "../../../src/sim/traps/network.ts";
import { adventurer, doorSim, forceDice, lock, run, theDoor, TWO_ROUTES } from "./helpers.ts";
import { Simulation } from "../../../src/sim/simulation.ts";

const okId = (r: { ok: boolean; id?: string }): string => { if (!r.ok || !r.id) throw new Error(JSON.stringify(r)); return r.id; };

/** Places and builds a part at once (test shortcut for TRAP-30). */
function builtPart(sim: Simulation, kind: "pressurePlate" | "tripwire" | "sensor" | "lever" | "spinningBlades", x: number, y: number): string {
  const id = okId(sim.apply({ type: "placePart", kind, x, y }));
  const p = sim.state.parts[id]!;
  p.built = true;
  p.rearmedTick = sim.state.tick;
  return id;
}

/** The keeper pulls the lever with the player's command (DOOR-22); it must be accepted. */
function pull(sim: Simulation, lever: string): void {
  expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: true });
}

/** The keeper resets (deactivates) the pulled lever with the player's command (DOOR-23); it must be accepted. */
function reset(sim: Simulation, lever: string): void {
  expect(sim.apply({ type: "resetLever", partId: lever })).toEqual({ ok: true });
}

/** Wires tiles in a straight line or an L through the corners given. */
function wire(sim: Simulation, ...pts: [number, number][]): string {
  const path: { x: number; y: number }[] = [];
  for (let i = 0; i < pts.length; i++) {
    const [x1, y1] = pts[i]!;
    if (i === 0) { path.push({ x: x1, y: y1 }); continue; }
    let [x, y] = pts[i - 1]!;
    while (x !== x1 || y !== y1) { x += Math.sign(x1 - x); y += Math.sign(y1 - y); path.push({ x, y }); }
  }
  return okId(sim.apply({ type: "wire", path }));
}

/** A plate at 3,2 wired along row 2 to the door at 6,2. */
function plateToDoor(sim: Simulation, kind: "pressurePlate" | "tripwire" | "sensor" = "pressurePlate"): string {
  const plate = builtPart(sim, kind, 3, 2);
  wire(sim, [3, 2], [6, 2]);
  return plate;
}

describe("doors on the map", () => {
  it("every '+' tile gets a closed, unlocked door record with no padlock", () => {
    const sim = doorSim();
    const doors = Object.values(sim.state.doors);
    expect(doors.map((d) => [d.x, d.y, d.open, d.padlock])).toEqual([[6, 2, false, null]]);
  });
});

describe("padlocks", () => {
  it("DOOR-07, DOOR-08: a padlock site is hauled and built by minions, then it is armed and locks the door", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    addUnit(sim, { kind: "minion", job: "trapping", x: 2, y: 1 });
    expect(sim.apply({ type: "buildPadlock", doorId: door.id })).toEqual({ ok: true });
    expect(door.padlock).toEqual({ built: false, armed: false, metalDelivered: 0, workDone: 0 });
    expect(isLocked(door)).toBe(false);
    const metal = sim.state.metal;
    const events = run(sim, 800);
    expect(events.filter((e) => e.type === "padlockBuilt")).toHaveLength(1);
    expect(door.padlock).toEqual({ built: true, armed: true, metalDelivered: PADLOCK_METAL, workDone: PADLOCK_BUILD_WORK_TICKS });
    expect(sim.state.metal).toBe(metal - PADLOCK_METAL);
    expect(isLocked(door)).toBe(true);
  });

  it("DOOR-09, DOOR-10: Disarm lock makes the door a normal door, Arm lock locks it again", () => {
    const sim = doorSim();
    const door = lock(theDoor(sim));
    expect(sim.apply({ type: "disarmDoorLock", doorId: door.id })).toEqual({ ok: true });
    expect([door.padlock?.armed, isLocked(door)]).toEqual([false, false]);
    expect(sim.apply({ type: "armDoorLock", doorId: door.id })).toEqual({ ok: true });
    expect([door.padlock?.armed, isLocked(door)]).toEqual([true, true]);
  });

  it("padlock commands refuse unknown doors, missing padlocks and sites, and a second padlock", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    expect(sim.apply({ type: "armDoorLock", doorId: "999" })).toMatchObject({ ok: false, code: "UNKNOWN_DOOR" });
    expect(sim.apply({ type: "armDoorLock", doorId: door.id })).toMatchObject({ ok: false, code: "NO_PADLOCK" });
    sim.apply({ type: "buildPadlock", doorId: door.id });
    expect(sim.apply({ type: "disarmDoorLock", doorId: door.id })).toMatchObject({ ok: false, code: "PADLOCK_NOT_BUILT", rule: "DOOR-07" });
    expect(sim.apply({ type: "buildPadlock", doorId: door.id })).toMatchObject({ ok: false, code: "PADLOCK_EXISTS" });
    door.padlock!.metalDelivered = 2;
    const metal = sim.state.metal;
    expect(sim.apply({ type: "removePadlock", doorId: door.id })).toEqual({ ok: true });
    expect([door.padlock, sim.state.metal]).toEqual([null, metal + 2]);
  });
});

describe("who unlocks a locked door", () => {
  it("DOOR-11: minions, the Master and the dungeon's creatures may unlock a locked door (mayUnlock); a minion walking home passes it", () => {
    const sim = doorSim();
    lock(theDoor(sim));
    const minion = addUnit(sim, { kind: "minion", x: 3, y: 2, home: { x: 9, y: 2 } });
    const master = addUnit(sim, { kind: "master", x: 9, y: 1 });
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 5, y: 1 });
    expect([mayUnlock(sim, minion), mayUnlock(sim, master), mayUnlock(sim, troll)]).toEqual([true, true, true]);
    run(sim, 40);
    expect([minion.x, minion.y]).toEqual([9, 2]);
  });

  it("DOOR-12: travelling merchants unlock a locked door and pass", () => {
    const sim = doorSim();
    lock(theDoor(sim));
    const merchant = addUnit(sim, { kind: "creature", faction: MERCHANT_FACTION, x: 3, y: 2 });
    expect(mayUnlock(sim, merchant)).toBe(true);
    expect(blockedByDoor(sim, merchant, 6, 2)).toBe(false);
    walkTo(sim, merchant, { x: 9, y: 2 });
    run(sim, 40);
    expect([merchant.x, merchant.y]).toEqual([9, 2]);
  });

  it("DOOR-13, DOOR-02: an adventurer cannot unlock a locked door: it stops in front of it", () => {
    const sim = doorSim();
    const door = lock(theDoor(sim));
    const a = adventurer(sim, 3, 2);
    expect(mayUnlock(sim, a)).toBe(false);
    expect(walkTo(sim, a, { x: 9, y: 2 })).toBe(true);
    run(sim, 60);
    expect([a.x, a.y]).toEqual([5, 2]);
    expect(blockedByDoor(sim, a, door.x, door.y)).toBe(true);
    // A wild creature cannot either.
    expect(mayUnlock(sim, addUnit(sim, { kind: "creature", faction: "wild", x: 1, y: 3 }))).toBe(false);
  });

  it("DOOR-14: during an invasion a minion unlocks a door to reach an enemy only under an attack order on it", () => {
    const sim = doorSim();
    const minion = addUnit(sim, { kind: "minion", x: 8, y: 2 });
    const foe = adventurer(sim, 3, 2);
    expect(mayUnlock(sim, minion, "reachEnemy", foe.id)).toBe(true); // no invasion under way
    sim.state.invasion.partyId = "77";
    expect(mayUnlock(sim, minion, "reachEnemy", foe.id)).toBe(false);
    expect(mayUnlock(sim, minion, "move")).toBe(true); // other purposes stay free (proposal)
    minion.orderTargetId = foe.id;
    expect(mayUnlock(sim, minion, "reachEnemy", foe.id)).toBe(true);
    expect(mayUnlock(sim, minion, "reachEnemy", "12345")).toBe(false);
  });

  it("DOOR-15: the dungeon's creatures never unlock a door to reach an enemy during an invasion", () => {
    const sim = doorSim();
    const troll = addUnit(sim, { kind: "creature", species: "troll", x: 8, y: 2, orderTargetId: "5" });
    sim.state.invasion.partyId = "77";
    expect(mayUnlock(sim, troll, "reachEnemy", "5")).toBe(false);
    expect(mayUnlock(sim, troll, "move")).toBe(true);
  });

  it("DOOR-16: the Master can always unlock a door to reach an enemy", () => {
    const sim = doorSim();
    const master = addUnit(sim, { kind: "master", x: 9, y: 2 });
    sim.state.invasion.partyId = "77";
    expect(mayUnlock(sim, master, "reachEnemy", "5")).toBe(true);
  });
});

describe("opening and closing", () => {
  it("DOOR-17: a door opens for whoever passes and closes by itself once they have passed", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const minion = addUnit(sim, { kind: "minion", x: 3, y: 2, home: { x: 9, y: 2 } });
    const seen: boolean[] = [];
    for (let i = 0; i < 40; i++) {
      sim.step();
      if (minion.x === 6 && minion.y === 2) seen.push(door.open);
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((o) => o)).toBe(true);
    expect([minion.x, door.open]).toEqual([9, false]);
  });

  it("DOOR-18: Hold door open keeps it open with nobody in it; releasing it lets it close", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    expect(sim.apply({ type: "holdDoorOpen", doorId: door.id })).toEqual({ ok: true });
    run(sim, 5);
    expect([door.heldOpen, door.open]).toEqual([true, true]);
    expect(sim.apply({ type: "releaseDoor", doorId: door.id })).toEqual({ ok: true });
    run(sim, 1);
    expect([door.heldOpen, door.open]).toEqual([false, false]);
    expect(sim.apply({ type: "holdDoorOpen", doorId: "999" })).toMatchObject({ ok: false, code: "UNKNOWN_DOOR" });
  });
});

describe("doors wired to triggers", () => {
  it("DOOR-19: the Wiring tool wires a door to a trigger: a cable may end on the door, which joins the trigger's network", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const plate = plateToDoor(sim);
    const net = computeNetworks(sim.state).byDoor.get(door.id);
    expect([net?.trigger, net?.doors]).toEqual([plate, [door.id]]);
    run(sim, 1);
    expect(door.triggerIds).toEqual([plate]);
  });

  it("DOOR-20, DOOR-24: someone stepping on the plate activates it: a normal door opens and stays open", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const plate = plateToDoor(sim);
    run(sim, 1);
    const a = adventurer(sim, 1, 2);
    walkTo(sim, a, { x: 4, y: 2 });
    run(sim, 30);
    expect([a.x, sim.state.parts[plate]!.active, door.triggered, door.open]).toEqual([4, true, true, true]);
    run(sim, 100);
    expect(door.open).toBe(true);
  });

  it("DOOR-24: tripwires and sensors activate doors when crossed, as plates do", () => {
    for (const kind of ["tripwire", "sensor"] as const) {
      const sim = doorSim();
      const door = theDoor(sim);
      plateToDoor(sim, kind);
      run(sim, 1);
      const a = adventurer(sim, 1, 2);
      walkTo(sim, a, { x: 4, y: 2 });
      run(sim, 30);
      expect([kind, door.open]).toEqual([kind, true]);
    }
  });

  it("DOOR-21: activation closes a door that is held open", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const lever = builtPart(sim, "lever", 3, 3);
    wire(sim, [3, 3], [3, 2], [6, 2]);
    sim.apply({ type: "holdDoorOpen", doorId: door.id });
    run(sim, 1);
    expect(door.open).toBe(true);
    pull(sim, lever);
    run(sim, 1);
    expect([door.triggered, door.open]).toEqual([true, false]);
  });

  it("DOOR-22, DOOR-23, DOOR-26: a lever activates when pulled and stays active until deactivated; then the door closes", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const lever = builtPart(sim, "lever", 3, 3);
    wire(sim, [3, 3], [3, 2], [6, 2]);
    run(sim, 1);
    pull(sim, lever);
    run(sim, 600);
    expect([sim.state.parts[lever]!.active, door.open]).toEqual([true, true]);
    expect(sim.apply({ type: "pullLever", partId: lever })).toEqual({ ok: false, code: "LEVER_ALREADY_ACTIVE", rule: "DOOR-23", reason: `lever ${lever} is already pulled; reset it first` });
    reset(sim, lever);
    run(sim, 1);
    expect([sim.state.parts[lever]!.active, door.triggered, door.open]).toEqual([false, false, false]);
  });

  it("DOOR-25: an activated plate stays active until a Trapping minion rearms it, which deactivates it", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const plate = plateToDoor(sim);
    run(sim, 1);
    const a = adventurer(sim, 1, 2);
    walkTo(sim, a, { x: 4, y: 2 });
    run(sim, 30);
    a.x = 1; a.y = 3; // off the plate
    run(sim, 300);
    const part = sim.state.parts[plate]!;
    expect([part.active, part.needsRearm, door.open]).toEqual([true, true, true]);
    const minion = addUnit(sim, { kind: "minion", job: "trapping", x: 3, y: 1 });
    // Live: the Trapping minion walks to the plate and works its rearm; its check's d10 is forced to 7 (success).
    const dice = forceDice(sim, [7]);
    let rearmed: ReturnType<Simulation["step"]>[number] | undefined;
    for (let i = 0; i < 600 && !rearmed; i++) rearmed = sim.step().find((e) => e.type === "partRearmed");
    expect([rearmed, dice.left()]).toEqual([expect.objectContaining({ partId: plate, byUnitId: minion.id, outcome: "rearmed", roll: 7 }), 0]);
    dice.release();
    run(sim, 1);
    expect([part.active, part.needsRearm, door.triggered, door.open]).toEqual([false, false, false, false]);
  });

  it("DOOR-27: deactivation opens a held-open door again", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const lever = builtPart(sim, "lever", 3, 3);
    wire(sim, [3, 3], [3, 2], [6, 2]);
    sim.apply({ type: "holdDoorOpen", doorId: door.id });
    pull(sim, lever);
    run(sim, 1);
    expect(door.open).toBe(false);
    reset(sim, lever);
    run(sim, 1);
    expect(door.open).toBe(true);
  });

  it("DOOR-28, DOOR-29: every activation toggles the padlock; deactivation leaves it as it is", () => {
    const sim = doorSim();
    const door = lock(theDoor(sim));
    const lever = builtPart(sim, "lever", 3, 3);
    wire(sim, [3, 3], [3, 2], [6, 2]);
    run(sim, 1);
    const armed: boolean[] = [];
    for (let i = 0; i < 4; i++) { (i % 2 === 0 ? pull : reset)(sim, lever); run(sim, 1); armed.push(door.padlock!.armed); }
    // activate (toggle), deactivate (stay), activate (toggle), deactivate (stay)
    expect(armed).toEqual([false, false, true, true]);
  });

  it("DOOR-30, DOOR-31: a door a trigger closed is not locked: an adventurer opens it, and it closes behind it", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const lever = builtPart(sim, "lever", 3, 3);
    wire(sim, [3, 3], [3, 2], [6, 2]);
    sim.apply({ type: "holdDoorOpen", doorId: door.id });
    pull(sim, lever);
    run(sim, 1);
    expect([door.open, isLocked(door)]).toEqual([false, false]);
    const a = adventurer(sim, 5, 1);
    walkTo(sim, a, { x: 9, y: 2 });
    let openedFor = false;
    for (let i = 0; i < 40; i++) { sim.step(); if (a.x === 6) openedFor ||= door.open; }
    expect([a.x, a.y, openedFor, door.open]).toEqual([9, 2, true, false]);
  });

  it("DOOR-32: of all door states only a locked padlock stops adventurers (held open and locked still stops them)", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const a = adventurer(sim, 5, 2);
    sim.apply({ type: "holdDoorOpen", doorId: door.id });
    expect(blockedByDoor(sim, a, 6, 2)).toBe(false);
    lock(door);
    run(sim, 1);
    expect([door.open, blockedByDoor(sim, a, 6, 2)]).toEqual([true, true]);
    door.padlock!.armed = false;
    expect(blockedByDoor(sim, a, 6, 2)).toBe(false);
  });

  it("DOOR-33: a trigger is wired to one trap and any number of doors; a second trap is still refused", () => {
    const sim = doorSim(TWO_ROUTES);
    const first = theDoor(sim);
    const second = okId(sim.apply({ type: "buildDoor", x: 8, y: 4 }));
    const plate = builtPart(sim, "pressurePlate", 3, 2);
    builtPart(sim, "spinningBlades", 3, 4);
    wire(sim, [3, 2], [6, 2]);
    wire(sim, [3, 2], [3, 4]);
    wire(sim, [3, 4], [8, 4]);
    const net = computeNetworks(sim.state).byPart.get(plate)!;
    expect([net.mechanism !== null, net.doors]).toEqual([true, [first.id, second]]);
    builtPart(sim, "spinningBlades", 9, 1);
    expect(sim.apply({ type: "wire", path: [{ x: 9, y: 1 }, { x: 9, y: 2 }, { x: 9, y: 3 }, { x: 9, y: 4 }, { x: 8, y: 4 }] }))
      .toMatchObject({ ok: false, code: "MECHANISM_ALREADY_WIRED" });
    run(sim, 1);
    sim.state.parts[plate]!.active = true;
    sim.state.parts[plate]!.needsRearm = true;
    run(sim, 1);
    expect([first.open, sim.state.doors[second]!.open]).toEqual([true, true]);
  });
});

describe("unlocking to reach an enemy, in motion", () => {
  /** A locked door, an adventurer at 3,2 and a keeper-side unit at 9,2 walking at it; steps movement only. */
  function chase(fields: Partial<UnitRecord>, invasion: boolean): UnitRecord {
    const sim = doorSim();
    lock(theDoor(sim));
    const foe = adventurer(sim, 3, 2);
    const unit = addUnit(sim, { faction: "dungeon", x: 9, y: 2, kind: "minion", ...fields });
    if (fields.orderTargetId === "foe") unit.orderTargetId = foe.id;
    if (invasion) sim.state.invasion.partyId = "77";
    walkNextTo(sim, unit, foe);
    for (let i = 0; i < 40; i++) stepMovement(sim);
    return unit;
  }

  it("DOOR-14: during an invasion a minion stops at a locked door on its way to an enemy, unless ordered to attack it", () => {
    expect(chase({}, false).x).toBe(4); // no invasion: it unlocks the door (DOOR-11)
    expect(chase({}, true).x).toBe(7);
    expect(chase({ orderTargetId: "foe" }, true).x).toBe(4);
  });

  it("DOOR-15, DOOR-16: a creature never unlocks a door to reach an enemy during an invasion; the Master always does", () => {
    expect(chase({ kind: "creature", species: "troll", orderTargetId: "foe" }, true).x).toBe(7);
    expect(chase({ kind: "master" }, true).x).toBe(4);
  });
});

describe("door wiring follows the cables", () => {
  it("DOOR-19: removing the cable unwires the door, and a door whose trigger is gone is deactivated", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const plate = plateToDoor(sim);
    run(sim, 1);
    sim.state.parts[plate]!.active = true;
    sim.state.parts[plate]!.needsRearm = true;
    run(sim, 1);
    expect([door.triggerIds, door.triggered, door.open]).toEqual([[plate], true, true]);
    const cable = Object.keys(sim.state.cables)[0]!;
    expect(sim.apply({ type: "removeCable", cableId: cable }).ok).toBe(true);
    run(sim, 1);
    expect([door.triggerIds, door.triggered, door.open]).toEqual([[], false, false]);
  });

  it("snapshot and restore give the same doors as stepping straight through", () => {
    const a = doorSim(undefined, 5);
    const lever = builtPart(a, "lever", 3, 3);
    wire(a, [3, 3], [3, 2], [6, 2]);
    lock(theDoor(a));
    run(a, 3);
    const b = Simulation.restore(a.snapshot());
    for (const sim of [a, b]) { pull(sim, lever); run(sim, 5); }
    expect(b.hash()).toBe(a.hash());
    expect(theDoor(b).padlock?.armed).toBe(false);
  });
});
