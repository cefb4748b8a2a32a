import type { UnitRecord } from "../../state.ts";
import type { CombatRuleset } from "../ruleset.ts";
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
  attack(sim, attacker, target) { resolveAttack(sim, attacker, target); },
  harm(sim, target, sourceId, harm) { resolveHarm(sim, target, sourceId, harm); },
  isOutOfFight,
};
