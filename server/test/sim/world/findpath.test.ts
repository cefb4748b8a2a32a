import { describe, expect, it } from "vitest";
import { findPath } from "../../../src/sim/world/grid.ts";
import { randomMap, rotPath, xorshift } from "./rotReference.ts";

describe("findPath", () => {
  it("finds exactly rot-js's A* path (or none) on 400 random maps, open and cluttered, with and without a passable filter", () => {
    const rand = xorshift(2026);
    let found = 0, none = 0;
    for (let trial = 0; trial < 400; trial++) {
      const { map, from, to } = randomMap(rand, trial);
      const { width, height } = map;
      const blocked = new Set<number>();
      if (trial % 2 === 0) for (let i = 0; i < 10; i++) blocked.add(Math.floor(rand() * width * height));
      const passable = (x: number, y: number) => !blocked.has(y * width + x);
      const expected = rotPath(map, from, to, passable);
      expect(findPath(map, from, to, passable)).toEqual(expected);
      if (expected && expected.length > 0) found++; else none++;
    }
    // Both outcomes were exercised.
    expect(found).toBeGreaterThan(100);
    expect(none).toBeGreaterThan(50);
  });
});
