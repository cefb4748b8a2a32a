import { describe, expect, it } from "vitest";
import { PICK_CHANCE_PERCENT } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import {
  bestMember, chooseMethod, rollTicks, BASH_TIME_FACTOR, DOOR_DIFFICULTY, GIVE_UP_AFTER_FAILURES, LOCK_DIFFICULTY,
  PICK_ROLL_TICKS, SWITCH_AFTER_FAILURES,
} from "../../../src/sim/doors/forcing.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { DOOR_REPAIR_WORK_TICKS } from "../../../src/sim/doors/work.ts";
import { adventurer, doorSim, forceDice, lock, party, run, stats, theDoor } from "./helpers.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";

/** A locked door, the Master in the sanctum and a party of `members` walking in from 2,2. */
function invaded(members: Partial<UnitRecord>[], seed = 11): { sim: Simulation; units: UnitRecord[] } {
  const sim = doorSim(undefined, seed);
  lock(theDoor(sim));
  addUnit(sim, { kind: "master", x: 10, y: 2 });
  const units = members.map((f, i) => adventurer(sim, 2, 1 + (i % 3), f));
  const p = party(sim, units);
  sim.state.invasion.partyId = p.id;
  return { sim, units };
}

describe("choosing how to force a door", () => {
  it("DOOR-38: a party with neither role picks the lock 70% of the time (2000 seeded draws, ±4 points)", () => {
    expect(PICK_CHANCE_PERCENT).toBe(70);
    const sim = doorSim();
    const plain = [adventurer(sim, 1, 1)];
    let picks = 0;
    for (let i = 0; i < 2000; i++) if (chooseMethod(sim, plain) === "pick") picks++;
    expect(Math.abs(picks / 2000 - 0.7)).toBeLessThanOrEqual(0.04);
  });

  it("DOOR-41, DOOR-42: a Locksmith always picks; else a Doorbreaker always bashes", () => {
    const sim = doorSim();
    const smith = adventurer(sim, 1, 1, { traits: ["locksmith"] });
    const breaker = adventurer(sim, 1, 2, { traits: ["doorbreaker"] });
    const plain = adventurer(sim, 1, 3);
    const methods = new Set<string>();
    for (let i = 0; i < 100; i++) {
      methods.add(`${chooseMethod(sim, [plain, smith])}/${chooseMethod(sim, [plain, breaker])}/${chooseMethod(sim, [breaker, smith])}`);
    }
    expect([...methods]).toEqual(["pick/bash/pick"]);
  });

  it("DOOR-39: the party sends its best member for the method (Craft to pick, Combat to bash; ties to the lowest id)", () => {
    const sim = doorSim();
    const a = adventurer(sim, 1, 1, stats(5, 2));
    const b = adventurer(sim, 1, 2, stats(3, 6));
    const c = adventurer(sim, 1, 3, stats(5, 6));
    expect([bestMember([a, b, c], "pick")?.id, bestMember([a, b, c], "bash")?.id]).toEqual([a.id, b.id]);
  });

  it("DOOR-37, DOOR-40: a roll takes 30 ticks at stat 3, less with a higher stat, and twice as long to bash", () => {
    const sim = doorSim();
    const u = (craft: number, combat: number) => adventurer(sim, 1, 1, stats(craft, combat));
    expect([PICK_ROLL_TICKS, BASH_TIME_FACTOR]).toEqual([30, 2]);
    expect([rollTicks("pick", u(3, 3)), rollTicks("pick", u(6, 3)), rollTicks("pick", u(1, 3)), rollTicks("pick", u(0, 3))]).toEqual([30, 15, 90, 90]);
    expect([rollTicks("bash", u(3, 3)), rollTicks("bash", u(3, 6)), rollTicks("bash", u(3, 4))]).toEqual([60, 30, 46]);
  });
});

