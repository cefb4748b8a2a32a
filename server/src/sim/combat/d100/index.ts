import type { CombatRuleset } from "../ruleset.ts";
import { CHECK_STAT, TRAP_RESIST_DAMAGE_DIVISOR } from "../ruleset.ts";
import { CRIT_MIN, D100_CHECK_BASE, D100_CHECK_STEP, FUMBLE_MAX } from "@malignus/shared";
import { d100Attack, healUnit, hurt } from "./resolve.ts";
import { d100Of, sheetFor } from "./sheet.ts";
import { hasStatus, isDown } from "./statuses.ts";
import { D100_STATUS_KINDS } from "./types.ts";
import { addCompanions, drawD100CompanionClasses } from "./companions.ts";

/**
 * The `d100` ruleset (../shared/rules/percentile.md, P100-*): hit points, d100 attack and dodge
 * rolls, criticals and fumbles, placement, statuses, dying and rescue, swarms, duels and aerial
 * combat, and fights in rounds (timing "rounds": the fight system hands over to
 * combat/encounters/, {@link d100EncounterRules}). Per-unit data lives on `UnitRecord.d100`.
 * Draw orders are those of the functions called (attack.ts `resolveD100Attack`).
 */
export const d100Ruleset: CombatRuleset = {
  id: "d100",
  timing: "rounds",
  /**
   * A check: a d100 + 10 × (stat + bonus) must exceed {@link D100_CHECK_BASE} + 10 × difficulty;
   * 96..100 always succeeds and 1..5 always fails (the attack's critical ranges, TRAP-36).
   */
  check(sim, unit, kind, difficulty, bonus) {
    const roll = sim.rng.d100();
    const total = roll + D100_CHECK_STEP * (unit.stats[CHECK_STAT[kind]] + bonus);
    if (roll <= FUMBLE_MAX) return { success: false, critical: "failure", roll, total };
    if (roll >= CRIT_MIN) return { success: true, critical: "success", roll, total };
    return { success: total > D100_CHECK_BASE + D100_CHECK_STEP * difficulty, critical: null, roll, total };
  },
  /** One attack (melee when adjacent, else ranged); a refused attack draws nothing and misses. */
  attack(sim, attacker, target) {
    const r = d100Attack(sim, attacker, target);
    return { hit: r.refused === null && r.result.hit };
  },
  /** A trap's harm: a uniform roll in the trap table's `d100Damage` range (none → nothing; halved, rounding down, when the victim resisted, KNOW-26), its damage type. */
  harm(sim, target, sourceId, harm) {
    if (!harm.d100Damage) return;
    const [min, max] = harm.d100Damage;
    const rolled = sim.rng.int(min, max);
    hurt(sim, target, harm.resisted ? Math.floor(rolled / TRAP_RESIST_DAMAGE_DIVISOR) : rolled, sourceId, harm.damageType); // KNOW-26
  },
  isOutOfFight(unit) {
    if (unit.activity === "unconscious" || unit.activity === "dead" || unit.activity === "captured" || unit.activity === "left") return true;
    return isDown(d100Of(unit));
  },
  initUnit(_sim, unit) {
    unit.d100 = sheetFor(unit);
  },
  describe(unit) {
    const d = d100Of(unit);
    return { model: "hitPoints", value: d.hp, max: d.maxHp };
  },
  heal(sim, healer, target) {
    healUnit(sim, target, healer);
  },
  /** The familiars and mounts that come with the new party's members (companions.ts `addCompanions`, P100-FAMILIAR, P100-AIR-22). */
  partyArrived(sim, party) {
    addCompanions(sim, party);
  },
  /** Companion classes in drawn parties (companions.ts `drawD100CompanionClasses`, issue 8): no dice drawn. */
  partyPlanned(sim, invasionNumber, plan, special) {
    drawD100CompanionClasses(sim, invasionNumber, plan, special);
  },
  /** The statuses in force (P100-STATUS), in {@link D100_STATUS_KINDS} order; suspended controls are left out (P100-STATUS-12). */
  statuses(unit) {
    const d = d100Of(unit);
    return D100_STATUS_KINDS.filter((k) => hasStatus(d, k));
  },
};
