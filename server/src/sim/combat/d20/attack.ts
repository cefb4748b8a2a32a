import { COVER_AC, D20, RANGE_BANDS, type D20Cover, type RangeBand } from "@malignus/shared";
import { combineEdge, rollD20, type Dice, type Edge } from "./dice.ts";
import type { D20Abilities, D20Weapon } from "./types.ts";
import { sizeDiff, type Size } from "./size.ts";

/** What an attack is made with (D20-ATTACK-01). */
export type AttackKind = "melee" | "ranged" | "spell";

/**
 * D20-ATTACK-11 to D20-ATTACK-14: the characteristic modifier of an attack roll. Melee uses
 * Strength, or the higher of Strength and Agility (Dextérité) with a finesse weapon (Left open:
 * the default is the higher); ranged uses Agility; spells use Mental.
 */
export function attackModifier(a: D20Abilities, kind: AttackKind, weapon?: Pick<D20Weapon, "finesse">): number {
  if (kind === "spell") return a.mental;
  if (kind === "ranged") return a.agility;
  return weapon?.finesse ? Math.max(a.strength, a.agility) : a.strength;
}

/** D20-ACTION-23: the defences. */
export type Defence = "dodge" | "parry" | "absorb" | "magicAbsorb";

/** D20-ACTION-27 to D20-ACTION-30: the characteristic each defence adds to AC. */
export const DEFENCE_ABILITY: Readonly<Record<Defence, keyof D20Abilities>> = {
  dodge: "agility", parry: "strength", absorb: "constitution", magicAbsorb: "contre",
};

/**
 * Left open (D20-ACTION, choosing a defence): the automatic policy picks the defence with the
 * highest modifier, never a negative or zero one; Magic Absorb works only against spells.
 * Ties go to the first of dodge, parry, absorb, magicAbsorb. `allowed` narrows the choice (a
 * controlled mount only Dodges, D20-MOUNT-18, mount.ts `mountDefences`); by default all four.
 * @returns the defence and its modifier, or null for none.
 */
export function chooseDefence(a: D20Abilities, kind: AttackKind, allowed?: readonly Defence[]): { defence: Defence; bonus: number } | null {
  let best: { defence: Defence; bonus: number } | null = null;
  for (const d of ["dodge", "parry", "absorb", "magicAbsorb"] as const) {
    if (d === "magicAbsorb" && kind !== "spell") continue;
    if (allowed && !allowed.includes(d)) continue;
    const bonus = a[DEFENCE_ABILITY[d]];
    if (bonus > 0 && (!best || bonus > best.bonus)) best = { defence: d, bonus };
  }
  return best;
}

/** D20-ATTACK-59: degrees of cover (the d20 table's {@link D20Cover}). */
export type Cover = D20Cover;
const COVER_ORDER: readonly Cover[] = ["none", "half", "threeQuarters", "total"];

/** D20-ATTACK-60: of several sources of cover only the highest counts. */
export function bestCover(sources: readonly Cover[]): Cover {
  let best: Cover = "none";
  for (const c of sources) if (COVER_ORDER.indexOf(c) > COVER_ORDER.indexOf(best)) best = c;
  return best;
}

/**
 * Left open (D20-ATTACK, cover on a grid): cover from the number of the 4 lines (attacker corner →
 * target corners) blocked by solid tiles: 0 none, 1–2 half, 3 three-quarters, 4 total. A creature or
 * low obstacle in between (`lowOrCreature`) gives half cover at most (D20-ATTACK-62).
 */
export function coverFromLines(blockedLines: number, lowOrCreature: boolean): Cover {
  const solid: Cover = blockedLines >= 4 ? "total" : blockedLines === 3 ? "threeQuarters" : blockedLines >= 1 ? "half" : "none";
  return bestCover([solid, lowOrCreature ? "half" : "none"]);
}

/**
 * Left open (D20-ATTACK, effective AC): base AC + the chosen defence's modifier + the cover bonus,
 * for one attack.
 */
export function effectiveAc(baseAc: number, defenceBonus: number, cover: Cover): number {
  return baseAc + defenceBonus + COVER_AC[cover];
}

