import { describe, expect, it } from "vitest";
import { inEveryRuleset, roomSim, arriveLive } from "./live-helpers.ts";

/*
 * Sweep s9 (issue 17), slice r2: INV-07 and INV-68 were checked with one member and an
 * inexact "x > 5" after 60 ticks. Here the 2nd invasion (two members) arrives through the live
 * schedule in a room of each ruleset: both stand on the same map-edge portal tile as one party on
 * the arrival tick, and then walk in on foot, never more than one tile a step, to exact tiles.
 */

const MASTER = 1, PORTAL = 0;

inEveryRuleset(() => {
  describe("arriving as a party, on foot (INV-07, INV-68)", () => {
    it("INV-07, INV-68: the 2nd invasion's two members appear together on the portal (0, 15) on the map's west edge, in one party, walking; each step moves them at most one tile, and 40 ticks later both are 8 tiles in, at (8, 15)", () => {
      const sim = roomSim(4, { pauseOnSpot: false });
      const a = arriveLive(sim, 2, 3, [MASTER, 2, 50, 95, 76, PORTAL]);
      expect([a.left, a.roster]).toEqual([0, ["Peasant:0", "Rogue:1"]]);
      expect(sim.state.map.portals).toEqual([{ x: 0, y: 15 }]);
      expect(a.party.portal).toEqual({ x: 0, y: 15 });
      expect(a.members.map((m) => [m.x, m.y, m.partyId, m.activity])).toEqual(a.members.map(() => [0, 15, a.party.id, "walking"]));
      expect(a.party.memberIds).toEqual(a.members.map((m) => m.id));
      const trail: string[][] = [];
      for (let i = 0; i < 40; i++) {
        const before = a.members.map((m) => [m.x, m.y] as const);
        sim.step();
        a.members.forEach((m, j) => expect(Math.max(Math.abs(m.x - before[j]![0]), Math.abs(m.y - before[j]![1]))).toBeLessThanOrEqual(1));
        trail.push(a.members.map((m) => `${m.x},${m.y}`));
      }
      expect(trail.at(-1)).toEqual(["8,15", "8,15"]);
    });
  });
});
