import {
  AIR_HIGH_MAGIC_PENALTY, AIR_HIGH_PENALTY, AIR_MODERATE_BONUS, ARMED_DAMAGE, CHARGE_DAMAGE_BONUS, CHARGE_HIT_BONUS,
  COUNTER_DAMAGE, COVER_MELEE_MULTIPLIER, COVER_RANGED_MULTIPLIER, CRIT_MIN, CRIT_MULTIPLIER,
  DUEL_DAMAGE_CAP, DUEL_MASTERY_DAMAGE_CAP, DUEL_MASTERY_HIT_MULTIPLIER, DUEL_OFF_ROLE_HIT_MULTIPLIER,
  FAMILIAR_ATTACK, FAMILIAR_DAMAGE, FATAL_COUNTER_DAMAGE, FATAL_DODGE_PENALTY, FATAL_INCAPACITATED_TURNS, FATAL_ROLL,
  FUMBLE_MAX, HEROIC_DAMAGE, HEROIC_ROLL, IMPROVISED_HIT_MULTIPLIER, MELEE_UNARMED_DAMAGE, OFF_ROLE_DAMAGE_CAP,
  OFF_ROLE_HIT_MULTIPLIER, RANGED_UNARMED_DAMAGE, SURPRISE_DODGE_PENALTY, UNSEAT_CRIT_THRESHOLD, UNSEAT_THRESHOLD,
} from "@malignus/shared";
import { DEFAULT_D100_OPTIONS, type D100Options } from "./constants.ts";
import { applyDamage, type HpOutcome } from "./hp.ts";
import { addStatus, canAttack, canCast, canDefend, canReact, hasStatus } from "./statuses.ts";
import type { AttackMode, D100Unit } from "./types.ts";

/** The dice the d100 rules draw from (`sim.rng`, or scripted dice in tests). */
export interface D100Dice { int(min: number, max: number): number; d100(): number }

/** Where an attack happens: what the caller knows that the unit data does not. */
export interface AttackSituation {
  mode: AttackMode;
  /** P100-BASE-01 to 03: the surprise extra attack (−20 to the target's dodge). */
  surprise?: boolean;
  /** An opportunity or surprise attack, outside the attacker's own turn (Left open FUMBLE). */
  outOfTurn?: boolean;
  /** P100-DUEL-09 to 12: the attack is in a duel. */
  duel?: boolean;
  /** P100-AIR-14/15: a flyer's charge. */
  charge?: boolean;
  /** Left open FUMBLE: the target could attack the attacker right now (reach, line of fire); default true. */
  targetCanReach?: boolean;
  /** A spell's own damage range (P100-SPELL-04); weapons use the WEAPON ranges. */
  spellDamage?: readonly [number, number];
  /** Left open FUMBLE: an attack with no single enemy target (area spell) always takes the mishap branch. */
  noSingleTarget?: boolean;
}

/** The kind of an attack roll (Left open CRIT, FUMBLE). */
export type RollKind = "critical" | "heroic" | "failure" | "fatal" | null;

/** Why an attack cannot be made (nothing drawn, nothing changed). */
export type AttackRefusal =
  | "cannotAttack" | "noRangedWeapon" | "noMeleeWeapon" | "silencedNoWeapon" | "silenced"
  | "outOfReach" | "notSameHeight";

/** What one attack did, with every roll for the `attack` event. */
export interface D100AttackResult {
  natural: number;
  kind: RollKind;
  /** The attack roll after multipliers and flat modifiers, rounded down (Left open BASE). */
  attackTotal: number;
  /** The natural defensive roll, 0 when none was rolled (critical, failure, or a target that cannot defend). */
  defenceRoll: number;
  defenceTotal: number;
  hit: boolean;
  /** The raw damage roll (0 on a miss). */
  damageRoll: number;
  /** The damage dealt after ×1.5, bonuses, cap and immunity. */
  damage: number;
  targetOutcome: HpOutcome;
  /** P100-AIR-16 to 19: the target fell, and the HP the fall took. */
  fell: boolean;
  fallLoss: number;
  /** P100-FUMBLE-02/07: the counter-attack's damage to the attacker (0 when none). */
  counterDamage: number;
  attackerOutcome: HpOutcome;
  /** P100-FUMBLE-04/05/08: a mishap; `turnEnds` when the attacker loses the rest of its turn. */
  mishap: boolean;
  turnEnds: boolean;
}

