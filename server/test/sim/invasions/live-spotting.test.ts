import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_HOUR, type SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { VIEW_RULES, lazyContext } from "../../../src/rooms/views.ts";
import { DungeonState } from "@malignus/shared/schema";
import { projectMap, projectState } from "../../../src/rooms/projection.ts";
import { placeBuilt, wire } from "../traps/helpers.ts";
import { ruleset, roomSim, inEveryRuleset, DARK_HALL_MAP, arriveLive, darkHall, endInvasionLive, shownIndicator, stepHourRoll, stepUntil } from "./live-helpers.ts";

/**
 * Spotting a party, the arrival letter and the indicator as a live game runs them (INV-04,
 * INV-70 to INV-84, INV-87): the party arrives through the live schedule with its dice forced and
 * walks in on its own; the keeper learns of it from the `partySpotted` event (the letter) and the
 * projected state, as a client does.
 */

const H = TICKS_PER_GAME_HOUR;
const TREASURE = 701, NO_MOB = 126, PORTAL = 0;

/** The events of type `type` among `events`. */
const only = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);

inEveryRuleset(() => {
  describe("the letter and the pause (INV-04, INV-70, INV-71, INV-79 to INV-84)", () => {
    it("INV-04, INV-70, INV-71, INV-79, INV-80, INV-81, INV-83: the 2nd invasion arrives at 70% (Likely), walks in; a minion sees it: the letter (goal, each member's class, level, abilities), the pause, then In progress", () => {
      const sim = roomSim(1); // pauseOnSpot: on (the default)
      arriveLive(sim, 1, 9, [1, PORTAL]);
      endInvasionLive(sim);
      sim.state.pauseOnSpot = true;
      const watcher = addUnit(sim, { kind: "minion", x: 16, y: 15 });
      for (let h = 1; h <= 20; h++) stepHourRoll(sim, 100);
      // Hour 21 of 30 (70%, Likely): a d100 of 70 brings the 2nd invasion: the treasure, 2 members (day 9 level dice 50 and 1: levels 1 and 0), a Rogue and a peasant.
      const arrival = stepHourRoll(sim, 70, [TREASURE, 2, 50, 1, 76, PORTAL]);
      const started = only(arrival.events, "invasionStarted");
      expect(started).toMatchObject([{ invasionNumber: 2, size: 2 }]);
      expect(only(arrival.events, "partySpotted")).toEqual([]); // INV-70: no letter on arrival, unseen
      const party = sim.state.parties[started[0]!.partyId]!;
      const [rogue, peasant] = party.memberIds.map((id) => sim.state.units[id]!);
      expect(shownIndicator(sim)).toEqual(["Likely", 0]); // INV-83: before spotting, the word it arrived under
      const events = stepUntil(sim, "partySpotted", 600);
      const letter = only(events, "partySpotted");
      expect(sim.state.tick - arrival.tick).toBe(53); // INV-70: the letter comes 53 ticks after the arrival, when the minion sees a member
      expect(letter).toEqual([{
        type: "partySpotted", tick: sim.state.tick, partyId: party.id, goal: "stealTreasure", spottedBy: watcher.id, how: "sight",
        members: [
          { unitId: rogue!.id, name: rogue!.name, adventurerClass: "Rogue", level: 1, abilities: ["Trap Detection"] },
          { unitId: peasant!.id, name: peasant!.name, adventurerClass: "Peasant", level: 0, abilities: [] },
        ],
      }]);
      expect(events.at(-1)?.type).toBe("paused");
      expect(sim.state.paused).toBe(true);
      expect(shownIndicator(sim)).toEqual(["In progress", 0]);
    });

    it("INV-82, INV-84: spotted, the game stays paused (the seats' clock shows paused) until a keeper resumes; the keeper's state carries the party id and where its members are (what clicking In progress needs)", () => {
      const sim = roomSim(2);
      addUnit(sim, { kind: "minion", x: 16, y: 15 });
      const { party, members } = arriveLive(sim, 1, 3, [TREASURE, PORTAL]);
      stepUntil(sim, "partySpotted", 600);
      const tick = sim.state.tick;
      for (let i = 0; i < 50; i++) expect(sim.step().filter((e) => e.type !== "paused")).toEqual([]);
      expect([sim.state.tick, sim.state.paused]).toEqual([tick, true]);
      const state = new DungeonState();
      projectMap(state, sim.state);
      projectState(state, sim, 1);
      const ctx = lazyContext(sim);
      const keeperSees = (collection: string, id: string) => VIEW_RULES.find((r) => r.collection === collection)!.visible(ctx, { kind: "keeper" }, id);
      expect([state.invasion.word, state.invasion.partyId, keeperSees("parties", party.id), state.clock.paused, state.clock.tick]).toEqual(["In progress", party.id, true, true, tick]);
      expect([...state.parties.get(party.id)!.memberIds]).toEqual([members[0]!.id]);
      expect(ctx.revealed.has(members[0]!.id)).toBe(true);
      expect([state.units.get(members[0]!.id)?.x, state.units.get(members[0]!.id)?.y]).toEqual([members[0]!.x, members[0]!.y]);
      expect(sim.apply({ type: "resume" })).toEqual({ ok: true });
      sim.step(); sim.step();
      expect(sim.state.tick).toBe(tick + 2);
      projectState(state, sim, 1);
      expect(state.clock.paused).toBe(false); // the seats see the clock running again
    });
  });

  describe("who sees the party (INV-71)", () => {
    it("INV-71: the Master, a minion or one of the keeper's creatures (a kobold) seeing a member spots the party: the letter names it", () => {
      const spotter = (marker: string) => {
        // The Master stands in the Sanctum (east end); a minion or a kobold in the hall.
        const row = marker === "M" ? "P...................M#" : `P........${marker}..........S#`;
        const map = ["######################", row, "#K..................S#", "######################"].join("\n");
        const sim = Simulation.create({ seed: 5, ruleset: ruleset(), map: parseMap("hall", map), pauseOnSpot: false });
        const watcher = Object.values(sim.state.units).find((u) => u.faction === "dungeon")!;
        const { party } = arriveLive(sim, 1, 2, [1, PORTAL]);
        const letter = only(stepUntil(sim, "partySpotted", 3000), "partySpotted");
        expect(letter).toMatchObject([{ partyId: party.id, how: "sight", spottedBy: watcher.id }]);
        return watcher.kind === "creature" ? watcher.species : watcher.kind;
      };
      expect(["M", "m", "k"].map(spotter)).toEqual(["master", "minion", "kobold"]);
    });
  });

  describe("other ways to spot a party (INV-73 to INV-75)", () => {
    // The dark hall of live-helpers.ts (DARK_HALL_MAP): no keeper unit unless a test adds one.

    it("INV-75: a member walking into the Sanctum spots the party, with no keeper unit anywhere", () => {
      const sim = darkHall();
      const { party, members } = arriveLive(sim, 1, 3, [1, PORTAL]);
      const events = stepUntil(sim, "partySpotted", 3000);
      expect(only(events, "partySpotted")).toMatchObject([{ partyId: party.id, how: "sanctum", spottedBy: members[0]!.id }]);
      expect(sim.state.map.tiles[members[0]!.y * sim.state.map.width + members[0]!.x]).toBe("S");
    });

    it("INV-74: a member setting off an alarm trap in the dark spots the party at once (trapFired, then partySpotted), before it reaches the Sanctum", () => {
      // A one-tile-wide hall: the plate cannot be walked around; the alarm stands in a niche.
      const narrow = DARK_HALL_MAP.split("\n").map((row, y) => (y === 2 ? "#K####,###############" : row)).join("\n");
      const sim = Simulation.create({ seed: 3, ruleset: ruleset(), map: parseMap("narrow", narrow), pauseOnSpot: false });
      const plate = placeBuilt(sim, "pressurePlate", 6, 1);
      const alarm = placeBuilt(sim, "alarmTrap", 6, 2);
      wire(sim, [6, 1], [6, 2]);
      const { party, members } = arriveLive(sim, 1, 1, [1, PORTAL]); // day 1: the new trap has not expired (2 days)
      const events = stepUntil(sim, "partySpotted", 3000);
      expect(only(events, "trapFired").map((e) => e.mechanismId)).toEqual([alarm]);
      expect(only(events, "partySpotted")).toMatchObject([{ partyId: party.id, how: "alarmTrap", spottedBy: alarm }]);
      expect([members[0]!.x, members[0]!.y]).toEqual([6, 1]);
      expect(plate).not.toBe(alarm);
    });

    it("INV-73: a member fighting the keeper's minion has the party spotted by the time of the fight; fighting a wild wolf out of the keeper's sight spots nothing", () => {
      // A wolf in the hall, no keeper unit: the peasant and the wolf fight, and the keeper learns nothing.
      const wild = Simulation.create({ seed: 3, ruleset: ruleset(), map: parseMap("wolf", DARK_HALL_MAP.replace("P,,,,,,,,", "P,,,,,,,w")), pauseOnSpot: false });
      const wolf = Object.values(wild.state.units).find((u) => u.faction === "wild")!;
      const { members: [peasant] } = arriveLive(wild, 1, 3, [1, PORTAL]);
      const fight = stepUntil(wild, "attack", 600);
      expect(only(fight, "attack").some((e) => e.attackerId === peasant!.id && e.targetId === wolf.id)).toBe(true);
      expect(only([...fight, ...stepUntil(wild, "partySpotted", 100)], "partySpotted")).toEqual([]);
      // A minion in its place: the letter comes first, then the member's blows on it.
      const sim = darkHall();
      const m = addUnit(sim, { kind: "minion", x: 8, y: 1 });
      const { party, members: [a] } = arriveLive(sim, 1, 3, [1, PORTAL]);
      const events = stepUntil(sim, "attack", 600);
      const spotted = events.findIndex((e) => e.type === "partySpotted");
      const firstBlow = events.findIndex((e) => e.type === "attack" && e.attackerId === a!.id && e.targetId === m.id);
      expect(only(events, "partySpotted")).toMatchObject([{ partyId: party.id }]);
      expect(spotted).toBeGreaterThanOrEqual(0);
      expect(spotted).toBeLessThan(firstBlow === -1 ? Infinity : firstBlow);
    });
  });

  describe("guard posts and the spectral eye (INV-72, INV-76 to INV-78, INV-85, INV-86)", () => {
    /** A dark two-tile hall (no keeper unit): the portal west, the Sanctum east, a guard post built at (14,2). */
    const DARK = [
      "######################",
      "P,,,,,,,,,,,,,,,,,,,S#",
      "#K,,,,,,,,,,,,,,,,,,S#",
      "######################",
    ].join("\n");
    const dark = () => {
      const sim = Simulation.create({ seed: 4, ruleset: ruleset(), map: parseMap("dark", DARK) }); // pauseOnSpot on
      const post = sim.enqueue({ kind: "keeper", seatId: "k1" }, { type: "buildGuardPost", x: 14, y: 2 });
      expect(post.ok).toBe(true);
      return { sim, postId: (post as { id: string }).id };
    };

    it("INV-76, INV-77, INV-78: the lit torch shows the party once a member is within 8 tiles (partyShown, the keeper sees it), with no letter and no pause", () => {
      const { sim, postId } = dark();
      const { party, members: [a] } = arriveLive(sim, 1, 1, [1, PORTAL]);
      const events = stepUntil(sim, "partyShown", 600);
      expect(only(events, "partyShown")).toEqual([{ type: "partyShown", tick: sim.state.tick, partyId: party.id, guardPostId: postId }]);
      expect(a!.x).toBe(14 - 8);
      expect([only(events, "partySpotted"), sim.state.paused, party.spotted, party.shown]).toEqual([[], false, false, true]);
      expect(lazyContext(sim).revealed.has(a!.id)).toBe(true);
      // Ten more ticks: still shown, still no letter, the clock runs.
      const tick = sim.state.tick;
      const more: SimEvent[] = [];
      for (let i = 0; i < 10; i++) more.push(...sim.step());
      expect([sim.state.tick, only(more, "partySpotted"), sim.state.paused]).toEqual([tick + 10, [], false]);
    });

    it("INV-72, INV-85, INV-86: Ocular Scouts send the spectral eye to the guard post for 24 hours; in the dark it spots the party within 8 tiles (the letter); a day later it is gone", () => {
      const { sim } = dark();
      expect(sim.enqueue({ kind: "keeper", seatId: "k1" }, { type: "ocularScouts" })).toEqual({ ok: true });
      expect(sim.state.invasion.spectralEyeUntilTick).toBe(24 * H);
      const { party } = arriveLive(sim, 1, 1, [1, PORTAL]); // 9:00 on day 1: the eye is out
      const events = stepUntil(sim, "partySpotted", 600);
      expect(only(events, "partySpotted")).toMatchObject([{ partyId: party.id, how: "spectralEye", spottedBy: "spectralEye" }]);
      expect(sim.state.paused).toBe(true);
      // A day later (the 2nd invasion, 9:00 on day 2, 33 hours after): only the torch shows it.
      const late = dark().sim;
      late.enqueue({ kind: "keeper", seatId: "k1" }, { type: "ocularScouts" });
      const next = arriveLive(late, 1, 2, [1, PORTAL]);
      const later = stepUntil(late, "partyShown", 600);
      for (let i = 0; i < 20; i++) later.push(...late.step());
      expect([only(later, "partySpotted"), next.party.shown, next.party.spotted]).toEqual([[], true, false]);
    });
  });
});

