import type { D100Dice } from "./attack.ts";
import {
  AREA_DEFAULT_TARGETS, KILL_DIE, MASS_ABILITY_THRESHOLD, RANGED_KILL_DIE, SWARM_CROWDING_CAP, SWARM_MIN_PER_STEP,
  SWARM_MIN_STEP, SWARM_RATIO, SWARM_MIN_ENEMIES, SWARM_MAX_ENEMY_HP, SWARM_CAP_PER_MEMBER, KILL_ROLL_STEP,
} from "@malignus/shared";
import { DEFAULT_D100_OPTIONS, type D100Options } from "./constants.ts";
import { applyDamage, type HpOutcome } from "./hp.ts";
import { canDefend } from "./statuses.ts";
import type { D100Unit } from "./types.ts";

/** A swarm (P100-MASS-04/05): its strength, 10 per enemy still standing. */
export interface Swarm { strength: number }

/**
 * P100-MASS-01 (Left open MASS): a group of enemies is fought as a swarm when the encounter is
 * flagged so, or automatically when it has 6 or more enemies of one kind each with max HP ≤ 25.
 */
export function isSwarmCandidate(enemies: readonly { species: string; maxHp: number }[]): boolean {
  const count = new Map<string, number>();
  for (const e of enemies) if (e.maxHp <= SWARM_MAX_ENEMY_HP) count.set(e.species, (count.get(e.species) ?? 0) + 1);
  return [...count.values()].some((n) => n >= SWARM_MIN_ENEMIES);
}

/** P100-MASS-04, P100-MASS-05: a swarm of `enemies` has strength 10 × enemies. */
export function makeSwarm(enemies: number): Swarm {
  return { strength: SWARM_RATIO * enemies };
}

/** Enemies still standing in the swarm. */
export function swarmEnemies(s: Swarm): number {
  return Math.floor(s.strength / SWARM_RATIO);
}

/**
 * P100-MASS-28 (Left open MASS): the largest starting strength a party can face: 50 per member,
 * or 100 per member when one has an area ability.
 */
export function swarmCap(partySize: number, hasAreaAbility: boolean): number {
  return partySize * SWARM_CAP_PER_MEMBER[hasAreaAbility ? 1 : 0];
}

/** What an attack on the swarm did. */
export interface KillResult { roll: number; kills: number; strength: number }

/**
 * An attack on the swarm as a whole (P100-MASS-02, 06 to 10): a d40 (a d20 for ranged classes and
 * familiars, P100-MASS-03/08, Left open MASS), never critical; each full ten kills one enemy
 * (floor(roll / 10), never more than are standing), and the strength drops by 10 per kill and stays
 * dropped.
 */
export function attackSwarm(dice: D100Dice, attacker: D100Unit, s: Swarm): KillResult {
  const die = attacker.placement === "ranged" || attacker.familiar ? RANGED_KILL_DIE : KILL_DIE;
  const roll = dice.int(1, die);
  const kills = Math.min(Math.floor(roll / KILL_ROLL_STEP), swarmEnemies(s));
  s.strength -= SWARM_RATIO * kills;
  return { roll, kills, strength: s.strength };
}

/**
 * P100-MASS-13, P100-MASS-14: a swarm (or group) of strength S rolls damage in
 * [max(1, 10 × floor(S / 50)), S]; strength 100 deals 20..100 (Contradiction 4).
 */
export function swarmDamageRange(strength: number): readonly [number, number] {
  return [Math.max(1, SWARM_MIN_PER_STEP * Math.floor(strength / SWARM_MIN_STEP)), strength];
}

/**
 * P100-MASS-11 (Left open MASS): the swarm's strength split in steps of 10 among the characters it
 * engages, evenly, the remainder going to the first targets in order.
 */
export function splitSwarm(s: Swarm, targets: number): number[] {
  if (targets <= 0) return [];
  const tens = swarmEnemies(s);
  return Array.from({ length: targets }, (_, i) => SWARM_RATIO * (Math.floor(tens / targets) + (i < tens % targets ? 1 : 0)));
}

