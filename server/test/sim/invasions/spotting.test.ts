import { afterEach, describe, expect, it, vi } from "vitest";
import { TICKS_PER_GAME_HOUR } from "@malignus/shared";
import { DungeonState } from "@malignus/shared/schema";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { choosePortal, startInvasion } from "../../../src/sim/invasions/party.ts";
import { spectralEyePosition, stepSpotting } from "../../../src/sim/invasions/spotting.ts";
import { stepMovement } from "../../../src/sim/world/movement.ts";
import { walkKnowing } from "../../../src/sim/knowledge/routing.ts";
import { gainCaution } from "../../../src/sim/knowledge/knowledge.ts";
import { projectMap, projectState } from "../../../src/rooms/projection.ts";
import { VIEW_RULES, lazyContext } from "../../../src/rooms/views.ts";
import { OPEN_MAP, makeParty, makeSim } from "../knowledge/helpers.ts";
import { run } from "../helpers.ts";
import { tileIndex } from "../../../src/sim/world/grid.ts";
import { ruleset, roomSim, inEveryRuleset, LAKE_MAP } from "./live-helpers.ts";

afterEach(() => { vi.restoreAllMocks(); });

/** An open map with a dark east half (columns 10 to 18). */
const DARK_EAST = [
  "####################",
  "#........,,,,,,,,,,#",
  "#........,,,,,,,,,,#",
  "#........,,,,,,,,,,#",
  "P........,,,,,,,,,,#",
  "#K.......,,,,,,,,,S#",
  "####################",
].join("\n");

