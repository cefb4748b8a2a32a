import { afterEach, describe, expect, it } from "vitest";
import { COMMANDS, type Command, type CommandType, type RulesetId } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { Simulation, createDungeonSimulation } from "../../src/sim/index.ts";
import { loadMap } from "../../src/maps.ts";
import { projectMap, projectState, setProjectionChecks } from "../../src/rooms/projection.ts";
import { beginChangeCheck, endChangeCheck, markDoor, takeChanges, NO_CHANGES } from "../../src/sim/changes.ts";
import { chooseKeeperAction, type KeeperView } from "../../../loadtest/src/bots/keeper.ts";
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
        if (step % 4 === 0) {
          const action = chooseKeeperAction(state as unknown as KeeperView, rand);
          const parsed = COMMANDS[action.type as CommandType].safeParse(action.payload);
          if (parsed.success && sim.apply({ type: action.type, ...(parsed.data as object) } as Command).ok) accepted++;
        }
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
});
