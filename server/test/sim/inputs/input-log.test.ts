import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_DAY } from "@malignus/shared";
import { loadMap } from "../../../src/maps.ts";
import {
  HEADLESS_KEEPER, SKIP_TO_INVASION_MAX_DAYS, createDungeonSimulation, replay, type DungeonSimOptions, type Input,
} from "../../../src/sim/index.ts";
import { player } from "../actors.ts";

/** The one input log (issue 15 part 1): enqueue, the log, creation, replay and checkpoints. */

const OPTIONS: DungeonSimOptions = { map: "default", seed: 77, ruleset: "malignus", pauseOnSpot: false, skipToInvasion: false, startPaused: false };
const keeper = { kind: "keeper", seatId: "k1" } as const;
const room = { kind: "room" } as const;

describe("sim.enqueue and the input log", () => {
  it("logs accepted inputs with their tick and actor; refused ones change nothing and are not logged", () => {
    const sim = createDungeonSimulation(OPTIONS, loadMap("default"));
    for (let i = 0; i < 5; i++) sim.step();
    const before = sim.hash();
    expect(sim.enqueue(keeper, { type: "placePart", kind: "pressurePlate", x: 5, y: 14 })).toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(sim.hash()).toBe(before);
    expect(sim.inputLog).toEqual([]);
    expect(sim.enqueue(keeper, { type: "placePart", kind: "pressurePlate", x: 5, y: 15 })).toMatchObject({ ok: true });
    expect(sim.apply({ type: "placePart", kind: "dartLauncher", x: 9, y: 15 })).toMatchObject({ ok: true });
    expect(sim.inputLog).toEqual([
      { tick: 5, actor: keeper, command: { type: "placePart", kind: "pressurePlate", x: 5, y: 15 } },
      { tick: 5, actor: HEADLESS_KEEPER, command: { type: "placePart", kind: "dartLauncher", x: 9, y: 15 } },
    ]);
  });

  it("the actor's role is checked in the core too: spectators send nothing, keepers no adventurer command, the room no client command, seats no room input", () => {
    const sim = createDungeonSimulation(OPTIONS, loadMap("default"));
    const plate = { type: "placePart", kind: "pressurePlate", x: 5, y: 15 } as const;
    expect(sim.enqueue({ kind: "spectator", seatId: "s1" }, plate)).toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "spectators cannot send commands" });
    expect(sim.enqueue(player("1"), plate)).toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "adventurer players cannot send keeper commands" });
    expect(sim.enqueue(keeper, { type: "moveTo", x: 5, y: 15 })).toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "only adventurer players move their adventurer" });
    expect(sim.enqueue(room, plate)).toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "the room sends no client command (placePart)" });
    expect(sim.enqueue(keeper, { type: "seats", keepers: 0, adventurers: [] })).toEqual({ ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "only the room sends seats" });
    expect(sim.enqueue(player("1"), { type: "proposeDuel", unitId: "2", opponentId: "3", toDeath: false }))
      .toEqual({ ok: false, code: "NOT_YOUR_UNIT", reason: "unit 2 is not your adventurer" });
    expect(sim.enqueue(keeper, { type: "nonsense" } as never)).toEqual({ ok: false, code: "INVALID_COMMAND", reason: "unknown message type" });
    expect(sim.inputLog).toEqual([]);
  });

  it("the room's seats input decides controllers, INV-79 and keeperAway in the core, and gives them back", () => {
    const sim = createDungeonSimulation({ ...OPTIONS, pauseOnSpot: true, skipToInvasion: true }, loadMap("default"));
    const heroId = sim.state.parties[sim.state.invasion.partyId]!.memberIds[0]!;
    sim.enqueue(room, { type: "pause", reason: "party spotted" });
    expect(sim.state.paused).toBe(true);
    expect(sim.enqueue(room, { type: "pause", reason: "again" })).toMatchObject({ ok: false, code: "INVALID_COMMAND" });
    expect(sim.enqueue(room, { type: "seats", keepers: 0, adventurers: [{ seatId: "a2", unitId: heroId, connected: true }] })).toEqual({ ok: true });
    expect([sim.state.units[heroId]!.controller, sim.state.pauseOnSpot, sim.state.spotPauseHeld, sim.state.paused, sim.state.keeperAway])
      .toEqual(["a2", false, true, false, true]);
    expect(sim.drainEvents().map((e) => e.type)).toEqual(["paused", "resumed"]);
    // The player drops: its unit goes back to the AI, the seat still holds (no pause on spot).
    sim.enqueue(room, { type: "seats", keepers: 1, adventurers: [{ seatId: "a2", unitId: heroId, connected: false }] });
    expect([sim.state.units[heroId]!.controller, sim.state.pauseOnSpot, sim.state.keeperAway]).toEqual([undefined, false, undefined]);
    // The seat is freed: the room's pauseOnSpot comes back.
    sim.enqueue(room, { type: "seats", keepers: 1, adventurers: [] });
    expect([sim.state.pauseOnSpot, sim.state.spotPauseHeld]).toEqual([true, undefined]);
    expect(sim.inputLog.map((i) => [i.actor.kind, i.command.type])).toEqual([["room", "pause"], ["room", "seats"], ["room", "seats"], ["room", "seats"]]);
    expect(sim.enqueue(room, { type: "seats", keepers: -1, adventurers: [] })).toMatchObject({ ok: false, code: "INVALID_COMMAND" });
  });
});

