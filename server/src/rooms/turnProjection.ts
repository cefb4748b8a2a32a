import { D20SpellOption, TurnOptions, type DungeonState } from "@malignus/shared/schema";
import type { Simulation } from "../sim/simulation.ts";
import type { EncounterRecord } from "../sim/combat/encounters/types.ts";
import { TURN_TIMER_TICKS } from "../sim/combat/encounters/encounters.ts";
import { projectD100TurnOptions } from "./d100TurnProjection.ts";
import { d20TurnOptions, type D20SpellOption as D20SpellOptionData } from "../sim/combat/d20/options.ts";
import { set, setList } from "./schemaWrites.ts";

/**
 * Projects a d20 unit's spell options into `entry.d20Spells` (shared D20SpellOption), one entry per
 * spell in the same order; entries are made or dropped only when the number of spells changes.
 */
function projectSpells(entry: TurnOptions, spells: readonly D20SpellOptionData[], width: number): void {
  const list = entry.d20Spells;
  while (list.length > spells.length) list.pop();
  while (list.length < spells.length) list.push(new D20SpellOption());
  spells.forEach((sp, i) => {
    const e = list.at(i)!;
    set(e, "name", sp.name);
    set(e, "pool", sp.pool);
    set(e, "cost", Math.min(sp.cost, 0xffff));
    set(e, "affordable", sp.affordable);
    set(e, "castable", sp.castable);
    set(e, "kind", sp.kind);
    set(e, "band", sp.band);
    set(e, "range", sp.range);
    set(e, "radius", Math.min(sp.radius, 0xff));
    setList(e.targets, sp.targets);
    setList(e.targetCover, sp.targetCover);
    setList(e.tiles, sp.tiles.map((t) => t.y * width + t.x));
  });
}

/** Targets of a ruleset without turns whose `turnOptions` map {@link projectTurnOptions} saw empty. */
const withoutTurnOptions = new WeakSet<DungeonState>();

/**
 * Projects `DungeonState.turnOptions` (issue 7 "Who decides"): in a d20 room, for every encounter
 * whose current turn waits for a player's plan (`waitingSince` ≥ 0, see combat/encounters/), the
 * options of the unit whose turn it is (combat/d20/options.ts `d20TurnOptions`: legal step kinds,
 * reachable tiles with their cost, foes in reach with their cover, what is left of the turn, mounts,
 * spells with their targets) and the tick the turn timer runs out. A turn played in several plans
 * (`keepTurn`) waits again after each, so its options are worked out anew from what is left. Other
 * entries are removed. Sent to every client (not filtered per view).
 */
export function projectTurnOptions(target: DungeonState, simulation: Simulation): void {
  const sim = simulation.state;
  // Issue 20 part 2: only d20 and d100 rooms have turn options; elsewhere there is nothing to add
  // and, the map being empty, nothing to remove (no set built, no key walked each step). Only
  // this function writes the map and it adds only in those rulesets, so a target once seen empty
  // in another ruleset stays so: the map is not even read again.
  if (sim.ruleset !== "d20" && sim.ruleset !== "d100") {
    if (withoutTurnOptions.has(target)) return;
    if (target.turnOptions.size === 0) { withoutTurnOptions.add(target); return; }
  }
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
      // d20move: movement modes (D20-MOVE-13 to D20-MOVE-15).
      set(entry, "moveMode", o.moveMode ?? "walk");
      setList(entry.switchModes, o.switchModes ?? []);
      setList(entry.reachableMode, o.reachable.map((t) => t.mode ?? o.moveMode ?? "walk"));
      // What is left of the turn, refreshed after each plan played with `keepTurn` (issue 7 gap: options as the turn is spent).
      set(entry, "movementLeft", o.movementLeft);
      set(entry, "fullAction", o.fullAction);
      set(entry, "halfAction", o.halfAction);
      set(entry, "reaction", o.reaction);
      set(entry, "attacksLeft", Math.min(o.attacksLeft, 0xff));
      set(entry, "moverId", o.moverId);
      set(entry, "moverMovementLeft", o.moverMovementLeft);
      setList(entry.targetCover, o.targetCover);
      setList(entry.mounts, o.mounts);
      set(entry, "mountCost", o.mountCost);
      setList(entry.dismountTiles, o.dismountTiles.map((t) => t.y * sim.map.width + t.x));
      set(entry, "tileReach", Math.min(o.tileReach, 0xffff));
      projectSpells(entry, o.spells, sim.map.width);
      setList(entry.offHandTargets, o.offHandTargets);
      setList(entry.helpAllies, o.helpAllies);
      setList(entry.helpFoes, o.helpFoes);
      setList(entry.firstAidTargets, o.firstAidTargets);
      setList(entry.grappleTargets, o.grappleTargets);
      setList(entry.thrownTargets, o.thrownTargets); // d20finish: thrown weapons, items, first aid to foes too
      setList(entry.offHandThrownTargets, o.offHandThrownTargets);
      setList(entry.useObjectItems, o.useObjectItems);
      setList(entry.useObjectTargets, o.useObjectTargets);
    }
  }
  if (sim.ruleset === "d100") for (const id of projectD100TurnOptions(target, simulation)) live.add(id); // issue 8 (rooms/d100TurnProjection.ts)
  let stale: string[] | undefined;
  for (const id of target.turnOptions.keys()) if (!live.has(id)) (stale ??= []).push(id);
  if (stale) for (const id of stale) target.turnOptions.delete(id);
}

/**
 * True while an encounter's current turn waits for a seated player's plan (`waitingSince` ≥ 0 on
 * a unit with a `controller`). The room then runs one tick per room step, whatever its
 * `timeScale`, so the turn timer (TURN_TIMER_TICKS) lasts at least TURN_TIMER_TICKS room steps
 * of real time and a person has time to answer. Also true while a d100 duel proposal waits for
 * its answer (`duelProposals`, P100-DUEL-01: a player or a keeper answers it), so its
 * DUEL_PROPOSAL_TICKS last as many room steps, and while a duel winner's side decides on its loser
 * (`duelMercies`, P100-DUEL-20, DUEL_MERCY_TICKS).
 */
export function awaitingPlayer(simulation: Simulation): boolean {
  const sim = simulation.state;
  // Once per tick in every room (stepLoop.ts): the absent maps of a malignus room cost no object.
  if (sim.duelProposals) for (const _ in sim.duelProposals) return true; // issue 8: a duel proposal waits for a person's answer
  if (sim.duelMercies) for (const _ in sim.duelMercies) return true; // issue 8: a duel winner's side decides whether to spare the loser (P100-DUEL-20)
  if (!sim.encounters) return false;
  for (const eid in sim.encounters) {
    const enc = sim.encounters![eid] as EncounterRecord;
    if (enc.waitingSince < 0 || enc.turnIndex >= enc.order.length) continue;
    if (sim.units[enc.order[enc.turnIndex] as string]?.controller) return true;
  }
  return false;
}
