import { describe, expect, it } from "vitest";
import { TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, type SimEvent } from "@malignus/shared";
import type { Actor, Simulation } from "../../../src/sim/index.ts";
import { Simulation as Sim } from "../../../src/sim/simulation.ts";
import { Rng } from "../../../src/sim/rng.ts";
import { sentence } from "../../../../web/src/sentences.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { CARRY_GOLD } from "../../../src/sim/invasions/loot.ts";
import { VIEW_RULES, lazyContext } from "../../../src/rooms/views.ts";
import { makeParty } from "../knowledge/helpers.ts";
import { stepArrival, arriveLive, endInvasionLive, forceDiceFirst, inEveryRuleset, roomSim, ruleset, shownIndicator, stepHourRoll, stepUntil } from "./live-helpers.ts";

/**
 * Sweep s8 (issue 17) of the INV family: the branches and boundaries the earlier live tests left
 * out, each in a malignus, a d20 and a d100 room (invasions are always on). Every party arrives
 * and ends through `sim.step()` with its dice forced (live-helpers.ts); the keeper acts through
 * `sim.enqueue` (the rooms' path); clients' views are read as the rooms project them.
 */

const H = TICKS_PER_GAME_HOUR;
const D = TICKS_PER_GAME_DAY;

/**
 * A new default-map dungeon of the running ruleset whose creation draws its first invasion's hour
 * as `hour`: the dice of `Simulation.create` are recorded ("min..max=value") and the one 0..23
 * draw (the hour, INV-10) is forced to `hour`; every other draw is the seed's.
 */
function createWithFirstHour(hour: number): { sim: Simulation; draws: string[] } {
  const draws: string[] = [];
  const seeded = Rng.prototype.int;
  Rng.prototype.int = function (this: Rng, min: number, max: number): number {
    const v = min === 0 && max === 23 ? hour : seeded.call(this, min, max);
    if (v < min || v > max) throw new Error(`forced ${v} outside ${min}..${max}`);
    draws.push(`${min}..${max}=${v}`);
    return v;
  };
  try { return { sim: roomSim(1, { pauseOnSpot: false }), draws }; } finally { Rng.prototype.int = seeded; }
}
const KEEPER: Actor = { kind: "keeper", seatId: "k1" };
const MASTER = 1, PORTAL = 0;
const starts = (events: readonly SimEvent[]) => events.filter((e) => e.type === "invasionStarted");
const only = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);

/** A default-map dungeon of the running ruleset whose 1st invasion (1 peasant) arrived and ended on game day `day`. */
function endedOn(day: number): { sim: Simulation; end: number } {
  const sim = roomSim(1, { pauseOnSpot: false });
  arriveLive(sim, 1, day, [MASTER, PORTAL]);
  return { sim, end: endInvasionLive(sim) };
}

/** A dark two-tile hall (no keeper unit): the portal west at (0,1), the Sanctum east; guard posts built at each of `posts` (in id order). */
function darkPosts(posts: readonly [number, number][]): { sim: Simulation; ids: string[] } {
  const map = [
    "######################",
    "P,,,,,,,,,,,,,,,,,,,S#",
    "#K,,,,,,,,,,,,,,,,,,S#",
    "######################",
  ].join("\n");
  const sim = Sim.create({ seed: 4, ruleset: ruleset(), map: parseMap("dark", map), pauseOnSpot: false });
  const ids = posts.map(([x, y]) => {
    const r = sim.enqueue(KEEPER, { type: "buildGuardPost", x, y });
    expect(r.ok).toBe(true);
    return (r as { id: string }).id;
  });
  return { sim, ids };
}

/**
 * Brings the 1st invasion (one peasant, its dice forced) in on tick `tick` exactly (the schedule's
 * due tick), then steps until the letter comes or `max` ticks pass.
 * @returns the letters, the tick of the first one (-1: none) and the member's column then.
 */
