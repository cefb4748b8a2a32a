import type { UnitKind } from "../rules.ts";

/**
 * The `d20` ruleset's numbers (../shared/rules/d20.md, D20-*): the one data table designers tune
 * for the d20 ruleset, beside the trap, creature, invasion, chance, malignus and d100 tables; the
 * simulation (server/src/sim/combat/d20/) reads it and never hard-codes these numbers. Numbers
 * the chapter states are named after their rule; numbers it leaves open carry "Left open" and
 * the catalogue's proposal; docs/rules-decisions.md lists them. Distances and movement are in
 * tiles (1 tile = 1 square of the chapter), durations in the creature's own turns, dice in
 * "NdS+B" notation, DCs and AC on the d20 scale. The vocabularies the tables are keyed by
 * (damage types, sizes, statuses, range bands) live here with them.
 */

/** Sides of the d20 (D20-ATTACK-09, D20-FLOW-18, D20-HP-17). */
export const D20 = 20;

/** D20-FLOW-09: passive Perception = this + the Perception modifier + the vigilance level. */
export const PASSIVE_PERCEPTION_BASE = 10;

/** Left open (checks outside combat, server default): 1d20 + stat + bonus must reach this + the difficulty. */
export const D20_CHECK_BASE_DC = 10;

/**
 * Left open (D20-FLOW-30, "short phrases or grunts"): the longest phrase, in characters, a `say`
 * step may speak in a d20 turn; longer or empty ones are refused.
 */
export const MAX_SAY_CHARACTERS = 80;
/** Left open (CMB-45 healing in a d20 room): a heal restores this dice of HP. */
export const HEAL_DICE = "1d8";

// --- Vocabularies the tables are keyed by ---

/** D20-DAMAGE-07: the d20 damage types. */
export const D20_DAMAGE_TYPES = [
  "acid", "bludgeoning", "piercing", "poison", "asphyxiation", "psychic", "slashing", "magic", "burn",
] as const;
/** One of {@link D20_DAMAGE_TYPES}. */
export type D20DamageType = (typeof D20_DAMAGE_TYPES)[number];

/** Left open (D20-SIZE, missing table): the six size categories, smallest first. */
export const D20_SIZES = ["tiny", "small", "medium", "large", "huge", "gargantuan"] as const;
/** One of {@link D20_SIZES}. */
export type D20Size = (typeof D20_SIZES)[number];

/** D20-STATUS and the statuses of other sections kept in one registry (Left open D20-STATUS). */
export const D20_STATUS_KINDS = [
  "paralysed", "silenced", "rooted", "blinded", "terrified", "enraged", "bleeding",
  "prone", "grappled", "surprised", "hidden", "squeezing", "reloading", "disengaged", "readied", "helped",
] as const;
/** One of {@link D20_STATUS_KINDS}. */
export type D20StatusKind = (typeof D20_STATUS_KINDS)[number];

/** D20-ATTACK-59: degrees of cover. */
export type D20Cover = "none" | "half" | "threeQuarters" | "total";

// --- Actions and attacks ---

/** Left open (D20-ACTION, Help): an ally helped to attack must be within this many tiles of the helper (D20-ACTION-17). */
export const HELP_RANGE = 3;

/** D20-ATTACK-61, D20-ATTACK-63: AC bonus of each degree of cover (total cover: only a natural 20 hits). */
export const COVER_AC: Readonly<Record<D20Cover, number>> = { none: 0, half: 1, threeQuarters: 3, total: 0 };

/** D20-ATTACK-52 to D20-ATTACK-55: the range bands of techniques and spells, in tiles. */
export const RANGE_BANDS = { contact: 2, short: 5, medium: 15, long: 25 } as const;
/** A range band. */
export type RangeBand = keyof typeof RANGE_BANDS;

/** D20-ATTACK-21: the usual reach, in tiles. Left open D20-ATTACK-23: reach weapons give {@link REACH_WEAPON_REACH}. */
export const DEFAULT_REACH = 1;
/** Left open (D20-ATTACK-23): reach of a reach weapon (spear, trident), in tiles: the far end of the contact band (D20-ATTACK-52: melee distance is 1 to 2 tiles). */
export const REACH_WEAPON_REACH = RANGE_BANDS.contact;
/** Left open (D20-ATTACK-33, no figure in the source): a thrown weapon reaches this many tiles (the Short band). */
export const THROW_RANGE = 5;
/** Left open (D20-ATTACK-24): an unarmed attack deals 1 bludgeoning + the unarmed skill level. */
export const UNARMED_DAMAGE = "1";

