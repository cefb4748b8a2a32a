/**
 * The d100 ruleset's numbers (../shared/rules/percentile.md). Numbers the seed states are named
 * after their rule; numbers the seed leaves open carry "Left open" and the catalogue's Proposal,
 * and the catalogue's contradictions are resolved here by name ("Contradiction N").
 */

/** Left open BASE (which dice): attack, defensive, initiative and armed damage rolls are 1..100. */
export const D100 = 100;
/** P100-BASE-03: the target of a surprise attack takes this on its dodge roll. */
export const SURPRISE_DODGE_PENALTY = 20;
/** Left open CRIT: a natural attack roll at or above this is a critical hit (96..100). */
export const CRIT_MIN = 96;
/** P100-CRIT-05: the critical score that becomes a heroic hit. */
export const HEROIC_ROLL = 100;
/** P100-CRIT-01/02/09: the critical multiplier (×1.5, rounded down at the end). */
export const CRIT_MULTIPLIER = 1.5;
/** P100-CRIT-07: a heroic hit's damage range, before the ×1.5 of CRIT-09 (Contradiction 12). */
export const HEROIC_DAMAGE: readonly [number, number] = [30, 100];
/** Left open FUMBLE: a natural attack roll at or below this is a critical failure (1..5). */
export const FUMBLE_MAX = 5;
/** P100-FUMBLE-06: the critical failure score that becomes a fatal failure. */
export const FATAL_ROLL = 1;
/** P100-FUMBLE-03: counter-attack damage on a critical failure. */
export const COUNTER_DAMAGE: readonly [number, number] = [1, 50];
/** P100-FUMBLE-07: counter-attack damage on a fatal failure. */
export const FATAL_COUNTER_DAMAGE: readonly [number, number] = [10, 75];
/** P100-FUMBLE-09: dodge penalty after a fatal mishap (Contradiction 16: until the end of the lost turn). */
export const FATAL_DODGE_PENALTY = 20;
/** P100-FUMBLE-10, Contradiction 16: "incapacitated" = the character loses this many whole turns. */
export const FATAL_INCAPACITATED_TURNS = 1;

/** P100-PLACE-03/07/09/12: "chance to hit halved" multiplies the attack roll by this. */
export const OFF_ROLE_HIT_MULTIPLIER = 0.5;
/** P100-PLACE-04/08/10/12, Contradiction 1: the off-role damage cap outside duels. */
export const OFF_ROLE_DAMAGE_CAP = 70;
/** P100-PLACE-13: cover multiplies a ranged attacker's roll by this. */
export const COVER_RANGED_MULTIPLIER = 0.5;
/** P100-PLACE-14: cover multiplies a melee attacker's roll by this. */
export const COVER_MELEE_MULTIPLIER = 1.5;
/** Left open PLACE: default ranged weapon range in tiles. */
export const DEFAULT_RANGED_RANGE = 10;

/** Left open BASE: an ordinary armed damage roll. */
export const ARMED_DAMAGE: readonly [number, number] = [1, 100];
/** P100-WEAPON-01: a melee fighter's unarmed damage. */
export const MELEE_UNARMED_DAMAGE: readonly [number, number] = [1, 50];
/** P100-WEAPON-03 (and Left open WEAPON for magic classes, Contradiction 3): unarmed damage of ranged and magic classes. */
export const RANGED_UNARMED_DAMAGE: readonly [number, number] = [1, 35];
/** P100-WEAPON-04: an improvised weapon multiplies the attack roll by this. */
export const IMPROVISED_HIT_MULTIPLIER = 0.5;

/** P100-FAMILIAR-01: a familiar's hit points. */
export const FAMILIAR_HP = 75;
/** P100-FAMILIAR-08: a familiar's attack roll range. */
export const FAMILIAR_ATTACK: readonly [number, number] = [1, 80];
/** P100-FAMILIAR-09: a familiar's damage roll range. */
export const FAMILIAR_DAMAGE: readonly [number, number] = [1, 70];
/** P100-FAMILIAR-12, Contradiction 14: a hunter's familiar dies at this HP or lower. */
export const HUNTER_FAMILIAR_DEATH_HP = -50;
/** Left open FAMILIAR: a hunter's successful heal brings a dying familiar back to this HP. */
export const HUNTER_HEAL_HP = 1;

/** P100-DEATH-02, Contradiction 15: HP lost at the start of each of the dying character's own turns. */
export const DYING_LOSS = 5;
/** P100-DEATH-07: a trained rescuer succeeds on a roll above this. */
export const RESCUE_TRAINED = 50;
/** P100-DEATH-08, Contradiction 2: anyone else succeeds on a roll above this. */
export const RESCUE_UNTRAINED = 80;