describe("createDungeonSimulation and replay", () => {
  it("skipToInvasion and startPaused: the room's creation procedure, the same hash every time", () => {
    const options = { ...OPTIONS, pauseOnSpot: true, skipToInvasion: true, startPaused: true };
    const a = createDungeonSimulation(options, loadMap("default"));
    expect(a.state.invasion.partyId).not.toBe("");
    expect(a.tick).toBeLessThanOrEqual(SKIP_TO_INVASION_MAX_DAYS * TICKS_PER_GAME_DAY);
    expect(a.state.paused).toBe(true);
    expect(a.drainEvents()).toEqual([]);
    expect(createDungeonSimulation(options, loadMap("default")).hash()).toBe(a.hash());
  });

  it("replays a log to the same hash at every checkpoint and at the end; an inconsistent log throws", () => {
    const live = createDungeonSimulation(OPTIONS, loadMap("default"));
    live.checkpointEvery = 100;
    const run = (n: number) => { for (let i = 0; i < n; i++) live.step(); };
    run(30);
    live.enqueue(keeper, { type: "placePart", kind: "pressurePlate", x: 5, y: 15 });
    run(170);
    live.enqueue(keeper, { type: "placePart", kind: "dartLauncher", x: 9, y: 15 });
    live.enqueue(keeper, { type: "wire", path: [5, 6, 7, 8, 9].map((x) => ({ x, y: 15 })) });
    run(250);
    expect(live.checkpoints.map((c) => c.tick)).toEqual([100, 200, 300, 400]);
    const ticks: number[] = [];
    const again = replay(OPTIONS, loadMap("default"), live.inputLog, { untilTick: live.tick, checkpointEvery: 100, onTick: (s) => ticks.push(s.tick) });
    expect(ticks).toHaveLength(450);
    expect(again.checkpoints).toEqual(live.checkpoints);
    expect(again.hash()).toBe(live.hash());
    expect(again.inputLog).toEqual(live.inputLog);
    // The log's order matters: the wire before its parts is refused.
    const swapped: Input[] = [live.inputLog[0]!, live.inputLog[2]!, live.inputLog[1]!];
    expect(() => replay(OPTIONS, loadMap("default"), swapped)).toThrow(/input 1 \(wire\) at tick 200 was refused/);
    const past: Input[] = [live.inputLog[1]!, live.inputLog[0]!];
    expect(() => replay(OPTIONS, loadMap("default"), past)).toThrow(/input 1 \(placePart\) is at tick 30, already past \(tick 200\)/);
    const paused = createDungeonSimulation({ ...OPTIONS, startPaused: true }, loadMap("default"));
    expect(() => replay({ ...OPTIONS, startPaused: true }, loadMap("default"), live.inputLog)).toThrow(/paused at tick 0 before input 0/);
    expect(paused.tick).toBe(0);
  });
});
