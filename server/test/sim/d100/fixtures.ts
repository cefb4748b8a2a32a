import type { SimEvent } from "@malignus/shared";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { scriptedDice } from "./dice.ts";

/** A level-1 adventurer of class `cls` at (x, y), by default with a sword and no armour. */
export function adventurer(sim: Simulation, cls: string, x: number, y: number, gear: Partial<UnitRecord["gear"]> = {}): UnitRecord {
  return addUnit(sim, { kind: "adventurer", faction: "heroes", adventurerClass: cls, level: 1, x, y, gear: { weapon: "sword", blunt: false, ranged: false, armour: "none", helm: 0, ...gear } });
}

/** Makes `sim.rng` return `values` in order from now on (d100 and int draws); `left()` counts what is unused. */
export function forceDice(sim: Simulation, values: readonly number[]): { left(): number } {
  const dice = scriptedDice(values);
  Object.assign(sim.rng, { int: dice.int, d100: dice.d100 });
  return dice;
}

/** Steps `sim` `ticks` times and returns every event, in order. */
export function run(sim: Simulation, ticks: number): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < ticks; i++) out.push(...sim.step());
  return out;
}

/** The events of `events` of one type, typed. */
export const of = <T extends SimEvent["type"]>(events: SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);