/**
 * Whether the attacker can make this attack at all: P100-STATUS-01/10/16 (stunned, polymorphed,
 * disoriented), P100-STATUS-03 (silence, for spells), P100-PLACE-01 (a melee class without a
 * ranged weapon), P100-PLACE-05 (a ranged class attacks in melee only with a melee weapon or bare
 * hands, Contradiction 3), P100-PLACE-11 (a silenced magic class without a secondary weapon),
 * P100-AIR-04 and Left open AIR (melee does not reach between the ground and moderate or high
 * height), P100-AIR-13 (two flyers at different heights).
 * @returns null when the attack is allowed.
 */
export function attackRefusal(a: D100Unit, t: D100Unit, mode: AttackMode): AttackRefusal | null {
  if (!canAttack(a)) return "cannotAttack";
  if (a.placement === "magic" && hasStatus(a, "silenced") && !a.hasSecondaryWeapon) return "silencedNoWeapon";
  if (mode === "magic" && !canCast(a)) return "silenced";
  // P100-PLACE-01: the one check (issue 17): a melee class, like any unit, shoots only with a ranged
  // weapon (a familiar too: familiar.ts places every familiar in melee, so it never had an exception)
  if (mode === "ranged" && !a.hasRangedWeapon) return "noRangedWeapon";
  if (mode === "ranged" && hasStatus(a, "disarmed")) return "noRangedWeapon"; // P100-STATUS-13: the bow lies on the floor
  if (mode === "melee" && a.placement === "ranged" && !a.hasMeleeWeapon && a.weapon === "armed") return "noMeleeWeapon";
  const aAir = a.altitude === "moderate" || a.altitude === "high";
  const tAir = t.altitude === "moderate" || t.altitude === "high";
  const bothFly = a.altitude !== "ground" && t.altitude !== "ground";
  if (bothFly && a.altitude !== t.altitude) return "notSameHeight";
  if (mode === "melee" && !bothFly && (aAir || tAir)) return "outOfReach";
  return null;
}

/**
 * True when the attack is off-role for the attacker (P100-PLACE-03/04, 07/08, 09/10, 12): a melee
 * class shooting, a ranged class in melee (armed or not), a magic class attacking with a weapon
 * at any range (its secondary weapon or bare hands). Spells and familiars are never off-role.
 */
export function isOffRole(a: D100Unit, mode: AttackMode): boolean {
  if (a.familiar || mode === "magic") return false;
  if (a.placement === "melee") return mode === "ranged";
  if (a.placement === "ranged") return mode === "melee";
  return true;
}

/**
 * The attack roll's multiplier (Left open BASE, PLACE): off-role ×0.5 (P100-PLACE-03/07/09/12),
 * in a duel ×0.75 or ×0.8 with a mastery instead (P100-DUEL-09, 11), improvised weapon ×0.5
 * (P100-WEAPON-04), and cover ×0.5 against ranged attacks or ×1.5 against melee ones
 * (P100-PLACE-13/14). They stack multiplicatively.
 */
export function hitMultiplier(a: D100Unit, t: D100Unit, sit: AttackSituation): number {
  let m = 1;
  if (isOffRole(a, sit.mode)) {
    m *= sit.duel ? (a.duel?.mastery ? DUEL_MASTERY_HIT_MULTIPLIER : DUEL_OFF_ROLE_HIT_MULTIPLIER) : OFF_ROLE_HIT_MULTIPLIER;
  }
  if (sit.mode !== "magic" && a.weapon === "improvised" && !a.monk) m *= IMPROVISED_HIT_MULTIPLIER;
  if (t.inCover && sit.mode === "ranged") m *= COVER_RANGED_MULTIPLIER;
  if (t.inCover && sit.mode === "melee") m *= COVER_MELEE_MULTIPLIER;
  return m;
}

/**
 * The flat attack modifiers of aerial combat: against a flyer at moderate height ranged +20,
 * magic 0 (P100-AIR-05/06); at high height ranged −20, magic −40 (P100-AIR-08/10); a flyer at
 * moderate height +20 and at high height −20 to its own attacks on ground units (P100-AIR-07/09);
 * low height changes nothing (P100-AIR-03); flyer against flyer uses the standard rules
 * (P100-AIR-12) plus the charge's +20 (P100-AIR-14).
 */
