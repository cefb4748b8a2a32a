import type { DamageType, RulesetId, WoundSeverity } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { UnitRecord } from "../state.ts";

/**
 * The combat-ruleset seam: how a room's chosen ruleset resolves attacks and harm. Traps, doors,
 * knowledge and invasions call this interface, never a specific ruleset (CMB-01).
 * The `malignus` module implements it now; `d20` and `d100` plug in behind it later.
 */
export interface CombatRuleset {
  readonly id: RulesetId;
  /**
   * One melee or ranged attack of `attacker` on `target`: rolls, emits `attack` and any
   * `wound`/`knockedOut` events, and updates the target.
   */
  attack(sim: Simulation, attacker: UnitRecord, target: UnitRecord): void;
  /**
   * Harm from a non-unit source (a trap mechanism): `sourceId` is the part id.
   * @param harm the severity and damage type from the trap table (shared/data/traps.ts).
   */
  harm(sim: Simulation, target: UnitRecord, sourceId: string, harm: { severity: WoundSeverity; damageType: DamageType; blunt: boolean }): void;
  /** True when the unit can no longer act in a fight (unconscious, dead, captured, gone). */
  isOutOfFight(unit: UnitRecord): boolean;
}
