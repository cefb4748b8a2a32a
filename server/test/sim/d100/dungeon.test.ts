import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/index.ts";
import { defaultSim, run } from "../helpers.ts";

describe("d100 in the live dungeon", () => {
  it("P100-BASE-04, P100-BASE-14: a d100 dungeon plays its invasion fights as encounters with hit points, replayably (snapshot, restore, same hash)", () => {
    const ticks = 2 * 14_400 + 6_000;
    const straight = defaultSim(7, { ruleset: "d100", pauseOnSpot: false });
    const first = defaultSim(7, { ruleset: "d100", pauseOnSpot: false });
    const events = run(straight, ticks);
    run(first, ticks / 2);
    const restored = Simulation.restore(JSON.parse(JSON.stringify(first.snapshot())));
    expect(restored.hash()).toBe(first.hash());
    run(restored, ticks / 2);
    expect(restored.hash()).toBe(straight.hash());
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count("encounterStarted")).toBeGreaterThan(0);
    expect(count("encounterEnded")).toBeGreaterThan(0);
    expect(count("turnStarted")).toBeGreaterThan(count("encounterStarted"));
    expect(count("damaged")).toBeGreaterThan(0);
    expect(count("invasionEnded")).toBeGreaterThan(0);
    expect(Object.values(straight.state.units).every((u) => u.d100 !== undefined)).toBe(true);
  });
});