/** The outcome of an attack roll. */
export interface AttackRollResult {
  natural: number;
  rolls: number[];
  total: number;
  hit: boolean;
  /** D20-ATTACK-16: natural 20. */
  critical: boolean;
  /** D20-ATTACK-17, D20-ATTACK-18: natural 1. */
  fumble: boolean;
}

/**
 * D20-ATTACK-09, D20-ATTACK-10, D20-ATTACK-15 to D20-ATTACK-17, D20-ATTACK-65: 1d20 (two with an
 * edge) + modifier against AC; meets or beats hits; a natural 20 always hits and is critical; a
 * natural 1 always misses; behind total cover only a natural 20 hits (Left open).
 */
export function attackRoll(dice: Dice, modifier: number, ac: number, edge: Edge, cover: Cover = "none"): AttackRollResult {
  const r = rollD20(dice, edge);
  const total = r.natural + modifier;
  const critical = r.natural === D20;
  const fumble = r.natural === 1;
  const hit = critical || (!fumble && cover !== "total" && total >= ac);
  return { natural: r.natural, rolls: r.rolls, total, hit, critical, fumble };
}

/** The situation of one attack, for advantage and disadvantage. */
export interface AttackSituation {
  kind: AttackKind;
  /** D20-ATTACK-68: the attacker cannot see the target. */
  targetUnseen?: boolean;
  /** D20-ATTACK-72, D20-ACTION-40: the target cannot see the attacker (or it is hidden). */
  attackerUnseen?: boolean;
  /** D20-ATTACK-56: a hostile that sees the attacker and can act stands within 1 tile (ranged only). */
  hostileWithin1?: boolean;
  /** D20-SIZE-10: the attacker squeezes. */
  attackerSqueezing?: boolean;
  /** D20-SIZE-12: the target squeezes. */
  targetSqueezing?: boolean;
  /** D20-ACTION-18: first attack after an ally's Help. */
  helped?: boolean;
  /** Left open (D20-MOVE prone): attacker prone → disadvantage. */
  attackerProne?: boolean;
  /** Left open (D20-MOVE prone): target prone → advantage within 1 tile, disadvantage farther. */
  targetProne?: boolean;
  /** D20-MOVE-09 distance to the target, in tiles. */
  distance?: number;
  /** Left open (D20-ATTACK two ranges): nearer than a two-range weapon's minimum. */
  belowMinRange?: boolean;
  /** D20-WATER-02, D20-WATER-05: underwater penalties already worked out by {@link underwaterEdge}. */
  underwaterDisadvantage?: boolean;
}

/** Advantage/disadvantage of an attack from its situation; sources cancel (Left open D20-ATTACK). */
export function attackEdge(s: AttackSituation): Edge {
  let adv = 0, dis = 0;
  if (s.targetUnseen) dis++;
  if (s.attackerUnseen) adv++;
  if (s.kind !== "melee" && s.hostileWithin1) dis++;
  if (s.attackerSqueezing) dis++;
  if (s.targetSqueezing) adv++;
  if (s.helped) adv++;
  if (s.attackerProne) dis++;
  if (s.targetProne) { if ((s.distance ?? 1) <= 1) adv++; else dis++; }
  if (s.belowMinRange) dis++;
  if (s.underwaterDisadvantage) dis++;
  return combineEdge(adv, dis);
}

/** A range band of techniques and spells (D20-ATTACK-52 to D20-ATTACK-55; `RANGE_BANDS` of the d20 table, in tiles). */
export type { RangeBand };

/**
 * D20-ATTACK-47, D20-ATTACK-48, D20-ATTACK-51 to D20-ATTACK-55 (Left open): a spell or technique
 * with a band reaches distance 1.. the band's figure (Contact: 1 or 2).
 */
export function inBand(band: RangeBand, distance: number): boolean {
  return distance >= 1 && distance <= RANGE_BANDS[band];
}

/**
 * D20-ATTACK-49, D20-ATTACK-51 (Left open: two ranges are a minimum and a maximum): "out" beyond
 * the maximum (cannot attack), "near" under the minimum (disadvantage), otherwise "ok".
 * D20-ATTACK-50: within range distance changes nothing else.
 */
