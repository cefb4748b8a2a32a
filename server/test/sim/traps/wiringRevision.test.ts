import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { PART_KINDS, type Command, type CommandResult, type TilePos } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import {
  cableNetworks, computeNetworks, markWiringChanged, networkOf, setWiringChecks, wiringRevision,
} from "../../../src/sim/traps/network.ts";
import { path, place, wire } from "./helpers.ts";
import { partAt } from "../../../src/sim/traps/parts.ts";

/**
 * The wiring revision (traps/network.ts): every command that adds, removes or moves a part, a
 * cable or a door changes it, so the cached networks (`cableNetworks`) and the doors' wiring
 * (`refreshDoorWiring`, DOOR-19) always equal a fresh `computeNetworks`, and `partAt` (an index by
 * tile kept by the same revision) always equals a scan of the parts.
 */

/** 14 x 7: the portal at 0,3, a wall down column 7 with a door at 7,3 (from the map), the sanctum at 13,3. */
const WIRING_MAP = [
  "##############",
  "#K.....#.....#",
  "#......#.....#",
  "P......+.....S",
  "#......#.....#",
  "#............#",
  "##############",
].join("\n");

function wiringSim(seed = 5): Simulation {
  return Simulation.create({ seed, ruleset: "malignus", map: parseMap("wiring-test", WIRING_MAP), pauseOnSpot: false });
}

/** What one random step does; ids are picked at run time among the records that exist (`pick` modulo their count). */
type Op =
  | { op: "placePart"; kind: (typeof PART_KINDS)[number]; x: number; y: number }
  | { op: "removePart"; pick: number }
  | { op: "movePart"; pick: number; x: number; y: number }
  | { op: "wireParts"; pick: number; pick2: number; vertFirst: boolean }
  | { op: "wireWalk"; x: number; y: number; dirs: number[] }
  | { op: "removeCable"; pick: number }
  | { op: "buildDoor"; x: number; y: number }
  | { op: "removeDoor"; pick: number }
  | { op: "step"; ticks: number };

const X = fc.integer({ min: 1, max: 12 }), Y = fc.integer({ min: 1, max: 5 }), PICK = fc.nat({ max: 50 });
const OP: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant("placePart" as const), kind: fc.constantFrom(...PART_KINDS), x: X, y: Y }) },
  fc.record({ op: fc.constant("removePart" as const), pick: PICK }),
  fc.record({ op: fc.constant("movePart" as const), pick: PICK, x: X, y: Y }),
  { weight: 3, arbitrary: fc.record({ op: fc.constant("wireParts" as const), pick: PICK, pick2: PICK, vertFirst: fc.boolean() }) },
  fc.record({ op: fc.constant("wireWalk" as const), x: X, y: Y, dirs: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }) }),
  fc.record({ op: fc.constant("removeCable" as const), pick: PICK }),
  fc.record({ op: fc.constant("buildDoor" as const), x: X, y: Y }),
  fc.record({ op: fc.constant("removeDoor" as const), pick: PICK }),
  fc.record({ op: fc.constant("step" as const), ticks: fc.integer({ min: 1, max: 3 }) }),
);

/** The id an accepted command answered; throws on a refusal. */
function idOf(result: CommandResult): string {
  if (!result.ok || result.id === undefined) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.id;
}

const pickId = (ids: string[], pick: number): string => ids.length === 0 ? "999999" : ids[pick % ids.length]!;

