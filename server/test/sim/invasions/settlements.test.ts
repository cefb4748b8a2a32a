import { describe, expect, it } from "vitest";
import {
  FUGITIVE_EVERY_DAYS, FUGITIVE_FIRST_DAY, FUGITIVE_HOUR, RAID_METAL, SETTLEMENTS, TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, partyCurveRow,
} from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectMap, projectState } from "../../../src/rooms/projection.ts";
import type { Actor, Simulation } from "../../../src/sim/index.ts";
import { inEveryRuleset, roomSim } from "./live-helpers.ts";

const D = TICKS_PER_GAME_DAY;
const H = TICKS_PER_GAME_HOUR;
const KEEPER: Actor = { kind: "keeper", seatId: "k1" };

/** A default-map dungeon with no scheduled invasion and no pause on spotting (the raids' answers are the only parties). */
function dungeon(seed: number): Simulation {
  const sim = roomSim(seed, { pauseOnSpot: false });
  sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
  return sim;
}

const step = (sim: Simulation, n = 1) => { const out: ReturnType<Simulation["step"]> = []; for (let i = 0; i < n; i++) out.push(...sim.step()); return out; };
const partyOf = (sim: Simulation) => sim.state.parties[sim.state.invasion.partyId];
const members = (sim: Simulation) => (partyOf(sim)?.memberIds ?? []).map((id) => sim.state.units[id]!);
const pick = (events: ReturnType<Simulation["step"]>, ...types: string[]) =>
  events.filter((e) => types.includes(e.type)).map((e) => ({ type: e.type, detail: (e as { detail?: string }).detail, amount: (e as { amount?: number }).amount }));

