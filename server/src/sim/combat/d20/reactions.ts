import { ARCANE_SHIELD_AC, ARCANE_SHIELD_MANA } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { chebyshev } from "../../world/grid.ts";
import { addStatus, canReact } from "./statuses.ts";
import { d20Of } from "./sheet.ts";

/**
 * D20-FLOW-37: reactions granted by abilities beyond opportunity attacks and defences. The
 * catalogue's proposal is followed: neither is a generic reaction; a creature has them only
 * through an ability (`D20Unit.reactionAbilities`) that defines the trigger, the effect and, for
 * the shove, its consequence. Both spend the reaction (D20-FLOW-38).
 */

/** Reaction abilities a creature may have (D20-FLOW-37). */
export type ReactionAbility = "arcaneShield" | "shoveAlly";


/**
 * Shove an ally: a creature next to an ally that is attacked pushes it aside, so the attack
 * misses; the consequence (D20-FLOW-37 "still has some consequence") is that the shover falls
 * prone. Looks for the first such ally of `target` (lowest id) that can react.
 * @returns the shover, after spending its reaction and falling prone, or null when none shoves.
 */
export function shoveAside(sim: Simulation, attacker: UnitRecord, target: UnitRecord): UnitRecord | null {
  for (const id in sim.state.units) {
    const u = sim.state.units[id] as UnitRecord;
    if (u === target || u === attacker || u.faction !== target.faction || !u.d20) continue;
    const d = u.d20;
    if (!d.reactionAbilities?.includes("shoveAlly") || d.hp <= 0 || d.dead) continue;
    if (chebyshev(u, target) !== 1 || !canReact(d.statuses, false, d.reactionUsed)) continue;
    d.reactionUsed = true;
    addStatus(d.statuses, "prone");
    sim.emit({ type: "reaction", unitId: u.id, kind: "shoveAlly", detail: target.id, againstId: attacker.id });
    return u;
  }
  return null;
}

/**
 * Arcane shield: the target conjures a shield against one attack when it has the ability, its
 * reaction and the mana, and the shield beats its best defence (`defenceBonus`).
 * @returns the AC bonus to use (the shield's, after spending reaction and mana), or 0.
 */
export function arcaneShield(sim: Simulation, attacker: UnitRecord, target: UnitRecord, defenceBonus: number): number {
  const t = d20Of(target);
  if (!t.reactionAbilities?.includes("arcaneShield") || t.hp <= 0) return 0;
  if (t.mana < ARCANE_SHIELD_MANA || ARCANE_SHIELD_AC <= defenceBonus) return 0;
  if (!canReact(t.statuses, false, t.reactionUsed)) return 0;
  t.reactionUsed = true;
  t.mana -= ARCANE_SHIELD_MANA;
  sim.emit({ type: "reaction", unitId: target.id, kind: "arcaneShield", detail: `+${ARCANE_SHIELD_AC} AC`, againstId: attacker.id });
  return ARCANE_SHIELD_AC;
}
