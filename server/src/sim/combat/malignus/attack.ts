import type { DamageType, HitLocation, WoundSeverity } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { facingToward } from "../../world/movement.ts";
import { ATTACK_DIE_SIDES, HIT_LOCATION_TABLE, SEVERITY_BY_MARGIN } from "./tables.ts";
import { applyWound, type Dice, type WoundResult } from "./wounds.ts";
import { markUnit } from "../../changes.ts";

/** What {@link resolveAttack} did. */
export interface AttackResult {
  hit: boolean;
  /** Attacker's total: 1d10 + Combat. */
  attackRoll: number;
  /** Defender's total: 1d10 + Combat. */
  defenceRoll: number;
  /** Set on a hit. */
  wound: { severity: WoundSeverity; location: HitLocation; result: WoundResult | null } | null;
}

/** CMB-01 (open): the wound severity for a hit won by `margin` (≥ 1) points ({@link SEVERITY_BY_MARGIN}). */
export function severityForMargin(margin: number): WoundSeverity {
  if (margin <= SEVERITY_BY_MARGIN.lightMax) return "light";
  if (margin <= SEVERITY_BY_MARGIN.seriousMax) return "serious";
  return "critical";
}

/**
 * CMB-01 (open): the hit location for a d100 roll ({@link HIT_LOCATION_TABLE}).
 * @throws Error when `roll` is not a whole number in 1..100.
 */
export function hitLocationFor(roll: number): HitLocation {
  if (!Number.isInteger(roll) || roll < 1 || roll > 100) throw new Error(`hit location roll must be 1..100, got ${roll}`);
  for (const row of HIT_LOCATION_TABLE) if (roll <= row.max) return row.location;
  throw new Error("HIT_LOCATION_TABLE does not reach 100");
}

/**
 * CMB-01, CMB-10: one attack of `attacker` on `target` as an opposed roll. The attacker turns to
 * face the target; each side rolls 1d10 + Combat and the attacker hits on a strictly higher total.
 * On a hit the margin chooses the severity ({@link severityForMargin}), a d100 the location
 * ({@link hitLocationFor}), and the wound is applied with the attacker's weapon bluntness
 * ({@link applyWound}). Emits `attack` (totals as `attackRoll`/`defenceRoll`), then the wound's events.
 * Draw order: attacker die, defender die, then on a hit the location d100 and the wound's draws.
 * Reach is not checked here (see combat.ts `canReach`).
 * @param dice the random source; defaults to `sim.rng`.
 * @throws Error when either unit is not standing (unconscious, dead, captured or gone).
 */
export function resolveAttack(sim: Simulation, attacker: UnitRecord, target: UnitRecord, dice: Dice = sim.rng): AttackResult {
  for (const u of [attacker, target]) {
    if (u.activity === "unconscious" || u.activity === "dead" || u.activity === "captured" || u.activity === "left") {
      throw new Error(`unit ${u.id} cannot take part in an attack while ${u.activity}`);
    }
  }
  attacker.facing = facingToward(attacker, target, attacker.facing); markUnit(sim, attacker);
  const attackRoll = dice.die(ATTACK_DIE_SIDES) + attacker.stats.combat;
  const defenceRoll = dice.die(ATTACK_DIE_SIDES) + target.stats.combat;
  const hit = attackRoll > defenceRoll;
  sim.emit({ type: "attack", attackerId: attacker.id, targetId: target.id, hit, attackRoll, defenceRoll });
  if (!hit) return { hit, attackRoll, defenceRoll, wound: null };
  const severity = severityForMargin(attackRoll - defenceRoll);
  const location = hitLocationFor(dice.d100());
  const result = applyWound(sim, target, attacker.id, severity, location, attacker.gear.blunt, dice);
  return { hit, attackRoll, defenceRoll, wound: { severity, location, result } };
}

/**
 * Harm from a trap mechanism (open, proposal: traps wound like attacks and reveal no attacker):
 * a wound of the given severity at a d100 hit location ({@link hitLocationFor}). The damage type
 * plays no part in the `malignus` wound model. Block and trap knowledge bonuses come later.
 * @param sourceId the trap part's id.
 */
export function resolveHarm(
  sim: Simulation, target: UnitRecord, sourceId: string,
  harm: { severity: WoundSeverity; damageType: DamageType; blunt: boolean }, dice: Dice = sim.rng,
): WoundResult | null {
  const location = hitLocationFor(dice.d100());
  return applyWound(sim, target, sourceId, harm.severity, location, harm.blunt, dice);
}
