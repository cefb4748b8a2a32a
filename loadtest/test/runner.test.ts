import { describe, expect, it } from "vitest";
import { splitRooms } from "../src/runner.ts";
import { sideSeed } from "../src/clients.ts";

describe("worker threads of the load runner (issue 20 part 3)", () => {
  it("splits the rooms into contiguous ranges as even as can be, never an empty one", () => {
    expect(splitRooms(10, 1)).toEqual([{ first: 0, count: 10 }]);
    expect(splitRooms(10, 3)).toEqual([{ first: 0, count: 4 }, { first: 4, count: 3 }, { first: 7, count: 3 }]);
    expect(splitRooms(800, 2)).toEqual([{ first: 0, count: 400 }, { first: 400, count: 400 }]);
    expect(splitRooms(2, 4)).toEqual([{ first: 0, count: 1 }, { first: 1, count: 1 }]);
    expect(splitRooms(1, 8)).toEqual([{ first: 0, count: 1 }]);
  });

  it("gives the first range the run's own bot seed (one thread: the same bots as before) and each other range its own", () => {
    expect(sideSeed(1, 0)).toBe(1);
    expect(sideSeed(1, 400)).toBe(1 + 400 * 7919);
    expect(sideSeed(2 ** 31 - 1, 1)).toBe((2 ** 31 - 1 + 7919) % 2 ** 31);
    expect(new Set(splitRooms(800, 4).map((r) => sideSeed(7, r.first))).size).toBe(4);
  });
});