// --- Damage ---

/** Left open (D20-DAMAGE, damage over time): "for 2 turns" = the victim's next 2 turns. */
export const BASIC_DOT_TURNS = 2;

/**
 * D20-DAMAGE-09 (acid 1d4 for 2 turns), D20-DAMAGE-14 (poison at least 1d4 for 2 turns),
 * D20-DAMAGE-17 (asphyxiation 1d4 per turn, lasting while its hold lasts: -1 = until removed),
 * D20-DAMAGE-23 (burn at least 1d4 for 2 turns). The basic damage over time of each type, or none.
 */
export const BASIC_DOT: Readonly<Partial<Record<D20DamageType, { dice: string; turns: number }>>> = {
  acid: { dice: "1d4", turns: BASIC_DOT_TURNS },
  poison: { dice: "1d4", turns: BASIC_DOT_TURNS },
  burn: { dice: "1d4", turns: BASIC_DOT_TURNS },
  asphyxiation: { dice: "1d4", turns: -1 },
};

/** Ground zones (D20-DAMAGE-10 acid 1d4, D20-DAMAGE-15 poison at least 1d2, D20-DAMAGE-24 burning at least 1d2): damage dice per round. */
export const GROUND_ZONE_DICE: Readonly<Record<"acid" | "poison" | "burn", string>> = { acid: "1d4", poison: "1d2", burn: "1d2" };

/** Left open (D20-DAMAGE, ground zones): a zone lasts this many rounds when its source says nothing. */
export const GROUND_ZONE_DEFAULT_ROUNDS = 2;

/** D20-DAMAGE-32: the bonus the side holding the magic advantage gets, to damage or AC. */
export const MAGIC_ADVANTAGE_BONUS = 2;

/**
 * D20-DAMAGE-31: the table of magics (which element beats which). The source's table is missing;
 * Left open: kept as data, a cycle of elements.
 */
export const MAGIC_ADVANTAGE: Readonly<Record<string, string>> = {
  fire: "ice", ice: "wind", wind: "earth", earth: "water", water: "fire",
};

// --- Hit points ---

/**
 * Server choice (the `wound` event's malignus-style severity for d20 damage): damage of at least
 * maxHp / `critical` shows as critical, at least maxHp / `serious` as serious, else light.
 */
export const D20_WOUND_EVENT_DIVISORS = { critical: 2, serious: 4 } as const;

/** D20-HP-18: a jet de destin succeeds at this value or more. */
export const DEATH_SAVE_DC = 10;
/** D20-HP-20, D20-HP-21: tally that ends the dying (stable or dead). */
export const DEATH_SAVE_LIMIT = 3;
/** D20-HP-34: a stable creature regains 1 HP after this many of its turns. */
export const STABLE_REGAIN_TURNS = 5;
/** Left open (D20-HP, stabilising): first aid is 1d20 + Habilité + Médecine against this + the failures. */
export const FIRST_AID_BASE_DC = 10;
/** Left open (D20-HP-08, no figure in the chapter): a healing potion restores this dice of HP. */
export const HEALING_POTION_DICE = "2d4+2";

// --- Movement, size and mounts ---

/** D20-MOVE-05, D20-MOVE-06: entering a tile, orthogonal or diagonal, costs this on normal terrain. */
export const BASE_STEP_COST = 1;
/** D20-MOVE-22, D20-MOVE-33: extra per tile of difficult terrain, and per tile crawled. */
export const DIFFICULT_EXTRA_COST = 1;
/** D20-MOVE-34 (Left open: 3 in total): a tile crawled through difficult terrain. */
export const CRAWL_DIFFICULT_COST = 3;
/** D20-MOVE-15: every switch of movement mode. */
export const MODE_SWITCH_COST = 2;
/** Left open (D20-ATTACK, grapple): dragging a grappled creature costs 1 extra per tile. */
export const DRAG_EXTRA_COST = 1;
/** D20-MOVE-29: dropping prone costs no movement. */
export const DROP_PRONE_COST = 0;
/** Left open (D20-MOVE, slippery liquid D20-MOVE-27): 1d20 + Agility must reach this to stay standing. */
export const SLIPPERY_DC = 10;
/** Left open (D20-MOVE-26): rounds the Locksmith's spilled oil stays slippery. */
export const SLIPPERY_ZONE_ROUNDS = 3;
/**
 * D20-MOVE-17 to D20-MOVE-20: the movement multiplier of each mode: flying doubles (17), swimming
 * halves (18), a Saaneris swims at double (19), a swimming spell exempts from the halving (20).
 */
