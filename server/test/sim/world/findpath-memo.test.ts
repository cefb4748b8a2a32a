import { describe, expect, it } from "vitest";
import type { MapState } from "../../../src/sim/state.ts";
import { findPath } from "../../../src/sim/world/grid.ts";
import { randomMap, rotPath, xorshift } from "./rotReference.ts";

describe("findPath's memo of plain searches (no filter, no swimming)", () => {
  it("answers like rot-js on 300 random maps, again after its answer was mutated, and after a tile change of the same map object", () => {
    const rand = xorshift(77);
    let found = 0, none = 0;
    for (let trial = 0; trial < 300; trial++) {
      const { map, from, to } = randomMap(rand, trial);
      const { width, height } = map;
      const expected = rotPath(map, from, to);
      const first = findPath(map, from, to);
      expect(first).toEqual(expected);
      first?.pop(); // callers shorten and shift their copy (walkNextTo, movement)
      first?.push(-1);
      expect(findPath(map, from, to)).toEqual(expected);
      if (expected && expected.length > 0) found++; else none++;
      // The map changes: a wall on the first step of the path (or anywhere), same object.
      const at = expected && expected.length > 1 ? expected[0]! : Math.floor(rand() * width * height);
      map.tiles = map.tiles.slice(0, at) + "#" + map.tiles.slice(at + 1);
      expect(findPath(map, from, to)).toEqual(rotPath(map, from, to));
    }
    expect(found).toBeGreaterThan(80);
    expect(none).toBeGreaterThan(40);
  });

  it("keeps maps of equal tiles but other widths apart", () => {
    const a = { width: 4, height: 3, tiles: "....#.#....." } as MapState;
    const b = { width: 3, height: 4, tiles: a.tiles } as MapState;
    const pa = findPath(a, { x: 0, y: 0 }, { x: 3, y: 2 });
    const pb = findPath(b, { x: 0, y: 0 }, { x: 3, y: 2 });
    expect(pa).toEqual(rotPath(a, { x: 0, y: 0 }, { x: 3, y: 2 }));
    expect(pa).not.toBeNull();
    expect(pb).toBeNull(); // (3, 2) is off the 3-wide map
    expect(findPath(b, { x: 0, y: 0 }, { x: 2, y: 3 })).toEqual(rotPath(b, { x: 0, y: 0 }, { x: 2, y: 3 }));
  });
});