function arriveAt(sim: Simulation, tick: number, max: number): { letters: Extract<SimEvent, { type: "partySpotted" }>[]; at: number; x: number } {
  const inv = sim.state.invasion;
  inv.count = 0;
  sim.state.tick = tick - 1;
  inv.dueTick = tick;
  const forced = forceDiceFirst(sim, [MASTER, PORTAL]);
  let events: SimEvent[];
  try { events = sim.step(); } finally { forced.release(); }
  expect([starts(events).length, forced.left(), sim.state.tick]).toEqual([1, 0, tick]);
  const member = sim.state.units[sim.state.parties[inv.partyId]!.memberIds[0]!]!;
  const all = [...events, ...stepUntil(sim, "partySpotted", max)];
  const letters = only(all, "partySpotted");
  return { letters, at: letters[0]?.tick ?? -1, x: member.x };
}

inEveryRuleset(() => {
  describe("the first invasion's hour (INV-10, INV-23)", () => {
    it("INV-10, INV-23: a new dungeon draws its first invasion's hour once, a die of 0..23 (day 2's 24 hours); forced to 0 and 23 it arrives through step() at 00:00 and 23:00 of day 2, with Calm (0%) shown all of day 1", () => {
      for (const hour of [0, 23]) {
        const { sim, draws } = createWithFirstHour(hour);
        expect(draws.filter((d) => d.startsWith("0..23="))).toEqual([`0..23=${hour}`]);
        let arrival = -1;
        while (arrival < 0 && sim.state.tick < 2 * D) {
          for (const e of sim.step()) if (e.type === "invasionStarted") arrival = e.tick;
          if (sim.state.tick < D && sim.state.tick % H === 0) expect(shownIndicator(sim)).toEqual(["Calm", 0]);
        }
        expect(arrival).toBe(D + hour * H);
      }
      expect(() => createWithFirstHour(24)).toThrow(/forced 24 outside 0\.\.23/);
    });
  });

  describe("the indicator's words at each threshold (INV-20, INV-21, INV-25)", () => {
    it("INV-21, INV-20, INV-25: after a day-2 end (48-hour limit) the hours on either side of each threshold show 23% Unlikely | 25% Possible, 48% Possible | 50% Likely, 73% Likely | 75% Imminent", () => {
      const { sim } = endedOn(2);
      const shown = new Map<number, [string, number]>();
      for (let h = 1; h <= 36; h++) {
        const r = stepHourRoll(sim, 100); // 100: no arrival below 100%
        expect(starts(r.events)).toEqual([]);
        shown.set(h, shownIndicator(sim)); // hour h of 48 begins on the tick it is rolled: h/48, rounded
      }
      expect([11, 12, 23, 24, 35, 36].map((h) => shown.get(h))).toEqual([
        ["Unlikely", 23], ["Possible", 25], ["Possible", 48], ["Likely", 50], ["Likely", 73], ["Imminent", 75]]);
    });
  });

  describe("the Storm Rite through the keeper's command (INV-26, INV-24)", () => {
    it("INV-26, INV-24: the keeper's stormRite command (5 hours) stops the hourly rolls: no invasion even on a d100 of 1, Calm 0%; when it ends the limit's hour 6 of 30 rolls 20% and a d100 of 20 brings the 2nd invasion", () => {
      const { sim, end } = endedOn(9);
      expect(sim.enqueue(KEEPER, { type: "stormRite", hours: 5 })).toEqual({ ok: true });
      // It applies at once, on the end tick: the rite lasts until end + 5 h, so hours 1 to 5 roll nothing.
      for (let h = 1; h <= 5; h++) {
        const r = stepHourRoll(sim, 1);
        expect([r.drew, starts(r.events)]).toEqual([false, []]);
        expect(shownIndicator(sim)).toEqual(["Calm", 0]);
      }
      const sixth = stepHourRoll(sim, 20);
      expect([sixth.drew, sixth.tick]).toEqual([true, end + 5 * H + 1]);
      expect(starts(sixth.events)).toMatchObject([{ invasionNumber: 2 }]);
    });
  });

  describe("a punitive expedition waits for the invasion in the dungeon (INV-36, INV-34, INV-37)", () => {
    it("INV-36, INV-34, INV-37: Lowford raided while the 1st invasion is in the dungeon: the expedition waits (no arrival in 100 ticks), sets out on the first tick after that invasion ends as the 2nd invasion, and a new 44-hour limit (day 3) starts when it is gone", () => {
      const sim = roomSim(36, { pauseOnSpot: false });
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      const first = arriveLive(sim, 1, 3, [MASTER, PORTAL]);
      expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: "lowford" })).toEqual({ ok: true });
      expect(sim.state.invasion.pending).toEqual([{ kind: "punitive", source: "lowford" }]);
      const waiting: SimEvent[] = [];
      for (let i = 0; i < 100; i++) waiting.push(...sim.step());
      expect([starts(waiting), sim.state.invasion.partyId]).toEqual([[], first.party.id]);
      const end = endInvasionLive(sim);
      // The 2nd invasion's dice: the Master (1), size 1, level die 1 (a peasant), the one portal.
      const expedition = stepArrival(sim, [MASTER, 1, 1, PORTAL]);
      expect([expedition.party.kind, expedition.party.invasionNumber, expedition.party.homeSettlement, expedition.events.find((e) => e.type === "invasionStarted")?.tick, expedition.left])
        .toEqual(["punitive", 2, "lowford", end + 1, 0]);
      const gone = endInvasionLive(sim);
      expect([sim.state.invasion.limitStartTick, sim.state.invasion.limitHours]).toEqual([gone, 44]);
    });
  });

  describe("a camp's warriors set out at once (INV-35, INV-33, INV-34)", () => {
    it("INV-35, INV-33, INV-34: Blackfang camp raided at hour 3 of a running 30-hour limit (no invasion in the dungeon): Hostile, its warriors come on the very next tick as the 2nd invasion, without an hourly roll, and the limit is gone", () => {
      const { sim } = endedOn(9);
      stepHourRoll(sim, 100);
      stepHourRoll(sim, 100);
      const raidTick = sim.state.tick;
      expect(sim.enqueue(KEEPER, { type: "raidSettlement", settlementId: "blackfang" })).toEqual({ ok: true });
      expect(sim.state.settlements?.blackfang?.hostile).toBe(true);
      // The 2nd invasion's dice for a camp: the goal (1), size 1, one level die (1: a level-1 Warrior for a camp), the one portal; no hourly d100 before them.
      const warriors = stepArrival(sim, [MASTER, 1, 1, PORTAL]);
      expect([warriors.party.kind, warriors.party.invasionNumber, warriors.roster, warriors.left, warriors.events.find((e) => e.type === "invasionStarted")?.tick])
        .toEqual(["camp", 2, ["Warrior:1"], 0, raidTick + 1]);
      expect([sim.state.invasion.limitStartTick, sim.state.invasion.limitHours]).toEqual([-1, 0]);
    });
  });

  describe("a fugitive the keeper turns away (INV-50, INV-51)", () => {
    it("INV-50, INV-51: the fugitive asks at 12:00 on day 3 (live); turned away, nothing is queued and the running limit goes on: hour 28 of the 48-hour limit (58%) brings the 2nd invasion, an ordinary party; admitted, its pursuers come at once as the 2nd invasion", () => {
      const run = (admit: boolean) => {
        const { sim, end } = endedOn(2); // ended at 9:00 + 1 tick on day 2: a 48-hour limit
        expect(sim.state.invasion.limitHours).toBe(48);
        for (let h = 1; h <= 27; h++) expect(starts(stepHourRoll(sim, 100).events)).toEqual([]); // hours 1 to 27: no arrival
        const asked = stepUntil(sim, "fugitiveAsks", H);
        expect([asked.filter((e) => e.type === "fugitiveAsks").map((e) => (e as { detail: string }).detail), sim.state.tick]).toEqual([["Fugitive of Lowford"], 2 * D + 12 * H]);
        expect(starts(asked)).toEqual([]);
        expect(sim.enqueue(KEEPER, { type: "answerFugitive", admit })).toMatchObject({ ok: true });
        expect(sim.enqueue(KEEPER, { type: "answerFugitive", admit })).toMatchObject({ ok: false, code: "NO_FUGITIVE", rule: "INV-50" });
        return { sim, end };
      };
      const refused = run(false);
      expect([refused.sim.state.invasion.pending, refused.sim.state.invasion.limitStartTick]).toEqual([[], refused.end]);
      expect(Object.values(refused.sim.state.units).filter((u) => u.species === "fugitive")).toEqual([]);
      // 12:00 on day 3 falls in hour 27 of the limit; hour 28 (28/48 = 58%) is rolled next, and a d100 of 58 brings the 2nd invasion.
      const roll = stepHourRoll(refused.sim, 58, [MASTER, 1, 1, PORTAL]);
      expect([roll.drew, roll.tick]).toEqual([true, refused.end + 27 * H + 1]);
      expect(starts(roll.events)).toMatchObject([{ invasionNumber: 2 }]);
      expect(refused.sim.state.parties[refused.sim.state.invasion.partyId]!.kind).toBe("normal");
      const admitted = run(true);
      expect(admitted.sim.state.invasion.pending).toMatchObject([{ kind: "pursuers" }]);
      const pursuers = stepArrival(admitted.sim, [MASTER, 1, 1, PORTAL]);
      expect([pursuers.party.kind, pursuers.party.invasionNumber, pursuers.left]).toEqual(["pursuers", 2, 0]);
    });
  });

  describe("what they can carry (INV-89, INV-90)", () => {
    it("INV-89, INV-90: the Master walled in (out of reach), two members scatter to a treasure of 30 gold: the first takes all it can carry (20), the second the 10 left; both leave the map, the treasure empty", () => {
      const walled = ["####################", "#.................S#", "#..........###.....#", "P..........#M#.....#", "#K.........###.....#", "####################"].join("\n");
      const sim = Sim.create({ seed: 4, ruleset: ruleset(), map: parseMap("walled", walled), pauseOnSpot: false });
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      sim.state.treasure.amount = 30;
      const { party, members } = makeParty(sim, [[3, 3], [3, 1]]);
      sim.state.invasion.partyId = party.id;
      const events = stepUntil(sim, "invasionEnded", 3000);
      const loot = events.filter((e) => e.type === "lootTaken").map((e) => (e as { amount: number }).amount);
      expect(CARRY_GOLD).toBe(20);
      expect([party.scattering, loot, sim.state.treasure.amount, party.loot]).toEqual([true, [20, 10], 0, 30]);
      expect(members.map((m) => m.activity)).toEqual(["left", "left"]);
    });
  });

  describe("the fog hides the party at first (INV-69, INV-68)", () => {
    it("INV-69, INV-68: in the dark hall with no keeper unit the peasant appears on the portal (0,1) and walks in unseen: the keeper's view holds neither it nor its party for the 79 ticks until it enters the Sanctum, then holds both", () => {
      const sim = darkPosts([]).sim;
      const { party, members: [a] } = arriveLive(sim, 1, 3, [MASTER, PORTAL]);
      expect([a!.x, a!.y]).toEqual([0, 1]);
      const keeperSees = (collection: "units" | "parties", id: string) => VIEW_RULES.find((r) => r.collection === collection)!.visible(lazyContext(sim), { kind: "keeper" }, id);
      let hidden = 0;
      let letter: SimEvent[] = [];
      while (letter.length === 0 && hidden < 3000) {
        expect([keeperSees("units", a!.id), keeperSees("parties", party.id)]).toEqual([false, false]);
        hidden++;
        letter = only(sim.step(), "partySpotted");
      }
      expect([letter.length, (letter[0] as { how?: string }).how, sim.state.map.tiles[a!.y * sim.state.map.width + a!.x]]).toEqual([1, "sanctum", "S"]);
      expect(hidden).toBe(79);
      expect([keeperSees("units", a!.id), keeperSees("parties", party.id)]).toEqual([true, true]);
    });
  });

  describe("the letter as the watch page words it (INV-80, INV-81)", () => {
    it("INV-80, INV-81: a minion seeing the 2nd invasion (a Rogue and a peasant come for the treasure) brings the letter; the watch page's log line carries its title, \"Adventurers spotted in your dungeon\", the spotter, each member's name and class, and the goal", () => {
      const sim = roomSim(1, { pauseOnSpot: false });
      sim.state.invasion.dueTick = Number.MAX_SAFE_INTEGER;
      const watcher = addUnit(sim, { kind: "minion", x: 16, y: 15 });
      // Day 9: the treasure (701), 2 members, level dice 50 and 1 (levels 1 and 0), class die 76 (a Rogue), the one portal.
      const { party, members, left } = arriveLive(sim, 2, 9, [701, 2, 50, 1, 76, PORTAL]);
      expect(left).toBe(0);
      const letter = only(stepUntil(sim, "partySpotted", 600), "partySpotted");
      expect(letter).toMatchObject([{ partyId: party.id, spottedBy: watcher.id, how: "sight", goal: "stealTreasure" }]);
      const names = (id: string | null | undefined) => (id ? sim.state.units[id]?.name : undefined) ?? "someone";
      expect(sentence(letter[0]!, { unit: names, part: () => "a trap part" })).toBe(
        `Adventurers spotted in your dungeon! ${watcher.name} spotted the party: ${members[0]!.name} (Rogue) and ${members[1]!.name} (Peasant), come to steal treasure.`);
    });
  });

  describe("the spectral eye's patrol and its 24 hours (INV-85, INV-86, INV-72)", () => {
    it("INV-85, INV-86: with two guard posts the eye spends alternate hours at each: a party arriving at 10:00 (the first post's hour) is spotted on arrival in the dark; at 9:00 (the second post's hour, 18 tiles east) only once a member is 8 tiles from it, at column 10", () => {
      const even = darkPosts([[3, 2], [18, 2]]);
      expect(even.sim.enqueue(KEEPER, { type: "ocularScouts" })).toEqual({ ok: true });
      const atTen = arriveAt(even.sim, 10 * H, 600);
      expect(atTen.letters).toMatchObject([{ how: "spectralEye", spottedBy: "spectralEye" }]);
      expect(atTen.at).toBe(10 * H);
      const odd = darkPosts([[3, 2], [18, 2]]);
      expect(odd.sim.enqueue(KEEPER, { type: "ocularScouts" })).toEqual({ ok: true });
      const atNine = arriveAt(odd.sim, 9 * H, 600);
      expect(atNine.letters).toMatchObject([{ how: "spectralEye", spottedBy: "spectralEye" }]);
      expect(atNine.x).toBe(18 - 8);
    });

    it("INV-85: the eye patrols for 24 hours from the command: a party arriving on its last tick (24 h − 1) at its post is spotted; one arriving on tick 24 h is not (only the torch shows it)", () => {
      const last = darkPosts([[3, 2]]);
      expect(last.sim.enqueue(KEEPER, { type: "ocularScouts" })).toEqual({ ok: true });
      const until = last.sim.state.invasion.spectralEyeUntilTick; // the command applies at once, on tick 0
      expect(until).toBe(24 * H);
      const inTime = arriveAt(last.sim, until - 1, 0);
      expect([inTime.letters.map((l) => l.how), inTime.at]).toEqual([["spectralEye"], until - 1]);
      const late = darkPosts([[3, 2]]);
      late.sim.enqueue(KEEPER, { type: "ocularScouts" });
      const gone = arriveAt(late.sim, late.sim.state.invasion.spectralEyeUntilTick, 30);
      expect(gone.letters).toEqual([]);
      expect(late.sim.state.parties[late.sim.state.invasion.partyId]!.shown).toBe(true);
    });
  });
});