export function flatModifier(a: D100Unit, t: D100Unit, sit: AttackSituation): number {
  let f = 0;
  const bothFly = a.altitude !== "ground" && t.altitude !== "ground";
  if (!bothFly) {
    if (t.altitude === "moderate" && sit.mode === "ranged") f += AIR_MODERATE_BONUS;
    if (t.altitude === "high" && sit.mode === "ranged") f -= AIR_HIGH_PENALTY;
    if (t.altitude === "high" && sit.mode === "magic") f -= AIR_HIGH_MAGIC_PENALTY;
    if (a.altitude === "moderate") f += AIR_MODERATE_BONUS;
    if (a.altitude === "high") f -= AIR_HIGH_PENALTY;
  } else if (sit.charge && a.canCharge) {
    f += CHARGE_HIT_BONUS;
  }
  return f;
}

/**
 * The damage range of a hit (P100-WEAPON, P100-FAMILIAR-09, Left open BASE and WEAPON): armed
 * 1..100; unarmed or improvised 1..50 for melee classes (P100-WEAPON-01) and 1..35 for ranged and
 * magic classes (P100-WEAPON-03); a monk as armed (P100-WEAPON-02); a familiar 1..70; a spell its
 * own range.
 */
export function damageRange(a: D100Unit, sit: AttackSituation): readonly [number, number] {
  if (a.familiar) return FAMILIAR_DAMAGE;
  if (sit.mode === "magic") return sit.spellDamage ?? ARMED_DAMAGE;
  if (a.weapon === "armed" || a.monk) return ARMED_DAMAGE;
  return a.placement === "melee" ? MELEE_UNARMED_DAMAGE : RANGED_UNARMED_DAMAGE;
}

/**
 * The attacker's damage cap (P100-PLACE-04/08/10/12 70; in a duel 90, or 100 with a mastery,
 * P100-DUEL-10/12), or Infinity when the attack is on-role.
 */
export function damageCap(a: D100Unit, sit: AttackSituation): number {
  if (!isOffRole(a, sit.mode)) return Infinity;
  if (sit.duel) return a.duel?.mastery ? DUEL_MASTERY_DAMAGE_CAP : DUEL_DAMAGE_CAP;
  return OFF_ROLE_DAMAGE_CAP;
}

/**
 * Classifies a natural attack roll (Left open CRIT, FUMBLE): 96..100 critical, 100 heroic
 * (P100-CRIT-05), 1..5 critical failure, 1 fatal (P100-FUMBLE-06). Familiars never roll either
 * (P100-FAMILIAR-06/07); improvised weapons never roll a critical hit, heroic included
 * (P100-WEAPON-05), but can fail critically.
 */
export function rollKind(natural: number, familiar: boolean, improvised: boolean): RollKind {
  if (familiar) return null;
  if (natural === FATAL_ROLL) return "fatal";
  if (natural <= FUMBLE_MAX) return "failure";
  if (improvised) return null;
  if (natural === HEROIC_ROLL) return "heroic";
  if (natural >= CRIT_MIN) return "critical";
  return null;
}

/**
 * The damage of a hit (Left open BASE, damage): the roll, ×1.5 on a critical or heroic hit
 * (P100-CRIT-01, P100-CRIT-09, applied once), plus the charge's +10 (P100-AIR-15), rounded down,
 * then the attacker's cap. A heroic hit is irreducible (P100-CRIT-08): no ability reduces it, but
 * caps and immunity still apply (Contradiction 12).
 */
export function finalDamage(roll: number, kind: RollKind, bonus: number, cap: number): number {
  const scaled = kind === "critical" || kind === "heroic" ? roll * CRIT_MULTIPLIER : roll;
  return Math.min(cap, Math.floor(scaled + bonus));
}

/**
 * P100-CRIT-02 to 04: a critical spell multiplies every numeric effect (damage, healing, shields,
 * stat changes) and every duration in turns by 1.5, rounded down; area and target count unchanged.
 */
export function critScale(value: number, critical: boolean): number {
  return critical ? Math.floor(value * CRIT_MULTIPLIER) : value;
}

/**
 * One d100 attack (P100-BASE-02, 07, 10 to 13; CRIT; FUMBLE; PLACE; WEAPON; AIR-14 to 19, 26):
 * mutates the target's (or `targetPool`'s, P100-AIR-22) HP and the attacker on a critical failure.
 * Draw order: attack roll (d100, or 1..80 for a familiar), then the defensive d100 when one is
 * made (not on a critical hit or failure, nor against a target that cannot defend), then the
 * damage roll on a hit, or the counter-attack roll on a critical failure.
 * Call {@link attackRefusal} first; this function assumes the attack is allowed.
 */
