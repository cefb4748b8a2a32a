import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/simulation.ts";
import { loadMap } from "../../../src/maps.ts";
import { startInvasion, portalReachesDungeon } from "../../../src/sim/invasions/party.ts";
import { SWIM_SPEED_PERCENT, movementSpeed } from "../../../src/sim/invasions/swimming.ts";
import { findPath, tileIndex } from "../../../src/sim/world/grid.ts";
import { portalReachesSanctum } from "../../../src/sim/doors/walkingPath.ts";
import { BASE_SPEED, addUnit } from "../../../src/sim/world/units.ts";
import { TILE_PROGRESS, walkTo } from "../../../src/sim/world/movement.ts";
import { inEveryRuleset, ruleset } from "./live-helpers.ts";

const WATER_PORTAL = { x: 10, y: 0 };

/** A lake-map simulation whose first party is moved to the water portal before it takes a step. */
function partyAtWaterPortal(seed: number) {
  const sim = Simulation.create({ seed, ruleset: ruleset(), map: loadMap("lake"), pauseOnSpot: false });
  const party = startInvasion(sim);
  party.portal = { ...WATER_PORTAL };
  for (const id of party.memberIds) Object.assign(sim.state.units[id]!, { x: WATER_PORTAL.x, y: WATER_PORTAL.y, walk: null });
  return { sim, party, unit: sim.state.units[party.memberIds[0]!]! };
}

inEveryRuleset(() => {
  describe("swimming (INV-09)", () => {
    it("INV-09: the lake map's north portal has no dry route, the west one has; water still breaks the walking path (DOOR-49)", () => {
      const sim = Simulation.create({ seed: 1, ruleset: ruleset(), map: loadMap("lake") });
      const map = sim.state.map;
      expect(map.portals).toEqual([{ x: 10, y: 0 }, { x: 0, y: 4 }]);
      expect(portalReachesDungeon(sim, WATER_PORTAL)).toBe(false);
      expect(portalReachesDungeon(sim, { x: 0, y: 4 })).toBe(true);
      expect(findPath(map, WATER_PORTAL, { x: 17, y: 4 }, undefined, true)).not.toBeNull();
      expect(portalReachesSanctum(map)).toBe(true);
      // Walling the west entrance cuts the walking path even though the north portal is reachable by swimming.
      expect(portalReachesSanctum(map, [{ x: 1, y: 4, tile: "#" }, { x: 1, y: 5, tile: "#" }])).toBe(false);
    });

    it(`INV-09: a swimmer moves at ${SWIM_SPEED_PERCENT}% speed in, into and out of water`, () => {
      const map = loadMap("lake").map;
      const u = { x: 10, y: 1, speed: BASE_SPEED } as Parameters<typeof movementSpeed>[1];
      expect(movementSpeed(map, u, tileIndex(map, 10, 0))).toBe(250); // dry step
      expect(movementSpeed(map, u, tileIndex(map, 10, 2))).toBe(125); // into water
      Object.assign(u, { x: 10, y: 3 });
      expect(movementSpeed(map, u, tileIndex(map, 10, 4))).toBe(125); // out of water
      expect(movementSpeed(map, u, undefined)).toBe(125);
    });

    it("INV-09: a party at a water portal crosses the water at half speed (8 ticks a tile instead of 4) and reaches the Master", () => {
      const { sim, unit } = partyAtWaterPortal(1);
      expect(unit.speed).toBe(BASE_SPEED);
      const entered: { tick: number; x: number; y: number; speed: number }[] = [];
      let fought = false;
      for (let i = 0; i < 200 && !fought; i++) {
        const before = `${unit.x},${unit.y}`;
        sim.step();
        if (`${unit.x},${unit.y}` !== before) entered.push({ tick: sim.state.tick, x: unit.x, y: unit.y, speed: unit.speed });
        fought = unit.activity === "fighting";
      }
      const tiles = entered.map((e) => sim.state.map.tiles[tileIndex(sim.state.map, e.x, e.y)]);
      // Portal → floor (10,1) → two water tiles → the corridor.
      expect(entered[0]).toMatchObject({ x: 10, y: 1 });
      expect(tiles.slice(1, 3)).toEqual(["~", "~"]);
      expect(entered[3]!.y).toBe(4);
      const gaps = entered.slice(0, 6).map((e, i) => e.tick - (i === 0 ? 0 : entered[i - 1]!.tick));
      // The lone shut-in tile at (10,1) is a doorway, not a corridor (KNOW-21, CORRIDOR_MIN_TILES):
      // no Caution, the party keeps its base speed 250.
      expect(entered.slice(0, 6).map((e) => e.speed)).toEqual([250, 250, 250, 250, 250, 250]);
      expect(TILE_PROGRESS / BASE_SPEED).toBe(4);
      // Portal → (10,1) at full speed (4 ticks); into water, within water, out of water at half
      // speed (125: 8 ticks); then dry steps at 250 again.
      expect(gaps).toEqual([4, 8, 8, 8, 4, 4]);
      expect(fought).toBe(true);
      const master = Object.values(sim.state.units).find((u) => u.kind === "master")!;
      expect(Math.max(Math.abs(unit.x - master.x), Math.abs(unit.y - master.y))).toBe(1);
    });

    it("INV-09: adventurers swim only when they must: from the west portal the route stays dry; other units never swim", () => {
      const sim = Simulation.create({ seed: 1, ruleset: ruleset(), map: loadMap("lake"), pauseOnSpot: false });
      const party = startInvasion(sim);
      const map = sim.state.map;
      const u = sim.state.units[party.memberIds[0]!]!;
      Object.assign(u, { x: 0, y: 4, walk: null });
      party.portal = { x: 0, y: 4 };
      for (let i = 0; i < 150; i++) {
        sim.step();
        expect(map.tiles[tileIndex(map, u.x, u.y)]).not.toBe("~");
      }
      const minion = addUnit(sim, { kind: "minion", x: 10, y: 1 });
      expect(walkTo(sim, minion, { x: 10, y: 4 })).toBe(false);
    });
  });
});

