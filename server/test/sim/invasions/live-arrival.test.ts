import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_DAY } from "@malignus/shared";
import type { Actor, Simulation } from "../../../src/sim/index.ts";
import { Simulation as Sim } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { inRoom, ruleset, roomSim, inEveryRuleset, LAKE_MAP, arriveLive, endInvasionLive, stepArrival } from "./live-helpers.ts";

/**
 * Arrival, portals, scrying and what does not change a party, as a live game runs them (INV-07
 * to INV-09, INV-63, INV-66 to INV-68): every party arrives through `sim.step()` with its dice
 * forced (goal 1..1000, the party tables, then the portal: on a map with both kinds of portal a
 * roll 1..1000, ≤ 800 a walking-path portal, then the pick among that kind).
 */

const D = TICKS_PER_GAME_DAY;
const KEEPER: Actor = { kind: "keeper", seatId: "k1" };

const lake = (): Simulation => Sim.create({ seed: 5, ruleset: ruleset(), map: parseMap("water", LAKE_MAP), pauseOnSpot: false });

inEveryRuleset(() => {
  describe("arrival (INV-07 to INV-09, INV-68)", () => {
    it("INV-07, INV-68: the party appears on a portal tile on the map's edge and walks in on foot", () => {
      const sim = roomSim(4, { pauseOnSpot: false });
      const { party, members: [a] } = arriveLive(sim, 1, 2, [1, 0]);
      expect([party.portal, a!.x, a!.y, a!.activity]).toEqual([{ x: 0, y: 15 }, 0, 15, "walking"]);
      for (let i = 0; i < 60; i++) sim.step();
      expect([a!.x > 5, a!.y, a!.activity]).toEqual([true, 15, "walking"]);
    });

    it("INV-08, INV-09: with a walking-path portal and a water portal, a portal roll of 1–800 (80%) takes the walking path, 801–1000 the water portal", () => {
      const portal = (roll: number) => arriveLive(lake(), 1, 2, [1, roll, 0]).party.portal;
      expect([portal(1), portal(800), portal(801), portal(1000)]).toEqual([{ x: 0, y: 3 }, { x: 0, y: 3 }, { x: 4, y: 0 }, { x: 4, y: 0 }]);
    });

    it("INV-09: a party from the water portal crosses the water: its member swims to the dry floor", () => {
      const sim = lake();
      const { members: [a] } = arriveLive(sim, 1, 2, [1, 801, 0]);
      const tiles: string[] = [];
      for (let i = 0; i < 200 && a!.y < 2; i++) { sim.step(); tiles.push(sim.state.map.tiles[a!.y * sim.state.map.width + a!.x]!); }
      expect(tiles).toContain("~");
      expect(a!.y).toBe(2);
    });
  });

  describe("scrying (INV-66, INV-67)", () => {
    it("INV-66, INV-67: with a scrying pool the living Master gets a charge each game day (at most 3); one shows the party that arrived, still unseen, with its goal and members", () => {
      const sim = roomSim(6, { pauseOnSpot: false });
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      expect(sim.enqueue(KEEPER, { type: "scry" })).toMatchObject({ ok: false, code: "NO_SCRYING_CHARGE", rule: "INV-67" });
      expect(sim.enqueue(KEEPER, { type: "buildScryingPool", x: 16, y: 12 })).toEqual({ ok: true });
      for (let i = 0; i < D; i++) sim.step();
      expect(sim.state.invasion.scryingCharges).toBe(1);
      for (let i = 0; i < 4 * D; i++) sim.step();
      expect(sim.state.invasion.scryingCharges).toBe(3);
      expect(sim.enqueue(KEEPER, { type: "scry" })).toMatchObject({ ok: false, code: "NO_PARTY_ON_ITS_WAY", rule: "INV-66" });
      // The 2nd invasion on day 6: the treasure (701), size 2, level dice 1 and 100 (day 6: levels 0 and 1), class die 91 (Priest).
      const { party, members } = arriveLive(sim, 2, 6, [701, 2, 1, 100, 91, 0]);
      expect(sim.enqueue(KEEPER, { type: "scry" })).toEqual({ ok: true });
      const scried = sim.step().filter((e) => e.type === "partyScried");
      expect(scried).toMatchObject([{ partyId: party.id, goal: "stealTreasure", members: [
        { unitId: members[0]!.id, adventurerClass: "Peasant", level: 0, abilities: [] },
        { unitId: members[1]!.id, level: 1, ...inRoom({ adventurerClass: "Priest", abilities: ["Healing"] }, { adventurerClass: "Warlock", abilities: ["Imp Binder"] }) },
      ] }]);
      expect([sim.state.invasion.scryingCharges, sim.state.paused, party.spotted]).toEqual([2, false, false]);
    });
  });

  describe("what does not change a party (INV-63)", () => {
    it("INV-63: treasure, rooms and raids do not change a party: after a raid and its punitive expedition, or with 10,000 gold and a lair, the same dice give the 6th invasion of day 20 the same members", () => {
      const dice = [1, 126, 1, 16, 51, 81, 100, 201, 0, 81, 1, 31, 46, 76, 91, 30, 0];
      const plain = arriveLive(roomSim(9, { pauseOnSpot: false }), 6, 20, dice);
      const rich = roomSim(9, { pauseOnSpot: false });
      rich.state.treasure.amount = 10_000;
      expect(rich.enqueue(KEEPER, { type: "buildLair", x: 13, y: 16, width: 3, height: 2 })).toMatchObject({ ok: true }); // a room of the keeper's
      const raided = roomSim(9, { pauseOnSpot: false });
      raided.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      raided.state.invasion.count = 4;
      raided.state.tick = 19 * D;
      expect(raided.enqueue(KEEPER, { type: "raidSettlement", settlementId: "lowford" })).toEqual({ ok: true });
      const expedition = stepArrival(raided, [1, 1, 1, 1, 1, 1, 401, 1, 1, 1, 1, 1, 0]); // the 5th invasion: a punitive expedition
      expect([expedition.party.kind, expedition.party.invasionNumber]).toEqual(["punitive", 5]);
      endInvasionLive(raided);
      const after = [arriveLive(rich, 6, 20, dice), arriveLive(raided, 6, 20, dice)];
      expect(after.map((a) => [a.left, a.roster])).toEqual([[0, plain.roster], [0, plain.roster]]);
      expect(plain.roster).toEqual(inRoom(["Warrior:1", "Scout:2", "Cartographer:3", "Rogue:4", "Priest:4", "Warrior:4"], ["Warrior:1", "Warlock:2", "Cartographer:3", "Rogue:4", "Hunter:4", "Warrior:4"]));
    });
  });
});