export const MOVE_MODE_FACTORS = { walk: 1, fly: 2, swim: 0.5, swimSaaneris: 2, swimSpell: 1 } as const;
/** Left open (D20-MOVE falling, D20-MOUNT-11): bludgeoning damage per tile fallen. */
export const FALL_DAMAGE_PER_TILE = 1;
/** Left open (D20-MOVE falling): a flying creature is this many tiles above the floor (the dungeon's rooms are one storey). */
export const FLYING_HEIGHT = 1;

/** Left open (D20-SIZE): side of each size's square space, in tiles (D20-SIZE-03: Medium is 1). */
export const SPACE_TILES: Readonly<Record<D20Size, number>> = { tiny: 1, small: 1, medium: 1, large: 2, huge: 3, gargantuan: 4 };
/** D20-SIZE-09: extra movement per tile while squeezing. */
export const SQUEEZE_EXTRA_COST = 1;

/** Left open (D20-MOUNT-05): the Skyrider's gust pushes the creature it hits this many tiles away from the caster, tiles. */
export const GUST_PUSH_TILES = 1;

/** Left open (D20-MOUNT-05 source defect): staying mounted needs 1d20 + Agility ≥ this (strictly more than 10). */
export const STAY_MOUNTED_DC = 11;

/**
 * Left open (D20-MOUNT-01, D20-SIZE-01, server choice): a class mount is a Large creature (2×2
 * tiles), one size larger than its Medium rider, willing and trained for riders (controlled,
 * D20-MOUNT-12 to D20-MOUNT-15).
 */
export const CLASS_MOUNT_SIZE: D20Size = "large";

// --- Statuses ---

/**
 * Left open (D20-STATUS, durations): without a duration from its source a status lasts until the
 * end of the target's next turn (1); bleeding, prone, grappled, hidden and squeezing last until removed (-1).
 */
export const D20_STATUS_TURNS: Readonly<Record<D20StatusKind, number>> = {
  paralysed: 1, silenced: 1, rooted: 1, blinded: 1, terrified: 1, enraged: 1, bleeding: -1,
  prone: -1, grappled: -1, surprised: 1, hidden: -1, squeezing: -1, reloading: -1, disengaged: 1, readied: -1, helped: -1,
};
/** D20-STATUS-06: a blinded creature targets (and sees) only within this many tiles. */
export const BLINDED_RANGE = 8;
/** D20-STATUS-10: bleeding damage per turn. */
export const BLEEDING_DICE = "1d4";
/** Left open (D20-STATUS-11 to D20-STATUS-13): the Medicine skill alone stops bleeding on an Habilité (Médecine) roll total of at least this. */
export const BLEEDING_MEDICINE_DC = 10;

/** Arcane shield (D20-FLOW-37 reaction ability): AC bonus against the attack that triggered it. */
export const ARCANE_SHIELD_AC = 5;
/** Arcane shield: Mana it costs. */
export const ARCANE_SHIELD_MANA = 2;

/** D20-EQUIP-02 to D20-EQUIP-07: the equipment slots and how many items each holds. */
export const SLOT_CAPACITY = { head: 1, body: 1, feet: 1, jewellery: 2, mainHand: 1, offHand: 1 } as const;

// --- Sheets, weapons and class spells ---

