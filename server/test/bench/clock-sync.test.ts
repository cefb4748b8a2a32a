import { describe, expect, it } from "vitest";
import { CLOCK_TICK_SYNC_TICKS, tickNeedsSync } from "../../src/rooms/projection.ts";
import { estimateTick } from "../../../client-sdk/src/clock.ts";

/** Issue 20 part 4: the clock's tick is synced once a game minute, and clients estimate between. */
describe("clock tick sync", () => {
  it("syncs the first tick, multiples of the interval, pauses and going back, not ticks in between", () => {
    expect(CLOCK_TICK_SYNC_TICKS).toBe(10);
    expect(tickNeedsSync(undefined, 0, false)).toBe(true);
    expect(tickNeedsSync(0, 0, false)).toBe(false);
    expect(tickNeedsSync(0, 1, false)).toBe(false);
    expect(tickNeedsSync(0, 9, false)).toBe(false);
    expect(tickNeedsSync(0, 10, false)).toBe(true);
    expect(tickNeedsSync(10, 23, false)).toBe(true); // a step of several ticks crossing 20
    expect(tickNeedsSync(10, 13, true)).toBe(true); // paused: exact
    expect(tickNeedsSync(13, 13, true)).toBe(false);
    expect(tickNeedsSync(15_000, 14_999, false)).toBe(true); // a seek back
    expect(tickNeedsSync(15_000, 15_050, false)).toBe(true); // timeScale 50: every step
  });

  it("a client estimates the ticks in between, capped before the next sync, exact when paused", () => {
    expect(estimateTick({ tick: 120, timeScale: 1, paused: false }, 0)).toBe(120);
    expect(estimateTick({ tick: 120, timeScale: 1, paused: false }, 450)).toBe(124);
    expect(estimateTick({ tick: 120, timeScale: 1, paused: false }, 5_000)).toBe(129);
    expect(estimateTick({ tick: 123, timeScale: 2, paused: false }, 200)).toBe(127);
    expect(estimateTick({ tick: 123, timeScale: 2, paused: true }, 5_000)).toBe(123);
    expect(() => estimateTick({ tick: 0, timeScale: 1, paused: false }, -1)).toThrow("msSinceSync must be a non-negative number, got -1");
  });
});
