import type { DamageType, HarmModel, RulesetId, RulesetTiming, WoundSeverity } from "@malignus/shared";
import type { Simulation } from "../simulation.ts";
import type { PartyRecord, UnitRecord } from "../state.ts";

/**
 * The combat-ruleset seam: how a room's chosen ruleset (`malignus`, `d20`, `d100`) resolves
 * attacks, defences, checks and harm, what "out of the fight" means, and whether fights run
 * continuously or in rounds. Traps, doors, knowledge and invasions call this interface through
 * `sim.ruleset`, never a specific ruleset (CMB-01).
 *
 * What every ruleset shares lives outside the modules and wraps them (combat/rulesets.ts
 * `rulesetFor`): perception (CMB-02 to CMB-04), being hit revealing the attacker (CMB-05), noise
 * from deaths and failed bashes (CMB-06 to CMB-08), reach and line of fire (CMB-09 to CMB-14),
 * the stance slider (CMB-15 to CMB-17), crowding (CMB-18 to CMB-21) and what can be done with
 * the unconscious (CMB-44 to CMB-47). A module only rolls dice and keeps its own numbers.
 *
 * Members marked optional have a ruleset-independent default in the wrapper, so a module can
 * start small; `sim.ruleset` is always the wrapped, complete object ({@link RoomRuleset}).
 *
 * Module contract:
 * - `attack` and `harm` update the target (wounds or hit points, `activity` "unconscious" or
 *   "dead", `wakeTick`, clearing `targetId` and `walk` when it falls) and emit `attack`, `wound`
 *   and `knockedOut` events; a module keeping hit points emits `wound` with its own severity
 *   reading and `knockedOut` with cause "hitPoints".
 * - Randomness only from `sim.rng`, in a documented draw order.
 * - A module never moves units, never decides who fights whom, and never makes noise: the
 *   wrapper and the fight system do that.
 */
export interface CombatRuleset {
  readonly id: RulesetId;
  /**
   * How fights run: "continuous" (each unit attacks on its own cadence, malignus) or "rounds"
   * (fights form encounters with initiative and turns, d20 and d100; see combat/encounters/).
   */
  readonly timing: RulesetTiming;
  /**
   * A check that is not an attack: spotting a trigger, defusing, picking a lock, bashing a door,
   * rearming a trap part, resisting a trap (Block). The unit's relevant stat plus `bonus` is
   * rolled against `difficulty`; the result says whether it succeeded and whether the roll was a
   * critical success or failure (TRAP-36). Callers never roll dice for checks themselves.
   * A failed "bash" by an enemy of the keeper makes a noise (CMB-07, done by the wrapper).
   * @param difficulty the opposing value, on the scale of the unit's stats (a stat of 3 is average).
   * @param bonus situational modifiers already summed (Caution, learned bonuses, darkness, …).
   */
  check(sim: Simulation, unit: UnitRecord, kind: CheckKind, difficulty: number, bonus: number): CheckResult;
  /**
   * One melee or ranged attack of `attacker` on the standing `target`: rolls, emits `attack` and
   * any `wound`/`knockedOut` events, and updates the target. Reach, line of fire, bystanders
   * (CMB-14) and killing the unconscious (CMB-47) are decided before this is called.
   * @returns whether it hit; a module returning nothing is read as "hit when the target's
   *   {@link CombatRuleset.describe} value changed".
   */
  attack(sim: Simulation, attacker: UnitRecord, target: UnitRecord): AttackOutcome | void;
  /**
   * Harm from a non-unit source (a trap mechanism): `sourceId` is the part id. No attacker is
   * revealed (catalogue proposal "Traps and wounds").
   * @param harm the trap table's row (shared/data/traps.ts): `severity` for malignus, `d20Damage`
   *   dice ("2d6") for d20, `d100Damage` [min, max] for d100. The wrapper fills `d20Damage` and
   *   `d100Damage` from the trap table when `sourceId` is a part and the caller left them out.
   */
  harm(sim: Simulation, target: UnitRecord, sourceId: string, harm: Harm): void;
  /** True when the unit can no longer act in a fight (unconscious, dead, captured, gone). */
  isOutOfFight(unit: UnitRecord): boolean;
  /**
   * Sets up the module's own per-unit data on a fresh unit (hit points, sheets); called once by
   * `addUnit` after the unit's fields are set. Default: nothing.
   */
  initUnit?(sim: Simulation, unit: UnitRecord): void;
  /**
   * How harmed the unit is, for the state and clients. Default: malignus wound points
   * (`woundPoints` of OUT_OF_FIGHT_WOUND_POINTS).
   */
  describe?(unit: UnitRecord): HarmState;
  /**
   * Heals `target` (CMB-45) by `healer` (a unit id, or a source id): the module decides how
   * much. Emits `healed`. Default: the malignus reading, the most severe wound is removed.
   */
  heal?(sim: Simulation, healer: string, target: UnitRecord): void;
  /**
   * The statuses on the unit for clients (shared STATUSES, e.g. "prone", "stunned"), in a stable
   * order. Default: none (the malignus ruleset has no statuses).
   */
  statuses?(unit: UnitRecord): readonly string[];
  /**
   * A party has just arrived at its portal (INV-07), its members created: the module may add the
   * units that come with them (d100: familiars and mounts, P100-FAMILIAR, P100-AIR-22). Default:
   * nothing.
   */
  partyArrived?(sim: Simulation, party: PartyRecord): void;
  /**
   * A party drawn by the usual tables (invasions/party.ts `planParty`, not a scenario party) is
   * about to be created: the module may change its members' classes in place without drawing
   * dice (d100: companion classes, d100/companions.ts `drawD100CompanionClasses`). `special` is the
   * special party's kind, if any. Default: nothing.
   */
  partyPlanned?(sim: Simulation, invasionNumber: number, plan: { members: { adventurerClass: string; level: number }[] }, special?: string): void;
}

