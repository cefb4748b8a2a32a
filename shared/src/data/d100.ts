/**
 * The `d100` ruleset's numbers (../shared/rules/percentile.md, P100-*): the one data table
 * designers tune for the percentile ruleset, beside the trap, creature, invasion, chance and
 * malignus tables; the simulation (server/src/sim/combat/d100/) reads it and never hard-codes
 * these numbers. Numbers the seed states are named after their rule; numbers the seed leaves
 * open carry "Left open" and the catalogue's Proposal, and the catalogue's contradictions are
 * resolved here by name ("Contradiction N"); docs/rules-decisions.md lists them. Rolls and HP
 * are on the d100 scale (1..100), ranges are inclusive `[min, max]`, distances in tiles, times
 * in ticks (1 tick = 6 game seconds).
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

/** Left open (checks outside combat, server default): d100 + 10 × (stat + bonus) must exceed this + 10 × difficulty. */
export const D100_CHECK_BASE = 50;
/** Left open (checks): points of the d100 scale per point of stat, bonus or difficulty. */
export const D100_CHECK_STEP = 10;

/** Left open MASS (MASS-01): automatic swarms need this many enemies of one kind… */
export const SWARM_MIN_ENEMIES = 6;
/** …each with at most this max HP. */
export const SWARM_MAX_ENEMY_HP = 25;
/** Left open MASS (MASS-28): starting strength cap per party member without / with an area ability. */
export const SWARM_CAP_PER_MEMBER: readonly [number, number] = [50, 100];
/** P100-MASS-07 (proposal "kills = floor(roll / this)"): each full this much of a kill roll kills one enemy. */
export const KILL_ROLL_STEP = 10;

/** Left open DUEL (DUEL-16): power scores further apart than this fraction log a warning. */
export const DUEL_POWER_TOLERANCE = 0.1;
/** Left open DUEL (DUEL-20): an AI winner spares a duellist that forfeits a duel to the death. */
export const AI_SPARES_FORFEIT = true;
/** Left open DUEL: a surviving loser is out of the fight (unconscious) for this many ticks (60 = 6 game minutes). */
export const DUEL_LOSER_OUT_TICKS = 60;
/** Left open DUEL (P100-DUEL-01): a duel proposal waits this many ticks for the other side's answer (300 = 30 game minutes). */
export const DUEL_PROPOSAL_TICKS = 300;
/** Left open DUEL (P100-DUEL-20): the winner's side has this many ticks (50 = 5 game minutes, before the loser wakes) to spare or kill; then the AI's choice applies. */
export const DUEL_MERCY_TICKS = 50;

/** Left open STATUS: a status without a duration from its source lasts this many of the unit's turns (until the end of its next turn). */
export const D100_DEFAULT_STATUS_TURNS = 1;

/**
 * Server defaults for what the seed leaves to class data (Left open PLACE, DUEL, DEATH), in HP:
 * - adventurers' normal maximum HP are the ones the duel example implies (Contradiction 11):
 *   150 for healers and attackers, 200 for defenders; Peasants are a weak mob (swarm material, MASS-01);
 * - keeper-side units by kind; trolls are tough, kobolds weak (a kobold pack fights as a swarm);
 *   gargoyles are stone (Left open AIR): above 80 HP so a blow over 80 can unseat one without
 *   killing it (P100-AIR-16).
 */
export const D100_HP = {
  attacker: 150, healer: 150, defender: 200, peasant: 20,
  master: 200, minion: 60, creature: 80, troll: 150, kobold: 20, gargoyle: 120,
  /** DOOR-12: a travelling merchant (never in a fight: nobody is its enemy). */
  merchant: 20,
} as const;
/** Left open SPELL (P100-SPELL-04): the HP the healing spell restores. */
export const HEAL_SPELL_RANGE: readonly [number, number] = [20, 40];
/** Left open (CMB-45 healing in a d100 room, server default): a heal restores this range of HP. */
export const HEAL_RANGE: readonly [number, number] = [10, 30];

/**
 * An offensive spell's description (P100-SPELL-04, Left open SPELL: server data): the damage a
 * hit deals (uniform, in HP) and its range in tiles (Chebyshev), with a line of fire as for shots.
 * It rolls an attack (mode "magic") against the target's dodge, so criticals and fumbles apply
 * (P100-CRIT-02: a critical raises its damage by 50%).
 */
export interface OffensiveSpellData {
  damage: readonly [number, number];
  range: number;
  /**
   * P100-STATUS (Left open STATUS: "each effect lasts as long as its source ability says"): the
   * status a hit inflicts and for how many of the victim's own turns (×1.5 rounded down on a
   * critical hit, P100-CRIT-04); absent = none.
   */
  inflicts?: { status: "stunned" | "silenced" | "immobilised" | "polymorphed" | "disarmed" | "disoriented"; turns: number };
  /** An area spell (P100-CRIT-03, P100-MASS-20 to 24): every foe within this many tiles of the target is struck too (its own roll), at most `maxTargets`. */
  radius?: number;
  /** P100-MASS-24 (Left open MASS `max_targets`): the enemies an area spell targets, {@link AREA_DEFAULT_TARGETS} when absent. */
  maxTargets?: number;
  /** A multi-target ability (P100-MASS-25/26): this many foes next to the primary target are struck too. */
  extraTargets?: number;
  /** Left open MASS `auto_hit` (P100-MASS-19): the ability always hits (no attack or dodge roll, never critical). */
  autoHit?: boolean;
}