export function resolveD100Attack(
  dice: D100Dice, a: D100Unit, t: D100Unit, sit: AttackSituation,
  options: D100Options = DEFAULT_D100_OPTIONS, targetPool: D100Unit = t,
): D100AttackResult {
  const familiar = a.familiar !== null;
  const natural = familiar ? dice.int(FAMILIAR_ATTACK[0], FAMILIAR_ATTACK[1]) : dice.d100();
  const improvised = sit.mode !== "magic" && a.weapon === "improvised" && !a.monk;
  const kind = rollKind(natural, familiar, improvised);
  const attackTotal = Math.floor(natural * hitMultiplier(a, t, sit) + flatModifier(a, t, sit));
  const r: D100AttackResult = {
    natural, kind, attackTotal, defenceRoll: 0, defenceTotal: 0, hit: false, damageRoll: 0, damage: 0,
    targetOutcome: null, fell: false, fallLoss: 0, counterDamage: 0, attackerOutcome: null, mishap: false, turnEnds: false,
  };
  if (kind === "failure" || kind === "fatal") { fumble(dice, a, t, sit, options, r); return r; }
  if (kind === "critical" || kind === "heroic") r.hit = true;
  else {
    if (canDefend(t)) {
      r.defenceRoll = dice.d100();
      r.defenceTotal = r.defenceRoll - (sit.surprise ? SURPRISE_DODGE_PENALTY : 0) - t.dodgePenalty;
    }
    r.hit = attackTotal > r.defenceTotal;
  }
  if (!r.hit) return r;
  const range = kind === "heroic" ? HEROIC_DAMAGE : damageRange(a, sit);
  r.damageRoll = range[1] <= 0 ? 0 : dice.int(range[0], range[1]); // a status-only spell (no damage) draws nothing
  const bonus = sit.charge && a.canCharge && a.altitude !== "ground" && t.altitude !== "ground" ? CHARGE_DAMAGE_BONUS : 0;
  r.damage = hasStatus(targetPool, "immune") ? 0 : finalDamage(r.damageRoll, kind, bonus, damageCap(a, sit));
  const airborne = t.altitude === "moderate" || t.altitude === "high";
  r.targetOutcome = applyDamage(targetPool, r.damage, { options, airborne, noDyingPhase: targetPool.duel !== null }).outcome;
  if (airborne && !targetPool.dead && r.damage > 0) {
    const threshold = kind ? UNSEAT_CRIT_THRESHOLD : UNSEAT_THRESHOLD;
    if (r.damageRoll > threshold) {
      r.fell = true;
      r.fallLoss = Math.floor((t.altitude === "moderate" ? Math.max(0, targetPool.hp) : targetPool.maxHp) / 2);
      t.altitude = "ground";
      const fall = applyDamage(targetPool, r.fallLoss, { options, noDyingPhase: targetPool.duel !== null });
      r.targetOutcome = r.targetOutcome ?? fall.outcome;
    }
  }
  return r;
}

/**
 * A critical or fatal failure (P100-FUMBLE-01 to 10): a target able to counter-attack (conscious,
 * not stunned, polymorphed or disoriented, reaching the attacker) deals 1..50, or 10..75 on a fatal
 * failure, to the attacker, with no roll to hit and no cap (Left open FUMBLE); otherwise a mishap
 * ends the attacker's turn (P100-FUMBLE-04/05), and a fatal one also gives −20 to dodge and
 * costs its next turn (P100-FUMBLE-09/10, Contradiction 16).
 */
function fumble(dice: D100Dice, a: D100Unit, t: D100Unit, sit: AttackSituation, options: D100Options, r: D100AttackResult): void {
  const fatal = r.kind === "fatal";
  if (!sit.noSingleTarget && sit.targetCanReach !== false && canReact(t)) {
    const [min, max] = fatal ? FATAL_COUNTER_DAMAGE : COUNTER_DAMAGE;
    r.counterDamage = dice.int(min, max);
    r.attackerOutcome = applyDamage(a, r.counterDamage, { options, noDyingPhase: a.duel !== null }).outcome;
    return;
  }
  r.mishap = true;
  r.turnEnds = !sit.outOfTurn;
  if (fatal) {
    a.dodgePenalty = FATAL_DODGE_PENALTY;
    // Lose the whole next turn: the status survives the end of the current turn when the failure is in it.
    addStatus(a, "incapacitated", FATAL_INCAPACITATED_TURNS + (sit.outOfTurn ? 0 : 1));
  }
}
