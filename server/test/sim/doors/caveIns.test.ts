import { describe, expect, it } from "vitest";
import { DungeonState } from "@malignus/shared/schema";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { walkTo } from "../../../src/sim/world/movement.ts";
import { findPath } from "../../../src/sim/world/grid.ts";
import { portalReachesSanctum } from "../../../src/sim/doors/walkingPath.ts";
import { projectState } from "../../../src/rooms/projection.ts";

/**
 * Cave-ins caused by the keeper's `collapse` order (DOOR-52; server doors/caveIns.ts,
 * commands/collapse.ts). ROOM: an open room (x 1..10, y 1..3) between the portal 0,2 and the
 * sanctum 10,3. CORRIDOR: a 1-tile corridor is the only way from the portal to the sanctum.
 */
const ROOM = [
  "############",
  "#K.........#",
  "P..........#",
  "#.........S#",
  "############",
].join("\n");

const CORRIDOR = [
  "############",
  "#K##########",
  "P....+....S#",
  "############",
].join("\n");

const sim = (map: string) => Simulation.create({ seed: 3, ruleset: "malignus", map: parseMap("cave-in-test", map), pauseOnSpot: false });
const row = (s: Simulation, y: number) => s.state.map.tiles.slice(y * s.state.map.width, (y + 1) * s.state.map.width);

describe("collapse (cave-ins)", () => {
  it("DOOR-52: the ceiling falls on the tile (rock) and the plain floor around it turns to rubble, except under the keeper's structures", () => {
    const s = sim(ROOM);
    const plate = s.apply({ type: "placePart", kind: "pressurePlate", x: 6, y: 1 }) as { id: string };
    const bystander = addUnit(s, { kind: "minion", faction: "dungeon", x: 4, y: 3 });
    const walker = addUnit(s, { kind: "minion", faction: "dungeon", x: 2, y: 2 });
    expect(walkTo(s, walker, { x: 9, y: 2 })).toBe(true);
    expect(walker.walk?.path).toEqual([27, 28, 29, 30, 31, 32, 33]); // row 2, x 3..9
    s.drainEvents();
    expect(s.apply({ type: "collapse", x: 5, y: 2 })).toEqual({ ok: true });
    expect(s.drainEvents()).toEqual([{
      type: "caveIn", x: 5, y: 2, tick: 0, spared: [],
      rock: [{ x: 5, y: 2 }],
      rubble: [{ x: 4, y: 1 }, { x: 5, y: 1 }, { x: 4, y: 2 }, { x: 6, y: 2 }, { x: 4, y: 3 }, { x: 5, y: 3 }, { x: 6, y: 3 }],
    }]);
    expect([row(s, 1), row(s, 2), row(s, 3)]).toEqual(["#...::.....#", "P...:#:....#", "#...:::...S#"]);
    expect(s.state.parts[plate.id]).toMatchObject({ x: 6, y: 1 }); // its tile stayed floor
    expect(bystander).toMatchObject({ x: 4, y: 3, activity: "idle" }); // units on rubble stay
    // A walk through the fallen tile stops before it and plans again (goal cleared).
    expect(walker.walk).toMatchObject({ goal: -1, path: [27, 28] });
    expect(findPath(s.state.map, walker, { x: 9, y: 2 })).not.toContain(29);
    expect(portalReachesSanctum(s.state.map)).toBe(true);
    // Clients see the new tiles in the state.
    const state = new DungeonState();
    projectState(state, s, 1);
    expect(state.tiles.slice(24, 36)).toBe("P...:#:....#");
  });

  it("DOOR-52: a cave-in on the last walking path spares the tile whose rock would cut it; rubble never cuts it", () => {
    const s = sim(CORRIDOR);
    expect(s.apply({ type: "collapse", x: 3, y: 2 })).toEqual({ ok: true });
    expect(s.drainEvents()).toEqual([{ type: "caveIn", x: 3, y: 2, tick: 0, rock: [], rubble: [{ x: 2, y: 2 }, { x: 4, y: 2 }], spared: [{ x: 3, y: 2 }] }]);
    expect(row(s, 2)).toBe("P.:.:+....S#");
    expect(portalReachesSanctum(s.state.map)).toBe(true);
    expect(s.apply({ type: "collapse", x: 8, y: 2 })).toEqual({ ok: true });
    expect(s.drainEvents()).toMatchObject([{ rock: [], spared: [{ x: 8, y: 2 }] }]);
    expect(row(s, 2)).toBe("P.:.:+.:.:S#");
    expect(portalReachesSanctum(s.state.map)).toBe(true);
  });

  it("DOOR-52: refusals: off the map, not plain floor, something on the tile; a refusal changes nothing", () => {
    const s = sim(ROOM);
    const plate = s.apply({ type: "placePart", kind: "pressurePlate", x: 6, y: 1 }) as { id: string };
    const minion = addUnit(s, { kind: "minion", faction: "dungeon", x: 3, y: 3 });
    const tiles = s.state.map.tiles;
    s.drainEvents();
    expect(s.apply({ type: "collapse", x: 12, y: 1 })).toEqual({ ok: false, code: "OUT_OF_BOUNDS", reason: "tile 12,1 is off the map" });
    expect(s.apply({ type: "collapse", x: 0, y: 0 })).toEqual({ ok: false, code: "NOT_FLOOR", reason: "only a plain floor tile's ceiling can come down; 0,0 is '#'" });
    expect(s.apply({ type: "collapse", x: 0, y: 2 })).toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(s.apply({ type: "collapse", x: 10, y: 3 })).toMatchObject({ ok: false, code: "NOT_FLOOR" });
    expect(s.apply({ type: "collapse", x: 6, y: 1 })).toEqual({ ok: false, code: "TILE_OCCUPIED", reason: `trap part ${plate.id} is on 6,1` });
    expect(s.apply({ type: "collapse", x: 1, y: 1 })).toEqual({ ok: false, code: "TILE_OCCUPIED", reason: "the metal stockpile is on 1,1" });
    expect(s.apply({ type: "collapse", x: 3, y: 3 })).toEqual({ ok: false, code: "TILE_OCCUPIED", reason: `unit ${minion.id} is on 3,3` });
    expect(s.state.map.tiles).toBe(tiles);
    expect(s.drainEvents()).toEqual([]);
    expect(s.apply({ type: "collapse", x: 8, y: 2 })).toEqual({ ok: true });
    expect(s.apply({ type: "collapse", x: 8, y: 1 })).toMatchObject({ ok: false, code: "NOT_FLOOR", reason: "only a plain floor tile's ceiling can come down; 8,1 is ':'" });
  });
});