/** Left open SPELL (server data): the offensive spells a loadout may hold, by spell id. */
export const OFFENSIVE_SPELLS: Readonly<Record<string, OffensiveSpellData>> = {
  /** The Master's chosen spell (d100/sheet.ts `MASTER_SPELL_ID`): 30–80 HP at up to 8 tiles. */
  shadowBolt: { damage: [30, 80], range: 8 },
  /** The troll's crushing swipe (P100-STATUS-01/02): 10–40 HP in melee, stunned for 1 turn. */
  maul: { damage: [10, 40], range: 1, inflicts: { status: "stunned", turns: 1 } },
  /** The wolf's bite at the legs (P100-STATUS-05, P100-CRIT-04): 5–25 HP in melee, immobilised for 2 turns (3 on a critical). */
  hamstring: { damage: [5, 25], range: 1, inflicts: { status: "immobilised", turns: 2 } },
  /** The kobold trickster's hex (P100-STATUS-10): no damage, polymorphed (turned into a toad: no attacks) for 2 turns, up to 4 tiles. */
  hex: { damage: [0, 0], range: 4, inflicts: { status: "polymorphed", turns: 2 } },
  /** The crocodile's snatch (P100-STATUS-13 to 15): 5–20 HP in melee, and the weapon torn from the victim's hand (disarmed until picked up, -1). */
  snatch: { damage: [5, 20], range: 1, inflicts: { status: "disarmed", turns: -1 } },
  /** The Cartographer's hush dart (P100-STATUS-03/04, P100-MASS-19): certain to hit, 5–15 HP, silenced for 2 turns, up to 6 tiles. */
  hushDart: { damage: [5, 15], range: 6, inflicts: { status: "silenced", turns: 2 }, autoHit: true },
  /** The Locksmith's blinding powder (P100-STATUS-16/17, P100-CRIT-03, P100-MASS-20 to 24): an area of 1 tile around the target up to 3 tiles away, 5–20 HP and disoriented for 2 turns, at most 3 targets. */
  blindingPowder: { damage: [5, 20], range: 3, inflicts: { status: "disoriented", turns: 2 }, radius: 1, maxTargets: 3 },
  /** The Doorbreaker's cleave (P100-MASS-25/26): a melee blow of 10–60 HP on its target and on 1 more foe next to it (its own roll). */
  cleave: { damage: [10, 60], range: 1, extraTargets: 1 },
};

/**
 * Left open SPELL ("each character has a spell loadout… whose size comes from class data"): the
 * spells and abilities of classes and species besides the healer's heal and the Master's bolt
 * (d100/sheet.ts), one charge each (P100-SPELL-05), recharged at boss fights (P100-SPELL-06).
 * `ward` and `counterspell` are not offensive: see {@link D100_WARD} and {@link D100_COUNTERSPELL}.
 */
export const D100_LOADOUTS: Readonly<Record<string, readonly string[]>> = {
  troll: ["maul"], wolf: ["hamstring"], kobold: ["hex"], crocodile: ["snatch"],
  Cartographer: ["hushDart"], Locksmith: ["blindingPowder"], Doorbreaker: ["cleave"],
  Priest: ["ward"], Warlock: ["counterspell"],
};

/** P100-STATUS-11/12 (Left open STATUS): the Priest's ward makes one ally within `range` tiles (itself included) immune for `turns` of its own turns. */
export const D100_WARD = { id: "ward", range: 4, turns: 2 } as const;

/**
 * P100-SPELL-03, P100-STATUS-06 to 09 (Left open STATUS "an interrupt is a reaction ability"):
 * the Warlock's counterspell, cast outside its turn when an enemy within `range` tiles declares
 * a non-passive spell: that spell has no effect, keeps its charge and is locked until the
 * caster's next turn.
 */
export const D100_COUNTERSPELL = { id: "counterspell", range: 6 } as const;

/**
 * P100-PLACE-03/04 (Left open PLACE: class gear): melee classes that also carry a ranged sidearm (the
 * Doorbreaker's throwing axes); they throw only at a foe their melee cannot reach (a flyer at
 * moderate or high height), off-role: roll × 0.5, damage capped at 70.
 */
export const D100_SIDEARM_CLASSES: readonly string[] = ["Doorbreaker"];

/**
 * P100-PLACE-07/08 (Left open PLACE: class gear): ranged classes that also carry a melee sidearm (the
 * Hunter's knife). In melee they strike with it, armed (1..100), off-role: roll × 0.5, damage capped at
 * 70; the AI still steps away to shoot (P100-PLACE-06) and strikes with the knife only when it cannot.
 */
export const D100_MELEE_SIDEARM_CLASSES: readonly string[] = ["Hunter"];

/** P100-DUEL-11/12 (Left open SPELL "a mastery is a passive class feature"): classes with a duel mastery that reduces the off-role penalties. */
export const D100_DUEL_MASTERY_CLASSES: readonly string[] = ["Priest"];

/** Left open (P100-AIR-22, server choice): a rider arrives mounted on its companion mount. */
export const ARRIVES_MOUNTED = true;

/**
 * Left open (issue 8, d100 rooms): the weights of the companion classes among classed adventurers
 * (level ≥ 1), next to the shared classes' weights (their total 100, shared/src/data/invasions.ts):
 * out of 125, Hunter 10, Warlock 10, Skyrider 5. The shared table keeps them at weight 0, so
 * malignus and d20 draws are untouched (d100/companions.ts `drawD100CompanionClasses`).
 */
export const D100_COMPANION_CLASS_WEIGHTS: Readonly<Record<string, number>> = { Hunter: 10, Warlock: 10, Skyrider: 5 };

/**
 * Server choice (the `wound` event's malignus-style severity for d100 damage): damage of at least
 * maxHp / `critical` shows as critical, at least maxHp / `serious` as serious, else light.
 */
export const D100_WOUND_EVENT_DIVISORS = { critical: 2, serious: 4 } as const;
