import { afterEach, describe, expect, it } from "vitest";
import type { RulesetId } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { Simulation, createDungeonSimulation } from "../../src/sim/index.ts";
import { loadMap } from "../../src/maps.ts";
import { projectMap, projectState, setProjectionChecks } from "../../src/rooms/projection.ts";
import { beginChangeCheck, endChangeCheck, markDoor, markPart, markUnit, takeChanges, NO_CHANGES } from "../../src/sim/changes.ts";
import { applyKeeperBotAction } from "./harness.ts";
import { BotRandom } from "../../../loadtest/src/bots/rand.ts";

/** The schema as plain JSON, without the clock's tick (synced once a game minute, issue 20 part 4). */
function plain(state: DungeonState): unknown {
  const json = state.toJSON() as { clock: { tick?: number } };
  delete json.clock.tick;
  return json;
}

/** A full projection of `sim`'s state, made from a restored copy (so the marks of `sim` are not taken). */
function fullProjection(sim: Simulation): unknown {
  const copy = Simulation.restore(sim.snapshot());
  const state = new DungeonState();
  projectMap(state, copy.state);
  projectState(state, copy, 1);
  return plain(state);
}

describe("work only on change (issue 20 part 2): the projection follows the simulation's change marks", () => {
  afterEach(() => setProjectionChecks(true)); // server/test/setup.ts turns them on for every test

  for (const ruleset of ["malignus", "d20", "d100"] as RulesetId[]) {
    it(`${ruleset}: a projection updated step by step from the marks equals a full projection of the same state, with a keeper building, wiring and removing`, () => {
      // The checks off: the production path, which skips the marked collections on unmarked steps.
      setProjectionChecks(false);
      const sim = createDungeonSimulation({ map: "default", seed: 11, ruleset, pauseOnSpot: false, skipToInvasion: true, startPaused: false }, loadMap("default"));
      const state = new DungeonState();
      projectMap(state, sim.state);
      projectState(state, sim, 1);
      const rand = new BotRandom(5);
      let accepted = 0;
      let compared = 0;
      for (let step = 1; step <= 600; step++) {
        if (step % 4 === 0 && applyKeeperBotAction(sim, state, rand)) accepted++;
        sim.step();
        projectState(state, sim, 1);
        if (step % 50 === 0) { expect(plain(state)).toEqual(fullProjection(sim)); compared++; }
      }
      expect(compared).toBe(12);
      expect(accepted).toBeGreaterThan(20);
      expect(Object.keys(sim.state.parts).length + Object.keys(sim.state.doors).length).toBeGreaterThan(1);
    });
  }

  it("takeChanges answers null first, then the marks since the last take, and NO_CHANGES when nothing was marked; another consumer gets null", () => {
    const sim = createDungeonSimulation({ map: "default", seed: 3, ruleset: "malignus", pauseOnSpot: false, skipToInvasion: false, startPaused: false }, loadMap("default"));
    const a = {};
    const b = {};
    expect(takeChanges(sim, a)).toBeNull();
    expect(takeChanges(sim, a)).toBe(NO_CHANGES);
    const door = Object.keys(sim.state.doors)[0]!;
    sim.apply({ type: "holdDoorOpen", doorId: door });
    expect([...takeChanges(sim, a)!.doors]).toEqual([door]);
    expect(takeChanges(sim, a)).toBe(NO_CHANGES);
    sim.apply({ type: "releaseDoor", doorId: door });
    expect(takeChanges(sim, b)).toBeNull();
    expect(takeChanges(sim, a)).toBeNull();
  });

  it("an idle room step (no tick, no input, nothing marked) reads no unit and answers false; an input or a tick projects again, and the state stays equal to a full projection", () => {
    setProjectionChecks(false); // the production path
    const sim = createDungeonSimulation({ map: "default", seed: 5, ruleset: "malignus", pauseOnSpot: false, skipToInvasion: true, startPaused: true }, loadMap("default"));
    const state = new DungeonState();
    projectMap(state, sim.state);
    expect(projectState(state, sim, 1)).toBe(true); // the first: everything
    sim.step(); // paused: no tick, no input
    expect(projectState(state, sim, 1)).toBe(false);
    // Every read of a unit record (by id or by walking them) counts from here on.
    const units = sim.state.units;
    let reads = 0;
    sim.state.units = new Proxy(units, {
      get: (t, k, r) => { reads++; return Reflect.get(t, k, r) as unknown; },
      ownKeys: (t) => { reads++; return Reflect.ownKeys(t); },
    });
    const idleSteps: boolean[] = [];
    for (let i = 0; i < 5; i++) { sim.step(); idleSteps.push(projectState(state, sim, 1)); }
    expect([idleSteps, reads]).toEqual([[false, false, false, false, false], 0]);
    const door = Object.keys(sim.state.doors)[0]!;
    expect(sim.apply({ type: "holdDoorOpen", doorId: door }).ok).toBe(true); // an input, while paused
    sim.step();
    expect(projectState(state, sim, 1)).toBe(true);
    expect(reads).toBeGreaterThan(0);
    expect(state.doors.get(door)!.heldOpen).toBe(true);
    sim.step();
    expect(projectState(state, sim, 1)).toBe(false); // idle again
    // An input that changes a unit only (units carry no change marks): projected all the same (CMB-15).
    const minion = Object.values(units).find((u) => u.kind === "minion")!;
    expect(state.units.get(minion.id)!.stance).not.toBe("flight");
    expect(sim.apply({ type: "setStance", unitId: minion.id, stance: "flight" }).ok).toBe(true);
    sim.step();
    expect(projectState(state, sim, 1)).toBe(true);
    expect(state.units.get(minion.id)!.stance).toBe("flight");
    expect(projectState(state, sim, 1)).toBe(false);
    expect(sim.apply({ type: "resume" }).ok).toBe(true);
    let ticked = 0;
    for (let i = 0; i < 30; i++) { sim.step(); if (projectState(state, sim, 1)) ticked++; }
    expect([sim.state.paused, ticked]).toEqual([false, 30]); // each step runs a tick
    sim.state.units = units;
    expect(plain(state)).toEqual(fullProjection(sim));
  });

  it("the change check throws on a record changed without its mark, and passes once it is marked", () => {
    const sim = createDungeonSimulation({ map: "default", seed: 3, ruleset: "malignus", pauseOnSpot: false, skipToInvasion: false, startPaused: false }, loadMap("default"));
    const id = Object.keys(sim.state.doors)[0]!;
    const door = sim.state.doors[id]!;
    let probe = beginChangeCheck(sim);
    door.heldOpen = true;
    expect(() => endChangeCheck(sim, probe, "a test")).toThrow(`change marks: a test changed records without marking them (sim/changes.ts): doors ${id} changed`);
    probe = beginChangeCheck(sim);
    door.heldOpen = false;
    markDoor(sim, id);
    expect(() => endChangeCheck(sim, probe, "a test")).not.toThrow();
  });

  it("a take empties only the sets written since (the written lists): no mark outlives the take after its own, across swaps and a checked change", () => {
    const sim = createDungeonSimulation({ map: "default", seed: 11, ruleset: "malignus", pauseOnSpot: false, skipToInvasion: false, startPaused: true }, loadMap("default"));
    const consumer = {};
    const marked = (m: ReturnType<typeof takeChanges>): Record<string, string[]> => {
      const out: Record<string, string[]> = {};
      if (m) for (const [k, set] of Object.entries(m)) if (set.size > 0) out[k] = [...set];
      return out;
    };
    expect(takeChanges(sim, consumer)).toBe(null); // the first take: incomplete
    markUnit(sim, "u1"); markDoor(sim, "d1"); markUnit(sim, "u2");
    expect(marked(takeChanges(sim, consumer))).toEqual({ units: ["u1", "u2"], doors: ["d1"] });
    markPart(sim, "p1");
    expect(marked(takeChanges(sim, consumer))).toEqual({ parts: ["p1"] });
    expect(takeChanges(sim, consumer)).toBe(NO_CHANGES);
    markUnit(sim, "u3");
    expect(marked(takeChanges(sim, consumer))).toEqual({ units: ["u3"] }); // u1, u2, d1 were emptied
    // A checked change keeps the marks made before it and adds its own.
    markDoor(sim, "d2");
    const probe = beginChangeCheck(sim);
    markUnit(sim, "u4");
    endChangeCheck(sim, probe, "test");
    expect(marked(takeChanges(sim, consumer))).toEqual({ doors: ["d2"], units: ["u4"] });
    markPart(sim, "p2");
    expect(marked(takeChanges(sim, consumer))).toEqual({ parts: ["p2"] });
    expect(marked(takeChanges(sim, consumer))).toEqual({});
  });
});