/** P100-MASS-04: swarm strength per enemy. */
export const SWARM_RATIO = 10;
/** P100-MASS-06: the kill roll of most attackers. */
export const KILL_DIE = 40;
/** P100-MASS-08 (Contradiction 5): the kill roll of ranged classes (and familiars, Left open MASS). */
export const RANGED_KILL_DIE = 20;
/** P100-MASS-14: minimum swarm damage per full this much strength… */
export const SWARM_MIN_STEP = 50;
/** …is this much (P100-MASS-14, Contradiction 4 read as strength 100 → 20..100). */
export const SWARM_MIN_PER_STEP = 10;
/** Left open MASS (MASS-12): a ground melee group counts at most this strength against one character. */
export const SWARM_CROWDING_CAP = 80;
/** P100-MASS-22, Contradiction 10: an ability succeeds against an enemy on a d100 above this (51..100). */
export const MASS_ABILITY_THRESHOLD = 50;
/** Left open MASS (MASS-24): enemies an area ability targets unless its data says otherwise. */
export const AREA_DEFAULT_TARGETS = 5;

/** P100-DUEL-07: the duel HP bonus. */
export const DUEL_HP_BONUS = 50;
/** P100-DUEL-05: duel maximum HP of healers and attackers. */
export const DUEL_MAX_HP_HEALER_ATTACKER = 200;
/** P100-DUEL-06: duel maximum HP of defenders. */
export const DUEL_MAX_HP_DEFENDER = 250;
/** P100-DUEL-09: "75 instead of 50": the duel off-role multiplier. */
export const DUEL_OFF_ROLE_HIT_MULTIPLIER = 0.75;
/** P100-DUEL-11: with a penalty-reducing mastery. */
export const DUEL_MASTERY_HIT_MULTIPLIER = 0.8;
/** P100-DUEL-10, Contradiction 1 ("instead of 80" read as an error for 70). */
export const DUEL_DAMAGE_CAP = 90;
/** P100-DUEL-12. */
export const DUEL_MASTERY_DAMAGE_CAP = 100;
/** P100-DUEL-13: a healer's healing spells are multiplied by this in a duel. */
export const DUEL_HEALING_MULTIPLIER = 0.5;
/** P100-DUEL-22: the winner is raised to this HP. */
export const DUEL_WINNER_MIN_HP = 25;

/** P100-AIR-05/07: +20. */
export const AIR_MODERATE_BONUS = 20;
/** P100-AIR-08/09: −20. */
export const AIR_HIGH_PENALTY = 20;
/** P100-AIR-10: −40 to magic attacks against a flyer at high height. */
export const AIR_HIGH_MAGIC_PENALTY = 40;
/** P100-AIR-14: charge bonus to hit. */
export const CHARGE_HIT_BONUS = 20;
/** P100-AIR-15: charge bonus to damage. */
export const CHARGE_DAMAGE_BONUS = 10;
/** Left open AIR: a charge needs at least this many tiles moved straight at the target. */
export const CHARGE_MIN_TILES = 2;
/** P100-AIR-16: a damage roll above this unseats a flyer at moderate or high height. */
export const UNSEAT_THRESHOLD = 80;
/** P100-AIR-17: the threshold on a critical hit. */
export const UNSEAT_CRIT_THRESHOLD = 50;

/** Left open MOVE: tiles per move by default. */
export const DEFAULT_MOVE_TILES = 6;
/** Left open MOVE (MOVE-06): a guarded move allows floor(normal / this), at least 1. */
export const GUARDED_MOVE_DIVISOR = 4;

/**
 * Room options of the d100 ruleset (each a catalogue proposal that a room may change).
 * - `traumaticInsteadOfDeath` (P100-DEATH-10): characters that do not accept death become gravely
 *   wounded instead of dying; default false (every character accepts death unless the room says otherwise).
 * - `rechargeBetweenFights` (P100-SPELL-08): spells recharge at the start of every fight, not only boss fights.
 * Turn length (Left open BASE, fixed timestep) is the shared encounter machinery's TURN_TICKS (1 tick),
 * as the proposal asks.
 */
export interface D100Options {
  traumaticInsteadOfDeath: boolean;
  rechargeBetweenFights: boolean;
  /**
   * Scenario rooms: the adventurer classes (level 1) of the first invasion's party instead of the
   * drawn one (companion classes such as the Hunter, Warlock and Skyrider are drawn only this way).
   */
  firstParty?: string[];
}

/** The defaults of {@link D100Options}. */
export const DEFAULT_D100_OPTIONS: Readonly<D100Options> = {
  traumaticInsteadOfDeath: false,
  rechargeBetweenFights: false,
};
