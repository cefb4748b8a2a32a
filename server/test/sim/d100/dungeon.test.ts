import { describe, expect, it } from "vitest";
import { replayedDungeon } from "../helpers.ts";

describe("d100 in the live dungeon", () => {
  it("P100-BASE-04, P100-BASE-14: a d100 dungeon plays its invasion fights as encounters with hit points, replayably (snapshot, restore, same hash)", () => {
    const { straight, events } = replayedDungeon("d100");
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count("encounterStarted")).toBeGreaterThan(0);
    expect(count("encounterEnded")).toBeGreaterThan(0);
    expect(count("turnStarted")).toBeGreaterThan(count("encounterStarted"));
    expect(count("damaged")).toBeGreaterThan(0);
    expect(count("invasionEnded")).toBeGreaterThan(0);
    expect(Object.values(straight.state.units).every((u) => u.d100 !== undefined)).toBe(true);
  }, 120_000);
});
