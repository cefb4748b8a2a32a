import { PARTS, TICKS_PER_GAME_MINUTE } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartRecord, UnitRecord } from "../state.ts";
import type { SharedDamageRoll } from "../combat/ruleset.ts";
import { chebyshev } from "../world/grid.ts";
import { isActive, isMerchant } from "../world/units.ts";
import { doorTriggerSetOff } from "../world/hooks.ts";
import { networkOf, type TrapNetwork } from "./network.ts";
import { isReady, neverNeedsRearm, partAt } from "./parts.ts";
import { onTriggerSetOff, stepsOver } from "../knowledge/knowledge.ts";
import { startEffect } from "./effects.ts";
import { inMurderousFrenzy } from "../minions/frenzy.ts";
import { markPart } from "../changes.ts";

/**
 * Setting traps off and firing mechanisms (TRAP-08, TRAP-10, TRAP-11, TRAP-13, TRAP-16,
 * TRAP-32, TRAP-33, TRAP-40 to TRAP-42, TRAP-57 to TRAP-60).
 *
 * Decisions:
 * - A trigger is "set off" only when it is built, ready (no pending rearm, not expired) and its
 *   network holds a mechanism; an unwired trigger does nothing and needs no rearm (TRAP-10
 *   proposal).
 * - A trigger that is set off always counts as used (needs a rearm, a rigged trigger turns
 *   normal) even when the mechanism cannot fire (site, waiting for a rearm, expired, or an
 *   unbuilt timer in between); `trapFired` then carries `mechanismId: null` and no victims.
 * - The Master never sets traps off (proposal), even rigged ones. A rigged trigger reacts to
 *   everyone else but its `riggedBy` minion, wild creatures included even on an alarm trap
 *   (proposal).
 * - Victims are every active unit in the mechanism's area, whatever its side (TRAP-37: a trap
 *   can hit a minion), except travelling merchants (DOOR-12 decision: they never set off a
 *   trigger, rigged or not, and no trap harms them). `trapFired.x/y` is the mechanism's tile (the trigger's when none fired).
 */

/**
 * True when `unit` sets off `trigger` on network `net` (TRAP-40, TRAP-41, TRAP-57 to TRAP-62):
 * never the unconscious, dead, captured or gone, nor the Master; a rigged trigger reacts to
 * everyone but the minion who rigged it; otherwise the keeper's side (`faction "dungeon"`, lair
 * creatures included) never does, wild creatures do except through a trigger wired to an alarm
 * trap, and everyone else (adventurers, minions turned enemy) does.
 */
export function setsOff(sim: Simulation, unit: UnitRecord, trigger: PartRecord, net: TrapNetwork): boolean {
  if (!isActive(unit) || unit.kind === "master" || isMerchant(unit)) return false; // DOOR-12 decision: merchants never do
  if (trigger.riggedBy !== "") return unit.id !== trigger.riggedBy; // TRAP-40, TRAP-41
  if (unit.faction === "dungeon" && !inMurderousFrenzy(sim, unit)) return false; // TRAP-57, TRAP-62; TRAP-58: a minion in murderous frenzy is an enemy
  if (unit.faction === "wild") { // TRAP-59, TRAP-60
    const mech = net.mechanism ? sim.state.parts[net.mechanism] : undefined;
    return mech?.kind !== "alarmTrap";
  }
  return true; // TRAP-58
}

/**
 * Movement tells this (world/hooks.ts `unitEntered`, registered by {@link registerTrapHooks} in
 * traps/index.ts) when `unit` steps onto (x, y): a built, ready, non-lever trigger standing
 * there and wired to a mechanism is set off if the unit sets it off (see {@link setsOff}).
 */
export function onUnitEntersTile(sim: Simulation, unit: UnitRecord, x: number, y: number): void {
  const part = partAt(sim, x, y);
  if (!part || PARTS[part.kind].role !== "trigger" || part.kind === "lever") return;
  if (!isReady(sim, part)) return; // sites, used (TRAP-32) and expired (TRAP-49) triggers
  const net = networkOf(sim, part.id);
  if (net && net.doors.length > 0 && setsOff(sim, unit, part, net) && !stepsOver(sim, unit, part)) doorTriggerSetOff(sim, part); // DOOR-24 (doors' hook: doors/doors.ts activateDoorTrigger)
  if (!net || net.mechanism === null) return; // TRAP-10
  if (!setsOff(sim, unit, part, net)) return;
  if (stepsOver(sim, unit, part)) return; // KNOW-18: a known tripwire is stepped over
  setOffTrigger(sim, part, net, unit.id);
}

/**
 * Sets off `trigger` on `net` (which holds a mechanism): the trigger is used (needs a rearm
 * unless a lever, TRAP-32, TRAP-33; a rigged one turns normal, TRAP-42); with a timer on the
 * network the mechanism fires `delayMinutes` game minutes later (TRAP-16 to TRAP-18), else at
 * once (TRAP-13).
 */
