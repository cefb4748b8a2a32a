import { TurnOptions, type DungeonState } from "@malignus/shared/schema";
import type { Simulation } from "../sim/simulation.ts";
import type { EncounterRecord } from "../sim/combat/encounters/types.ts";
import { TURN_TIMER_TICKS } from "../sim/combat/encounters/encounters.ts";
import { d100TurnOptions } from "../sim/combat/d100/options.ts";
import type { TurnState } from "../sim/combat/d100/turns.ts";
import { set, setList } from "./schemaWrites.ts";

/**
 * The d100 part of `DungeonState.turnOptions` (issue 8: a d100 player's turn): for every encounter
 * whose current turn waits for a seated player's plan, the options of the unit whose turn it is
 * (combat/d100/options.ts `d100TurnOptions`), worked out from what its turn has spent so far (the
 * encounter's `openTurn` while the player spends it in parts with `keepTurn`, so they refresh after
 * each plan). Generic fields: `actions` (step kinds), `movement` (tiles of a normal move left),
 * `reachable`/`reachableCost` (tiles a normal move can end on, tiles walked), `targets`; the d100
 * fields: `d100GuardedReachable`, `d100HitChances` (per target), `d100Spell`, `d100SpellCharges`,
 * `d100SpellTargets`, `d100SpellHitChances`, `d100FreeActions`, `d100FamiliarId`,
 * `d100FamiliarTargets`, `d100FamiliarHitChances`, `d100RescueTargets`. Tiles as y × width + x.
 * @returns the unit ids given options (the caller drops the other entries).
 */
export function projectD100TurnOptions(target: DungeonState, simulation: Simulation): Set<string> {
  const sim = simulation.state;
  const live = new Set<string>();
  const w = sim.map.width;
  for (const eid in sim.encounters ?? {}) {
    const enc = sim.encounters![eid] as EncounterRecord;
    if (enc.waitingSince < 0 || enc.turnIndex >= enc.order.length) continue;
    const unit = sim.units[enc.order[enc.turnIndex] as string];
    if (!unit || !unit.controller) continue;
    live.add(unit.id);
    let entry = target.turnOptions.get(unit.id);
    if (!entry) { entry = new TurnOptions(); target.turnOptions.set(unit.id, entry); }
    const spent = enc.openTurn?.unitId === unit.id ? enc.openTurn.state as TurnState : undefined;
    const o = d100TurnOptions(simulation, enc, unit, spent);
    set(entry, "unitId", unit.id);
    set(entry, "encounterId", enc.id);
    set(entry, "round", Math.min(enc.round, 0xffff));
    set(entry, "deadlineTick", enc.waitingSince + TURN_TIMER_TICKS);
    set(entry, "movement", o.movement);
    setList(entry.actions, o.actions);
    setList(entry.reachable, o.reachable.map((t) => t.y * w + t.x));
    setList(entry.reachableCost, o.reachable.map((t) => t.steps));
    setList(entry.targets, o.targets.map((t) => t.id));
    setList(entry.d100GuardedReachable, o.guardedReachable.map((t) => t.y * w + t.x));
    setList(entry.d100HitChances, o.targets.map((t) => t.chance));
    set(entry, "d100Spell", o.spell);
    set(entry, "d100SpellCharges", Math.min(o.spellCharges, 0xff));
    setList(entry.d100SpellTargets, o.spellTargets.map((t) => t.id));
    setList(entry.d100SpellHitChances, o.spellTargets.map((t) => t.chance));
    setList(entry.d100FreeActions, o.freeActions);
    set(entry, "d100FamiliarId", o.familiarId);
    setList(entry.d100FamiliarTargets, o.familiarTargets.map((t) => t.id));
    setList(entry.d100FamiliarHitChances, o.familiarTargets.map((t) => t.chance));
    setList(entry.d100RescueTargets, o.rescueTargets);
  }
  return live;
}