/** A weapon as the d20 rules read it. */
export interface D20Weapon {
  name: string;
  /** Damage dice, e.g. "1d8". */
  damage: string;
  damageType: D20DamageType;
  /** Ranged weapons use Agility (Dextérité) (D20-ATTACK-13); melee ones Strength or Agility (D20-ATTACK-12). */
  ranged: boolean;
  /** Melee reach in tiles (D20-ATTACK-21, D20-ATTACK-23). */
  reach: number;
  /** Ranged weapons: [minimum, maximum] range in tiles (Left open D20-ATTACK, two ranges). */
  range: readonly [number, number];
  /** Light (D20-ATTACK-30). */
  light: boolean;
  /** Finesse: may use Agility instead of Strength in melee (D20-ATTACK-12). */
  finesse: boolean;
  /** Thrown property: may be thrown instead of striking in melee (D20-ATTACK-33). */
  thrown?: boolean;
  /** Must be reloaded after each shot (Left open D20-ACTION, Reload). */
  reload: boolean;
  magical: boolean;
}

/**
 * A spell or technique a creature knows (D20-ACTION-07 to D20-ACTION-09; the chapter has no spell
 * list, so spells are data). "attack" spells make a spell attack roll against one creature within
 * their band; "area" spells hit every creature within `radius` of a tile in their band, with no
 * attack roll and one damage roll for all (D20-DAMAGE-04).
 */
export interface D20Spell {
  name: string;
  /** Mana for spells, Stamina for techniques (D20-ACTION-09, Left open). */
  cost: number;
  pool: "mana" | "stamina";
  /** "teleport": the caster appears on a free tile within its band, provoking no opportunity attack (D20-ATTACK-28). */
  /** "swim": a swimming spell on the caster itself: from now on it swims at ×1 (D20-MOVE-20). */
  kind: "attack" | "area" | "teleport" | "swim";
  band: RangeBand;
  damage: string;
  damageType: D20DamageType;
  /** Element for the magic advantage (D20-DAMAGE-31), or "". */
  element: string;
  /** Area spells: Chebyshev radius in tiles. */
  radius: number;
  /** Area spells that leave a ground zone on every tile of the area (D20-DAMAGE-10, 15, 24), and for how many rounds (default {@link GROUND_ZONE_DEFAULT_ROUNDS}). */
  zone?: { type: "acid" | "poison" | "burn" | "slippery"; rounds?: number };
  /** A status every creature the spell hits gets (D20-STATUS-02 to D20-STATUS-10), for `turns` of its own turns (default `D20_STATUS_TURNS`). */
  inflicts?: D20Inflict;
  /** Attack spells: on a hit, the target (with its mount or rider, sharing one space) is pushed this many tiles straight away from the caster (a forced move: D20-ATTACK-29, D20-MOUNT-05). */
  push?: number;
}

/** A status an attack or spell inflicts on a hit (D20-STATUS-01): its kind and, optionally, how many of the victim's turns it lasts. */
export interface D20Inflict { status: D20StatusKind; turns?: number }

/**
 * Left open (server content; the chapter gives no creature sheets): what a species (or, for the
 * Master and minions, the unit kind's id) brings to the d20 rules on top of `sheetFor`. Every
 * field is optional; absent = nothing.
 */
export interface D20Traits {
  /** D20-DAMAGE-03: flat bonus damage of its weapon attacks (a magic weapon, an ability). */
  damageBonus?: number;
  /** D20-DAMAGE-29 decision: its weapon is magical (its damage counts as magical). */
  magicalWeapon?: boolean;
  /** Its weapon deals this d20 type instead of the gear's (a venomous bite deals poison). */
  damageType?: D20DamageType;
  /** A status its weapon hits inflict (D20-STATUS-02 to D20-STATUS-10). */
  inflicts?: D20Inflict;
  /** D20-DAMAGE-25: types it resists. */
  resistances?: readonly D20DamageType[];
  /** D20-DAMAGE-26: types it is vulnerable to. */
  vulnerabilities?: readonly D20DamageType[];
  /** D20-DAMAGE-27: flat reduction of every instance of damage (an aura, a thick hide). */
  reduction?: number;
  /** D20-DAMAGE-29: resists every non-magical damage (counted once with a type resistance). */
  resistsNonMagical?: boolean;
  /** D20-DAMAGE-30: vulnerable to every magical damage (counted once with a type vulnerability). */
  vulnerableToMagical?: boolean;
  /** D20-DAMAGE-17: a creature it grapples takes the basic asphyxiation (`BASIC_DOT.asphyxiation`, 1d4) at the start of each of its turns while the hold lasts. */
  strangles?: boolean;
  /** D20-DAMAGE-19: its Contre (Contrôle) modifier, added to its AC when it Magic Absorbs a spell (D20-ACTION-30). */
  contre?: number;
  /** D20-DAMAGE-31: its magic element (a key of `MAGIC_ADVANTAGE`). */
  element?: string;
  /** Spells and techniques it knows, and its pools (D20-ACTION-07 to D20-ACTION-09). */
  spells?: readonly D20Spell[];
  mana?: number;
  stamina?: number;
}