export function setOffTrigger(sim: Simulation, trigger: PartRecord, net: TrapNetwork, byUnitId: string | null): void {
  onTriggerSetOff(sim, trigger, net.mechanism ? sim.state.parts[net.mechanism]?.kind ?? null : null, byUnitId); // KNOW-06, KNOW-20, KNOW-32
  if (!neverNeedsRearm(trigger)) trigger.needsRearm = true;
  trigger.riggedBy = "";
  markPart(sim, trigger.id);
  const mechanismId = net.mechanism as string;
  if (net.timer !== null) {
    const timer = sim.state.parts[net.timer] as PartRecord;
    if (!timer.built) { emitNothingFired(sim, trigger, byUnitId); return; }
    sim.state.pendingFirings.push({
      atTick: sim.state.tick + timer.delayMinutes * TICKS_PER_GAME_MINUTE,
      triggerId: trigger.id, mechanismId, byUnitId,
    });
    return;
  }
  fireMechanism(sim, trigger.id, mechanismId, byUnitId);
}

function emitNothingFired(sim: Simulation, trigger: PartRecord, byUnitId: string | null): void {
  sim.emit({
    type: "trapFired", triggerId: trigger.id, mechanismId: null, mechanism: null,
    x: trigger.x, y: trigger.y, byUnitId, victims: [],
  });
}

/**
 * Fires mechanism `mechanismId` set off through trigger `triggerId` (TRAP-13): when the
 * mechanism is built and ready, every active unit within its table radius (Chebyshev, in tiles)
 * of the mechanism, or of the trigger for `reach: "trigger"` parts, is a victim; harmful
 * mechanisms call the ruleset's `harm` once per victim, all with one shared damage roll
 * (D20-DAMAGE-04); the mechanism then needs a rearm
 * (TRAP-32). Emits `trapFired`. A mechanism that is gone does nothing; one that is not ready
 * emits `trapFired` with no mechanism at the trigger's tile. `force` (a rearm's critical failure,
 * TRAP-37) fires a built mechanism even when it waits for a rearm or expired (proposal).
 * After `trapFired`, the mechanism's lingering effect starts ({@link startEffect}).
 */
export function fireMechanism(
  sim: Simulation, triggerId: string, mechanismId: string, byUnitId: string | null, force = false,
): void {
  const mech = sim.state.parts[mechanismId];
  const trigger = sim.state.parts[triggerId];
  if (!mech) return;
  if (force ? !mech.built : !isReady(sim, mech)) {
    if (trigger) emitNothingFired(sim, trigger, byUnitId);
    return;
  }
  const data = PARTS[mech.kind];
  const centre = data.reach === "trigger" && trigger ? trigger : mech;
  const victims: UnitRecord[] = data.reach === "none" ? [] : Object.values(sim.state.units)
    .filter((u) => isActive(u) && !isMerchant(u) && chebyshev(u, centre) <= data.radius); // DOOR-12 decision: merchants are spared
  mech.needsRearm = true;
  markPart(sim, mech.id);
  // The firing first, then the wounds it causes, so clients read events in causal order.
  sim.emit({
    type: "trapFired", triggerId, mechanismId: mech.id, mechanism: mech.kind,
    x: mech.x, y: mech.y, byUnitId, victims: victims.map((v) => v.id),
  });
  const harm = data.harm;
  if (harm && harm.malignusSeverity !== null) {
    const roll: SharedDamageRoll = { total: null }; // D20-DAMAGE-04: one damage roll for every victim of this firing
    for (const victim of victims) {
      sim.ruleset.harm(sim, victim, mech.id, { severity: harm.malignusSeverity, damageType: harm.damageType, blunt: false, roll });
    }
  }
  startEffect(sim, mech, victims, byUnitId);
}

/**
 * Fires the delayed firings that are due, in the order they were scheduled (TRAP-16). A mechanism
 * no longer on its trigger's network when the delay runs out (the keeper removed or moved a cable
 * or a part meanwhile) has nothing wired to it any more and does nothing (TRAP-11, TRAP-18).
 */
export function stepPendingFirings(sim: Simulation): void {
  const pending = sim.state.pendingFirings;
  if (pending.length === 0) return;
  const due = pending.filter((f) => f.atTick <= sim.state.tick);
  if (due.length === 0) return;
  sim.state.pendingFirings = pending.filter((f) => f.atTick > sim.state.tick);
  for (const f of due) {
    if (networkOf(sim, f.mechanismId)?.trigger !== f.triggerId) continue; // TRAP-11: unwired meanwhile
    fireMechanism(sim, f.triggerId, f.mechanismId, f.byUnitId);
  }
}

/**
 * The keeper pulls lever `partId` (DOOR-22, DOOR-23): an inactive lever becomes active and sets
 * off its network's mechanism, if any; an active lever is deactivated. A lever never needs a
 * rearm (TRAP-33) and never expires (TRAP-54).
 * @returns false (nothing changes) when the part is not a built lever.
 */
export function pullLever(sim: Simulation, partId: string): boolean {
  const lever = sim.state.parts[partId];
  if (!lever || lever.kind !== "lever" || !lever.built) return false;
  lever.active = !lever.active;
  markPart(sim, lever.id);
  if (!lever.active) return true;
  const net = networkOf(sim, lever.id);
  if (net && net.mechanism !== null) setOffTrigger(sim, lever, net, null);
  return true;
}
