import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseMap } from "../../../src/sim/world/map.ts";
import { Simulation } from "../../../src/sim/simulation.ts";
import { findPath } from "../../../src/sim/world/grid.ts";
import { loadMap } from "../../../src/maps.ts";
import { caveIn, portalReachesSanctum, wouldCutWalkingPath } from "../../../src/sim/doors/walkingPath.ts";
import { isLocked } from "../../../src/sim/doors/doors.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { doorSim, lock, theDoor, TWO_ROUTES } from "./helpers.ts";

/** A 1-tile corridor from the portal (0,2) through a door (5,2) to the sanctum (10,2). */
const CORRIDOR = [
  "############",
  "#K##########",
  "P....+....S#",
  "############",
].join("\n");

/** Two parallel corridors (rows 1 and 3) joined at both ends. */
const TWIN = [
  "###########",
  "#.........#",
  "P.#######S#",
  "#.........#",
  "#K#########",
].join("\n");

const cut = { ok: false, code: "WOULD_CUT_WALKING_PATH", rule: "DOOR-49" };

describe("the walking path", () => {
  it("DOOR-49, DOOR-50: a wall that would cut the last path from the portal to the Sanctum is refused and changes nothing", () => {
    const sim = doorSim(CORRIDOR);
    const tiles = sim.state.map.tiles;
    expect(sim.apply({ type: "buildWall", x: 3, y: 2 })).toMatchObject(cut);
    expect(sim.state.map.tiles).toBe(tiles);
    expect(sim.apply({ type: "buildWall", x: 8, y: 2 })).toMatchObject(cut);
    // With another route, the same kind of wall is built.
    const two = doorSim(TWO_ROUTES);
    expect(two.apply({ type: "buildWall", x: 6, y: 4 })).toEqual({ ok: true });
    expect(two.state.map.tiles[4 * 12 + 6]).toBe("#");
  });

  it("DOOR-50: building a door never cuts the path (a door counts as open), and wall/door refusals name their reason", () => {
    const sim = doorSim(CORRIDOR);
    const r = sim.apply({ type: "buildDoor", x: 3, y: 2 });
    expect(r.ok).toBe(true);
    expect(sim.state.map.tiles[2 * 12 + 3]).toBe("+");
    expect(sim.apply({ type: "buildDoor", x: 3, y: 2 })).toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(sim.apply({ type: "buildWall", x: 5, y: 2 })).toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(sim.apply({ type: "buildWall", x: 40, y: 2 })).toMatchObject({ ok: false, code: "OUT_OF_BOUNDS" });
    expect(sim.apply({ type: "removeDoor", doorId: (r as { id: string }).id })).toEqual({ ok: true });
    expect(sim.state.map.tiles[2 * 12 + 3]).toBe(".");
  });

  it("DOOR-51: digging only adds floor, so it never cuts the path; edge tiles and non-rock are refused", () => {
    const sim = doorSim(CORRIDOR);
    expect(wouldCutWalkingPath(sim, [{ x: 3, y: 1, tile: "." }])).toBe(false);
    expect(sim.apply({ type: "dig", x: 3, y: 1 })).toEqual({ ok: true });
    expect(sim.state.map.tiles[1 * 12 + 3]).toBe(".");
    expect(sim.apply({ type: "dig", x: 3, y: 0 })).toMatchObject({ ok: false, code: "OUT_OF_BOUNDS" });
    expect(sim.apply({ type: "dig", x: 3, y: 2 })).toMatchObject({ ok: false, code: "NOT_ROCK" });
  });

  it("DOOR-52: a cave-in skips the tiles whose collapse would cut the path", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "malignus", map: parseMap("twin", TWIN) });
    const fell = caveIn(sim, [{ x: 5, y: 1 }, { x: 5, y: 3 }, { x: 6, y: 3 }, { x: 2, y: 2 }]);
    expect(fell).toEqual([{ x: 5, y: 1 }]);
    expect(portalReachesSanctum(sim.state.map)).toBe(true);
  });

  it("DOOR-50: a new wall on a unit's planned walk stops it on the tile before and clears its goal", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "malignus", map: parseMap("twin", TWIN) });
    const walker = addUnit(sim, { kind: "minion", faction: "dungeon", x: 2, y: 1 });
    expect(walkTo(sim, walker, { x: 8, y: 1 })).toBe(true);
    expect(walker.walk?.path).toEqual([14, 15, 16, 17, 18, 19]); // row 1, x 3..8 (width 11)
    expect(sim.apply({ type: "buildWall", x: 5, y: 1 })).toEqual({ ok: true });
    expect(walker.walk).toMatchObject({ goal: -1, path: [14, 15] });
    // Another unit's walk that avoids the wall keeps its goal.
    const other = addUnit(sim, { kind: "minion", faction: "dungeon", x: 2, y: 3 });
    expect(walkTo(sim, other, { x: 6, y: 3 })).toBe(true);
    expect(sim.apply({ type: "buildWall", x: 7, y: 1 })).toEqual({ ok: true });
    expect(other.walk).toMatchObject({ goal: 3 * 11 + 6, path: [36, 37, 38, 39] });
  });

  it("DOOR-53, DOOR-54: a locked door counts as open; every door of a corridor may be locked", () => {
    const sim = doorSim(CORRIDOR);
    const second = sim.apply({ type: "buildDoor", x: 8, y: 2 }) as { id: string };
    const doors = [theDoor(sim), sim.state.doors[second.id]!].map(lock);
    for (const d of doors) {
      expect(sim.apply({ type: "disarmDoorLock", doorId: d.id })).toEqual({ ok: true });
      expect(sim.apply({ type: "armDoorLock", doorId: d.id })).toEqual({ ok: true });
    }
    expect(doors.map(isLocked)).toEqual([true, true]);
    expect(portalReachesSanctum(sim.state.map)).toBe(true);
    expect(wouldCutWalkingPath(sim, [])).toBe(false);
  });

  it("DOOR-55: the path is a walking path through locked doors: adventurers force them (see forcing.test.ts) and the walls stay refused", () => {
    const sim = doorSim(CORRIDOR);
    lock(theDoor(sim));
    expect(sim.apply({ type: "buildWall", x: 7, y: 2 })).toMatchObject(cut);
  });

  it("water breaks a walking path (proposal)", () => {
    const map = parseMap("w", ["#####", "#K###", "P.~S#", "#####"].join("\n")).map;
    expect(portalReachesSanctum(map)).toBe(false);
    expect(portalReachesSanctum(map, [{ x: 2, y: 2, tile: "." }])).toBe(true);
  });
});