/**
 * Left open (server content, the chapter has no bestiary; docs/rules-decisions.md D20): the d20
 * traits of the dungeon's species, by species id (the Master and minions by their kind). Wolves'
 * bites make bleed (D20-STATUS-10); giant spiders' venom deals poison and paralyses for a turn
 * (D20-STATUS-02, D20-DAMAGE-14), their web roots (D20-STATUS-05); giant bats' screech terrifies
 * (D20-STATUS-07); the Master's magic staff adds +1 magical damage (D20-DAMAGE-03) and it knows
 * spells that blind, silence, enrage, burn (D20-DAMAGE-23) and splash acid (D20-DAMAGE-09), and
 * area spells rolled once for all (D20-DAMAGE-04) that leave acid, poison and burning zones; trolls are
 * vulnerable to fire and to magic (D20-DAMAGE-26, D20-DAMAGE-30) and strangle whom they grapple
 * (D20-DAMAGE-17); gargoyles are stone: −2 on every
 * hit, then they resist burn and non-magical damage (D20-DAMAGE-27 to D20-DAMAGE-29), and Magic
 * Absorb spells with Contre 5 (D20-DAMAGE-19).
 */
export const D20_SPECIES_TRAITS: Readonly<Record<string, D20Traits>> = {
  wolf: { inflicts: { status: "bleeding" } },
  giantSpider: {
    damageType: "poison", inflicts: { status: "paralysed", turns: 1 },
    spells: [{ name: "web", cost: 2, pool: "stamina", kind: "attack", band: "short", damage: "0", damageType: "bludgeoning", element: "", radius: 0, inflicts: { status: "rooted", turns: 1 } }],
    stamina: 2,
  },
  giantBat: {
    spells: [{ name: "screech", cost: 1, pool: "stamina", kind: "attack", band: "short", damage: "1d2", damageType: "psychic", element: "", radius: 0, inflicts: { status: "terrified", turns: 1 } }],
    stamina: 2,
  },
  master: {
    damageBonus: 1, magicalWeapon: true, element: "earth", mana: 12,
    spells: [
      { name: "blind", cost: 2, pool: "mana", kind: "attack", band: "medium", damage: "1d4", damageType: "magic", element: "earth", radius: 0, inflicts: { status: "blinded", turns: 1 } },
      { name: "silence", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d4", damageType: "psychic", element: "", radius: 0, inflicts: { status: "silenced", turns: 1 } },
      { name: "madness", cost: 2, pool: "mana", kind: "attack", band: "medium", damage: "1d4", damageType: "psychic", element: "", radius: 0, inflicts: { status: "enraged", turns: 1 } },
      { name: "firebolt", cost: 2, pool: "mana", kind: "attack", band: "medium", damage: "1d6", damageType: "burn", element: "fire", radius: 0 },
      { name: "acidDart", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d4", damageType: "acid", element: "", radius: 0 },
      { name: "acidRain", cost: 3, pool: "mana", kind: "area", band: "medium", damage: "1d4", damageType: "acid", element: "", radius: 1, zone: { type: "acid" } },
      { name: "miasma", cost: 3, pool: "mana", kind: "area", band: "medium", damage: "1d4", damageType: "poison", element: "", radius: 1, zone: { type: "poison" } },
      { name: "fireWall", cost: 3, pool: "mana", kind: "area", band: "medium", damage: "1d4", damageType: "burn", element: "fire", radius: 1, zone: { type: "burn" } },
    ],
  },
  troll: { vulnerabilities: ["burn"], vulnerableToMagical: true, strangles: true },
  gargoyle: { resistances: ["burn"], resistsNonMagical: true, reduction: 2, contre: 5 },
};

/** D20-FLOW-28 (sheet not in the chapter; server default): every unit's walking movement, tiles per turn. */
export const DEFAULT_MOVEMENT = 6;

/** Server defaults for sheets the chapter does not give: base HP and AC by unit kind. */
export const SHEET_BY_KIND: Readonly<Record<UnitKind, { hp: number; ac: number }>> = {
  master: { hp: 40, ac: 15 },
  minion: { hp: 10, ac: 11 },
  creature: { hp: 16, ac: 12 },
  adventurer: { hp: 8, ac: 12 },
  merchant: { hp: 8, ac: 10 },
};
/** Adventurers gain this many HP per level. */
export const HP_PER_LEVEL = 4;
/** Trolls (the species that never dies at once in malignus) get this many HP. */
export const TROLL_HP = 30;
/** AC from body armour (Left open D20-EQUIP: shield and armour values come from item data). */
export const ARMOUR_AC: Readonly<Record<string, number>> = { none: 0, cloth: 1, leather: 1, chainmail: 3, plate: 5 };

/** Weapons the shared gear maps to (Left open D20-ATTACK-24: unarmed deals 1 bludgeoning). Ranges in tiles. */
export const D20_WEAPONS: Readonly<Record<"unarmed" | "mace" | "sword" | "bow", D20Weapon>> = {
  unarmed: { name: "unarmed", damage: UNARMED_DAMAGE, damageType: "bludgeoning", ranged: false, reach: DEFAULT_REACH, range: [1, 1], light: true, finesse: false, reload: false, magical: false },
  mace: { name: "mace", damage: "1d6", damageType: "bludgeoning", ranged: false, reach: DEFAULT_REACH, range: [1, 1], light: false, finesse: false, reload: false, magical: false },
  sword: { name: "longsword", damage: "1d8", damageType: "slashing", ranged: false, reach: DEFAULT_REACH, range: [1, 1], light: false, finesse: false, reload: false, magical: false },
  bow: { name: "shortbow", damage: "1d6", damageType: "piercing", ranged: true, reach: DEFAULT_REACH, range: [2, 16], light: false, finesse: false, reload: false, magical: false },
};

/**
 * Left open (D20-ACTION-07 to D20-ACTION-09: the source lists no spells, server content): the d20
 * spells or techniques an adventurer of a class knows, and its Mana and Stamina pools. The
 * Skyrider calls a gust at a foe (a spell attack, Mental modifier, D20-ATTACK-14); the Priest
 * smites. Classes not listed know none (pools 0).
 */
export const D20_CLASS_SPELLS: Readonly<Record<string, { spells: readonly D20Spell[]; mana: number; stamina: number }>> = {
  Skyrider: {
    spells: [{ name: "gust", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d6", damageType: "magic", element: "wind", radius: 0, push: GUST_PUSH_TILES }],
    mana: 4, stamina: 0,
  },
  /** Left open (D20-MOVE-26, D20-MOVE-27: what spills slippery liquid): the Locksmith throws a flask of oil (a technique). */
  Locksmith: {
    spells: [{ name: "oilFlask", cost: 1, pool: "stamina", kind: "area", band: "short", damage: "1", damageType: "bludgeoning", element: "", radius: 1, zone: { type: "slippery", rounds: SLIPPERY_ZONE_ROUNDS } }],
    mana: 0, stamina: 2,
  },
  /** Left open (D20-ATTACK-28: what teleports): the Rogue's shadow step (a technique) takes it to a free tile within the Short band. */
  Rogue: {
    spells: [{ name: "shadowStep", cost: 1, pool: "stamina", kind: "teleport", band: "short", damage: "0", damageType: "bludgeoning", element: "", radius: 0 }],
    mana: 0, stamina: 2,
  },
  Priest: {
    spells: [
      { name: "smite", cost: 2, pool: "mana", kind: "attack", band: "short", damage: "1d8", damageType: "magic", element: "light", radius: 0 },
      /** Left open (D20-MOVE-20: which spell lets one swim): the Priest's blessing of the waters, on itself, for the rest of its visit. */
      { name: "waterborne", cost: 2, pool: "mana", kind: "swim", band: "contact", damage: "0", damageType: "magic", element: "water", radius: 0 },
    ],
    mana: 4, stamina: 0,
  },
};

/**
 * Left open (D20-ATTACK-23, D20-ATTACK-30, D20-ATTACK-33 weapon data; server content): weapons of
 * the class kits ({@link D20_CLASS_KITS}). The shortsword and dagger are light (two-weapon
 * fighting, D20-ATTACK-30), the dagger has the thrown property (D20-ATTACK-33), the spear is a
 * reach weapon ({@link REACH_WEAPON_REACH} tiles, D20-ATTACK-23).
 */
export const D20_KIT_WEAPONS: Readonly<Record<"shortsword" | "dagger" | "spear", D20Weapon>> = {
  shortsword: { name: "shortsword", damage: "1d6", damageType: "piercing", ranged: false, reach: DEFAULT_REACH, range: [1, 1], light: true, finesse: true, reload: false, magical: false },
  dagger: { name: "dagger", damage: "1d4", damageType: "piercing", ranged: false, reach: DEFAULT_REACH, range: [1, 1], light: true, finesse: true, thrown: true, reload: false, magical: false },
  spear: { name: "spear", damage: "1d6", damageType: "piercing", ranged: false, reach: REACH_WEAPON_REACH, range: [1, 1], light: false, finesse: false, reload: false, magical: false },
};

/**
 * Left open (server content; the chapter gives no classes): what an adventurer of a class brings
 * into a d20 room besides its spells, set when its party arrives. `mainHand`/`offHand`: weapons
 * of {@link D20_KIT_WEAPONS}; `twoWeaponStyleFromLevel`: from this level the class keeps its damage
 * modifiers on the off-hand attack (a technique, D20-ATTACK-34); `extraAttackFromLevel`: from this
 * level its Attack action holds two weapon attacks (a technique, D20-MOVE-11); `reactions`: reaction abilities
 * (D20-FLOW-37); `extraDefences`: defences a skill grants in exchange for the class's `stamina`
 * (each costs {@link EXTRA_DEFENCE_STAMINA}, paid when the party arrives, D20-ACTION-26); `attackBonus`: a skill's bonus to its weapon
 * attack rolls (D20-ATTACK-04). The Rogue fights with shortsword and dagger, the Skyrider with a
 * spear and barges allies aside from the saddle, the Warrior's Shield Wall shoves allies aside and grants an extra defence (from
 * level 3 it strikes twice in an Attack action), the Priest
 * conjures an arcane shield with its Mana, the Scout's marksmanship adds 1 to its shots.
 */
export const D20_CLASS_KITS: Readonly<Record<string, {
  mainHand?: keyof typeof D20_KIT_WEAPONS;
  offHand?: keyof typeof D20_KIT_WEAPONS;
  twoWeaponStyleFromLevel?: number;
  /** From this level the class's technique gives its Attack action two weapon attacks (D20-MOVE-11, D20-MOVE-12: the chapter's fighter with two attacks). */
  extraAttackFromLevel?: number;
  reactions?: readonly ("arcaneShield" | "shoveAlly")[];
  extraDefences?: number;
  /** Stamina the class brings (added to its spells' pool). */
  stamina?: number;
  attackBonus?: number;
}>> = {
  Rogue: { mainHand: "shortsword", offHand: "dagger", twoWeaponStyleFromLevel: 3 },
  Skyrider: { mainHand: "spear", reactions: ["shoveAlly"] },
  Warrior: { reactions: ["shoveAlly"], extraDefences: 1, stamina: 1, extraAttackFromLevel: 3 },
  Priest: { reactions: ["arcaneShield"] },
  Scout: { attackBonus: 1 },
};
/** Left open (D20-ACTION-26): Stamina each extra defence of a class kit costs, paid when the party arrives. */
export const EXTRA_DEFENCE_STAMINA = 1;

/**
 * Left open (D20-ATTACK-22: "as stated in their description"; server content): species whose
 * natural reach is longer than {@link DEFAULT_REACH}, in tiles. The troll's long arms reach 2.
 */
export const D20_SPECIES_REACH: Readonly<Record<string, number>> = { troll: 2 };
