import { expect } from "vitest";
import type { SimEvent } from "@malignus/shared";
import { Simulation } from "../../../src/sim/simulation.ts";
import { parseMap } from "../../../src/sim/world/map.ts";
import { encounterOf } from "../../../src/sim/combat/encounters/book.ts";
import type { D100Plan } from "../../../src/sim/combat/d100/plan.ts";
import type { PartyRecord, UnitRecord } from "../../../src/sim/state.ts";
import { addCompanions } from "../../../src/sim/combat/d100/companions.ts";
import { addUnit } from "../../../src/sim/world/units.ts";
import { d100Of } from "../../../src/sim/combat/d100/sheet.ts";
import { scriptedDice } from "./dice.ts";
import { recordAllDice, type DiceRecord } from "../recordAllDice.ts";
import { player } from "../actors.ts";

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

/** The 20 × 12 open arena of the d100 tests (the entrance `P` and the keeper's spots in the corners). */
export const ARENA = ["P...................", ...Array.from({ length: 10 }, () => "...................."), "SK.................."].join("\n");

/** A fresh d100 simulation on {@link ARENA} (seed 1), with the room's `d100` options if given. */
export function d100Sim(d100?: Parameters<typeof Simulation.create>[0]["d100"]): Simulation {
  return Simulation.create({ seed: 1, ruleset: "d100", map: parseMap("t", ARENA), ...(d100 ? { d100 } : {}) });
}

const QUIET = new Set(["unitMoved", "turnStarted", "wound", "unitFacing", "activityChanged", "encounterStarted", "noise"]);

/** The events of a fight, one compact line each ("tick type field=value …"), moves, turn starts, wounds and the encounter's start left out. */
export function lines(events: SimEvent[]): string[] {
  return events.filter((e) => !QUIET.has(e.type)).map((e) => {
    const { tick, type, ...rest } = e as unknown as Record<string, unknown>;
    return `${String(tick)} ${String(type)} ${Object.entries(rest).map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : String(v)}`).join(" ")}`;
  });
}

/**
 * {@link forceDice} (the d100 and int draws), recording every draw as "d100=v" or "min..max=v" in
 * order (../recordAllDice.ts): the `min..max` shows the range the rules asked for (a damage range,
 * a counter-attack's range).
 */
export function recordDice(sim: Simulation, values: readonly number[]): DiceRecord {
  return recordAllDice(sim, values, { forced: ["d100", "int"] });
}

/** Gives the player-held `unit` (its `controller` set) the plan `plan` in its encounter and steps once: the events. */
export function playPlan(sim: Simulation, unit: UnitRecord, plan: D100Plan): SimEvent[] {
  const enc = encounterOf(sim, unit.id);
  if (!enc) throw new Error(`unit ${unit.id} is in no encounter`);
  enc.plans[unit.id] = plan;
  return sim.step();
}

/** {@link playPlan} of a plan that is one attack of `unit` on `target` (the turn then ends). */
export function attackOnce(sim: Simulation, unit: UnitRecord, target: UnitRecord): SimEvent[] {
  return playPlan(sim, unit, { action: "steps", steps: [{ kind: "attack", targetId: target.id }] });
}

/** Kobolds (20 HP: a swarm of six or more, P100-MASS-01) at the given tiles, ids in order. */
export function kobolds(sim: Simulation, tiles: readonly (readonly [number, number])[]): UnitRecord[] {
  return tiles.map(([x, y]) => addUnit(sim, { kind: "creature", species: "kobold", x, y }));
}

/** The companion (familiar or mount) `owner`'s class brings, as the invasion adds it (d100/companions.ts `addCompanions`), at (x, y). */
export function companion(sim: Simulation, owner: UnitRecord, x = owner.x, y = owner.y): UnitRecord {
  const [c] = addCompanions(sim, { id: "", memberIds: [owner.id] } as unknown as PartyRecord);
  if (!c) throw new Error(`no companion for ${owner.adventurerClass}`);
  c.x = x; c.y = y;
  return c;
}

/**
 * A player's warrior (seat a1) at (5, 5) on {@link d100Sim} accepts the duel (not to the death) the
 * keeper's minion at (8, 5) proposes (`proposeDuel`, then `answerDuel` through the command queue,
 * asserted accepted); initiative recorded d100 10 then 90 (warrior 90, minion 10 in the duel's
 * order), so the warrior's turn waits for its plan. The duel's opening events are drained; `init`
 * is the initiative's record.
 */
export function playerDuel(): { sim: Simulation; hero: UnitRecord; m: UnitRecord; init: ReturnType<typeof recordDice> } {
  const sim = d100Sim();
  const hero = adventurer(sim, "Warrior", 5, 5);
  hero.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: 8, y: 5 });
  const r = sim.apply({ type: "proposeDuel", unitId: m.id, opponentId: hero.id, toDeath: false });
  const init = recordDice(sim, [10, 90]);
  expect(sim.enqueue(player(hero.id), { type: "answerDuel", proposalId: (r as { id: string }).id, accept: true })).toEqual({ ok: true });
  sim.drainEvents();
  return { sim, hero, m, init };
}

/**
 * A player-held (seat a1) level-1 adventurer of class `cls` (with `gear`, see {@link adventurer})
 * at (5, 5) going for a 300-HP minion at (`mx`, 5) on {@link d100Sim}; the first tick rolls
 * initiative with recorded dice, hero 90, minion 10 (asserted both drawn), so the hero's turn
 * waits for its plan.
 */
export function playerBesideMinion(cls = "Warrior", gear: Partial<UnitRecord["gear"]> = {}, mx = 6): { sim: Simulation; hero: UnitRecord; m: UnitRecord } {
  const sim = d100Sim();
  const hero = adventurer(sim, cls, 5, 5, gear);
  hero.controller = "a1";
  const m = addUnit(sim, { kind: "minion", x: mx, y: 5 });
  d100Of(m).hp = d100Of(m).maxHp = 300;
  hero.targetId = m.id;
  const init = recordDice(sim, [90, 10]);
  sim.step();
  expect([init.draws, init.left()]).toEqual([["d100=90", "d100=10"], 0]);
  return { sim, hero, m };
}