/** Turns `op` into a keeper command against the current state, or null for a step. */
function commandOf(sim: Simulation, op: Op): Command | null {
  const s = sim.state;
  const parts = Object.values(s.parts);
  switch (op.op) {
    case "placePart": return { type: "placePart", kind: op.kind, x: op.x, y: op.y };
    case "removePart": return { type: "removePart", partId: pickId(Object.keys(s.parts), op.pick) };
    case "movePart": return { type: "movePart", partId: pickId(Object.keys(s.parts), op.pick), x: op.x, y: op.y };
    case "wireParts": { // an L-shaped cable from one part (or door) to another
      const ends: [number, number][] = [...parts, ...Object.values(s.doors)].map((r) => [r.x, r.y]);
      if (ends.length === 0) return { type: "wire", path: path([2, 2], [4, 2]) };
      const [x0, y0] = ends[op.pick % ends.length]!, [x1, y1] = ends[op.pick2 % ends.length]!;
      const corner: [number, number] = op.vertFirst ? [x0, y1] : [x1, y0];
      const corners: [number, number][] = [[x0, y0]];
      if ((corner[0] !== x0 || corner[1] !== y0) && (corner[0] !== x1 || corner[1] !== y1)) corners.push(corner);
      corners.push([x1, y1]);
      const p = x0 === x1 && y0 === y1 ? [{ x: x0, y: y0 }, { x: x0 + 1, y: y0 }] : path(...corners);
      return { type: "wire", path: p };
    }
    case "wireWalk": {
      const p: TilePos[] = [{ x: op.x, y: op.y }];
      for (const d of op.dirs) {
        const last = p[p.length - 1]!;
        p.push({ x: last.x + [1, 0, -1, 0][d]!, y: last.y + [0, 1, 0, -1][d]! });
      }
      return { type: "wire", path: p };
    }
    case "removeCable": return { type: "removeCable", cableId: pickId(Object.keys(s.cables), op.pick) };
    case "buildDoor": return { type: "buildDoor", x: op.x, y: op.y };
    case "removeDoor": return { type: "removeDoor", doorId: pickId(Object.keys(s.doors), op.pick) };
    case "step": return null;
  }
}

/** Asserts the cached networks equal a fresh computation, and (after a tick) every door's trigger ids too. */
function expectFresh(sim: Simulation, doorsToo: boolean): void {
  const fresh = computeNetworks(sim.state);
  expect(cableNetworks(sim)).toEqual(fresh);
  for (const id of Object.keys(sim.state.parts)) expect(networkOf(sim, id)).toEqual(fresh.byPart.get(id) ?? null);
  const { width, height } = sim.state.map;
  const got: (string | undefined)[] = [], scanned: (string | undefined)[] = [];
  for (let y = -1; y <= height; y++) {
    for (let x = -1; x <= width; x++) {
      got.push(partAt(sim, x, y)?.id);
      scanned.push(Object.values(sim.state.parts).find((p) => p.x === x && p.y === y)?.id);
    }
  }
  expect(got).toEqual(scanned);
  if (!doorsToo) return;
  for (const d of Object.values(sim.state.doors)) expect(d.triggerIds).toEqual(fresh.byDoor.get(d.id)?.triggers ?? []);
}

afterEach(() => setWiringChecks(false));

