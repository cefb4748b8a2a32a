import { describe, expect, it } from "vitest";
import { measureBandwidth } from "../../bench/bandwidth.ts";

describe("server/bench/bandwidth.ts", () => {
  it("with a building keeper, every part placed shows in the patches (one TrapPart.kindCode each) and never as a partPlaced event (it repeats the state: spectators are not sent it); without, no part", () => {
    const idle = measureBandwidth(1000, 300);
    const building = measureBandwidth(1000, 300, 10);
    const line = (r: typeof idle, list: "fields" | "events", what: string) => r[list].find((l) => l.what === what);
    expect(line(idle, "fields", "TrapPart.kindCode")).toBeUndefined();
    expect(line(idle, "events", "partPlaced")).toBeUndefined();
    expect(line(building, "events", "partPlaced")).toBeUndefined();
    const placed = line(building, "fields", "TrapPart.kindCode")?.changes ?? 0;
    expect(line(building, "fields", "DungeonState.parts[]")?.changes).toBe(placed);
    // One placement every 10 steps from the first step, while the invasion lasts.
    expect(placed).toBe(Math.ceil((building.seconds * 10) / 10));
    expect(building.patchBytesPerSecond).toBeGreaterThan(idle.patchBytesPerSecond);
  }, 120_000);
});
