import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import type { DoorRecord } from "../../../src/sim/doors/types.ts";
import type { RulesetId, SimEvent } from "@malignus/shared";
import { scriptedDice } from "../scriptedDice.ts";

/**
 * Door test maps. In both, the portal is at 0,2, a wall runs down column 6 with a door at 6,2,
 * and the sanctum is at 10,2. In {@link SINGLE_ROUTE} the door is the only way through; in
 * {@link TWO_ROUTES} row 4 runs under the wall, a detour of a few tiles.
 */
export const SINGLE_ROUTE = [
  "############",
  "#K....#....#",
  "P.....+...S#",
  "#.....#....#",
  "############",
].join("\n");

export const TWO_ROUTES = [
  "############",
  "#K....#....#",
  "P.....+...S#",
  "#.....#....#",
  "#..........#",
  "############",
].join("\n");

/** A simulation on `map` (default {@link SINGLE_ROUTE}) under `ruleset` (default malignus). */
export function doorSim(map = SINGLE_ROUTE, seed = 11, ruleset: RulesetId = "malignus"): Simulation {
  return Simulation.create({ seed, ruleset, map: parseMap("doors-test", map), pauseOnSpot: false });
}

/**
 * Makes `sim.rng` return `values` in order from now on (the project's scripted dice): every check,
 * choice and roll of the live simulation draws from them; running out throws. `release()` gives
 * the seeded dice back (the rest of the game draws from the seed again).
 */
export function forceDice(sim: Simulation, values: readonly number[]): { left(): number; release(): void } {
  const dice = scriptedDice(values);
  Object.assign(sim.rng, { int: dice.int, die: dice.die, d100: dice.d100, chance: dice.chance });
  const rng = sim.rng as unknown as Record<string, unknown>;
  return { left: dice.left, release: () => { for (const k of ["int", "die", "d100", "chance"]) delete rng[k]; } };
}

/** The only door of a test map (at 6,2). */
export function theDoor(sim: Simulation): DoorRecord {
  const d = Object.values(sim.state.doors)[0];
  if (!d) throw new Error("no door");
  return d;
}

/** Gives the door a built, armed padlock (as a Trapping minion would, DOOR-07, DOOR-08). */
export function lock(door: DoorRecord): DoorRecord {
  door.padlock = { built: true, armed: true, metalDelivered: 2, workDone: 300 };
  return door;
}

/** An adventurer of faction "village" at (x, y). */
export function adventurer(sim: Simulation, x: number, y: number, fields: Partial<UnitRecord> = {}): UnitRecord {
  return addUnit(sim, { kind: "adventurer", faction: "village", x, y, ...fields });
}

/** A party record holding `members` (their partyId is set), entering at the portal 0,2. */
export function party(sim: Simulation, members: UnitRecord[], id = sim.newId()): PartyRecord {
  const p = {
    id, invasionNumber: 1, goal: "killMaster", memberIds: members.map((m) => m.id), portal: { x: 0, y: 2 },
    spotted: false, startTick: sim.state.tick, ended: false,
  } as unknown as PartyRecord;
  for (const m of members) m.partyId = id;
  sim.state.parties[id] = p;
  return p;
}

/** Steps `sim` `n` ticks and returns the events. */
export function run(sim: Simulation, n: number): ReturnType<Simulation["step"]> {
  const out: ReturnType<Simulation["step"]> = [];
  for (let i = 0; i < n; i++) out.push(...sim.step());
  return out;
}

/** A natural success of each ruleset's check die (d10, d20, d100). */
export const NATURAL_SUCCESS: Record<RulesetId, number> = { malignus: 10, d20: 20, d100: 100 };

/**
 * A padlocked door (6,2), the Master at 10,2 and an invading party of `members` (adventurers at
 * 2,1 / 2,2 / 2,3 ...) under `ruleset`; the party is the invasion's.
 */
export function invadedBy(ruleset: RulesetId, members: Partial<UnitRecord>[], seed = 11): { sim: Simulation; units: UnitRecord[]; door: DoorRecord } {
  const sim = doorSim(undefined, seed, ruleset);
  const door = lock(theDoor(sim));
  addUnit(sim, { kind: "master", x: 10, y: 2 });
  const units = members.map((f, i) => adventurer(sim, 2, 1 + (i % 3), f));
  sim.state.invasion.partyId = party(sim, units).id;
  return { sim, units, door };
}

/** The stat fields of an adventurer with Craft `craft` (the pick's check) and Combat `combat` (the bash's), Tracking 1, Block 0. */
export const stats = (craft: number, combat: number) => ({ stats: { craft, combat, tracking: 1, block: 0 } });

/** Steps until `done` (given every event so far) or `max` ticks; returns every event. */
export function stepUntil(sim: Simulation, max: number, done: (events: SimEvent[]) => boolean): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < max && !done(out); i++) out.push(...sim.step());
  return out;
}

/** The doors forced among `events`, as [method, byUnitId]. */
export const forcedBy = (events: SimEvent[]) => events.filter((e) => e.type === "doorForced").map((e) => [(e as { method: string }).method, (e as { byUnitId: string }).byUnitId]);
