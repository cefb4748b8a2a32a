import type { UnitRecord } from "../../state.ts";
import { CHECK_STAT, type CombatRuleset } from "../ruleset.ts";
import { CHECK_BASE_DIFFICULTY, CHECK_DIE_SIDES } from "./tables.ts";
import { resolveAttack, resolveHarm } from "./attack.ts";

export { applyWound, headWoundChance, unconsciousChance, type Dice, type KnockOut, type WoundResult } from "./wounds.ts";
export { hitLocationFor, resolveAttack, resolveHarm, severityForMargin, type AttackResult } from "./attack.ts";

/** True when the unit can no longer act in a fight: unconscious, dead, captured or gone. */
function isOutOfFight(u: UnitRecord): boolean {
  return u.activity === "unconscious" || u.activity === "dead" || u.activity === "captured" || u.activity === "left";
}

/**
 * The `malignus` ruleset: the seed's wound model (CMB-01, CMB-22 to CMB-48), minimal but honest.
 * Opposed 1d10 + Combat rolls, wound points 1/2/4 with 10 to be out of the fight, head wounds,
 * and the unconscious-or-dead tables. Its numbers are in `tables.ts`.
 */
export const malignusRuleset: CombatRuleset = {
  id: "malignus",
  timing: "continuous",
  check(sim, unit, kind, difficulty, bonus) {
    // 1d10 + stat + bonus must reach difficulty + CHECK_BASE_DIFFICULTY.
    // A natural 1 is a critical failure and always fails; a natural 10 a critical success (TRAP-36).
    const roll = sim.rng.die(CHECK_DIE_SIDES);
    const total = roll + unit.stats[CHECK_STAT[kind]] + bonus;
    if (roll === 1) return { success: false, critical: "failure", roll, total };
    if (roll === CHECK_DIE_SIDES) return { success: true, critical: "success", roll, total };
    return { success: total >= difficulty + CHECK_BASE_DIFFICULTY, critical: null, roll, total };
  },
  attack(sim, attacker, target) { resolveAttack(sim, attacker, target); },
  harm(sim, target, sourceId, harm) { resolveHarm(sim, target, sourceId, harm); },
  isOutOfFight,
};
