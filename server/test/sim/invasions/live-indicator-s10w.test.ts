import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_DAY } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { ruleset, roomSim, inEveryRuleset, arriveLive, endInvasionLive, shownIndicator, stepHourRoll } from "./live-helpers.ts";

const TREASURE = 701, PORTAL = 0;

inEveryRuleset(() => {
  describe("the indicator while a party is inside, unspotted (INV-24, INV-83)", () => {
    it("INV-24 (Left open: the word it arrived under is kept, 0% on hover): the 2nd invasion arrives at 70% (Likely); for the next 50 ticks, while nobody has spotted it, the indicator keeps Likely with a 0% chance, though no other invasion can arrive meanwhile; none starts", () => {
      const sim = roomSim(1, { pauseOnSpot: false });
      arriveLive(sim, 1, 9, [1, PORTAL]);
      endInvasionLive(sim);
      for (let h = 1; h <= 20; h++) stepHourRoll(sim, 100);
      const arrival = stepHourRoll(sim, 70, [TREASURE, 2, 50, 1, 76, PORTAL]);
      const party = sim.state.parties[sim.state.invasion.partyId]!;
      expect(arrival.events.filter((e) => e.type === "invasionStarted").length).toBe(1);
      const shown: [string, number][] = [];
      for (let t = 0; t < 50; t++) {
        expect(sim.step().filter((e) => e.type === "invasionStarted" || e.type === "partySpotted")).toEqual([]);
        expect(party.spotted).toBe(false);
        shown.push(shownIndicator(sim));
      }
      expect(new Set(shown.map((s) => s.join(" ")))).toEqual(new Set(["Likely 0"]));
      expect([sim.state.invasion.lastWord, sim.state.invasion.partyId]).toEqual(["Likely", party.id]);
    });
  });

  describe("water-only portals (INV-27, INV-08, INV-09, DOOR-49)", () => {
    it("INV-27 (water breaks the walking path): a map whose only portal reaches the Sanctum across a band of water sees no invasion in three days (invasions stopped, Calm 0%), though adventurers could swim it", () => {
      const wet = ["##########", "P...~...S#", "#K..~....#", "##########"].join("\n");
      const sim = Simulation.create({ seed: 1, ruleset: ruleset(), map: parseMap("wet", wet), pauseOnSpot: false });
      let started = 0;
      for (let t = 0; t < 3 * TICKS_PER_GAME_DAY; t++) started += sim.step().filter((e) => e.type === "invasionStarted").length;
      expect([started, sim.state.invasion.stopped, shownIndicator(sim), sim.state.invasion.partyId]).toEqual([0, true, ["Calm", 0], ""]);
    });
  });
});
