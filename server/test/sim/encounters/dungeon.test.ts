import { describe, expect, it } from "vitest";
import { replayedDungeon } from "../helpers.ts";

describe("d20 in the live dungeon", () => {
  it("D20-FLOW-01, D20-FLOW-26: a d20 dungeon plays its invasion fights as encounters, replayably (snapshot, restore, same hash)", () => {
    const { events } = replayedDungeon("d20");
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count("encounterStarted")).toBeGreaterThan(0);
    expect(count("encounterEnded")).toBeGreaterThan(0);
    expect(count("turnStarted")).toBeGreaterThan(count("encounterStarted"));
    expect(count("invasionEnded")).toBeGreaterThan(0);
  }, 120_000);
});
