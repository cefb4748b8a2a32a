import { describe, expect, it } from "vitest";
import { MERCHANT_EVERY_DAYS, MERCHANT_FIRST_DAY, MERCHANT_HOUR, MERCHANT_TRADE_TICKS, TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, type SimEvent } from "@malignus/shared";
import { createDungeonSimulation, replay, type DungeonSimOptions } from "../../../src/sim/index.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";
import { loadMap } from "../../../src/maps.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { addUnit, areEnemies, MERCHANT_FACTION } from "../../../src/sim/world/units.ts";
import { speciesFields } from "../../../src/sim/world/species.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { merchantSlot } from "../../../src/sim/merchants/merchants.ts";
import { lazyContext, playerView, type Viewer } from "../../../src/sim/views/index.ts";
import { forceDice } from "../doors/helpers.ts";

/**
 * DOOR-12, travelling merchants, through the live path: dungeons made by
 * `createDungeonSimulation` on the default map (portal at 0,15; the Sanctum door at 29,15; the
 * first Sanctum tile at 30,11), the keeper's commands through `apply`, and steps.
 */

const MERCHANT_EVENTS = new Set(["merchantArrived", "merchantLeft", "doorUnlocked", "trapFired", "attack", "wound", "padlockBuilt", "partBuilt", "invasionStarted", "invasionEnded"]);

const options = (seed: number, extra: Partial<DungeonSimOptions> = {}): DungeonSimOptions =>
  ({ map: "default", seed, ruleset: "malignus", pauseOnSpot: false, skipToInvasion: false, startPaused: false, ...extra });

/** Steps `sim` to `tick`, calling `each` after every step, and returns the events of the types in {@link MERCHANT_EVENTS}. */
function runTo(sim: Simulation, tick: number, each?: () => void): SimEvent[] {
  const out: SimEvent[] = [];
  while (sim.tick < tick) {
    for (const e of sim.step()) if (MERCHANT_EVENTS.has(e.type)) out.push(e);
    each?.();
  }
  return out;
}

/** The keeper's build: a padlock on the Sanctum door, and a pressure plate at 6,15 wired to spinning blades at 9,15, on the merchant's way in. */
function keeperBuild(sim: Simulation): string {
  const door = Object.values(sim.state.doors)[0]!;
  expect([door.x, door.y]).toEqual([29, 15]);
  expect(sim.apply({ type: "buildPadlock", doorId: door.id })).toEqual({ ok: true });
  expect(sim.apply({ type: "placePart", kind: "pressurePlate", x: 6, y: 15 })).toEqual({ ok: true, id: "6" });
  expect(sim.apply({ type: "placePart", kind: "spinningBlades", x: 9, y: 15 })).toEqual({ ok: true, id: "7" });
  expect(sim.apply({ type: "wire", path: [6, 7, 8, 9].map((x) => ({ x, y: 15 })) })).toEqual({ ok: true, id: "8" });
  return door.id;
}

