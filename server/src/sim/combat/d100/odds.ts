import type { UnitRecord } from "../../state.ts";
import { damageCap, damageRange, type AttackSituation } from "./attack.ts";
import { duelHp, type DuelTerms } from "./duel.ts";
import { hitChance } from "./options.ts";
import { d100Of } from "./sheet.ts";
import type { AttackMode, D100Unit } from "./types.ts";

/**
 * The AI's arithmetic of blows (Left open FAMILIAR and DUEL, AI choices; issue 8): the expected
 * damage of one attack is its hit chance (options.ts `hitChance`, the turn options' exact
 * chance) times its mean damage; the AI compares these to give a turn to a familiar and to accept
 * or refuse a duel.
 */

/**
 * The mean damage of a hit of `a` in situation `sit` (P100-WEAPON, P100-FAMILIAR-09, P100-PLACE
 * caps, P100-DUEL-10/12): every value of its damage range (attack.ts `damageRange`) weighed
 * equally, each capped by its damage cap (`damageCap`); criticals and charges are left out.
 * E.g. armed 1..100 on-role: 50.5; a familiar 1..70: 35.5; armed off-role capped at 70: 45.85.
 */
export function meanDamage(a: D100Unit, sit: AttackSituation): number {
  const [lo, hi] = damageRange(a, sit);
  const cap = damageCap(a, sit);
  let sum = 0;
  for (let r = lo; r <= hi; r++) sum += Math.min(cap, r);
  return sum / (hi - lo + 1);
}

/** Expected damage of one attack of `a` on `t` in `sit`: hit chance (whole percent) / 100 × {@link meanDamage}. */
export function expectedDamage(a: D100Unit, t: D100Unit, sit: AttackSituation): number {
  return (hitChance(a, t, sit) * meanDamage(a, sit)) / 100;
}

/** A duellist as the AI weighs it before a duel: its duel HP and the expected damage of its blow on the other. */
export interface DuelSide { hp: number; expected: number }

/**
 * The odds of a duel between `me` and `other` on `terms` as the AI weighs them (P100-DUEL-05 to
 * 12, 23; Left open DUEL): each side's duel HP (duel.ts `duelHp`: +50, capped at 200 or 250 for
 * defenders) and the expected damage of its usual blow on the other in a duel (mode: ranged with
 * a ranged weapon, else melee; bare hands when the terms bar its weapon, P100-DUEL-23), on copies
 * of the sheets (nothing changes); the whitelist is checked against the gear's weapon name.
 */
export function duelOdds(me: UnitRecord, other: UnitRecord, terms: DuelTerms): { me: DuelSide; other: DuelSide } {
  const sheet = (u: UnitRecord): D100Unit => {
    const d = { ...d100Of(u), statuses: [...d100Of(u).statuses] };
    const barred = terms.unarmedOnly || (terms.weaponWhitelist !== null && !terms.weaponWhitelist.includes(u.gear.weapon));
    if (barred && d.weapon !== "unarmed") { d.weapon = "unarmed"; d.hasRangedWeapon = false; d.hasMeleeWeapon = false; }
    return d;
  };
  const a = sheet(me), b = sheet(other);
  const modeOf = (d: D100Unit): AttackMode => (d.hasRangedWeapon ? "ranged" : "melee");
  return {
    me: { hp: duelHp(a).hp, expected: expectedDamage(a, b, { mode: modeOf(a), duel: true }) },
    other: { hp: duelHp(b).hp, expected: expectedDamage(b, a, { mode: modeOf(b), duel: true }) },
  };
}

/**
 * Left open DUEL (AI, issue 8): an AI side accepts a duel when its odds are at least even: the
 * blows it needs to bring the other down (other's duel HP / its expected damage) are no more than
 * the blows the other needs (its own duel HP / the other's expected damage), i.e.
 * `me.expected × me.hp ≥ other.expected × other.hp`. A side that cannot hurt the other (0
 * expected) refuses, unless neither can.
 */
export function aiAcceptsDuel(me: UnitRecord, other: UnitRecord, terms: DuelTerms): boolean {
  const o = duelOdds(me, other, terms);
  return o.me.expected * o.me.hp >= o.other.expected * o.other.hp;
}
