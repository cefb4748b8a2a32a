import { describe, expect, it } from "vitest";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { CARRY_GOLD, SALVAGE_METAL, STARTING_TREASURE, pyreMayBurn } from "../../../src/sim/invasions/loot.ts";
import { TICKS_PER_GAME_DAY, type SimEvent } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { projectMap, projectState } from "../../../src/rooms/projection.ts";
import { OPEN_MAP, makeParty, makeSim } from "../knowledge/helpers.ts";
import { run } from "../helpers.ts";
import { inEveryRuleset, ruleset } from "./live-helpers.ts";

/** The treasure at 18,1 in reach; the Master walled in at 12,3 (out of reach). */
const WALLED_MASTER = [
  "####################",
  "#.................S#",
  "#..........###.....#",
  "P..........#M#.....#",
  "#K.........###.....#",
  "####################",
].join("\n");

/** Steps until `pred` holds for an event or `max` ticks passed; returns all events. */
function runUntil(sim: Simulation, pred: (e: SimEvent) => boolean, max = 3000): SimEvent[] {
  const all: SimEvent[] = [];
  for (let i = 0; i < max; i++) {
    const evs = sim.step();
    all.push(...evs);
    if (evs.some(pred)) break;
  }
  return all;
}

inEveryRuleset(() => {
  describe("after the invasion (INV-03, INV-89 to INV-95)", () => {
    it("INV-89, INV-90: with the Master out of reach the party scatters to the treasure, each takes what it can carry (20 gold) and leaves", () => {
      const sim = Simulation.create({ seed: 4, ruleset: ruleset(), map: parseMap("walled", WALLED_MASTER), pauseOnSpot: false });
      sim.state.invasion.dueTick = 10_000_000;
      expect(sim.state.treasure).toEqual({ amount: STARTING_TREASURE, x: 18, y: 1 });
      const { party, members } = makeParty(sim, [[3, 3], [3, 1]]);
      sim.state.invasion.partyId = party.id;
      const events = runUntil(sim, (e) => e.type === "invasionEnded");
      expect(party.scattering).toBe(true);
      expect(events.filter((e) => e.type === "lootTaken").map((e) => (e as { amount: number }).amount)).toEqual([CARRY_GOLD, CARRY_GOLD]);
      expect(sim.state.treasure.amount).toBe(STARTING_TREASURE - 2 * CARRY_GOLD);
      expect(party.loot).toBe(2 * CARRY_GOLD);
      expect(members.map((m) => m.activity)).toEqual(["left", "left"]);
      expect(events.find((e) => e.type === "invasionEnded")).toMatchObject({ fates: { [members[0]!.id]: "escaped", [members[1]!.id]: "escaped" } });
    });

    it("INV-03, INV-89: a party that came for the Master loots the treasure once the Master is dead, then leaves", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset()); // no Master on this map: it is dead already
      sim.state.pauseOnSpot = false;
      const { party, members: [a] } = makeParty(sim, [[5, 5]]);
      party.goal = "killMaster";
      sim.state.invasion.partyId = party.id;
      const events = runUntil(sim, (e) => e.type === "invasionEnded");
      expect(events.filter((e) => e.type === "lootTaken")).toMatchObject([{ unitId: a!.id, amount: CARRY_GOLD }]);
      expect(a!.activity).toBe("left");
    });

    it("INV-91: a party that came to free prisoners frees them and leaves at once, taking no treasure", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      sim.state.pauseOnSpot = false;
      const prisoner = addUnit(sim, { kind: "adventurer", faction: "village", x: 12, y: 5, activity: "captured", partyId: "999" });
      sim.state.knowledge[prisoner.id] = { known: [], spot: { sensor: 2 }, block: {} };
      const { party, members: [a] } = makeParty(sim, [[5, 5]]);
      party.goal = "freePrisoners";
      sim.state.invasion.partyId = party.id;
      const events = runUntil(sim, (e) => e.type === "invasionEnded");
      expect(events.filter((e) => e.type === "prisonerFreed")).toMatchObject([{ unitId: prisoner.id, partyId: party.id }]);
      expect(events.some((e) => e.type === "lootTaken")).toBe(false);
      expect(sim.state.treasure.amount).toBe(STARTING_TREASURE);
      expect([a!.activity, prisoner.activity]).toEqual(["left", "left"]);
    });

    it("INV-92: the keeper's minions capture unconscious adventurers as prisoners", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      const { members: [a] } = makeParty(sim, [[6, 5]]);
      a!.activity = "unconscious";
      a!.wakeTick = 1_000_000;
      addUnit(sim, { kind: "minion", x: 9, y: 5 });
      const events = runUntil(sim, (e) => e.type === "captured", 600);
      expect(events.filter((e) => e.type === "captured")).toMatchObject([{ unitId: a!.id }]);
      expect(a!.activity).toBe("captured");
    });

    it("INV-93: a dead adventurer can be recovered at the salvager's table (the body goes, +2 metal); the living cannot", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      const { members: [dead, alive] } = makeParty(sim, [[6, 5], [7, 5]]);
      dead!.activity = "dead";
      const metal = sim.state.metal;
      expect(sim.apply({ type: "recoverBody", unitId: alive!.id })).toMatchObject({ ok: false, code: "NOT_A_DEAD_ADVENTURER", rule: "INV-93" });
      expect(sim.state.metal).toBe(metal);
      expect(sim.apply({ type: "recoverBody", unitId: dead!.id })).toEqual({ ok: true });
      expect(sim.state.units[dead!.id]).toBeUndefined();
      expect(sim.state.metal).toBe(metal + SALVAGE_METAL);
      expect(sim.drainEvents()).toMatchObject([{ type: "bodyRecovered", unitId: dead!.id, amount: SALVAGE_METAL }]);
    });

    it("INV-94: a dead adventurer left where it is (no recoverBody, no burnBody) stays there three game days, dead at 6,5 in the clients' state, though a Chores, a Trapping and a jobless minion work around it and no metal comes; only the keeper's recoverBody then takes it", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      const { members: [dead] } = makeParty(sim, [[6, 5]]);
      dead!.activity = "dead";
      for (const [job, x] of [["chores", 5], ["trapping", 7], [undefined, 8]] as const) addUnit(sim, { kind: "minion", ...(job ? { job } : {}), x, y: 4 });
      const metal = sim.state.metal;
      run(sim, 3 * TICKS_PER_GAME_DAY);
      expect([sim.state.units[dead!.id]?.activity, dead!.x, dead!.y, sim.state.metal]).toEqual(["dead", 6, 5, metal]);
      const state = new DungeonState();
      projectMap(state, sim.state);
      projectState(state, sim, 1);
      const seen = state.units.get(dead!.id);
      expect([seen?.state, seen?.x, seen?.y]).toEqual(["dead", 6, 5]);
      expect(sim.apply({ type: "recoverBody", unitId: dead!.id })).toEqual({ ok: true });
      expect([sim.state.units[dead!.id], sim.state.metal]).toEqual([undefined, metal + SALVAGE_METAL]);
    });

    it("INV-95: a pyre never burns an adventurer, dead or not; other dead units may burn", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      const { members: [a] } = makeParty(sim, [[6, 5]]);
      a!.activity = "dead";
      expect(pyreMayBurn(a!)).toBe(false);
      const minion = addUnit(sim, { kind: "minion", x: 3, y: 3, activity: "dead" });
      expect(pyreMayBurn(minion)).toBe(true);
      minion.activity = "idle";
      expect(pyreMayBurn(minion)).toBe(false);
    });

    it("INV-95 (live): the keeper's burnBody command burns a dead minion on the pyre, and is refused for a dead adventurer, who stays where it lies", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      const { members: [a] } = makeParty(sim, [[6, 5]]);
      a!.activity = "dead";
      const minion = addUnit(sim, { kind: "minion", x: 3, y: 3, activity: "dead" });
      const keeper = { kind: "keeper", seatId: "k1" } as const;
      sim.drainEvents();
      expect(sim.enqueue(keeper, { type: "burnBody", unitId: a!.id })).toEqual({ ok: false, code: "NOT_BURNABLE", reason: "a pyre never burns an adventurer", rule: "INV-95" });
      expect(sim.enqueue(keeper, { type: "burnBody", unitId: minion.id })).toEqual({ ok: true });
      expect(sim.step().filter((e) => e.type === "bodyBurned")).toEqual([{ type: "bodyBurned", unitId: minion.id, partyId: "", amount: 0, detail: "pyre", tick: 0 }]); // applied between steps, at tick 0
      expect([sim.state.units[minion.id], sim.state.units[a!.id]?.activity, a!.x, a!.y]).toEqual([undefined, "dead", 6, 5]);
      expect(sim.enqueue(keeper, { type: "burnBody", unitId: minion.id })).toMatchObject({ ok: false, code: "NOT_BURNABLE" });
    });
  });
});

