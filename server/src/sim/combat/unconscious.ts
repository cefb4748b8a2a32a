import { TICKS_PER_GAME_HOUR, type RulesetId } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";
import { chebyshev } from "../world/grid.ts";
import { isActive, allUnits, setActivity, setTarget } from "../world/units.ts";
import { placeUnit } from "../world/unitIndex.ts";
import { markUnit } from "../changes.ts";

/**
 * What can be done with someone unconscious, whatever the ruleset: carry them (CMB-44), heal
 * them (CMB-45, through the ruleset's `heal`), capture them (CMB-46, minions/minions.ts) or kill
 * them (CMB-47). A minion carried to its own bed wakes within 1 game hour (CMB-49) when its
 * unconsciousness is timed (see {@link putDown}).
 */

/**
 * CMB-49 (open: exact time): a minion put down on its own bed wakes after a whole number of ticks
 * drawn uniformly in [1, BED_WAKE_WITHIN_TICKS] (1 game hour), unless it was due to wake sooner.
 */
export const BED_WAKE_WITHIN_TICKS = TICKS_PER_GAME_HOUR;

/**
 * CMB-49 (open: what counts as a minion's own bed): a minion's bed is its home tile, where it
 * spawned (`UnitRecord.home`).
 */
export function bedOf(unit: UnitRecord): { x: number; y: number } {
  return unit.home;
}

/** True when `unit` lies on its own bed (CMB-49). */
export function onOwnBed(unit: UnitRecord): boolean {
  const bed = bedOf(unit);
  return unit.x === bed.x && unit.y === bed.y;
}

/**
 * CMB-44: `carrier` picks up the unconscious `body` standing next to it or on its tile. The body
 * then moves with the carrier (see {@link followCarriers}). Emits `carried`.
 * @throws Error when the carrier is not standing or already carries someone, when the body is not
 *   unconscious or already carried, or when it is more than 1 tile away (Chebyshev).
 */
export function pickUp(sim: Simulation, carrier: UnitRecord, body: UnitRecord): void {
  if (!isActive(carrier)) throw new Error(`unit ${carrier.id} cannot carry while ${carrier.activity}`);
  if (carrier.carryingId !== "") throw new Error(`unit ${carrier.id} already carries ${carrier.carryingId}`);
  if (body.activity !== "unconscious") throw new Error(`only the unconscious can be carried, unit ${body.id} is ${body.activity}`);
  if (body.carriedBy !== "") throw new Error(`unit ${body.id} is already carried by ${body.carriedBy}`);
  if (chebyshev(carrier, body) > 1) throw new Error(`unit ${body.id} is not next to ${carrier.id}`);
  carrier.carryingId = body.id;
  body.carriedBy = carrier.id; markUnit(sim, body);
  placeUnit(sim, body, carrier.x, carrier.y);
  sim.emit({ type: "carried", unitId: body.id, byUnitId: carrier.id, x: carrier.x, y: carrier.y });
}

/**
 * Puts down the body `carrier` carries, on the carrier's tile. A minion put down on its own bed
 * gets a wake tick within {@link BED_WAKE_WITHIN_TICKS} (CMB-49; one draw from `sim.rng`) unless it
 * was due to wake sooner. Only a timed unconsciousness (`wakeTick >= 0`: malignus CMB-48, a d100
 * duel loser) is shortened; a d20 or d100 creature at 0 HP (`wakeTick` −1) draws nothing and stays
 * out until its ruleset wakes it (D20-HP-15, D20-HP-32, P100-DEATH-01). Emits `dropped`. Does
 * nothing when the carrier carries no one.
 */
export function putDown(sim: Simulation, carrier: UnitRecord): void {
  const body = carrier.carryingId ? sim.state.units[carrier.carryingId] : undefined;
  carrier.carryingId = "";
  if (!body) return;
  body.carriedBy = ""; markUnit(sim, body);
  placeUnit(sim, body, carrier.x, carrier.y);
  sim.emit({ type: "dropped", unitId: body.id, byUnitId: carrier.id, x: body.x, y: body.y });
  if (body.kind === "minion" && body.activity === "unconscious" && body.wakeTick >= 0 && onOwnBed(body)) {
    const wake = sim.state.tick + sim.rng.int(1, BED_WAKE_WITHIN_TICKS);
    if (wake < body.wakeTick) body.wakeTick = wake;
  }
}

/**
 * Once per tick after movement: carried bodies move with their carrier; a carrier that fell or is
 * gone drops its body where it stands, and a body that woke or died is let go. In id order.
 */
