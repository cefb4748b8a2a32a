import { describe, expect, it } from "vitest";
import { roomSim, inEveryRuleset, arriveLive, endInvasionLive, shownIndicator, stepHourRoll } from "./live-helpers.ts";

/**
 * Audit a8-w8202 of issue 17: INV-11 ("after an invasion ends, every hour gives a chance that the
 * next invasion arrives") in a middle hour of the limit, both sides of its chance, in every
 * ruleset's room: the 1st invasion (1 peasant) arrives and ends on game day 9 through `sim.step()`
 * (a 30-hour limit from day 7), then each hour's arrival d100 is forced on the tick the schedule
 * rolls it (live-helpers.ts `stepHourRoll`, which reports whether it was drawn).
 */

/** A default-map dungeon whose 1st invasion arrived and ended on day 9, with hours 1 to 9 of the limit rolled (d100 100 each, every one drawn, none arriving). */
function tenthHour(): ReturnType<typeof roomSim> {
  const sim = roomSim(1, { pauseOnSpot: false });
  arriveLive(sim, 1, 9, [1, 0]);
  endInvasionLive(sim);
  for (let h = 1; h <= 9; h++) {
    const r = stepHourRoll(sim, 100);
    expect([h, r.drew, r.events.filter((e) => e.type === "invasionStarted")]).toEqual([h, true, []]);
  }
  return sim;
}

inEveryRuleset(() => {
  describe("a middle hour of the limit (INV-11)", () => {
    it("INV-11: in hour 10 of 30 the chance is 33%: its d100 of 33 brings the 2nd invasion on that hour's first tick; 34 does not, and hour 11 (37%) rolls again: 37 brings it", () => {
      const a = tenthHour();
      expect(shownIndicator(a)).toEqual(["Possible", 30]); // hour 9 of the limit, rolled
      const hit = stepHourRoll(a, 33);
      expect([hit.drew, hit.events.filter((e) => e.type === "invasionStarted").map((e) => e.type === "invasionStarted" && e.invasionNumber)]).toEqual([true, [2]]);

      const b = tenthHour();
      const miss = stepHourRoll(b, 34);
      expect([miss.drew, miss.events.filter((e) => e.type === "invasionStarted"), shownIndicator(b)]).toEqual([true, [], ["Possible", 33]]);
      const next = stepHourRoll(b, 37);
      expect([next.drew, next.events.filter((e) => e.type === "invasionStarted").map((e) => e.type === "invasionStarted" && e.invasionNumber)]).toEqual([true, [2]]);
    });
  });
});
