import { TurnOptions, type DungeonState } from "@malignus/shared";
import type { Simulation } from "../sim/simulation.ts";
import type { EncounterRecord } from "../sim/combat/encounters/types.ts";
import { TURN_TIMER_TICKS } from "../sim/combat/encounters/encounters.ts";
import { d20TurnOptions } from "../sim/combat/d20/options.ts";

/** Assigns only changed fields (schema setters mark fields dirty). */
function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) (target as Record<string, unknown>)[key as string] = value;
}

/** Replaces an ArraySchema's content only when it differs. */
function setList<T>(list: { length: number; at(i: number): T | undefined; clear(): void; push(...v: T[]): number }, values: readonly T[]): void {
  if (list.length === values.length && values.every((v, i) => list.at(i) === v)) return;
  list.clear();
  if (values.length > 0) list.push(...values);
}

/**
 * Projects `DungeonState.turnOptions` (issue 7 "Who decides"): in a d20 room, for every encounter
 * whose current turn waits for a player's plan (`waitingSince` ≥ 0, see combat/encounters/), the
 * options of the unit whose turn it is (combat/d20/options.ts `d20TurnOptions`: legal step kinds,
 * reachable tiles with their cost, foes in reach) and the tick the turn timer runs out. Other
 * entries are removed. Sent to every client (not filtered per view).
 */
export function projectTurnOptions(target: DungeonState, simulation: Simulation): void {
  const sim = simulation.state;
  const live = new Set<string>();
  if (sim.ruleset === "d20") {
    for (const eid in sim.encounters ?? {}) {
      const enc = sim.encounters![eid] as EncounterRecord;
      if (enc.waitingSince < 0 || enc.turnIndex >= enc.order.length) continue;
      const unit = sim.units[enc.order[enc.turnIndex] as string];
      if (!unit || !unit.controller) continue;
      live.add(unit.id);
      let entry = target.turnOptions.get(unit.id);
      if (!entry) { entry = new TurnOptions(); target.turnOptions.set(unit.id, entry); }
      const o = d20TurnOptions(simulation, enc, unit);
      set(entry, "unitId", unit.id);
      set(entry, "encounterId", enc.id);
      set(entry, "round", Math.min(enc.round, 0xffff));
      set(entry, "deadlineTick", enc.waitingSince + TURN_TIMER_TICKS);
      set(entry, "movement", o.movement);
      setList(entry.actions, o.actions);
      setList(entry.reachable, o.reachable.map((t) => t.y * sim.map.width + t.x));
      setList(entry.reachableCost, o.reachable.map((t) => t.cost));
      setList(entry.targets, o.targets);
    }
  }
  let stale: string[] | undefined;
  for (const id of target.turnOptions.keys()) if (!live.has(id)) (stale ??= []).push(id);
  if (stale) for (const id of stale) target.turnOptions.delete(id);
}

/**
 * True while an encounter's current turn waits for a seated player's plan (`waitingSince` ≥ 0 on
 * a unit with a `controller`). The room then runs one tick per room step, whatever its
 * `timeScale`, so the turn timer (TURN_TIMER_TICKS) lasts at least TURN_TIMER_TICKS room steps
 * of real time and a person has time to answer.
 */
export function awaitingPlayer(simulation: Simulation): boolean {
  const sim = simulation.state;
  for (const eid in sim.encounters ?? {}) {
    const enc = sim.encounters![eid] as EncounterRecord;
    if (enc.waitingSince < 0 || enc.turnIndex >= enc.order.length) continue;
    if (sim.units[enc.order[enc.turnIndex] as string]?.controller) return true;
  }
  return false;
}