export function followCarriers(sim: Simulation): void {
  const units = sim.state.units;
  for (const body of allUnits(sim)) {
    if (body.carriedBy === "") continue;
    const carrier = units[body.carriedBy];
    if (!carrier || carrier.carryingId !== body.id) { body.carriedBy = ""; markUnit(sim, body); continue; }
    if (!isActive(carrier) || body.activity !== "unconscious") { putDown(sim, carrier); continue; }
    placeUnit(sim, body, carrier.x, carrier.y);
  }
}

/**
 * CMB-47: `attacker`, standing next to the unconscious `target`, kills it: no roll (the
 * unconscious cannot defend; open, see docs/rules-decisions.md). The body is let go if carried.
 * Emits `knockedOut` (outcome "dead", cause "killingBlow", `byUnitId` the attacker).
 * @throws Error when the target is not unconscious, the attacker is not standing, or they are
 *   more than 1 tile apart.
 */
export function killingBlow(sim: Simulation, attacker: UnitRecord, target: UnitRecord): void {
  if (target.activity !== "unconscious") throw new Error(`a killing blow needs an unconscious target, unit ${target.id} is ${target.activity}`);
  if (!isActive(attacker)) throw new Error(`unit ${attacker.id} cannot strike while ${attacker.activity}`);
  if (chebyshev(attacker, target) > 1) throw new Error(`unit ${target.id} is not next to ${attacker.id}`);
  if (target.carriedBy !== "") {
    const carrier = sim.state.units[target.carriedBy];
    if (carrier) putDown(sim, carrier);
  }
  setActivity(sim, target, "dead");
  target.wakeTick = -1;
  sim.emit({ type: "knockedOut", unitId: target.id, outcome: "dead", cause: "killingBlow", byUnitId: attacker.id });
}

/**
 * CMB-47 for a keeper's attack order (`orderAttack`, `orderTargetId`): the unconscious unit `unit`
 * was ordered to attack, when it lies within 1 tile (Chebyshev) of the standing `unit`; else null.
 */
export function orderedBodyInReach(sim: Simulation, unit: UnitRecord): UnitRecord | null {
  if (unit.orderTargetId === "" || !isActive(unit)) return null;
  const body = sim.state.units[unit.orderTargetId];
  return body && body.activity === "unconscious" && chebyshev(unit, body) <= 1 ? body : null;
}

/**
 * CMB-47, whatever the ruleset: when the unit `unit` was ordered to attack lies unconscious next
 * to it ({@link orderedBodyInReach}), `unit` kills it ({@link killingBlow}; shown as `fighting`,
 * its `targetId` cleared). Callers decide when the unit may strike (the malignus cadence, a
 * d20/d100 turn's attack, or real time outside encounters).
 * @returns true when a killing blow was struck.
 */
export function orderedKillingBlow(sim: Simulation, unit: UnitRecord): boolean {
  const body = orderedBodyInReach(sim, unit);
  if (!body) return false;
  setActivity(sim, unit, "fighting");
  killingBlow(sim, unit, body);
  setTarget(sim, unit, "");
  return true;
}

/**
 * CMB-45 (open: who heals in play): the rulesets in which a minion that carried an unconscious
 * minion to its bed tends it there (combat/stance.ts). Only malignus: d20 and d100 heal with their
 * own spells and companions.
 */
export const BED_TENDING_RULESETS: readonly RulesetId[] = ["malignus"];

/**
 * CMB-45: `healer` tends `patient` next to it (or on its tile), conscious or not, through the
 * room's ruleset (`heal`: malignus removes the most severe wound). Healing does not wake anyone
 * (open, docs/rules-decisions.md). Emits `healed`.
 * @throws Error when the healer is not standing, the patient is dead, captured or gone, or they
 *   are more than 1 tile apart.
 */
export function healNextTo(sim: Simulation, healer: UnitRecord, patient: UnitRecord): void {
  if (!isActive(healer)) throw new Error(`unit ${healer.id} cannot heal while ${healer.activity}`);
  if (patient.activity === "dead" || patient.activity === "captured" || patient.activity === "left") {
    throw new Error(`unit ${patient.id} cannot be healed while ${patient.activity}`);
  }
  if (chebyshev(healer, patient) > 1) throw new Error(`unit ${patient.id} is not next to ${healer.id}`);
  sim.ruleset.heal(sim, healer.id, patient);
}
