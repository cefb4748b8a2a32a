import { describe, expect, it } from "vitest";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { REARM_DIFFICULTY } from "../../../src/sim/traps/rearm.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";
import { checkDie } from "../knowledge/helpers.ts";
import { recordAllDice } from "../recordAllDice.ts";
import { TWO_ROUTES, adventurer, doorSim, lock, party, run, theDoor } from "./helpers.ts";

/*
 * Sweep s8: who passes a locked door, which door states stop an adventurer, and the three stepped
 * triggers on a door, through `sim.step()` and the keeper's commands in rooms of each ruleset. The
 * map is SINGLE_ROUTE (doors/helpers.ts): a wall down column 6 with the only door at 6,2.
 */
const RULESETS: RulesetId[] = ["malignus", "d20", "d100"];
/** The name of each ruleset's check die in the recorder. */
const CHECK_DIE: Record<RulesetId, string> = { malignus: "d10", d20: "d20", d100: "d100" };

/** Steps until `u` stands on `goal` (at most `max` ticks); returns the tiles it went through and whether the door stood open each tick it was in the doorway (6,2). */
function stepUntilThere(sim: Simulation, u: UnitRecord, goal: { x: number; y: number }, max = 80): { trace: string[]; openInDoorway: boolean[] } {
  const trace: string[] = [];
  const openInDoorway: boolean[] = [];
  for (let i = 0; i < max && (u.x !== goal.x || u.y !== goal.y); i++) {
    sim.step();
    if (trace.at(-1) !== `${u.x},${u.y}`) trace.push(`${u.x},${u.y}`);
    if (u.x === 6 && u.y === 2) openInDoorway.push(theDoor(sim).open);
  }
  return { trace, openInDoorway };
}


/**
 * On TWO_ROUTES (the Master at 10,2), a new invading party of one adventurer of `faction` at 2,1
 * walks until it passes column 6; returns the tile it crossed (6,2 the door, 6,4 the detour) and
 * ends the party (it leaves the map, not a Cartographer) so the next one is the invasion's.
 */
function stepUntilCrossed(sim: Simulation, faction: string): string {
  const a = adventurer(sim, 2, 1, { faction });
  const p = party(sim, [a]);
  sim.state.invasion.partyId = p.id;
  let crossed = "";
  for (let i = 0; i < 300 && crossed === ""; i++) { sim.step(); if (a.x === 6) crossed = `6,${a.y}`; }
  a.activity = "left";
  p.ended = true;
  sim.state.invasion.partyId = "";
  return crossed;
}