inEveryRuleset(() => {
  describe("arrival (INV-07 to INV-09, INV-64 to INV-69)", () => {
    it("INV-07, INV-65, INV-68, INV-69: a party with no home settlement appears at a map-edge portal, walks in on foot, unseen at first", () => {
      const sim = roomSim(3);
      sim.state.tick = sim.state.invasion.dueTick - 1;
      const events = run(sim, 1);
      expect(events.filter((e) => e.type === "invasionStarted")).toHaveLength(1);
      const party = sim.state.parties[sim.state.invasion.partyId]!;
      expect(party.portal).toEqual({ x: 0, y: 15 });
      expect(party.homeSettlement).toBeUndefined(); // INV-65: from the map's edge
      for (const id of party.memberIds) expect([sim.state.units[id]!.x, sim.state.units[id]!.y]).toEqual([0, 15]);
      const later = run(sim, 40);
      const u = sim.state.units[party.memberIds[0]!]!;
      expect(u.x).toBeGreaterThan(5);
      expect(u.activity).toBe("walking");
      expect(later.some((e) => e.type === "partySpotted")).toBe(false);
      expect(party.spotted).toBe(false);
    });

    it("INV-08, INV-09: with a walking-path portal and a water portal, 80% of parties take the walking path (2,000 seeds, ±3%)", () => {
      let walking = 0;
      for (let seed = 0; seed < 2000; seed++) {
        const sim = Simulation.create({ seed, ruleset: ruleset(), map: parseMap("water", LAKE_MAP) });
        const p = choosePortal(sim);
        if (p.x === 0 && p.y === 3) walking++;
        else expect(p).toEqual({ x: 4, y: 0 });
      }
      expect(Math.abs(walking / 2000 - 0.8)).toBeLessThan(0.03);
    });
  });

  describe("spotting the party, the letter and the screen (INV-70 to INV-86)", () => {
    it("INV-04, INV-70, INV-71, INV-79, INV-80, INV-81: a minion seeing a member sends the letter (goal, each member's class, level, abilities) and pauses", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      const { party, members: [rogue, peasant] } = makeParty(sim, [[10, 5], [11, 5]], ["Rogue", "Peasant"]);
      party.goal = "stealTreasure";
      addUnit(sim, { kind: "minion", x: 14, y: 5 });
      stepSpotting(sim);
      const events = sim.drainEvents();
      expect(events.map((e) => e.type)).toEqual(["partySpotted", "paused"]);
      expect(events[0]).toMatchObject({
        type: "partySpotted", partyId: party.id, goal: "stealTreasure", how: "sight",
        members: [
          { unitId: rogue!.id, adventurerClass: "Rogue", level: 1, abilities: ["Trap Detection"] },
          { unitId: peasant!.id, adventurerClass: "Peasant", level: 0, abilities: [] },
        ],
      });
      expect(sim.state.paused).toBe(true);
    });

    it("INV-82: the game stays paused (no tick passes) until a keeper resumes", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      makeParty(sim, [[10, 5]]);
      addUnit(sim, { kind: "minion", x: 12, y: 5 });
      run(sim, 1);
      const tick = sim.state.tick;
      run(sim, 50);
      expect(sim.state.tick).toBe(tick);
      expect(sim.apply({ type: "resume" })).toEqual({ ok: true });
      run(sim, 5);
      expect(sim.state.tick).toBe(tick + 5);
    });

    it("INV-73: the keeper spots the party when fighting it", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      const { party, members: [a] } = makeParty(sim, [[3, 3]]);
      const m = addUnit(sim, { kind: "minion", x: 17, y: 9 });
      m.stats.tracking = 0; // sees 3 tiles only
      a!.targetId = m.id;
      stepSpotting(sim);
      expect(sim.drainEvents()[0]).toMatchObject({ type: "partySpotted", partyId: party.id, how: "fight" });
    });

    it("INV-75: the keeper spots the party when a member enters the Sanctum", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      const { party } = makeParty(sim, [[18, 10]]);
      stepSpotting(sim);
      expect(sim.drainEvents()[0]).toMatchObject({ type: "partySpotted", partyId: party.id, how: "sanctum" });
    });

    it("INV-76, INV-77, INV-78: a lit guard-post torch shows a party within 8 tiles, with no letter and no pause", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      const { party, members: [a] } = makeParty(sim, [[12, 5]]);
      const post = sim.apply({ type: "buildGuardPost", x: 3, y: 5 });
      expect(post.ok).toBe(true);
      stepSpotting(sim);
      expect(party.shown).toBe(false); // 9 tiles
      a!.x = 11;
      stepSpotting(sim);
      expect(party.shown).toBe(true);
      expect(party.spotted).toBe(false);
      expect(sim.state.paused).toBe(false);
      expect(sim.drainEvents()).toEqual([{ type: "partyShown", partyId: party.id, guardPostId: post.ok ? post.id : "", tick: 0 }]);
      expect(sim.apply({ type: "buildGuardPost", x: 3, y: 5 })).toMatchObject({ ok: false, code: "TILE_OCCUPIED" });
      expect(sim.apply({ type: "buildGuardPost", x: 0, y: 0 })).toMatchObject({ ok: false, code: "NOT_FLOOR" });
    });

    it("INV-72, INV-85, INV-86: Ocular Scouts send a spectral eye to patrol the guard posts for 24 hours; it spots a party even in the dark", () => {
      const sim = Simulation.create({ seed: 1, ruleset: ruleset(), map: parseMap("dark", DARK_EAST) });
      sim.state.invasion.dueTick = 10_000_000;
      expect(sim.apply({ type: "ocularScouts" })).toMatchObject({ ok: false, code: "NO_GUARD_POST", rule: "INV-85" });
      const post = sim.apply({ type: "buildGuardPost", x: 12, y: 2 });
      sim.state.guardPosts[(post as { id: string }).id]!.lit = false; // no torch: only the eye sees
      expect(sim.apply({ type: "ocularScouts" })).toEqual({ ok: true });
      expect(spectralEyePosition(sim)).toEqual({ x: 12, y: 2 });
      const { party } = makeParty(sim, [[17, 4]]); // in the dark, 5 tiles from the eye
      stepSpotting(sim);
      expect(sim.drainEvents()[0]).toMatchObject({ type: "partySpotted", partyId: party.id, how: "spectralEye" });
      sim.state.tick = 24 * TICKS_PER_GAME_HOUR - 1;
      expect(spectralEyePosition(sim)).toEqual({ x: 12, y: 2 });
      sim.state.tick = 24 * TICKS_PER_GAME_HOUR;
      expect(spectralEyePosition(sim)).toBeNull();
    });

    it("INV-83, INV-84, INV-05, KNOW-50: once spotted, clients see In progress with the party id to go to, the party's goal and each member's Journal", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      sim.state.invasion.partyId = "";
      const party = startInvasion(sim);
      const a = sim.state.units[party.memberIds[0]!]!;
      sim.state.knowledge[a.id] = { known: ["77"], spot: { pressurePlate: 2 }, block: { dartLauncher: 1 } };
      const state = new DungeonState();
      projectMap(state, sim.state);
      projectState(state, sim, 1);
      expect(state.invasion.word).toBe("Calm");
      // Not spotted: nothing leaks to the keeper (the room's views filter the projected maps).
      const keeperSees = (collection: string, id: string) =>
        VIEW_RULES.find((r) => r.collection === collection)!.visible(lazyContext(sim), { kind: "keeper" }, id);
      expect([keeperSees("parties", party.id), keeperSees("journals", a.id)]).toEqual([false, false]);
      party.spotted = true;
      projectState(state, sim, 1);
      expect([keeperSees("parties", party.id), keeperSees("journals", a.id)]).toEqual([true, true]);
      expect([state.invasion.word, state.invasion.partyId]).toEqual(["In progress", party.id]);
      expect(state.units.get(a.id)?.x).toBe(party.portal.x);
      const info = state.parties.get(party.id)!;
      expect([info.goal, info.invasionNumber, [...info.memberIds]]).toEqual([party.goal, 1, party.memberIds]);
      const j = state.journals.get(a.id)!;
      expect([j.spotBonus.get("pressurePlate"), j.blockBonus.get("dartLauncher"), [...j.knownParts]]).toEqual([2, 1, ["77"]]);
    });
  });

  describe("scrying (INV-66, INV-67)", () => {
    it("INV-66, INV-67: the Master receives a charge a day at the scrying pool (at most 3) and spends one to see the party on its way", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      addUnit(sim, { kind: "master", x: 17, y: 10 });
      expect(sim.apply({ type: "scry" })).toMatchObject({ ok: false, code: "NO_SCRYING_CHARGE", rule: "INV-67" });
      run(sim, 2 * 24 * TICKS_PER_GAME_HOUR);
      expect(sim.state.invasion.scryingCharges ?? 0).toBe(0); // no pool, no charge
      expect(sim.apply({ type: "buildScryingPool", x: 16, y: 9 })).toEqual({ ok: true });
      run(sim, 5 * 24 * TICKS_PER_GAME_HOUR);
      expect(sim.state.invasion.scryingCharges).toBe(3);
      expect(sim.apply({ type: "scry" })).toMatchObject({ ok: false, code: "NO_PARTY_ON_ITS_WAY", rule: "INV-66" });
      const party = startInvasion(sim);
      sim.drainEvents();
      expect(sim.apply({ type: "scry" })).toEqual({ ok: true });
      expect(sim.state.invasion.scryingCharges).toBe(2);
      const ev = sim.drainEvents();
      expect(ev).toMatchObject([{ type: "partyScried", partyId: party.id, goal: party.goal, members: [{ adventurerClass: "Peasant", level: 0 }] }]);
      expect(sim.state.paused).toBe(false);
    });
  });

  describe("defending (INV-87, INV-88)", () => {
    it("INV-87: traps slow a party: once one fired, its Caution makes 10 tiles take 50 ticks instead of 40", () => {
      const times = [false, true].map((cautious) => {
        const sim = makeSim(OPEN_MAP, 7, ruleset());
        const { party, members: [a] } = makeParty(sim, [[2, 5]]);
        if (cautious) gainCaution(sim, party, 1);
        let t = 0;
        while (a!.x !== 12 && t < 200) { walkKnowing(sim, a!, { x: 12, y: 5 }, false); stepMovement(sim); t++; }
        return t;
      });
      expect(times).toEqual([40, 50]);
    });

    it("INV-88: the keeper's minions fight an invading party", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      const { members: [a] } = makeParty(sim, [[5, 5]]);
      const m = addUnit(sim, { kind: "minion", x: 6, y: 5 });
      sim.state.pauseOnSpot = false;
      const events = run(sim, 30);
      expect(events.some((e) => e.type === "attack" && e.attackerId === m.id && e.targetId === a!.id)).toBe(true);
    });
  });

  describe("indicator projection", () => {
    it("INV-25: the projected hourly chance matches the schedule", () => {
      const sim = makeSim(OPEN_MAP, 7, ruleset());
      sim.state.invasion = { ...sim.state.invasion, lastEndTick: 0, limitStartTick: 0, limitHours: 48, dueTick: -1 };
      sim.state.tick = 11 * TICKS_PER_GAME_HOUR + 1; // hour 12 of 48: 25%
      const state = new DungeonState();
      projectMap(state, sim.state);
      projectState(state, sim, 1);
      expect([state.invasion.hourlyChance, state.invasion.word]).toEqual([25, "Possible"]);
      expect(tileIndex(sim.state.map, 1, 1)).toBe(21);
    });
  });
});