inEveryRuleset(() => {
  describe("settlements of the Surface (live: the keeper's raidSettlement command)", () => {
    it("INV-32, INV-33: the Surface holds a village and an evil camp, projected to clients from the start and after a raid", () => {
      expect(SETTLEMENTS.map((s) => `${s.id}:${s.kind}`)).toEqual(["lowford:village", "blackfang:camp"]);
      const sim = dungeon(1);
      const state = new DungeonState();
      projectMap(state, sim.state);
      projectState(state, sim, 1);
      const seen = () => [...state.settlements.values()].map((s) => [s.id, s.name, s.kind, s.hostile, s.raidedTick]);
      expect(seen()).toEqual([["lowford", "Lowford", "village", false, -1], ["blackfang", "Blackfang camp", "camp", false, -1]]);
      expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: "atlantis" })).toMatchObject({ ok: false, code: "UNKNOWN_SETTLEMENT", rule: "INV-32" });
      step(sim, 4);
      expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: "blackfang" })).toEqual({ ok: true });
      projectState(state, sim, 1);
      expect(seen()).toEqual([["lowford", "Lowford", "village", false, -1], ["blackfang", "Blackfang camp", "camp", true, 4]]);
    });

    it("INV-32, INV-34, INV-35: raiding the village brings back 2 metal; its punitive expedition replaces the next invasion and sets out at once, on day 1, without the hourly chance", () => {
      const sim = dungeon(31);
      step(sim, 10);
      const metal = sim.state.metal;
      expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: "lowford" })).toEqual({ ok: true });
      expect(RAID_METAL).toBe(2);
      expect(sim.state.metal).toBe(metal + 2);
      expect(sim.state.settlements?.lowford).toEqual({ id: "lowford", name: "Lowford", kind: "village", hostile: false, raidedTick: 10 });
      expect(sim.state.invasion.pending).toEqual([{ kind: "punitive", source: "lowford" }]);
      // A second raid before the expedition sets out is refused.
      expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: "lowford" })).toMatchObject({ ok: false, code: "EXPEDITION_PENDING" });
      expect(sim.state.invasion.partyId).toBe("");
      const raid = step(sim); // the next schedule run: it sets out at once (day 1, when no invasion can come by the hour)
      expect(pick(raid, "settlementRaided", "specialInvasionQueued")).toEqual([
        { type: "settlementRaided", detail: "lowford", amount: 2 },
        { type: "specialInvasionQueued", detail: "punitive", amount: 0 },
      ]);
      expect(sim.state.tick).toBe(11);
      const party = partyOf(sim);
      // INV-59: sized like the invasion it replaces, the 1st: one level-0 member.
      expect([party?.kind, party?.invasionNumber, sim.state.invasion.count, members(sim).map((m) => m.level)]).toEqual(["punitive", 1, 1, [0]]);
      expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: "lowford" })).toEqual({ ok: true }); // it set out: the village may be raided again
    });

    it("INV-33, INV-36, INV-37, INV-59 to INV-62: raiding the camp turns it Hostile; its warriors wait for the invasion in the dungeon to end, then come sized like the 3rd invasion of day 3, all Warriors of level 1 or more; a new time limit starts when they are gone", () => {
      const sim = dungeon(33);
      sim.state.tick = 2 * D; // day 3 begins
      sim.state.invasion.count = 1;
      sim.state.invasion.dueTick = 2 * D + 1; // the 2nd invasion arrives
      step(sim, 2);
      const second = partyOf(sim);
      expect(second?.invasionNumber).toBe(2);
      expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: "blackfang" })).toEqual({ ok: true });
      expect(sim.state.settlements?.blackfang?.hostile).toBe(true);
      step(sim);
      step(sim, 5);
      expect(partyOf(sim)?.id).toBe(second?.id); // INV-36: it waits
      for (const m of members(sim)) m.activity = "left"; // the 2nd party leaves the map
      const out = step(sim, 2);
      const camp = partyOf(sim);
      const size = Math.max(2, partyCurveRow(3).members);
      expect(out.filter((e) => e.type === "invasionEnded")).toHaveLength(1);
      expect([camp?.kind, camp?.invasionNumber, members(sim).length]).toEqual(["camp", 3, size]); // INV-59, INV-60
      expect(members(sim).every((m) => m.adventurerClass === "Warrior" && m.level >= 1 && m.faction === "camp")).toBe(true); // INV-60 to INV-62
      for (const m of members(sim)) m.activity = "left";
      const gone = step(sim);
      const endTick = gone.find((e) => e.type === "invasionEnded")?.tick;
      expect(endTick).toBeDefined();
      expect([sim.state.invasion.limitStartTick, sim.state.invasion.limitHours]).toEqual([endTick, 44]); // INV-37: the limit of day 3, when they were gone (INV-16)
    });

    it(`INV-50, INV-51: at ${FUGITIVE_HOUR}:00 on day ${FUGITIVE_FIRST_DAY} a fugitive from Lowford asks to hide (every ${FUGITIVE_EVERY_DAYS} days, the settlements in turn); admitted, its pursuers come as the next numbered invasion, the day's usual size`, () => {
      const sim = dungeon(50);
      sim.state.invasion.count = 2;
      sim.state.tick = FUGITIVE_FIRST_DAY * D - D + FUGITIVE_HOUR * H - 2;
      expect(pick(step(sim), "fugitiveAsks")).toEqual([]); // 11:59:54
      expect(pick(step(sim), "fugitiveAsks")).toEqual([{ type: "fugitiveAsks", detail: "Fugitive of Lowford", amount: 0 }]); // 12:00
      expect(sim.state.invasion.fugitiveOffer).toBe("Fugitive of Lowford");
      expect(sim.enqueue(KEEPER, { type: "answerFugitive", admit: true })).toMatchObject({ ok: true });
      step(sim);
      step(sim);
      const fugitive = Object.values(sim.state.units).find((u) => u.name === "Fugitive of Lowford");
      expect(fugitive?.faction).toBe("dungeon");
      const party = partyOf(sim);
      expect([party?.kind, party?.invasionNumber, members(sim).length]).toEqual(["pursuers", 3, Math.max(2, partyCurveRow(3).members)]);
      // The next one comes 3 days later, from the camp.
      sim.state.tick = (FUGITIVE_FIRST_DAY + FUGITIVE_EVERY_DAYS) * D - D + FUGITIVE_HOUR * H - 1;
      expect(pick(step(sim), "fugitiveAsks")).toEqual([{ type: "fugitiveAsks", detail: "Fugitive of Blackfang camp", amount: 0 }]);
    });

    it("INV-64, INV-65 (live): a raided settlement's party comes from it (its home settlement, shown in its Party tab once spotted); an ordinary 1st invasion comes from the edge of the Surface map (pursuers and mobs: live-settlements-s9r7.test.ts)", () => {
      const sim = dungeon(64);
      sim.state.invasion.dueTick = 11; // an ordinary 1st invasion
      step(sim, 11);
      const first = partyOf(sim)!;
      expect([first.invasionNumber, first.homeSettlement]).toEqual([1, undefined]); // INV-65
      for (const m of members(sim)) m.activity = "left";
      expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: "blackfang" })).toEqual({ ok: true });
      step(sim, 2);
      const camp = partyOf(sim)!;
      expect([camp.kind, camp.invasionNumber, camp.homeSettlement]).toEqual(["camp", 2, "blackfang"]); // INV-64
      camp.spotted = true;
      const state = new DungeonState();
      projectMap(state, sim.state);
      projectState(state, sim, 1);
      expect([state.parties.get(camp.id)?.kind, state.parties.get(camp.id)?.homeSettlement]).toEqual(["camp", "blackfang"]);
    });
  });
});

