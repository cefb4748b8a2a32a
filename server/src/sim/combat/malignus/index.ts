import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { CHECK_STAT, type CheckKind, type CheckResult, type CombatRuleset } from "../ruleset.ts";
import type { Dice } from "./wounds.ts";
import { CHECK_BASE_DIFFICULTY, CHECK_DIE_SIDES } from "./tables.ts";
import { resolveAttack, resolveHarm } from "./attack.ts";

export { type Dice } from "./wounds.ts";

/** True when the unit can no longer act in a fight: unconscious, dead, captured or gone. */
function isOutOfFight(u: UnitRecord): boolean {
  return u.activity === "unconscious" || u.activity === "dead" || u.activity === "captured" || u.activity === "left";
}

/**
 * The `malignus` check (spotting, defusing, lockpicking, bashing, rearming, resisting): one
 * 1d{@link CHECK_DIE_SIDES} plus the stat {@link CHECK_STAT} names for `kind` plus `bonus` must
 * reach `difficulty` + {@link CHECK_BASE_DIFFICULTY}. A natural 1 is a critical failure and
 * always fails; a natural 10 is a critical success and always succeeds (TRAP-36). One draw.
 * Example: Craft 3, difficulty 3, bonus 0 succeeds on a roll of 5 or more (60%).
 * @param dice the random source; defaults to `sim.rng`.
 */
export function malignusCheck(
  sim: Simulation, unit: UnitRecord, kind: CheckKind, difficulty: number, bonus: number, dice: Dice = sim.rng,
): CheckResult {
  const roll = dice.die(CHECK_DIE_SIDES);
  const total = roll + unit.stats[CHECK_STAT[kind]] + bonus;
  if (roll === 1) return { success: false, critical: "failure", roll, total };
  if (roll === CHECK_DIE_SIDES) return { success: true, critical: "success", roll, total };
  return { success: total >= difficulty + CHECK_BASE_DIFFICULTY, critical: null, roll, total };
}

/**
 * The `malignus` ruleset: the seed's wound model (CMB-01, CMB-22 to CMB-48), minimal but honest.
 * Opposed 1d10 + Combat rolls, wound points 1/2/4 with 10 to be out of the fight, head wounds,
 * and the unconscious-or-dead tables. Its numbers are in `tables.ts`.
 */
export const malignusRuleset: CombatRuleset = {
  id: "malignus",
  timing: "continuous",
  check: (sim, unit, kind, difficulty, bonus) => malignusCheck(sim, unit, kind, difficulty, bonus),
  attack: (sim, attacker, target) => ({ hit: resolveAttack(sim, attacker, target).hit }),
  harm(sim, target, sourceId, harm) { resolveHarm(sim, target, sourceId, harm); },
  isOutOfFight,
};
