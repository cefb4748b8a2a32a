import { expect } from "vitest";
import { ADVENTURER_CLASSES, type SimEvent, type SpeciesId } from "@malignus/shared";
import type { Simulation } from "../../../src/sim/simulation.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { speciesFields } from "../../../src/sim/world/species.ts";
import { d20Of } from "../../../src/sim/combat/d20/sheet.ts";
import { d20Sim, forceDice, hero, minion } from "../encounters/helpers.ts";

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
 * The events of `ev` (of the given `types`, in order; every event if none given) without their tick
 * and encounter id, for exact comparisons of a stretch of play.
 */
export const bare = (ev: readonly SimEvent[], types?: readonly SimEvent["type"][]) => ev.filter((e) => !types || types.includes(e.type)).map((e) => {
  const { tick: _t, encounterId: _e, ...r } = e as SimEvent & { encounterId?: string };
  return r;
});

/**
 * Sends `steps` (turn plan steps, as the client sends them) as `u`'s plan through the live
 * `planTurn` command, from the seat `seatId` (by default `u.controller`, else "seat-1"), and
 * asserts the command is accepted (`{ ok: true }`).
 */
export function planSteps(sim: Simulation, u: UnitRecord, steps: readonly unknown[], seatId = u.controller ?? "seat-1"): void {
  expect(sim.enqueue({ kind: "adventurer", seatId, unitId: u.id }, { type: "planTurn", action: "steps", steps } as never)).toEqual({ ok: true });
}

/**
 * A hero (seat-1) at (5, 5) facing a minion at (`mx`, `my`), both plain (100 HP, no
 * characteristics), the hero going for it; `before` (if given) runs on the two before the first
 * tick, which rolls initiative hero 20, minion 1: the hero's turn then waits for its plan.
 */
export function heroOpens(sim: Simulation, mx: number, my = 5, before?: (a: UnitRecord, m: UnitRecord) => void): { a: UnitRecord; m: UnitRecord } {
  const a = hero(sim, 5, 5, { controller: "seat-1" });
  const m = minion(sim, mx, my);
  plain([a, m]);
  a.targetId = m.id;
  before?.(a, m);
  forceDice(sim, [20, 1]);
  sim.step();
  return { a, m };
}

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

/**
 * A Priest player (seat a0, party p1 arrived through the ruleset's `partyArrived`) at (4, 5) next
 * to a bleeding Warrior ally at (4, 6), a wolf far off at (15, 5), all plain; the Priest's
 * Habilité `habilite` and Médecine `medecine`. Steps the first tick with initiative Priest 20,
 * Warrior 2, wolf 1: the Priest's turn waits for its plan.
 */
export function bleedingAlly(habilite: number, medecine: number): { sim: Simulation; p: UnitRecord; w: UnitRecord } {
  const sim = d20Sim();
  const k = ADVENTURER_CLASSES.Priest!;
  const p = hero(sim, 4, 5, { adventurerClass: "Priest", partyId: "p1", controller: "a0", gear: { weapon: k.weapon, blunt: k.blunt, ranged: k.ranged, armour: k.armour, helm: k.helm } });
  const w = hero(sim, 4, 6, { partyId: "p1" });
  sim.ruleset.partyArrived!(sim, { id: "p1", memberIds: [p.id, w.id] } as unknown as PartyRecord);
  const wolf = creature(sim, "wolf", 15, 5);
  plain([p, w, wolf]);
  d20Of(p).abilities.habilite = habilite;
  d20Of(p).skills.medecine = medecine;
  d20Of(w).statuses.push({ kind: "bleeding", turnsLeft: -1, sourceId: wolf.id });
  p.targetId = wolf.id;
  forceDice(sim, [20, 2, 1]);
  sim.step();
  return { sim, p, w };
}

/**
 * Two heroes at (5, 5) and (5, 6), the first picking the Master at (9, 5), which a keeper plays
 * (seat-1), all plain; steps the first tick with initiative 1, 2, 20 (in id order), so the Master
 * acts first and its turn waits for a plan. `enc` is the (only) encounter.
 */
export function masterPlayed() {
  const sim = d20Sim();
  const a = hero(sim, 5, 5);
  const b = hero(sim, 5, 6);
  const m = creature(sim, "master", 9, 5);
  m.controller = "seat-1";
  plain([a, b, m]);
  a.targetId = m.id;
  forceDice(sim, [1, 2, 20]);
  sim.step();
  return { sim, a, b, m, enc: Object.values(sim.state.encounters ?? {})[0]! };
}