describe("forcing a locked door", () => {
  it("DOOR-34, DOOR-35: the forcer walks to the door and rolls a Craft check against the lock every roll time", () => {
    const { sim, units } = invaded([{ traits: ["locksmith"], ...stats(6, 2) }, stats(2, 2)]);
    // Malignus check: 1d10 + Craft 6 against LOCK_DIFFICULTY 3 + 5 = 8. Rolls 1 (a natural 1) fail,
    // a 2 (total 8) succeeds: the fifth roll opens the lock, which proves the stat and difficulty.
    const dice = forceDice(sim, [1, 1, 1, 1, 2]);
    const events: ReturnType<Simulation["step"]> = [];
    let failuresSeen = 0;
    for (let i = 0; i < 400 && dice.left() > 0; i++) {
      events.push(...sim.step());
      const rec = Object.values(sim.state.doorMemory.forcing)[0];
      if (rec) {
        failuresSeen = rec.failures;
        expect([rec.method, rec.forcerId]).toEqual(["pick", units[0]!.id]);
      }
    }
    expect(LOCK_DIFFICULTY).toBe(3);
    expect([failuresSeen, dice.left()]).toEqual([4, 0]);
    expect(events.filter((e) => e.type === "doorForced")).toEqual([expect.objectContaining({ doorId: theDoor(sim).id, byUnitId: units[0]!.id, method: "pick" })]);
    expect(events.filter((e) => e.type === "noise")).toEqual([]); // picking is silent (CMB-07)
    expect([units[0]!.x, units[0]!.y]).toEqual([5, 2]);
  });

  for (const ruleset of ["malignus", "d20", "d100"] as const) {
    it(`DOOR-36, CMB-07 (${ruleset}): bashing is a Combat check against the door; each failed bash makes exactly one noise where the forcer stands`, () => {
      const sim = doorSim(undefined, 11, ruleset);
      lock(theDoor(sim));
      addUnit(sim, { kind: "master", x: 10, y: 2 });
      const breaker = adventurer(sim, 2, 2, { traits: ["doorbreaker"], ...stats(2, 5) });
      sim.state.invasion.partyId = party(sim, [breaker]).id;
      // Four failed rolls (natural 1s in every ruleset), then a natural success breaks the door in.
      const success = ruleset === "malignus" ? 10 : ruleset === "d20" ? 20 : 100;
      const dice = forceDice(sim, [1, 1, 1, 1, success]);
      const events: ReturnType<Simulation["step"]> = [];
      for (let i = 0; i < 1000 && dice.left() > 0; i++) events.push(...sim.step());
      expect(dice.left()).toBe(0);
      const noises = events.filter((e) => e.type === "noise");
      expect(noises).toHaveLength(4);
      expect(noises.every((n) => (n as { cause: string }).cause === "bash" && (n as { sourceId: string }).sourceId === breaker.id)).toBe(true);
      expect(noises[0]).toMatchObject({ x: 5, y: 2 });
      expect(events.filter((e) => e.type === "doorForced")).toEqual([expect.objectContaining({ byUnitId: breaker.id, method: "bash" })]);
      expect(events.map((e) => e.type).filter((t) => t === "noise" || t === "doorForced")).toEqual(["noise", "noise", "noise", "noise", "doorForced"]);
    });
  }

  it("DOOR-36: the bash is Combat against DOOR_DIFFICULTY 3 (malignus: Combat 5 + 2 = 7 fails, + 3 = 8 succeeds)", () => {
    const { sim, units } = invaded([{ traits: ["doorbreaker"], ...stats(2, 5) }]);
    const dice = forceDice(sim, [2, 3]);
    const events: ReturnType<Simulation["step"]> = [];
    for (let i = 0; i < 400 && dice.left() > 0; i++) events.push(...sim.step());
    expect(DOOR_DIFFICULTY).toBe(3);
    expect(events.filter((e) => e.type === "noise" || e.type === "doorForced").map((e) => e.type)).toEqual(["noise", "doorForced"]);
    expect(events.find((e) => e.type === "doorForced")).toMatchObject({ byUnitId: units[0]!.id, method: "bash" });
  });

  it("DOOR-43, DOOR-44: after 5 failed rolls the party switches method; when that fails 5 times too it gives up", () => {
    expect([SWITCH_AFTER_FAILURES, GIVE_UP_AFTER_FAILURES]).toEqual([5, 5]);
    const { sim, units } = invaded([{ traits: ["locksmith"], ...stats(6, 1) }, stats(1, 6)]);
    const dice = forceDice(sim, Array(10).fill(1));
    const events: ReturnType<Simulation["step"]> = [];
    const forcers: string[] = [];
    for (let i = 0; i < 2000 && dice.left() > 0; i++) {
      events.push(...sim.step());
      const rec = Object.values(sim.state.doorMemory.forcing)[0];
      if (rec && rec.forcerId && forcers.at(-1) !== `${rec.method}:${rec.forcerId}`) forcers.push(`${rec.method}:${rec.forcerId}`);
    }
    expect(dice.left()).toBe(0);
    expect(forcers).toEqual([`pick:${units[0]!.id}`, `bash:${units[1]!.id}`]);
    expect(events.filter((e) => e.type === "noise")).toHaveLength(5); // the five failed bashes, once each
    expect(events.filter((e) => e.type === "doorGivenUp")).toHaveLength(1);
    const rec = Object.values(sim.state.doorMemory.forcing)[0]!;
    expect([rec.gaveUp, rec.switched, rec.firstMethod, rec.method]).toEqual([true, true, "pick", "bash"]);
    expect(isLocked(theDoor(sim))).toBe(true);
  });

  it("DOOR-44 (proposal): with the only route given up, the party leaves the map", () => {
    const { sim, units } = invaded([stats(3, 3)]);
    // One draw for the method (DOOR-38: 1 ≤ 70 → pick), then ten failed rolls.
    forceDice(sim, Array(11).fill(1));
    const events = run(sim, 3000);
    expect(events.filter((e) => e.type === "escaped").map((e) => (e as { unitId: string }).unitId)).toEqual([units[0]!.id]);
  });

  it("DOOR-45, DOOR-46, DOOR-55: a break-in leaves the door open and the padlock disarmed, and the party walks through", () => {
    const { sim, units } = invaded([stats(4, 4)]);
    const dice = forceDice(sim, [1, 10]); // method draw 1 → pick; a natural 10 opens the lock
    const events: ReturnType<Simulation["step"]> = [];
    let furthest = 0;
    for (let i = 0; i < 200; i++) {
      events.push(...sim.step());
      furthest = Math.max(furthest, units[0]!.x);
      if (dice.left() === 0) dice.release(); // the fight with the Master past the door draws from the seed
    }
    const door = theDoor(sim);
    const forced = events.find((e) => e.type === "doorForced");
    expect(forced).toMatchObject({ doorId: door.id, byUnitId: units[0]!.id, method: "pick" });
    expect([door.brokenIn, door.open, door.padlock?.armed, isLocked(door)]).toEqual([true, true, false, false]);
    expect(furthest).toBeGreaterThan(6); // it got past the door
  });

  it("DOOR-47, DOOR-48: after a break-in a Chores minion closes the door and re-arms the padlock", () => {
    const sim = doorSim();
    const door = lock(theDoor(sim));
    door.brokenIn = true;
    door.padlock!.armed = false;
    const idle = addUnit(sim, { kind: "minion", job: "trapping", x: 8, y: 1 });
    run(sim, 200);
    expect(door.brokenIn).toBe(true); // only a Chores minion repairs it
    const chores = addUnit(sim, { kind: "minion", job: "chores", x: 9, y: 3 });
    const events = run(sim, DOOR_REPAIR_WORK_TICKS + 40);
    expect(events.filter((e) => e.type === "doorRepaired")).toEqual([expect.objectContaining({ doorId: door.id, byUnitId: chores.id })]);
    expect([door.brokenIn, door.open, door.padlock?.armed, isLocked(door), idle.doorTask ?? ""]).toEqual([false, false, true, true, ""]);
  });
});
