import { describe, expect, it } from "vitest";
import { COMMANDS } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectMap, projectState } from "../../../src/rooms/projection.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { mayUnlock } from "../../../src/sim/doors/doors.ts";
import { PADLOCK_METAL } from "../../../src/sim/doors/work.ts";
import { adventurer, doorSim, lock, theDoor } from "./helpers.ts";
import { markDoor } from "../../../src/sim/changes.ts";

describe("doors over the wire", () => {
  it("the keeper's door commands are registered with validators", () => {
    for (const type of ["buildDoor", "removeDoor", "buildPadlock", "removePadlock", "armDoorLock", "disarmDoorLock", "holdDoorOpen", "releaseDoor", "dig", "buildWall"]) {
      expect(type in COMMANDS).toBe(true);
    }
    expect(COMMANDS.armDoorLock.safeParse({ doorId: "12" }).success).toBe(true);
    expect(COMMANDS.armDoorLock.safeParse({ doorId: "x" }).success).toBe(false);
    expect(COMMANDS.buildWall.safeParse({ x: 1, y: 2, z: 3 }).success).toBe(false);
  });

  it("DOOR-07, DOOR-18: clients see each door: open, held open, padlock site progress, locked, broken in, and the tiles", () => {
    const sim = doorSim();
    const door = theDoor(sim);
    const state = new DungeonState();
    projectMap(state, sim.state);
    projectState(state, sim, 1);
    const d = state.doors.get(door.id)!;
    expect([d.x, d.y, d.open, d.hasPadlock, d.locked]).toEqual([6, 2, false, false, false]);
    sim.apply({ type: "buildPadlock", doorId: door.id });
    door.padlock!.metalDelivered = 1;
    sim.apply({ type: "holdDoorOpen", doorId: door.id });
    projectState(state, sim, 1);
    expect([d.open, d.heldOpen, d.hasPadlock, d.padlockBuilt, d.padlockMetalDelivered, d.padlockMetalNeeded, d.locked])
      .toEqual([true, true, true, false, 1, PADLOCK_METAL, false]);
    lock(door);
    door.brokenIn = true;
    door.padlock!.armed = false;
    markDoor(sim, door.id); // written directly, outside a tick or an input (sim/changes.ts)
    projectState(state, sim, 1);
    expect([d.padlockBuilt, d.padlockArmed, d.padlockProgress, d.brokenIn, d.locked]).toEqual([true, false, 100, true, false]);
    const r = sim.apply({ type: "buildDoor", x: 2, y: 2 }) as { id: string };
    projectState(state, sim, 1);
    expect([state.doors.size, state.tiles[2 * 12 + 2]]).toEqual([2, "+"]);
    sim.apply({ type: "removeDoor", doorId: r.id });
    projectState(state, sim, 1);
    expect([state.doors.size, state.tiles[2 * 12 + 2]]).toEqual([1, "."]);
  });

  it("DOOR-14: the orderAttack command is what lets a minion unlock a door to reach that enemy during an invasion", () => {
    const sim = doorSim();
    const minion = addUnit(sim, { kind: "minion", x: 8, y: 2 });
    const foe = adventurer(sim, 3, 2);
    sim.state.invasion.partyId = "77";
    expect(mayUnlock(sim, minion, "reachEnemy", foe.id)).toBe(false);
    expect(sim.apply({ type: "orderAttack", unitId: minion.id, targetId: foe.id }).ok).toBe(true);
    expect(mayUnlock(sim, minion, "reachEnemy", foe.id)).toBe(true);
  });
});
