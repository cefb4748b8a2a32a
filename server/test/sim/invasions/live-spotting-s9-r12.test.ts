import { describe, expect, it } from "vitest";
import { addUnit } from "../../../src/sim/world/units.ts";
import { inEveryRuleset, arriveLive, darkHall } from "./live-helpers.ts";

/*
 * Issue 17 audit s9-r12: INV-73 through Simulation.step() in every ruleset. The live path runs the
 * adventurers' decisions before the spotting check (systems.ts), and spot() looks at a member's
 * fight before the keeper's sight: a member that takes a minion next to it as its foe has its
 * party spotted "fight", by that minion, on that very tick.
 */
inEveryRuleset(() => {
  describe("the keeper spots a party by fighting it (INV-73)", () => {
    it("INV-73: in the dark hall (no keeper unit) the peasant stands unseen on the portal; a minion put next to it: on the next step the peasant takes it as its foe and the letter says how: \"fight\", spotted by the minion", () => {
      const sim = darkHall();
      const { party, members: [a] } = arriveLive(sim, 1, 3, [1, 0]);
      expect([party.spotted, a!.x, a!.y]).toEqual([false, 0, 1]);
      const m = addUnit(sim, { kind: "minion", x: 1, y: 1 });
      const ev = sim.step();
      expect([a!.targetId, party.spotted]).toEqual([m.id, true]);
      expect(ev.filter((e) => e.type === "partySpotted")).toMatchObject([{ partyId: party.id, spottedBy: m.id, how: "fight" }]);
    });
  });
});