export function weaponRange(range: readonly [number, number], distance: number): "ok" | "near" | "out" {
  if (distance > range[1]) return "out";
  if (distance < range[0]) return "near";
  return "ok";
}

/** D20-ATTACK-19, D20-ATTACK-21 to D20-ATTACK-23: a melee attack reaches targets within reach. */
export function inReach(reach: number, distance: number): boolean {
  return distance >= 1 && distance <= reach;
}


/** What a move looks like to a creature that might make an opportunity attack. */
export interface OpportunityCheck {
  /** D20-ATTACK-25: the mover was within reach and leaves it. */
  leavesReach: boolean;
  /** D20-ATTACK-25: the reactor can see the mover. */
  seesMover: boolean;
  /** The reactor is hostile to the mover. */
  hostile: boolean;
  /** D20-ACTION-13. */
  moverDisengaged: boolean;
  /** D20-ATTACK-28. */
  teleport: boolean;
  /** D20-ATTACK-29: moved by someone else, not by its own movement. */
  forced: boolean;
  /** D20-FLOW-38: the reactor can still react. */
  reactorCanReact: boolean;
}

/** D20-ATTACK-25 to D20-ATTACK-29, D20-ACTION-13, D20-MOVE-12: is an opportunity attack allowed? */
export function provokesOpportunity(c: OpportunityCheck): boolean {
  return c.leavesReach && c.seesMover && c.hostile && !c.moverDisengaged && !c.teleport && !c.forced && c.reactorCanReact;
}

/**
 * D20-ATTACK-30, D20-ATTACK-31: two-weapon fighting needs two different light melee weapons, the
 * demi-action (Left open: the "bonus action") and the reaction.
 */
export function canTwoWeapon(main: D20Weapon | null, off: D20Weapon | null, demiActionLeft: boolean, reactionLeft: boolean): boolean {
  return !!main && !!off && main !== off && main.light && off.light && !main.ranged && !off.ranged && demiActionLeft && reactionLeft;
}

/**
 * D20-ATTACK-35 to D20-ATTACK-38: may `grappler` try to grapple `target`? At most one size larger,
 * within reach, with a free hand.
 * @returns null when allowed, otherwise the reason.
 */
export function grappleRefusal(grappler: Size, target: Size, distance: number, reach: number, freeHand: boolean): string | null {
  if (sizeDiff(target, grappler) > 1) return "the target is more than one size larger (D20-ATTACK-36)";
  if (!inReach(reach, distance)) return "the target is out of reach (D20-ATTACK-37)";
  if (!freeHand) return "grappling needs a free hand (D20-ATTACK-38)";
  return null;
}

/**
 * D20-ATTACK-39, D20-ATTACK-40, D20-ATTACK-43 (Left open: ties go to the defender): an opposed
 * 1d20 + Strength contest; the attacker's first die, then the defender's. `defenderIncapable`
 * wins automatically without rolling. Squeezing defenders roll with disadvantage (Left open D20-SIZE-11).
 */
export function strengthContest(dice: Dice, attackerStr: number, defenderStr: number, defenderIncapable = false, defenderEdge: Edge = "none"): { success: boolean; attack: number; defence: number } {
  if (defenderIncapable) return { success: true, attack: 0, defence: 0 };
  const attack = dice.die(D20) + attackerStr;
  const defence = rollD20(dice, defenderEdge).natural + defenderStr;
  return { success: attack > defence, attack, defence };
}

/** D20-ATTACK-44, D20-ATTACK-45: does dragging this creature slow the grappler? */
export function dragSlows(grappler: Size, grappled: Size): boolean {
  return sizeDiff(grappler, grappled) < 2;
}

/** Left open (D20-ATTACK-69 perceiving an unseen target): 1d20 + Perception + Vigilance ≥ the Hide total. */
export function perceiveRoll(dice: Dice, perception: number, vigilance: number, hideTotal: number): boolean {
  return dice.die(D20) + perception + vigilance >= hideTotal;
}
