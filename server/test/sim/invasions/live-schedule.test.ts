import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { ruleset, roomSim, inEveryRuleset, arriveLive, endInvasionLive, shownIndicator, stepHourRoll } from "./live-helpers.ts";

/**
 * The invasion schedule and its indicator as a live game runs them (INV-10 to INV-31): every
 * invasion ends and arrives through `sim.step()`; the hour's arrival roll (a d100 against the
 * hourly chance) is forced on the tick the schedule rolls it; the indicator is read as a client
 * receives it (the projected `invasion.word` and `invasion.hourlyChance`).
 */

const D = TICKS_PER_GAME_DAY;
const H = TICKS_PER_GAME_HOUR;

/** A default-map dungeon whose 1st invasion (1 peasant) arrived and ended on game day `day`; returns it and the end tick. */
function endedOn(day: number, seed = 1): { sim: Simulation; end: number } {
  const sim = roomSim(seed, { pauseOnSpot: false });
  arriveLive(sim, 1, day, [1, 0]);
  const end = endInvasionLive(sim);
  return { sim, end };
}

/** Rolls `hours` hours of the limit with the d100 forced to 100 (no arrival below 100%); returns the indicator after each roll. */
function quietHours(sim: Simulation, hours: number): [string, number][] {
  const shown: [string, number][] = [];
  for (let h = 0; h < hours; h++) {
    const r = stepHourRoll(sim, 100);
    expect(r.events.filter((e) => e.type === "invasionStarted")).toEqual([]);
    shown.push(shownIndicator(sim));
  }
  return shown;
}

