import { beforeAll, describe } from "vitest";
import { TICKS_PER_GAME_DAY, TICKS_PER_GAME_HOUR, type RulesetId, type SimEvent } from "@malignus/shared";
import { Rng } from "../../../src/sim/rng.ts";
import type { Simulation } from "../../../src/sim/index.ts";
import { Simulation as Sim } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { scriptedDice } from "../scriptedDice.ts";
import { DungeonState } from "@malignus/shared/schema";
import { loadMap } from "../../../src/maps.ts";
import type { SimulationOptions } from "../../../src/sim/index.ts";
import { projectMap, projectState } from "../../../src/rooms/projection.ts";

/**
 * Live-path helpers for the invasion tests (INV-*): a party arrives through `sim.step()` with the
 * party-generation dice forced, and the schedule's hourly roll is forced the same way.
 */

const D = TICKS_PER_GAME_DAY;
const H = TICKS_PER_GAME_HOUR;

/** The three rulesets: invasions are always on, the same in every room (docs/rules/README.md). */
const RULESETS: readonly RulesetId[] = ["malignus", "d20", "d100"];
let current: RulesetId = "malignus";
/** The ruleset of the room the running test plays in (see {@link inEveryRuleset}). */
export const ruleset = (): RulesetId => current;

/**
 * Declares `body`'s suites once per ruleset (INV rules are ALWAYS ON): each copy runs with
 * {@link ruleset} giving its room's ruleset, and its titles start with "in a <ruleset> room".
 */
export function inEveryRuleset(body: () => void): void {
  describe.each(RULESETS.map((r) => [r]))("in a %s room", (r: RulesetId) => {
    beforeAll(() => { current = r; });
    body();
  });
}

/**
 * The expected value in the running room: `usual` in malignus and d20 rooms; in d100 rooms
 * `d100` when given, where a classed member may have a companion class instead (Hunter, Warlock,
 * Skyrider: combat/d100/companions.ts `drawD100CompanionClasses`, a hash of the room seed, the
 * invasion number and the member index, no dice), its level and the party's size unchanged.
 */
export const inRoom = <T>(usual: T, d100?: T): T => (current === "d100" && d100 !== undefined ? d100 : usual);

/** The expected value for the running room's ruleset, one per ruleset. */
export const inRoomOf = <T>(byRuleset: Record<RulesetId, T>): T => byRuleset[current];

/** A simulation of the running test's ruleset ({@link ruleset}) on the shipped default map. */
export function roomSim(seed: number, options: Partial<SimulationOptions> = {}): Simulation {
  return Sim.create({ seed, ruleset: current, map: loadMap("default"), ...options });
}

/**
 * Makes `sim.rng` draw `values` first (the project's scripted dice: a value outside the asked
 * range throws), then the seeded dice again, so the other systems of the same tick keep rolling.
 * `left()` says how many scripted values were not drawn; `release()` gives the seeded dice back.
 */
export function forceDiceFirst(sim: Simulation, values: readonly number[]): { left(): number; release(): void } {
  const dice = scriptedDice(values);
  const rng = sim.rng as unknown as Record<string, unknown>;
  const seeded = Rng.prototype;
  Object.assign(rng, {
    int: (min: number, max: number) => (dice.left() > 0 ? dice.int(min, max) : seeded.int.call(sim.rng, min, max)),
    die: (sides: number) => (dice.left() > 0 ? dice.die(sides) : seeded.die.call(sim.rng, sides)),
    d100: () => (dice.left() > 0 ? dice.d100() : seeded.d100.call(sim.rng)),
    chance: (p: number) => (p <= 0 ? false : p >= 100 ? true : (rng.d100 as () => number)() <= p),
  });
  return { left: dice.left, release: () => { for (const k of ["int", "die", "d100", "chance"]) delete rng[k]; } };
}

/** The ticks of game day `day` (1-based) at `hour` (0..23). */
export const dayHour = (day: number, hour = 0): number => (day - 1) * D + hour * H;

/** What an arrival stepped through the live schedule gave. */
export interface Arrival {
  party: PartyRecord;
  members: UnitRecord[];
  /** The members as "Class:level", in arrival order. */
  roster: string[];
  /** Every event of the arrival tick. */
  events: SimEvent[];
  /** Scripted values left undrawn (0: the dice were drawn exactly as scripted). */
  left: number;
}

/**
 * Steps `sim` through the tick on which invasion number `n` arrives on game day `day`, with
 * `dice` forced first: the party's goal (1..1000, INV-01), then whatever the party tables draw
 * (INV-38 to INV-63), then the portal pick (0 on a one-portal map). The invasion count is set to
 * `n − 1` and the invasion made due on that tick (the schedule's own roll is tested apart).
 * @param special a special party queued instead (a raid's answer or fugitive pursuers).
 */