describe("wiring revision and cached cable networks", () => {
  it("DOOR-19, TRAP-26: after any mix of part, cable and door commands and ticks, the cached networks and door wiring equal a fresh computation", () => {
    const accepted: Record<string, number> = {};
    let wiredDoorTicks = 0;
    fc.assert(fc.property(fc.array(OP, { minLength: 20, maxLength: 60, size: "max" }), (ops) => {
      const sim = wiringSim();
      expectFresh(sim, false);
      for (const op of ops) {
        const command = commandOf(sim, op);
        if (command === null) {
          for (let i = 0; i < (op as { ticks: number }).ticks; i++) sim.step();
          expectFresh(sim, true);
          continue;
        }
        const before = wiringRevision(sim);
        const result = sim.apply(command);
        if (result.ok) accepted[command.type] = (accepted[command.type] ?? 0) + 1;
        // A refused command changes nothing (the revision stays); an accepted one changes the wiring.
        expect(wiringRevision(sim) !== before).toBe(result.ok);
        expectFresh(sim, false);
        sim.step();
        expectFresh(sim, true);
        if (Object.values(sim.state.doors).some((d) => d.triggerIds.length > 0)) wiredDoorTicks++;
      }
    }), { seed: 20261129, numRuns: 150 });
    // Every kind of change was exercised, not only refusals, and doors did get wired.
    expect(wiredDoorTicks).toBeGreaterThan(100);
    for (const type of ["placePart", "removePart", "movePart", "wire", "removeCable", "buildDoor", "removeDoor"]) {
      expect(accepted[type] ?? 0, type).toBeGreaterThan(100);
    }
  });

  it("a door built on a wired cable follows that network's trigger, and loses it when the cable goes (DOOR-19)", () => {
    const sim = wiringSim();
    const plate = place(sim, "pressurePlate", 2, 5);
    place(sim, "spinningBlades", 6, 5);
    const cable = wire(sim, [2, 5], [6, 5]);
    sim.step();
    const door = idOf(sim.apply({ type: "buildDoor", x: 4, y: 5 })); // on the cable
    expect(sim.state.doors[door]!.triggerIds).toEqual([]); // until the doors' next tick
    sim.step();
    expect(sim.state.doors[door]!.triggerIds).toEqual([plate]);
    expect(sim.apply({ type: "removeCable", cableId: cable }).ok).toBe(true);
    sim.step();
    expect(sim.state.doors[door]!.triggerIds).toEqual([]);
  });

  it("ticks and commands that do not touch the wiring keep the revision and the cached index", () => {
    const sim = wiringSim();
    const plate = place(sim, "pressurePlate", 2, 5);
    place(sim, "spinningBlades", 5, 5);
    expect(sim.apply({ type: "wire", path: path([2, 5], [5, 5]) }).ok).toBe(true);
    const revision = wiringRevision(sim);
    const index = cableNetworks(sim);
    for (let i = 0; i < 50; i++) sim.step();
    expect(sim.apply({ type: "setTimerDelay", partId: plate, minutes: 5 }).ok).toBe(false); // not a timer: refused
    expect(sim.apply({ type: "buildDoor", x: 2, y: 5 }).ok).toBe(false); // a part stands there: refused
    expect(wiringRevision(sim)).toBe(revision);
    expect(cableNetworks(sim)).toBe(index);
    expect(index.networks.map((n) => [n.trigger, n.mechanism])).toEqual([[plate, String(Number(plate) + 1)]]);
  });

  it("is outside the state: reading it changes no hash or snapshot; a restored simulation gets a revision never seen before", () => {
    const a = wiringSim(9), b = wiringSim(9);
    for (const sim of [a, b]) {
      place(sim, "pressurePlate", 2, 5);
      place(sim, "spinningBlades", 5, 5);
      sim.apply({ type: "wire", path: path([2, 5], [5, 5]) });
    }
    const seen = new Set<number>();
    for (let i = 0; i < 20; i++) { a.step(); b.step(); seen.add(wiringRevision(a)); cableNetworks(a); }
    expect(a.hash()).toBe(b.hash());
    expect(JSON.stringify(a.snapshot())).toBe(JSON.stringify(b.snapshot()));
    seen.add(wiringRevision(b));
    const restored = Simulation.restore(a.snapshot());
    expect(seen.has(wiringRevision(restored))).toBe(false);
    expect(cableNetworks(restored)).toEqual(cableNetworks(a));
    expect(cableNetworks(restored)).not.toBe(cableNetworks(a));
    restored.step(); a.step();
    expect(restored.hash()).toBe(a.hash());
  });

  it("with checks on, a change made without markWiringChanged throws; marking it passes", () => {
    const sim = wiringSim();
    const plate = place(sim, "pressurePlate", 2, 5);
    setWiringChecks(true);
    cableNetworks(sim);
    sim.state.parts[plate]!.x = 3; // a mutation site that forgot its mark
    expect(() => cableNetworks(sim)).toThrow(/the wiring changed without markWiringChanged/);
    expect(() => sim.step()).toThrow(/the wiring changed without markWiringChanged/);
    markWiringChanged(sim);
    expect(cableNetworks(sim)).toEqual(computeNetworks(sim.state));
    expect(() => sim.step()).not.toThrow();
  });

  it("with checks on, a long mixed run of commands never misses a mark", () => {
    setWiringChecks(true);
    fc.assert(fc.property(fc.array(OP, { minLength: 1, maxLength: 40 }), (ops) => {
      const sim = wiringSim(13);
      for (const op of ops) {
        const command = commandOf(sim, op);
        if (command !== null) sim.apply(command);
        sim.step();
      }
    }), { seed: 7, numRuns: 60 });
  });
});
