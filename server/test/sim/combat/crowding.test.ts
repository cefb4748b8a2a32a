import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { bodiesOn, hasRoomFor } from "../../../src/sim/combat/crowding.ts";
import { KOBOLDS_PER_TILE, freeTilesNextTo, isFightingPosition } from "../../../src/sim/world/crowding.ts";
import { walkNextTo } from "../../../src/sim/world/movement.ts";
import { adventurer, makeSim } from "./helpers.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { Simulation } from "../../../src/sim/simulation.ts";

/** A dead-end corridor: floor (1..8, 1), walls below; the enemy at the end has one free neighbour. */
const CORRIDOR = [
  "##########",
  "P........#",
  "##########",
  "#K......S#",
  "##########",
].join("\n");

const SHARP = { combat: 0, craft: 0, tracking: 3, block: 0 };
const UNTOUCHABLE = { combat: 50, craft: 0, tracking: 0, block: 0 };

function kobold(sim: Simulation, x: number, y: number): UnitRecord {
  return addUnit(sim, { kind: "creature", species: "kobold", x, y, stats: { ...SHARP } });
}

/** Standing units sharing a tile, next to an enemy (a fighting position), with another standing unit: "x,y" → ids. */
function shared(sim: Simulation): Record<string, string[]> {
  const by: Record<string, string[]> = {};
  for (const u of Object.values(sim.state.units)) {
    if (u.activity === "unconscious" || u.activity === "dead" || !isFightingPosition(sim, u, u.x, u.y)) continue;
    (by[`${u.x},${u.y}`] ??= []).push(u.id);
  }
  return Object.fromEntries(Object.entries(by).filter(([, ids]) => ids.length > 1));
}

describe("crowding", () => {
  it("CMB-18: a tile holds one standing body; unconscious and dead bodies take no room", () => {
    const sim = makeSim();
    const m = addUnit(sim, { kind: "minion", x: 3, y: 3 });
    const other = addUnit(sim, { kind: "minion", x: 4, y: 3 });
    expect(hasRoomFor(sim, m, 4, 3)).toBe(false);
    expect(hasRoomFor(sim, m, 3, 3)).toBe(true); // its own tile
    other.activity = "unconscious";
    expect(hasRoomFor(sim, m, 4, 3)).toBe(true);
    other.activity = "dead";
    expect(bodiesOn(sim, 4, 3)).toEqual([]);
  });

  it("CMB-18, CMB-19: three minions closing on one adventurer each take their own free tile next to it", () => {
    const sim = makeSim(3);
    const a = adventurer(sim, 6, 4, { stats: { ...UNTOUCHABLE } });
    const ms = [addUnit(sim, { kind: "minion", x: 1, y: 4, stats: { ...SHARP } }),
      addUnit(sim, { kind: "minion", x: 1, y: 3, stats: { ...SHARP } }),
      addUnit(sim, { kind: "minion", x: 1, y: 5, stats: { ...SHARP } })];
    for (let i = 0; i < 60; i++) {
      sim.step();
      expect(shared(sim)).toEqual({});
    }
    for (const m of ms) expect(Math.max(Math.abs(m.x - a.x), Math.abs(m.y - a.y))).toBe(1);
    expect(new Set(ms.map((m) => `${m.x},${m.y}`)).size).toBe(3);
    expect(ms.map((m) => m.activity)).toEqual(["fighting", "fighting", "fighting"]);
  });

  it("CMB-19: the free tiles next to a target, nearest to the attacker first, skip walls and taken tiles", () => {
    const sim = makeSim(1, CORRIDOR);
    const a = adventurer(sim, 5, 1);
    const m = addUnit(sim, { kind: "minion", x: 1, y: 1 });
    expect(freeTilesNextTo(sim, m, a)).toEqual([{ x: 4, y: 1 }, { x: 6, y: 1 }]);
    addUnit(sim, { kind: "minion", x: 4, y: 1 });
    expect(freeTilesNextTo(sim, m, a)).toEqual([{ x: 6, y: 1 }]);
    addUnit(sim, { kind: "minion", x: 6, y: 1 });
    expect(freeTilesNextTo(sim, m, a)).toEqual([]);
    expect(walkNextTo(sim, m, a)).toBe(false);
    expect(m.walk).toBeNull();
  });

  it("CMB-20: a second attacker waits for the only tile next to the target instead of sharing it, and takes it once free", () => {
    const sim = makeSim(5, CORRIDOR);
    const a = adventurer(sim, 8, 1, { stats: { ...UNTOUCHABLE } });
    const first = addUnit(sim, { kind: "minion", x: 4, y: 1, stats: { ...SHARP } });
    const second = addUnit(sim, { kind: "minion", x: 3, y: 1, stats: { ...SHARP } });
    for (let i = 0; i < 80; i++) {
      sim.step();
      expect(shared(sim)).toEqual({});
    }
    expect([first.x, first.y, first.activity]).toEqual([7, 1, "fighting"]);
    expect(second.x).toBeLessThan(7);
    expect(second.x).toBeGreaterThanOrEqual(5); // it waits close by, it does not go home
    expect(second.targetId).toBe("");
    first.activity = "unconscious";
    first.wakeTick = -1;
    for (let i = 0; i < 40; i++) sim.step();
    expect([second.x, second.y, second.activity, second.targetId]).toEqual([7, 1, "fighting", a.id]);
    expect(a.x).toBe(8);
  });

  it("CMB-21: two kobolds can fight from one tile, a third cannot, and a kobold never shares with another kind", () => {
    expect(KOBOLDS_PER_TILE).toBe(2);
    const sim = makeSim(1, CORRIDOR);
    const k1 = kobold(sim, 7, 1);
    const k2 = kobold(sim, 3, 1);
    const k3 = kobold(sim, 2, 1);
    const m = addUnit(sim, { kind: "minion", x: 1, y: 1 });
    expect(hasRoomFor(sim, k2, 7, 1)).toBe(true);
    expect(hasRoomFor(sim, m, 7, 1)).toBe(false);
    k2.x = 7;
    expect(hasRoomFor(sim, k3, 7, 1)).toBe(false);
    k2.x = 3;
    const m2 = addUnit(sim, { kind: "minion", x: 6, y: 1 });
    m2.x = 7; // a minion on the tile: no kobold may join it
    k1.x = 5;
    expect(hasRoomFor(sim, k2, 7, 1)).toBe(false);
  });

  it("CMB-21: in the dead-end corridor, two kobolds fight from the one free tile and the third waits", () => {
    const sim = makeSim(9, CORRIDOR);
    const a = adventurer(sim, 8, 1, { stats: { ...UNTOUCHABLE } });
    const ks = [kobold(sim, 4, 1), kobold(sim, 3, 1), kobold(sim, 2, 1)];
    for (let i = 0; i < 80; i++) sim.step();
    expect(ks.map((k) => k.x)).toEqual([7, 7, ks[2]!.x]);
    expect(ks[2]!.x).toBeLessThan(7);
    expect(ks.map((k) => k.activity)).toEqual(["fighting", "fighting", "idle"]);
    expect(ks[0]!.targetId).toBe(a.id);
    expect(ks[1]!.targetId).toBe(a.id);
  });
});
