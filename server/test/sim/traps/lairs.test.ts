import { describe, expect, it } from "vitest";
import { DungeonState } from "@malignus/shared/schema";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import type { LairRecord, UnitRecord } from "../../../src/sim/state.ts";
import { LAIR_SETTLE_TICKS, inLair, keeperGround } from "../../../src/sim/traps/lairs.ts";
import { onUnitEntersTile } from "../../../src/sim/traps/firing.ts";
import { projectState } from "../../../src/rooms/projection.ts";
import { LAIRS_MAP, placeBuilt, wire } from "./helpers.ts";

/**
 * Lairs built by the keeper (TRAP-61, TRAP-62; server traps/lairs.ts, commands/buildLair.ts).
 * The portal is at 0,2, the sanctum at 1..2,3..4 west of a door (4,2); the big room spans
 * x 5..14, y 1..7, and a corridor runs east from it on row 5 to wolf A (16,5) and wolf B (18,5).
 * Wolf C (17,2) lives in a sealed cave (x 16..18, y 1..3); the floor tile 8,7 lies behind water.
 */
const LAIRS = LAIRS_MAP;

function lairSim(): Simulation {
  return Simulation.create({ seed: 5, ruleset: "malignus", map: parseMap("lairs-test", LAIRS), pauseOnSpot: false });
}

/** The wild creature standing at (x, y). */
function wolfAt(sim: Simulation, x: number, y: number): UnitRecord {
  const u = Object.values(sim.state.units).find((w) => w.x === x && w.y === y && w.faction === "wild");
  if (!u) throw new Error(`no wild creature at ${x},${y}`);
  return u;
}

function built(sim: Simulation, rect: { x: number; y: number; width: number; height: number }): LairRecord {
  const r = sim.apply({ type: "buildLair", ...rect });
  if (!r.ok || !r.id) throw new Error(`buildLair refused: ${JSON.stringify(r)}`);
  return sim.state.lairs[r.id]!;
}

/** Steps until `done()` holds (at most `max` ticks); returns every event. */
function stepUntil(sim: Simulation, done: () => boolean, max: number) {
  const events = [];
  for (let i = 0; i < max && !done(); i++) events.push(...sim.step());
  if (!done()) throw new Error(`not done after ${max} ticks`);
  return events;
}