export function arriveLive(sim: Simulation, n: number, day: number, dice: readonly number[]): Arrival {
  const inv = sim.state.invasion;
  inv.count = n - 1;
  inv.partyId = "";
  sim.state.tick = dayHour(day, 9);
  inv.dueTick = sim.state.tick + 2; // step() advances the tick first, then runs the schedule
  sim.step(); // the hour's first tick: nothing due yet
  return stepArrival(sim, dice);
}

/**
 * Steps `sim` once with `dice` forced first (see {@link arriveLive} for their order) and returns
 * the party that arrived on that tick; throws when none did.
 */
export function stepArrival(sim: Simulation, dice: readonly number[]): Arrival {
  const inv = sim.state.invasion;
  const forced = forceDiceFirst(sim, dice);
  let events: SimEvent[];
  try { events = sim.step(); } finally { forced.release(); }
  const left = forced.left();
  const party = sim.state.parties[inv.partyId];
  if (!party || !events.some((e) => e.type === "invasionStarted")) throw new Error(`no invasion arrived at tick ${sim.state.tick} (events ${events.map((e) => e.type).join(", ")})`);
  const members = party.memberIds.map((id) => sim.state.units[id] as UnitRecord);
  return { party, members, roster: members.map((m) => `${m.adventurerClass}:${m.level}`), events, left };
}

/** Steps `sim` until an event of `type` comes or `max` ticks pass; returns every event. */
export function stepUntil(sim: Simulation, type: SimEvent["type"], max: number): SimEvent[] {
  const all: SimEvent[] = [];
  for (let i = 0; i < max; i++) {
    const evs = sim.step();
    all.push(...evs);
    if (evs.some((e) => e.type === type)) break;
  }
  return all;
}

/**
 * Ends the invasion in the dungeon through the live path: its members have left the map (set
 * here), and the next step's end check sees it, emits `invasionEnded` and starts the time limit
 * (INV-14). Returns the tick the invasion ended on.
 */
export function endInvasionLive(sim: Simulation): number {
  const party = sim.state.parties[sim.state.invasion.partyId];
  if (!party) throw new Error("no invasion in the dungeon");
  for (const id of party.memberIds) { const u = sim.state.units[id]; if (u) u.activity = "left"; }
  const events = sim.step();
  const end = events.find((e) => e.type === "invasionEnded");
  if (!end) throw new Error("the invasion did not end");
  return end.tick;
}

/**
 * Steps `sim` up to the next tick on which the schedule rolls an hour of the time limit (its first
 * tick after the limit started, INV-11) and steps that tick with the hour's d100 forced to `roll`.
 * `then` are forced right after it (the arriving party's dice, see {@link arriveLive}).
 * @returns the tick's events and whether a forced value was drawn (the d100 is not drawn at 0% or 100%).
 */
export function stepHourRoll(sim: Simulation, roll: number, then: readonly number[] = []): { events: SimEvent[]; drew: boolean; tick: number } {
  const before: SimEvent[] = [];
  for (let i = 0; i <= H; i++) {
    const start = sim.state.invasion.limitStartTick;
    if ((sim.state.tick + 1 - start) % H === 1) break;
    before.push(...sim.step());
  }
  const forced = forceDiceFirst(sim, [roll, ...then]);
  let events: SimEvent[];
  try { events = sim.step(); } finally { forced.release(); }
  return { events: [...before, ...events], drew: forced.left() < then.length + 1, tick: sim.state.tick };
}

/** The invasion indicator as a client receives it: the projected word and hourly chance (INV-20 to INV-25, INV-83). */
export function shownIndicator(sim: Simulation): [string, number] {
  const state = new DungeonState();
  projectMap(state, sim.state);
  projectState(state, sim, 1);
  return [state.invasion.word, state.invasion.hourlyChance];
}

/** A lake map: the north portal (4,0) has water between it and the Sanctum, the west one (0,3) a dry walking path (INV-08, INV-09). */
export const LAKE_MAP = [
  "####P#####",
  "#~~~~~~~~#",
  "#........#",
  "P........#",
  "#K......S#",
  "##########",
].join("\n");

/** A long dark hall two tiles wide: the portal on the west edge, the Sanctum on the east; no keeper unit. */
export const DARK_HALL_MAP = [
  "######################",
  "P,,,,,,,,,,,,,,,,,,,S#",
  "#K,,,,,,,,,,,,,,,,,,S#",
  "######################",
].join("\n");

/** A simulation of the running test's ruleset (seed 3) on {@link DARK_HALL_MAP} that does not pause when a party is spotted. */
export const darkHall = (): Simulation => Sim.create({ seed: 3, ruleset: current, map: parseMap("hall", DARK_HALL_MAP), pauseOnSpot: false });
