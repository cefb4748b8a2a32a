import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { scriptedDice } from "../d20/helpers.ts";

/** An open 20×12 room with the portal, sanctum and stockpile in the corners. */
export const ARENA = [
  "P...................",
  ...Array.from({ length: 10 }, () => "...................."),
  "SK..................",
].join("\n");

/** A headless d20 simulation on `mapText` (no map units). */
export function d20Sim(seed = 1, mapText = ARENA): Simulation {
  return Simulation.create({ seed, ruleset: "d20", map: parseMap("t", mapText) });
}

/** An adventurer with a sword at (x, y). */
export function hero(sim: Simulation, x: number, y: number, fields: Partial<UnitRecord> = {}): UnitRecord {
  return addUnit(sim, { kind: "adventurer", faction: "heroes", x, y, level: 1, gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0 }, ...fields });
}

/** A minion (fists) at (x, y). */
export function minion(sim: Simulation, x: number, y: number, fields: Partial<UnitRecord> = {}): UnitRecord {
  return addUnit(sim, { kind: "minion", x, y, ...fields });
}

/** Makes `sim.rng` return `values` in order from now on (tests force natural 1s and 20s). */
export function forceDice(sim: Simulation, values: readonly number[]): { left(): number } {
  const dice = scriptedDice(values);
  Object.assign(sim.rng, { int: dice.int, die: dice.die, d100: dice.d100, chance: dice.chance });
  return dice;
}