describe("buildLair", () => {
  it("TRAP-61: refusals name the code and the first tile at fault; nothing is built", () => {
    const sim = lairSim();
    placeBuilt(sim, "pressurePlate", 10, 3);
    const refusals = [
      [{ x: 18, y: 7, width: 3, height: 1 }, "OUT_OF_BOUNDS", "a 3 x 1 lair at 18,7 leaves the 20 x 9 map"],
      [{ x: 3, y: 1, width: 2, height: 2 }, "NOT_FLOOR", "a lair needs plain floor; 4,1 is '#'"],
      [{ x: 1, y: 3, width: 1, height: 1 }, "NOT_FLOOR", "a lair needs plain floor; 1,3 is 'S'"],
      [{ x: 6, y: 5, width: 2, height: 2 }, "NOT_FLOOR", "a lair needs plain floor; 7,6 is '~'"],
      [{ x: 1, y: 1, width: 2, height: 1 }, "TILE_OCCUPIED", "the metal stockpile is on 1,1"],
      [{ x: 9, y: 2, width: 2, height: 2 }, "TILE_OCCUPIED", expect.stringMatching(/^trap part \d+ is on 10,3$/)],
      [{ x: 16, y: 1, width: 3, height: 3 }, "NOT_KEEPER_GROUND", "16,1 is not the keeper's ground: the Sanctum's side cannot walk there"],
      [{ x: 8, y: 7, width: 1, height: 1 }, "NOT_KEEPER_GROUND", "8,7 is not the keeper's ground: the Sanctum's side cannot walk there"],
    ] as const;
    for (const [rect, code, reason] of refusals) {
      expect([rect, sim.apply({ type: "buildLair", ...rect })]).toEqual([rect, { ok: false, code, reason }]);
    }
    expect(sim.state.lairs).toEqual({});
    const first = built(sim, { x: 6, y: 1, width: 3, height: 2 });
    expect(sim.apply({ type: "buildLair", x: 8, y: 2, width: 2, height: 2 }))
      .toEqual({ ok: false, code: "TILE_OCCUPIED", reason: `lair ${first.id} already covers 8,2` });
    expect(Object.keys(sim.state.lairs)).toEqual([first.id]);
  });

  it("TRAP-61: the keeper's ground is what the Sanctum's side walks to: not the sealed cave, not beyond water, not the edge", () => {
    const sim = lairSim();
    const ground = keeperGround(sim.state.map);
    const at = (x: number, y: number) => ground[y * 20 + x];
    expect([at(1, 3), at(4, 2), at(14, 7), at(18, 5), at(1, 1)]).toEqual([1, 1, 1, 1, 1]);
    expect([at(17, 2), at(8, 7), at(0, 2), at(7, 6), at(4, 1)]).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("a wild creature moving in", () => {
  it("TRAP-61, TRAP-62: a free lair draws the nearest wild creature; it walks in, stays a game hour, joins the dungeon and no longer sets off traps", () => {
    const sim = lairSim();
    const a = wolfAt(sim, 16, 5), b = wolfAt(sim, 18, 5);
    const tiles = sim.state.map.tiles;
    const lair = built(sim, { x: 6, y: 1, width: 3, height: 2 });
    expect(sim.state.map.tiles).toBe(tiles); // a lair changes no tile (DOOR-50)
    expect(sim.step()).toEqual([{ type: "creatureMovingIn", unitId: a.id, lairId: lair.id, x: 8, y: 1, tick: 1 }]);
    expect(a.home).toEqual({ x: 8, y: 1 });
    expect(b.home).toEqual({ x: 18, y: 5 });
    const walk = stepUntil(sim, () => lair.settlerId === a.id, 200);
    expect(walk.filter((e) => e.type !== "hour")).toEqual([]);
    expect(inLair(lair, a.x, a.y)).toBe(true);
    const since = lair.settlerSinceTick;
    expect(since).toBe(21); // drawn on tick 1, then 8 steps into the lair at 2.5 ticks a step (wolf speed 400)
    const state = new DungeonState();
    projectState(state, sim, 1);
    expect(state.lairs.get(lair.id)?.toJSON()).toEqual({
      id: lair.id, x: 6, y: 1, width: 3, height: 2, residentId: "", settlerId: a.id, settlesAtTick: since + LAIR_SETTLE_TICKS,
    });
    const stay = stepUntil(sim, () => a.faction === "dungeon", LAIR_SETTLE_TICKS + 1);
    expect(stay.filter((e) => e.type !== "hour")).toEqual([{ type: "creatureJoined", unitId: a.id, lairId: lair.id, tick: since + LAIR_SETTLE_TICKS }]);
    expect(a).toMatchObject({ faction: "dungeon", lairId: lair.id, home: { x: 8, y: 1 }, x: 8, y: 1 });
    projectState(state, sim, 1);
    expect(state.lairs.get(lair.id)?.toJSON()).toMatchObject({ residentId: a.id, settlerId: "", settlesAtTick: 0 });
    expect(state.units.get(a.id)?.faction).toBe("dungeon");
    // TRAP-62: it no longer sets off the keeper's traps.
    placeBuilt(sim, "pressurePlate", 10, 6);
    placeBuilt(sim, "spinningBlades", 12, 6);
    wire(sim, [10, 6], [12, 6]);
    sim.drainEvents();
    onUnitEntersTile(sim, a, 10, 6);
    expect(sim.drainEvents()).toEqual([]);
    onUnitEntersTile(sim, b, 10, 6);
    expect(sim.drainEvents().map((e) => e.type)).toEqual(["trapFired"]); // TRAP-59: B is still wild
  });

  it("TRAP-61: one creature per free lair, nearest first; a creature that cannot walk to a lair is never drawn", () => {
    const sim = lairSim();
    const a = wolfAt(sim, 16, 5), b = wolfAt(sim, 18, 5), c = wolfAt(sim, 17, 2);
    const first = built(sim, { x: 6, y: 1, width: 3, height: 2 });
    const second = built(sim, { x: 11, y: 6, width: 2, height: 2 });
    expect(sim.step()).toEqual([
      { type: "creatureMovingIn", unitId: a.id, lairId: first.id, x: 8, y: 1, tick: 1 },
      { type: "creatureMovingIn", unitId: b.id, lairId: second.id, x: 12, y: 6, tick: 1 },
    ]);
    const third = built(sim, { x: 5, y: 7, width: 1, height: 1 });
    expect(sim.step()).toEqual([]);
    expect(c.home).toEqual({ x: 17, y: 2 });
    expect(third.settlerId).toBe("");
  });
});

describe("a creature left without a lair", () => {
  it("TRAP-61: a wild creature whose home lies in a lair someone else lives in is drawn to a free lair", () => {
    const sim = lairSim();
    const a = wolfAt(sim, 16, 5), b = wolfAt(sim, 18, 5);
    const first = built(sim, { x: 6, y: 1, width: 3, height: 2 });
    stepUntil(sim, () => a.faction === "dungeon", 1000);
    expect(first.residentId).toBe(a.id);
    b.home = { x: 7, y: 2 }; // as if it had made for the first lair too and come too late
    const second = built(sim, { x: 12, y: 6, width: 2, height: 2 });
    expect(sim.step().filter((e) => e.type !== "hour"))
      .toEqual([{ type: "creatureMovingIn", unitId: b.id, lairId: second.id, x: 13, y: 6, tick: sim.state.tick }]);
    expect(b.home).toEqual({ x: 13, y: 6 });
  });
});

describe("removeLair", () => {
  it("TRAP-62: the resident of a removed lair stays in the dungeon, without a lair; an unknown lair is refused", () => {
    const sim = lairSim();
    const a = wolfAt(sim, 16, 5);
    const lair = built(sim, { x: 6, y: 1, width: 3, height: 2 });
    stepUntil(sim, () => a.faction === "dungeon", 1000);
    expect(sim.apply({ type: "removeLair", lairId: lair.id })).toEqual({ ok: true });
    expect(sim.state.lairs).toEqual({});
    expect(a).toMatchObject({ faction: "dungeon", lairId: "" });
    expect(sim.apply({ type: "removeLair", lairId: lair.id })).toEqual({ ok: false, code: "UNKNOWN_LAIR", reason: `no lair ${lair.id}` });
  });
});
