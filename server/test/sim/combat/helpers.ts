import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import type { SimEvent } from "@malignus/shared";
import { scriptedDice as scriptedDiceFn } from "../scriptedDice.ts";

/** An open 12×8 room with the portal, sanctum and stockpile out of the way. */
export const OPEN_MAP = [
  "P...........",
  "............",
  "............",
  "............",
  "............",
  "............",
  "............",
  "SK..........",
].join("\n");

/** A walled 10×8 room with a wall pillar at (5, 3)-(5, 4): from (1, 1) the line to (3, 3) grazes the corner of the walls (2, 1) and (1, 2). */
export const WALLED_MAP = [
  "P#########",
  "#.#......#",
  "##.......#",
  "#....#...#",
  "#....#...#",
  "#........#",
  "#SK......#",
  "##########",
].join("\n");

/** A headless malignus simulation on `mapText` (no map units). */
export function makeSim(seed = 1, mapText = OPEN_MAP): Simulation {
  return Simulation.create({ seed, ruleset: "malignus", map: parseMap("t", mapText) });
}

/** An adventurer (fists unless `gear` says otherwise) at (x, y). */
export function adventurer(sim: Simulation, x: number, y: number, fields: Partial<UnitRecord> = {}): UnitRecord {
  return addUnit(sim, { kind: "adventurer", faction: "heroes", x, y, ...fields });
}

/** Scripted dice: see ../scriptedDice.ts. */
export { scriptedDice } from "../scriptedDice.ts";

/** Percentage of `n` over `total`. */
export function pct(n: number, total: number): number {
  return (100 * n) / total;
}

/**
 * Makes `sim.rng` return `values` in order from now on (the project's scripted dice); running out
 * throws. `release()` gives the seeded dice back.
 */
export function forceDice(sim: Simulation, values: readonly number[]): { left(): number; release(): void } {
  const dice = scriptedDiceFn(values);
  Object.assign(sim.rng, { int: dice.int, die: dice.die, d100: dice.d100, chance: dice.chance });
  const rng = sim.rng as unknown as Record<string, unknown>;
  return { left: dice.left, release: () => { for (const k of ["int", "die", "d100", "chance"]) delete rng[k]; } };
}

/**
 * One live blow (issue 17): `attacker` targets `victim` and the simulation steps once (the next
 * tick) on the scripted dice `script` (CMB-01 order: the attack d10, the defence d10, the location
 * d100, then the wound's draws). Returns that tick's events without their `tick` and how many
 * scripted values were left undrawn.
 */
export function stepBlow(sim: Simulation, attacker: UnitRecord, victim: UnitRecord, script: readonly number[]): { events: SimEvent[]; left: number } {
  attacker.targetId = victim.id;
  const dice = forceDice(sim, script);
  const events = sim.step().map(({ tick: _t, ...e }) => e as SimEvent);
  return { events, left: dice.left() };
}

/**
 * A minion (Combat 0, `gear`: a sword by default) at (4, 5) strikes an adventurer (Combat 0, no
 * armour or helm unless `victim` says otherwise, `woundPoints` already) at (5, 5) in one live tick
 * on `script` (as {@link stepBlow} does). Returns the tick's events, its `knockedOut` events, the units and
 * the undrawn count.
 */
export function minionBlowsHero(woundPoints: number, script: readonly number[], opts: { gear?: UnitRecord["gear"]; victim?: Partial<UnitRecord> } = {}) {
  const sim = makeSim();
  const zero = { combat: 0, craft: 0, tracking: 0, block: 0 };
  const hero = adventurer(sim, 5, 5, { stats: { ...zero }, woundPoints, ...opts.victim });
  const minion = addUnit(sim, { kind: "minion", x: 4, y: 5, stats: { ...zero }, gear: { ...(opts.gear ?? { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 }) } });
  minion.targetId = hero.id;
  const dice = forceDice(sim, script);
  const events = sim.step().map(({ tick: _t, ...e }) => e as SimEvent);
  return { events, left: dice.left(), sim, hero, minion, outs: events.filter((e) => e.type === "knockedOut") };
}