inEveryRuleset(() => {
  describe("the first invasion (INV-10, INV-23)", () => {
    it("INV-10, INV-23: a new dungeon shows Calm (0%) at every hour of day 1; its first invasion arrives on day 2, on the hour, at an hour that differs between seeds", () => {
      const hours: number[] = [];
      for (const seed of [1, 2, 3, 4, 5]) {
        const sim = roomSim(seed, { pauseOnSpot: false });
        for (let h = 0; h < 24; h++) {
          for (let i = 0; i < H; i++) expect(sim.step().filter((e) => e.type === "invasionStarted")).toEqual([]);
          if (sim.state.tick < D) expect(shownIndicator(sim)).toEqual(["Calm", 0]);
        }
        let arrival = -1;
        while (arrival < 0 && sim.state.tick < 3 * D) for (const e of sim.step()) if (e.type === "invasionStarted") arrival = e.tick;
        expect(Math.floor(arrival / D) + 1).toBe(2);
        expect(arrival % H).toBe(0);
        hours.push((arrival - D) / H);
      }
      expect(new Set(hours).size).toBeGreaterThan(1);
    });
  });

  describe("after an invasion ends (INV-11 to INV-22, INV-25)", () => {
    it("INV-14, INV-16, INV-17, INV-18: the limit starts on the end tick: 48 h after day 2, 44/41/37/34 h after days 3 to 6, 30 h from day 7", () => {
      const limits = [2, 3, 4, 5, 6, 7, 8, 12].map((day) => {
        const { sim, end } = endedOn(day);
        expect(sim.state.invasion.limitStartTick).toBe(end);
        return sim.state.invasion.limitHours;
      });
      expect(limits).toEqual([48, 44, 41, 37, 34, 30, 30, 30]);
      // While the invasion is in the dungeon, no limit runs.
      const sim = roomSim(1, { pauseOnSpot: false });
      arriveLive(sim, 1, 5, [1, 0]);
      expect([sim.state.invasion.limitStartTick, sim.state.invasion.limitHours]).toEqual([-1, 0]);
    });

    it("INV-11, INV-12, INV-20, INV-21, INV-22, INV-25: each hour rolls h/30 after day 9 (3, 7, 10, 13 …%), rising every hour; clients see the % and its word", () => {
      const { sim } = endedOn(9);
      expect(shownIndicator(sim)).toEqual(["Unlikely", 3]); // hour 1 begins on the end tick itself
      const shown = quietHours(sim, 29);
      expect(shown.slice(0, 4)).toEqual([["Unlikely", 3], ["Unlikely", 7], ["Unlikely", 10], ["Unlikely", 13]]);
      // Every hour of the 30 rises: hour h shows h/30 rounded (INV-12), 3% at hour 1 up to 97% at hour 29.
      expect(shown.map(([, c]) => c)).toEqual([3, 7, 10, 13, 17, 20, 23, 27, 30, 33, 37, 40, 43, 47, 50, 53, 57, 60, 63, 67, 70, 73, 77, 80, 83, 87, 90, 93, 97]);
      // The words from lowest to highest: Unlikely (< 25%), Possible (< 50%), Likely (< 75%), Imminent.
      expect([shown[6], shown[7], shown[14], shown[21], shown[22], shown[28]]).toEqual([
        ["Unlikely", 23], ["Possible", 27], ["Likely", 50], ["Likely", 73], ["Imminent", 77], ["Imminent", 97]]);
    });

    it("INV-13: the next invasion can arrive in the very first hour after the end: a d100 of 3 (≤ 3%) brings it on the first tick after the end, 4 does not", () => {
      const a = endedOn(9);
      const first = stepHourRoll(a.sim, 3);
      expect([first.drew, first.tick]).toEqual([true, a.end + 1]);
      expect(first.events.filter((e) => e.type === "invasionStarted")).toMatchObject([{ invasionNumber: 2 }]);
      const b = endedOn(9);
      const none = stepHourRoll(b.sim, 4);
      expect([none.drew, none.events.filter((e) => e.type === "invasionStarted")]).toEqual([true, []]);
    });

    it("INV-15, INV-19: when the limit runs out (hour 30 of 30) the chance is 100%: the invasion arrives with no die drawn, never later", () => {
      const { sim, end } = endedOn(9);
      expect(quietHours(sim, 29).at(-1)).toEqual(["Imminent", 97]);
      // 1000 is no d100 (the scripted dice throw outside 1..100): no hourly die is drawn, and the
      // 1000 becomes the arriving party's goal die (an altar; there is none, so the Master, INV-06).
      const last = stepHourRoll(sim, 1000);
      expect(last.tick).toBe(end + 29 * H + 1);
      expect(last.events.filter((e) => e.type === "invasionStarted")).toMatchObject([{ invasionNumber: 2 }]);
    });
  });

  describe("stopped invasions (INV-24, INV-26 to INV-31)", () => {
    it("INV-26, INV-24: during a Storm Rite no invasion arrives, even on a d100 of 1, and the indicator shows Calm (0%)", () => {
      const { sim } = endedOn(9);
      expect(sim.apply({ type: "stormRite", hours: 100 })).toEqual({ ok: true });
      for (let h = 1; h <= 60; h++) {
        const r = stepHourRoll(sim, 1);
        expect([r.drew, r.events.filter((e) => e.type === "invasionStarted").length]).toEqual([false, 0]);
        expect(shownIndicator(sim)).toEqual(["Calm", 0]);
      }
    });

    it("INV-28: during a Storm Rite the time limit keeps counting down: after a 10-hour rite, hour 11 of 30 rolls 37%", () => {
      const { sim, end } = endedOn(9);
      sim.apply({ type: "stormRite", hours: 10 });
      for (let h = 1; h <= 10; h++) expect(stepHourRoll(sim, 1).drew).toBe(false);
      const eleventh = stepHourRoll(sim, 38);
      expect([eleventh.drew, eleventh.tick, eleventh.events.filter((e) => e.type === "invasionStarted").length]).toEqual([true, end + 10 * H + 1, 0]);
      expect(shownIndicator(sim)).toEqual(["Possible", 37]);
      expect(sim.state.invasion.limitStartTick).toBe(end);
    });

    it("INV-19, INV-29, INV-30, INV-31: a limit that runs out during a rite brings no invasion (the 'unless' of INV-19: no arrival at 100%, even on a d100 of 1); a new 30-hour limit starts at once; after the rite its chance is low again (hour 6: 20%)", () => {
      const { sim, end } = endedOn(9);
      sim.apply({ type: "stormRite", hours: 35 });
      for (let h = 1; h <= 35; h++) {
        const r = stepHourRoll(sim, 1);
        expect(r.events.filter((e) => e.type === "invasionStarted")).toEqual([]);
        if (h === 31) expect([sim.state.invasion.limitStartTick, sim.state.invasion.limitHours]).toEqual([end + 30 * H, 30]);
      }
      const after = stepHourRoll(sim, 21);
      expect([after.drew, after.tick, after.events.filter((e) => e.type === "invasionStarted").length]).toEqual([true, end + 35 * H + 1, 0]);
      expect(shownIndicator(sim)).toEqual(["Unlikely", 20]);
    });

    it("INV-27: no invasion arrives while no walking path leads from the map edge to the Sanctum; once the keeper digs one, it comes", () => {
      const shut = ["##########", "P....#..S#", "#K...#...#", "##########"].join("\n");
      const sim = Simulation.create({ seed: 1, ruleset: ruleset(), map: parseMap("shut", shut), pauseOnSpot: false });
      const due = sim.state.invasion.dueTick;
      let started = 0;
      for (let t = 0; t < 3 * D; t++) started += sim.step().filter((e) => e.type === "invasionStarted").length;
      expect([started, sim.state.invasion.stopped, shownIndicator(sim)]).toEqual([0, true, ["Calm", 0]]);
      expect([sim.state.tick, due >= D && due < 2 * D]).toEqual([3 * D, true]); // day 2's due hour went by with no arrival
      expect(sim.apply({ type: "dig", x: 5, y: 1 })).toEqual({ ok: true });
      for (let t = 0; t <= H && started === 0; t++) started += sim.step().filter((e) => e.type === "invasionStarted").length;
      expect(started).toBe(1);
      expect(sim.state.tick % H).toBe(0); // on the next hour's check
    });
  });
});