/**
 * P100-MASS-12 (Left open MASS): a ground melee group counts at most 80 strength against one
 * character (8 neighbours × 10) for its damage.
 */
export function effectiveGroupStrength(groupStrength: number, groundMelee: boolean): number {
  return groundMelee ? Math.min(SWARM_CROWDING_CAP, groupStrength) : groupStrength;
}

/**
 * P100-MASS-17 (Left open MASS): a character surrounded by the swarm cannot flee: all 8 neighbours
 * are swarm creatures or impassable, or (without a grid) a group of 80 or more engages it.
 */
export function canFleeSwarm(blockedNeighbours: number, engagedStrength: number): boolean {
  return blockedNeighbours < 8 && engagedStrength < SWARM_CROWDING_CAP;
}

/**
 * P100-MASS-19: a single-target ability certain to hit (`auto_hit`) used against a swarm kills
 * exactly one enemy (Left open MASS: −10 strength). The refusal of any other single-target ability
 * (P100-MASS-18) is made once, by fighters.ts `castAtSwarm`, before anything is spent.
 */
export function singleTargetAbility(s: Swarm): KillResult {
  const kills = Math.min(1, swarmEnemies(s));
  s.strength -= SWARM_RATIO * kills;
  return { roll: 0, kills, strength: s.strength };
}

/** What an area or multi-target ability did: one d100 per targeted enemy. */
export interface MassAbilityResult { rolls: number[]; kills: number; strength: number }

/**
 * An area ability against a swarm (P100-MASS-20 to 24, Contradiction 6 and 10): one d100 per
 * targeted enemy (its `maxTargets`, 5 by default, never more than are standing) replaces the attack
 * roll; above 50 succeeds and kills that enemy outright.
 */
export function areaAbility(dice: D100Dice, s: Swarm, maxTargets = AREA_DEFAULT_TARGETS): MassAbilityResult {
  const n = Math.min(maxTargets, swarmEnemies(s));
  const rolls = Array.from({ length: n }, () => dice.d100());
  const kills = rolls.filter((r) => r > MASS_ABILITY_THRESHOLD).length;
  s.strength -= SWARM_RATIO * kills;
  return { rolls, kills, strength: s.strength };
}

/**
 * A multi-target ability (P100-MASS-25, P100-MASS-26): one d100 for the primary target; above 50
 * kills it and every additional target outright (never more than are standing).
 */
export function multiTargetAbility(dice: D100Dice, s: Swarm, extraTargets: number): MassAbilityResult {
  const roll = dice.d100();
  const kills = roll > MASS_ABILITY_THRESHOLD ? Math.min(1 + extraTargets, swarmEnemies(s)) : 0;
  s.strength -= SWARM_RATIO * kills;
  return { rolls: [roll], kills, strength: s.strength };
}

/** What one swarm group's strike did. */
export interface SwarmStrike { attackRoll: number; defenceRoll: number; hit: boolean; damage: number; outcome: HpOutcome }

/**
 * One swarm group strikes one character (P100-MASS-13, 15, 27; Left open MASS): a d100 attack roll
 * (never critical) against the target's d100 dodge (none when it cannot defend); on a hit, damage
 * in {@link swarmDamageRange} of the group's strength (crowding-capped for ground melee groups),
 * dealt to that single target. Draw order: attack, defence, damage.
 */
export function swarmStrike(
  dice: D100Dice, groupStrength: number, target: D100Unit, groundMelee: boolean, options: D100Options = DEFAULT_D100_OPTIONS,
): SwarmStrike {
  const attackRoll = dice.d100();
  const defenceRoll = canDefend(target) ? dice.d100() : 0;
  const hit = attackRoll > defenceRoll - target.dodgePenalty;
  if (!hit || groupStrength <= 0) return { attackRoll, defenceRoll, hit: false, damage: 0, outcome: null };
  const [min, max] = swarmDamageRange(effectiveGroupStrength(groupStrength, groundMelee));
  const damage = dice.int(min, max);
  const outcome = applyDamage(target, damage, { options }).outcome;
  return { attackRoll, defenceRoll, hit, damage, outcome };
}
