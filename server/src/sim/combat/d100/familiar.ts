import { FAMILIAR_HP } from "@malignus/shared";
import { makeD100Unit } from "./types.ts";
import type { D100Unit, FamiliarKind } from "./types.ts";

/**
 * A familiar's d100 data (P100-FAMILIAR-01): 75 HP, no placement penalties (Left open FAMILIAR).
 * Only a hunter's familiar goes through the dying phase (P100-FAMILIAR-11); the others are
 * banished or leave the fight at 0 HP (P100-FAMILIAR-10, Left open FAMILIAR).
 */
export function makeFamiliar(kind: FamiliarKind, ownerId: string): D100Unit {
  return makeD100Unit({
    hp: FAMILIAR_HP, maxHp: FAMILIAR_HP, familiar: { kind, ownerId }, dyingPhase: kind === "hunter",
    role: "attacker", placement: "melee", acceptsDeath: true,
  });
}

/**
 * P100-FAMILIAR-05: a character is a familiar specialist only through a spell of a dedicated
 * specialisation in its loadout; updates and returns `familiarSpecialist`.
 */
export function updateFamiliarSpecialist(owner: D100Unit): boolean {
  owner.familiarSpecialist = owner.spells.some((s) => s.familiarSpecialisation === true);
  return owner.familiarSpecialist;
}

/**
 * Who acts in the owner's initiative slot (P100-FAMILIAR-02 to 04, Left open FAMILIAR): a
 * specialist acts, then its familiar right after; a non-specialist chooses each turn between
 * attacking itself and letting its familiar attack. A familiar that is down does not act.
 * @param choice a non-specialist's choice this turn; ignored for specialists.
 * @returns the acting ids in order.
 */
export function ownerSlotActors(ownerId: string, owner: D100Unit, familiarId: string, familiar: D100Unit, choice: "owner" | "familiar"): string[] {
  const familiarUp = !familiar.dead && !familiar.dying;
  if (owner.familiarSpecialist) return familiarUp ? [ownerId, familiarId] : [ownerId];
  return choice === "familiar" && familiarUp ? [familiarId] : [ownerId];
}
