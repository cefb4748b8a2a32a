import type { SimEvent, SpeciesId } from "@malignus/shared";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { UnitRecord } from "../../../src/sim/state.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { speciesFields } from "../../../src/sim/world/species.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { forceDice, hero } from "../encounters/helpers.ts";

/** Zero characteristics: no defence reactions, initiative = the bare d20, attack = d20 + 0. */
export const ZERO = { strength: 0, agility: 0, constitution: 0, mental: 0, contre: 0, perception: 0, reflexion: 0, habilite: 0, furtivite: 0 };

/** A dungeon creature of `species` at (x, y), as the keeper's creatures come (species table fields, its d20 traits from `initUnit`). */
export function creature(sim: Simulation, species: SpeciesId, x: number, y: number): UnitRecord {
  return addUnit(sim, { ...speciesFields(species), x, y, faction: "dungeon" });
}

/** Sets each unit's characteristics to zero and its HP (and maximum) to `hp`, keeping the rest of its live sheet. */
export function plain(units: readonly UnitRecord[], hp = 100): void {
  for (const u of units) {
    const d = d20Of(u);
    d.abilities = { ...ZERO };
    d.hp = d.maxHp = hp;
  }
}

/** Steps `ticks` ticks and returns every event. */
export function run(sim: Simulation, ticks: number): SimEvent[] {
  const out: SimEvent[] = [];
  for (let i = 0; i < ticks; i++) out.push(...sim.step());
  return out;
}

/** The events of one type. */
export const of = <T extends SimEvent["type"]>(events: readonly SimEvent[], type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type);

/**
 * A hero at (5, 5) against a creature of `species` at (x, 5) that the keeper plays (seat-1), both
 * plain (100 HP, no characteristics), the hero going for it; steps the first tick with initiative
 * hero 1, creature 20, so the encounter opens on the creature's turn, waiting for the keeper's plan.
 */
export function keeperCreatureTurn(sim: Simulation, species: SpeciesId, x: number): { a: UnitRecord; c: UnitRecord } {
  const a = hero(sim, 5, 5);
  const c = creature(sim, species, x, 5);
  c.controller = "seat-1";
  plain([a, c]);
  a.targetId = c.id;
  forceDice(sim, [1, 20]);
  sim.step();
  return { a, c };
}
