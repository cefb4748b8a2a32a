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
   * How fights run: "continuous" (each unit attacks on its own cadence, malignus) or "rounds"
   * (fights form encounters with initiative and turns, d20 and d100; see combat/encounters/).
   */
  readonly timing: "continuous" | "rounds";
  /**
   * A check that is not an attack: spotting a trigger, defusing, picking a lock, bashing a door,
   * rearming a trap part, resisting a trap (Block). The unit's relevant stat plus `bonus` is
   * rolled against `difficulty`; the result says whether it succeeded and whether the roll was a
   * critical success or failure (TRAP-36). Callers never roll dice for checks themselves.
   * @param difficulty the opposing value, on the scale of the unit's stats (a stat of 3 is average).
   * @param bonus situational modifiers already summed (Caution, learned bonuses, darkness, …).
   */
  check(sim: Simulation, unit: UnitRecord, kind: CheckKind, difficulty: number, bonus: number): CheckResult;
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

/** The checks rules ask for outside attacks. */
export type CheckKind = "spot" | "defuse" | "pick" | "bash" | "rearm" | "resist";

/** The stat each check reads (KNOW-12 spotting by Tracking, DOOR-35 Craft, DOOR-36 Combat, KNOW-37 Block). */
export const CHECK_STAT: Readonly<Record<CheckKind, "tracking" | "craft" | "combat" | "block">> = {
  spot: "tracking", defuse: "craft", pick: "craft", bash: "combat", rearm: "craft", resist: "block",
};

/** The outcome of a check: `roll` is the natural die, `total` the die plus stat and bonus. */
export interface CheckResult {
  success: boolean;
  critical: "success" | "failure" | null;
  roll: number;
  total: number;
}