describe("travelling merchants in play (DOOR-12)", () => {
  it("DOOR-12: on the room option's day 1 a merchant comes in at 08:00, walks over the keeper's plate without setting it off, unlocks the padlocked Sanctum door, trades an hour, passes back through and leaves; it draws no dice", () => {
    const sim = createDungeonSimulation(options(5, { firstMerchantDay: 1 }), loadMap("default"));
    const doorId = keeperBuild(sim);
    const door = sim.state.doors[doorId]!;
    const built = runTo(sim, 4700);
    expect(built.map((e) => [e.type, e.tick])).toEqual([["padlockBuilt", 378], ["partBuilt", 763], ["partBuilt", 1368]]);
    expect(isLocked(door)).toBe(true);
    const dice = forceDice(sim, []); // the whole visit: any draw of the dice would throw
    const seen: Record<number, [number, number, string, boolean]> = {};
    const at = [4800, 4823, 4914, 4915, 4916, 4919, 4931, 4932, 5531, 5532, 5547, 5548, 5664];
    const events = runTo(sim, 5700, () => {
      const m = sim.state.units["9"];
      if (m && at.includes(sim.tick)) seen[sim.tick] = [m.x, m.y, m.activity, door.open];
    });
    expect(dice.left()).toBe(0);
    expect(events).toEqual([
      { type: "merchantArrived", unitId: "9", name: "Odran the pedlar", x: 0, y: 15, tick: 4800 },
      { type: "doorUnlocked", doorId, byUnitId: "9", x: 29, y: 15, tick: 4915 },
      { type: "doorUnlocked", doorId, byUnitId: "9", x: 29, y: 15, tick: 5547 },
      { type: "merchantLeft", unitId: "9", name: "Odran the pedlar", x: 0, y: 15, tick: 5664 },
    ]);
    expect(seen).toEqual({
      4800: [0, 15, "walking", false],
      4823: [6, 15, "walking", false], // on the plate: no trapFired (decision: merchants never set off a trigger)
      4914: [28, 15, "walking", false],
      4915: [29, 15, "walking", true], // in the locked doorway: the door stands open while it passes (DOOR-17)
      4916: [29, 15, "walking", true],
      4919: [30, 14, "walking", false], // through: the door closed behind it, still locked
      4931: [30, 11, "idle", false], // on the first Sanctum tile
      4932: [30, 11, "working", false], // trading there from the next tick
      5531: [30, 11, "working", false],
      5532: [30, 11, "walking", false], // MERCHANT_TRADE_TICKS later it walks out
      5547: [29, 15, "walking", true],
      5548: [29, 15, "walking", true],
      5664: [0, 15, "left", false],
    });
    expect(5532 - 4932).toBe(MERCHANT_TRADE_TICKS);
    expect([isLocked(door), door.padlock?.armed, sim.state.parts["6"]!.needsRearm]).toEqual([true, true, false]);
    const m = sim.state.units["9"]!;
    expect([m.kind, m.faction, m.woundPoints]).toEqual(["merchant", MERCHANT_FACTION, 0]);
    expect(sim.state.merchants).toEqual({ firstDay: 1, lastSlot: 0, visits: 1, inDungeon: {} });
  });

  it("DOOR-12 decision: blades set off by an adventurer while the merchant passes beside them spare the merchant", () => {
    const sim = createDungeonSimulation(options(5, { firstMerchantDay: 1 }), loadMap("default"));
    keeperBuild(sim);
    runTo(sim, 4831);
    const m = sim.state.units["9"]!;
    const intruder = addUnit(sim, { kind: "adventurer", faction: "village", x: 5, y: 15 });
    expect(walkTo(sim, intruder, { x: 6, y: 15 })).toBe(true);
    let atFiring: number[] = [];
    const events = runTo(sim, 4840, () => { if (sim.tick === 4835) atFiring = [m.x, m.y]; });
    expect(atFiring).toEqual([9, 15]); // on the blades' own tile when they fired (radius 1)
    const fired = events.filter((e) => e.type === "trapFired");
    expect(fired).toEqual([{ type: "trapFired", triggerId: "6", mechanismId: "7", mechanism: "spinningBlades", x: 9, y: 15, byUnitId: intruder.id, victims: [], tick: 4835 }]);
    expect([m.x, m.y, m.woundPoints, m.activity]).toEqual([10, 15, 0, "walking"]);
  });

  it("DOOR-12: the keeper sees the merchant (a unit of no party); an adventurer only when it perceives it (CMB-02 to CMB-04)", () => {
    const sim = createDungeonSimulation(options(5, { firstMerchantDay: 1 }), loadMap("default"));
    runTo(sim, 4810);
    const m = sim.state.units["6"]!;
    expect([m.kind, m.x, m.y]).toEqual(["merchant", 2, 15]);
    const near = addUnit(sim, { kind: "adventurer", faction: "village", x: 6, y: 15, facing: 6 }); // in the corridor, facing west
    const far = addUnit(sim, { kind: "adventurer", faction: "village", x: 16, y: 5 }); // in the north room, walls between
    const sees = (viewer: Viewer): boolean => playerView(lazyContext(sim), viewer).units.includes(m.id);
    expect([sees({ kind: "keeper" }), sees({ kind: "adventurer", unitId: near.id }), sees({ kind: "adventurer", unitId: far.id })]).toEqual([true, true, false]);
  });

  it("DOOR-12: the merchant's visit is part of the replay: the input log replayed from the create options ends on the same state hash", () => {
    const opts = options(5, { firstMerchantDay: 1 });
    const sim = createDungeonSimulation(opts, loadMap("default"));
    keeperBuild(sim);
    runTo(sim, 5000);
    expect(sim.state.units["9"]?.kind).toBe("merchant");
    const again = replay(opts, loadMap("default"), sim.inputLog, { untilTick: 5000 });
    expect(again.hash()).toBe(sim.hash());
    // Without the option the merchant is not there yet on day 1, and the game differs.
    const plain = replay(options(5), loadMap("default"), sim.inputLog, { untilTick: 5000 });
    expect([plain.state.units["9"], plain.state.merchants]).toEqual([undefined, undefined]);
  });

  it("DOOR-12 decision: in a default game the first merchant comes on day 3 at 08:00, an invasion that starts while it trades leaves it alone, and the next one is due 2 days later", () => {
    expect([MERCHANT_FIRST_DAY, MERCHANT_HOUR, MERCHANT_EVERY_DAYS]).toEqual([3, 8, 2]);
    const sim = createDungeonSimulation(options(11), loadMap("default"));
    const events = runTo(sim, 34500);
    const merchant = events.filter((e) => e.type === "merchantArrived" || e.type === "merchantLeft" || e.type === "invasionStarted" || e.type === "invasionEnded").slice(-4);
    expect(merchant.map((e) => [e.type, e.tick])).toEqual([
      ["merchantArrived", 2 * TICKS_PER_GAME_DAY + 8 * TICKS_PER_GAME_HOUR], ["invasionStarted", 34017], ["invasionEnded", 34217], ["merchantLeft", 34464],
    ]);
    const id = (merchant[0] as { unitId: string }).unitId;
    expect(id).toBe("11");
    // Nobody's enemy: no attack, wound or trap named it while the party was in the dungeon.
    expect(events.filter((e) => JSON.stringify(e).includes(`"${id}"`)).map((e) => e.type)).toEqual(["merchantArrived", "merchantLeft"]);
    expect(sim.state.merchants).toEqual({ lastSlot: 0, visits: 1, inDungeon: {} });
    const day3 = 2 * TICKS_PER_GAME_DAY + 8 * TICKS_PER_GAME_HOUR;
    expect([day3 - 1, day3, day3 + 2 * TICKS_PER_GAME_DAY - 1, day3 + 2 * TICKS_PER_GAME_DAY].map((t) => merchantSlot(sim, t))).toEqual([-1, 0, 0, 1]);
  }, 60_000);

  it("DOOR-12 decision: a merchant due while a party is in the dungeon waits for the invasion to end", () => {
    const sim = createDungeonSimulation(options(23, { firstMerchantDay: 2 }), loadMap("default"));
    const events = runTo(sim, 19500).filter((e) => e.type !== "attack" && e.type !== "wound" && e.type !== "trapFired");
    expect(events.map((e) => [e.type, e.tick])).toEqual([
      ["invasionStarted", 19200], ["invasionEnded", 19404], ["merchantArrived", 19405],
    ]);
    expect(19200).toBe(TICKS_PER_GAME_DAY + MERCHANT_HOUR * TICKS_PER_GAME_HOUR);
  }, 60_000);

  it("DOOR-12 decision: a merchant is nobody's enemy: a wild wolf beside its way attacks an adventurer there, never the merchant, which walks on", () => {
    const sim = createDungeonSimulation(options(5, { firstMerchantDay: 1 }), loadMap("default"));
    runTo(sim, 4800);
    const m = sim.state.units["6"]!;
    expect([m.kind, m.x, m.y]).toEqual(["merchant", 0, 15]);
    const wolf = addUnit(sim, { ...speciesFields("wolf"), x: 3, y: 14, faction: "wild" });
    const adventurer = addUnit(sim, { kind: "adventurer", faction: "village", x: 4, y: 14 });
    expect([areEnemies(m, wolf), areEnemies(wolf, m), areEnemies(m, adventurer), areEnemies(wolf, adventurer)]).toEqual([false, false, false, true]);
    const events = runTo(sim, 4840);
    expect(events.filter((e) => JSON.stringify(e).includes(`"${m.id}"`))).toEqual([]);
    expect(events.some((e) => e.type === "attack" && e.attackerId === wolf.id && e.targetId === adventurer.id)).toBe(true);
    expect([m.x, m.y, m.woundPoints]).toEqual([10, 15, 0]);
  });
});