describe.each(RULESETS.map((r) => [r]))("sweep s8: doors in play (%s)", (ruleset: RulesetId) => {
  it(`DOOR-11, DOOR-17 (${ruleset}): the Master and a dungeon troll walking from 3,2 to 9,2 (the troll home, the Master on a given walk) unlock the padlocked door, pass it along row 2 (open while they stand in it) and it closes, still locked, behind each`, () => {
    for (const fields of [{ kind: "master" }, { kind: "creature", species: "troll", faction: "dungeon" }] as const) {
      const sim = doorSim(undefined, 11, ruleset);
      const door = lock(theDoor(sim));
      const dice = recordAllDice(sim, []);
      const u = addUnit(sim, { ...fields, x: 3, y: 2, home: { x: 9, y: 2 } });
      if (fields.kind === "master") expect(walkTo(sim, u, { x: 9, y: 2 })).toBe(true); // the Master starts no walk by itself (rules-decisions DOOR-16): the walk is given, the doors' hook is live
      const { trace, openInDoorway } = stepUntilThere(sim, u, { x: 9, y: 2 });
      expect([fields.kind, trace]).toEqual([fields.kind, ["3,2", "4,2", "5,2", "6,2", "7,2", "8,2", "9,2"]]);
      expect(openInDoorway.length > 0 && openInDoorway.every((o) => o)).toBe(true);
      run(sim, 1);
      expect([door.open, isLocked(door), door.padlock?.armed, dice.left()]).toEqual([false, true, true, 0]);
    }
  });

  it(`DOOR-14 (${ruleset}): during an invasion a jobless minion ordered (orderAttack) at the adventurer at 3,2 unlocks the padlocked door, passes the doorway and gets past it (malignus: walking through the doorway to 5,2; d20, d100: its encounter move to 4,2); unordered, the same walk stops at 7,2 before the door`, () => {
    const setup = () => {
      const sim = doorSim(undefined, 11, ruleset);
      const door = lock(theDoor(sim));
      const foe = adventurer(sim, 3, 2);
      foe.walk = null;
      sim.state.invasion.partyId = party(sim, [foe]).id;
      const minion = addUnit(sim, { kind: "minion", faction: "dungeon", x: 9, y: 2 });
      return { sim, door, foe, minion };
    };
    const ordered = setup();
    expect(ordered.sim.apply({ type: "orderAttack", unitId: ordered.minion.id, targetId: ordered.foe.id })).toEqual({ ok: true });
    const trace: string[] = [`${ordered.minion.x},${ordered.minion.y}`];
    for (let i = 0; i < 120 && ordered.minion.x >= 6; i++) { ordered.sim.step(); if (trace.at(-1) !== `${ordered.minion.x},${ordered.minion.y}`) trace.push(`${ordered.minion.x},${ordered.minion.y}`); }
    // malignus: it walks through the doorway; d20 and d100: the order starts an encounter and its first move takes it through the door to the adventurer's side.
    expect(trace).toEqual(ruleset === "malignus" ? ["9,2", "8,2", "7,2", "6,2", "5,2"] : ["9,2", "4,2"]);
    expect(isLocked(ordered.door)).toBe(true);
    const free = setup();
    free.minion.home = { x: 4, y: 2 }; // the same walk, next to the adventurer, with no order
    const stopped: string[] = [];
    for (let i = 0; i < 120; i++) { free.sim.step(); if (stopped.at(-1) !== `${free.minion.x},${free.minion.y}`) stopped.push(`${free.minion.x},${free.minion.y}`); }
    expect(stopped).toEqual(["9,2", "8,2", "7,2"]);
  });

  it(`DOOR-06, DOOR-03 (${ruleset}): a village Cartographer who died changes nothing (the next village party draws d100 50 and detours); one who left the map alive spares the next village party its draw (through the door), not a town party before it (d100 50, detour), nor the village party after (d100 50, detour)`, () => {
    const sim = doorSim(TWO_ROUTES, 11, ruleset);
    addUnit(sim, { kind: "master", x: 10, y: 2 });
    const dead = adventurer(sim, 0, 2, { traits: ["cartographer"], activity: "dead" });
    party(sim, [dead]);
    sim.step();
    expect(sim.state.doorMemory.cartographerFactions).toEqual([]);
    const crossings: [string, string[]][] = [];
    const go = (faction: string, values: number[]) => {
      const dice = recordAllDice(sim, values);
      const crossed = stepUntilCrossed(sim, faction);
      expect(dice.left()).toBe(0);
      crossings.push([crossed, dice.draws]);
      dice.release();
    };
    go("village", [50]);
    const alive = adventurer(sim, 0, 2, { traits: ["cartographer"], activity: "left" });
    party(sim, [alive]);
    sim.step();
    expect(sim.state.doorMemory.cartographerFactions).toEqual(["village"]);
    go("town", [50]);
    go("village", []);
    go("village", [50]);
    expect(crossings).toEqual([["6,4", ["d100=50"]], ["6,4", ["d100=50"]], ["6,2", []], ["6,4", ["d100=50"]]]);
  });

  it(`DOOR-14 (${ruleset}), outside an invasion: with no party in the dungeon, a jobless minion walking next to a wild wolf beyond the padlocked door unlocks it with no order (9,2 → 8,2 → 7,2 → 6,2 → 5,2)`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    const door = lock(theDoor(sim));
    const wolf = addUnit(sim, { kind: "creature", species: "wolf", faction: "wild", x: 2, y: 2, home: { x: 2, y: 2 } });
    const minion = addUnit(sim, { kind: "minion", faction: "dungeon", x: 9, y: 2, home: { x: 3, y: 2 } });
    expect(sim.state.invasion.partyId).toBe("");
    const trace: string[] = [`${minion.x},${minion.y}`];
    for (let i = 0; i < 120 && minion.x >= 6; i++) { sim.step(); if (trace.at(-1) !== `${minion.x},${minion.y}`) trace.push(`${minion.x},${minion.y}`); }
    expect(trace.slice(0, 5)).toEqual(["9,2", "8,2", "7,2", "6,2", "5,2"]);
    expect([wolf.faction, isLocked(door)]).toEqual(["wild", true]);
  });

  it(`DOOR-32 (${ruleset}): of the door states closed, held open, padlock disarmed, padlock locked and locked-and-held-open, only the two locked ones stop an adventurer walking from 3,2 to 9,2 (it waits at 5,2)`, () => {
    const ends: Record<string, string> = {};
    for (const state of ["closed", "heldOpen", "disarmed", "locked", "lockedHeldOpen"] as const) {
      const sim = doorSim(undefined, 11, ruleset);
      const door = theDoor(sim);
      if (state === "heldOpen" || state === "lockedHeldOpen") expect(sim.apply({ type: "holdDoorOpen", doorId: door.id })).toEqual({ ok: true });
      if (state !== "closed" && state !== "heldOpen") lock(door);
      if (state === "disarmed") expect(sim.apply({ type: "disarmDoorLock", doorId: door.id })).toEqual({ ok: true });
      run(sim, 1);
      const dice = recordAllDice(sim, []);
      const a = adventurer(sim, 3, 2);
      expect(walkTo(sim, a, { x: 9, y: 2 })).toBe(true);
      run(sim, 60);
      ends[state] = `${a.x},${a.y}`;
      expect(dice.left()).toBe(0);
    }
    expect(ends).toEqual({ closed: "9,2", heldOpen: "9,2", disarmed: "9,2", locked: "5,2", lockedHeldOpen: "5,2" });
  });

  it(`DOOR-28, DOOR-29 (${ruleset}): a plate at 3,2 wired to the padlocked door: the first adventurer stepping on it unlocks the padlock (and opens the door); the Trapping minion's rearm (${CHECK_DIE[ruleset]} roll) deactivates it, the door closes and the padlock stays unlocked; the next adventurer on it locks the padlock again`, () => {
    const sim = doorSim(undefined, 11, ruleset);
    const door = lock(theDoor(sim));
    const plate = placeBuilt(sim, "pressurePlate", 3, 2);
    wire(sim, [3, 2], [6, 2]);
    run(sim, 1);
    const state = () => [sim.state.parts[plate]!.active, door.padlock!.armed, isLocked(door), door.open];
    expect(state()).toEqual([false, true, true, false]);
    const quiet = recordAllDice(sim, []);
    const first = adventurer(sim, 1, 2);
    expect(walkTo(sim, first, { x: 4, y: 2 })).toBe(true);
    run(sim, 30);
    first.activity = "left";
    run(sim, 1);
    expect(state()).toEqual([true, false, false, true]); // DOOR-28: activation toggles: locked → unlocked
    expect(quiet.left()).toBe(0);
    const minion = addUnit(sim, { kind: "minion", job: "trapping", x: 3, y: 1 });
    minion.stats.craft = 2;
    const hit = checkDie(ruleset, REARM_DIFFICULTY, 2, true);
    const dice = recordAllDice(sim, [hit]);
    let rearmed: SimEvent | undefined;
    for (let i = 0; i < 600 && !rearmed; i++) rearmed = sim.step().find((e) => e.type === "partRearmed");
    run(sim, 1);
    expect([dice.left(), dice.draws]).toEqual([0, [`${CHECK_DIE[ruleset]}=${hit}`]]);
    expect(state()).toEqual([false, false, false, false]); // DOOR-29: deactivation leaves the padlock unlocked
    expect(sim.apply({ type: "assignJob", unitId: minion.id, job: "none" })).toEqual({ ok: true });
    minion.home = { x: 10, y: 3 }; // it goes home beyond the (unlocked) door, out of the next adventurer's sight
    run(sim, 80);
    expect([minion.x, minion.y, door.open]).toEqual([10, 3, false]);
    const again = recordAllDice(sim, []);
    const second = adventurer(sim, 1, 2);
    expect(walkTo(sim, second, { x: 4, y: 2 })).toBe(true);
    run(sim, 30);
    expect(state()).toEqual([true, true, true, true]); // DOOR-28: unlocked → locked (the triggered door stands open)
    expect(again.left()).toBe(0);
  });

  for (const kind of ["pressurePlate", "tripwire", "sensor"] as const) {
    it(`DOOR-20, DOOR-24, DOOR-25, DOOR-26 (${ruleset}): a ${kind} at 3,2 wired to the door: an adventurer walking from 1,2 to 4,2 crosses it; it activates and the door opens and stays open after the adventurer left; it stays active until a Trapping minion rearms it (${CHECK_DIE[ruleset]} roll), then the door closes`, () => {
      const sim = doorSim(undefined, 11, ruleset);
      const door = theDoor(sim);
      const trigger = placeBuilt(sim, kind, 3, 2);
      wire(sim, [3, 2], [6, 2]);
      run(sim, 1);
      expect([door.triggerIds, door.open]).toEqual([[trigger], false]);
      const quiet = recordAllDice(sim, []);
      const a = adventurer(sim, 1, 2);
      expect(walkTo(sim, a, { x: 4, y: 2 })).toBe(true);
      let activeAt = "";
      for (let i = 0; i < 40 && !(a.x === 4 && a.y === 2); i++) { sim.step(); if (activeAt === "" && sim.state.parts[trigger]!.active) activeAt = `${a.x},${a.y}`; }
      expect(activeAt).toBe("3,2"); // it activated as the adventurer entered its tile
      a.activity = "left"; // it leaves: nobody stands on the trigger or in the doorway
      run(sim, 300);
      const part = sim.state.parts[trigger]!;
      expect([part.active, part.needsRearm, door.triggered, door.open, quiet.left()]).toEqual([true, true, true, true, 0]);
      const minion = addUnit(sim, { kind: "minion", job: "trapping", x: 3, y: 1 });
      minion.stats.craft = 2;
      const hit = checkDie(ruleset, REARM_DIFFICULTY, 2, true);
      const dice = recordAllDice(sim, [hit]);
      let rearmed: SimEvent | undefined;
      for (let i = 0; i < 600 && !rearmed; i++) rearmed = sim.step().find((e) => e.type === "partRearmed");
      expect([rearmed, dice.left(), dice.draws]).toEqual([expect.objectContaining({ partId: trigger, byUnitId: minion.id, outcome: "rearmed", roll: hit }), 0, [`${CHECK_DIE[ruleset]}=${hit}`]]);
      run(sim, 1);
      expect([part.active, part.needsRearm, door.triggered, door.open]).toEqual([false, false, false, false]);
    });
  }
});