describe("the walking path under random building and digging", () => {
  it("DOOR-49 to DOOR-51 (property): random build and dig commands never leave the Sanctum unreachable from a portal", () => {
    const def = loadMap("default");
    const { width, height } = def.map;
    const cmd = fc.record({
      type: fc.constantFrom("buildWall" as const, "dig" as const, "buildDoor" as const),
      x: fc.integer({ min: 0, max: width - 1 }),
      y: fc.integer({ min: 0, max: height - 1 }),
    });
    fc.assert(fc.property(fc.array(cmd, { minLength: 1, maxLength: 120 }), (cmds) => {
      const sim = Simulation.create({ seed: 3, ruleset: "malignus", map: def });
      const portal = sim.state.map.portals[0]!, sanctum = sim.state.map.sanctum[0]!;
      for (const c of cmds) {
        const before = sim.state.map.tiles;
        const r = sim.apply(c);
        if (!r.ok) expect(sim.state.map.tiles).toBe(before);
        // The fast check agrees with rot-js pathfinding, and the path is never cut.
        expect(portalReachesSanctum(sim.state.map)).toBe(true);
        expect(findPath(sim.state.map, portal, sanctum)).not.toBeNull();
      }
    }), { numRuns: 60, seed: 42 });
  });

  it("DOOR-50 (property): walls are refused exactly when no portal would reach the Sanctum (oracle: rot-js A*)", () => {
    const sim0 = doorSim(TWO_ROUTES);
    const floor: { x: number; y: number }[] = [];
    for (let i = 0; i < sim0.state.map.tiles.length; i++) if (sim0.state.map.tiles[i] === ".") floor.push({ x: i % 12, y: Math.floor(i / 12) });
    fc.assert(fc.property(fc.shuffledSubarray(floor), (walls) => {
      const sim = doorSim(TWO_ROUTES);
      for (const w of walls) {
        const map = sim.state.map;
        const trial = { ...map, tiles: map.tiles.slice(0, w.y * 12 + w.x) + "#" + map.tiles.slice(w.y * 12 + w.x + 1) };
        const reachable = findPath(trial, map.portals[0]!, map.sanctum[0]!) !== null;
        const r = sim.apply({ type: "buildWall", ...w });
        expect(r.ok).toBe(reachable);
        if (!r.ok) expect(r).toMatchObject(cut);
      }
    }), { numRuns: 40, seed: 7 });
  });
});

describe("walls and what stands on the tile", () => {
  it("a wall is refused on a trap part, a cable or a unit", () => {
    const sim = doorSim(TWO_ROUTES);
    const plate = sim.apply({ type: "placePart", kind: "pressurePlate", x: 2, y: 1 }) as { id: string };
    sim.state.parts[plate.id]!.built = true;
    sim.apply({ type: "placePart", kind: "spinningBlades", x: 4, y: 1 });
    expect(sim.apply({ type: "wire", path: [{ x: 2, y: 1 }, { x: 3, y: 1 }, { x: 4, y: 1 }] }).ok).toBe(true);
    expect(sim.apply({ type: "buildWall", x: 2, y: 1 })).toMatchObject({ ok: false, code: "TILE_OCCUPIED" });
    expect(sim.apply({ type: "buildWall", x: 3, y: 1 })).toMatchObject({ ok: false, code: "TILE_OCCUPIED" });
    addUnit(sim, { kind: "minion", x: 2, y: 3 });
    expect(sim.apply({ type: "buildWall", x: 2, y: 3 })).toMatchObject({ ok: false, code: "TILE_OCCUPIED" });
  });

  it("the shipped default map has its sanctum door at 29,15", () => {
    const sim = Simulation.create({ seed: 1, ruleset: "malignus", map: loadMap("default") });
    expect(Object.values(sim.state.doors).map((d) => [d.x, d.y, d.open, d.padlock])).toEqual([[29, 15, false, null]]);
  });
});