/** The complete ruleset a room uses: every optional member filled in by the wrapper. */
export type RoomRuleset = Required<CombatRuleset>;

/** What an attack did (the `attack` event has the detail). */
export interface AttackOutcome { hit: boolean }

/** Harm from a trap mechanism: the trap table's numbers for each ruleset (shared/data/traps.ts). */
export interface Harm {
  /** malignus: the wound severity (CMB-24). */
  severity: WoundSeverity;
  damageType: DamageType;
  /** Blunt harm (CMB-29, CMB-38). */
  blunt: boolean;
  /** d20: damage dice such as "2d8", or null for none. */
  d20Damage?: string | null;
  /** d100: damage range [min, max] in hit points, or null for none. */
  d100Damage?: readonly [number, number] | null;
  /**
   * KNOW-26: the victim resisted the trap (set by the wrapper, combat/rulesets.ts): a hit-point
   * module divides the damage it rolls by {@link TRAP_RESIST_DAMAGE_DIVISOR}, rounding down.
   * Wound-point harm is lowered by the wrapper itself and never carries it.
   */
  resisted?: boolean;
  /**
   * D20-DAMAGE-04: the one damage roll of a firing (or of a lingering effect's pulse) that harms
   * several victims, made by the firing site (traps/firing.ts `fireMechanism`, traps/effects.ts
   * `stepEffects`) and handed to each victim's harm. A hit-point module rolls into it for the
   * first victim (after that victim's resist check, as the dice are drawn in play) and reads it
   * for the others. Left out (a single harm), the module rolls for this victim alone.
   */
  roll?: SharedDamageRoll;
}

/**
 * D20-DAMAGE-04: one damage roll shared by every victim of one firing: `total` is null until the
 * first victim's module rolls it (hit points, before any halving or resistance).
 */
export interface SharedDamageRoll { total: number | null }

/**
 * KNOW-26, KNOW-37 (open, catalogue proposal "every roll made to avoid or reduce a trap's effect,
 * including Block"): the difficulty of the "resist" (Block) check a victim makes against a trap's
 * harm, on the stat scale. malignus: 1d10 + Block + bonus ≥ 10; d20: 1d20 + Block + bonus ≥ 15;
 * d100: 1d100 + 10 × (Block + bonus) > 100.
 */
export const TRAP_RESIST_DIFFICULTY = 5;

/** KNOW-26 (server choice): a resisted trap's hit-point damage (d20, d100) is divided by this, rounding down. */
export const TRAP_RESIST_DAMAGE_DIVISOR = 2;

/**
 * How harmed a unit is: under "woundPoints" `value` counts up to `max` (out of the fight at
 * `max`, CMB-25); under "hitPoints" `value` counts down from `max` (out at 0).
 */
export interface HarmState { model: HarmModel; value: number; max: number }

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
