import type { D20Weapon } from "@malignus/shared";
import type { Size } from "./size.ts";
import type { D20DamageType } from "./damage.ts";
import type { StatusRecord } from "./statuses.ts";
import type { EquipSlots } from "./equip.ts";
import type { DotRecord } from "./damage.ts";
import type { D20Spell } from "./spells.ts";
import type { MoveMode } from "./movement.ts";

/** Characteristic modifiers on a d20 sheet (glossary: Dextérité is read as Agility, D20-ATTACK Left open). */
export interface D20Abilities {
  strength: number;
  agility: number;
  constitution: number;
  mental: number;
  /** Contre / Contrôle (Left open D20-ACTION: one characteristic). */
  contre: number;
  perception: number;
  reflexion: number;
  habilite: number;
  furtivite: number;
}

/** Skill levels on a d20 sheet. */
export interface D20Skills {
  /** Added to passive Perception (D20-FLOW-09). */
  vigilance: number;
  /** Added to Hide rolls (D20-ACTION-38). */
  discretion: number;
  /** Added to first-aid rolls (Left open D20-HP). */
  medecine: number;
  /** The weapon skill level added to damage rolls (D20-DAMAGE-02). */
  weapon: number;
}

/** A weapon as the d20 rules read it: the d20 table's {@link D20Weapon} shape (shared/src/data/d20.ts). */
export type { D20Weapon };

/** Death-save tallies (D20-HP-16 to D20-HP-28). */
export interface DeathSaves { successes: number; failures: number }

/**
 * The d20 data of one unit, stored on `UnitRecord.d20` in a d20 room. Distances in tiles,
 * durations in the creature's own turns.
 */
export interface D20Unit {
  hp: number;
  maxHp: number;
  /** Base armour class from sheet and equipment (Left open D20-ATTACK, effective AC). */
  ac: number;
  /** Walking movement value in tiles per turn (D20-FLOW-28, D20-MOVE-16). */
  movement: number;
  abilities: D20Abilities;
  skills: D20Skills;
  size: Size;
  weapon: D20Weapon;
  /** A second light weapon in the off hand, or null (D20-ATTACK-30). */
  offHand: D20Weapon | null;
  /** Weapon attacks one Attack action allows (techniques give more, D20-MOVE-11); 1 by default. */
  attacksPerAction: number;
  /** A technique that keeps damage modifiers when fighting with two weapons (D20-ATTACK-34). */
  twoWeaponStyle: boolean;
  /** Bonus of skills, spells and techniques to its weapon attack rolls (D20-ATTACK-04); absent = 0. */
  attackBonus?: number;
  /** Extra uses that can only be spent on defences (D20-ACTION-26, Left open). */
  extraDefences: number;
  /** Reactions granted by abilities: an arcane shield, shoving an ally aside (D20-FLOW-37, reactions.ts). */
  reactionAbilities?: ("arcaneShield" | "shoveAlly")[];
  resistances: D20DamageType[];
  vulnerabilities: D20DamageType[];
  statuses: StatusRecord[];
  /** Damage over time still to tick (D20-DAMAGE-09, 14, 17, 23). */
  dots: DotRecord[];
  deathSaves: DeathSaves;
  /** At 0 HP and making no jets de destin (D20-HP-20, D20-HP-31). */
  stable: boolean;
  /** Own turns spent stable without healing (D20-HP-34). */
  stableTurns: number;
  dead: boolean;
  /** The reaction/reflex is spent until the next round (D20-FLOW-38). */
  reactionUsed: boolean;
  /** Native swimmer such as a Saaneris (D20-MOVE-19, D20-WATER-02). */
  swimmer: boolean;
  /** D20-MOVE-20: under a swimming spell (the Priest's `waterborne`), it swims at ×1; absent = no. */
  swimSpell?: boolean;
  flyer: boolean;
  /**
   * D20-MOVE-13: the movement mode it is in now ("walk", "fly", "swim"); kept from turn to turn
   * (a turn starts with movement × the mode's factor, movement.ts `turnMovement`). Absent = walking.
   */
  mode?: MoveMode;
  mana: number;
  stamina: number;
  /** Spells and techniques the creature knows (spells.ts), by name. */
  spells: D20Spell[];
  /** The creature's own magic element for the magic advantage (D20-DAMAGE-31), or "". */
  element: string;
  /** Riding: the mount's id and whether the rider controls it (D20-MOUNT-12), or null. */
  riding: { mountId: string; controlled: boolean } | null;
  /** A mount: its rider's id, or "". */
  riderId: string;
  /** Mount flags (Left open D20-MOUNT-01, D20-MOUNT-13, D20-MOUNT-14): willing, trained for riders, intelligent, summoned. */
  mountTraits: { willing: boolean; trained: boolean; intelligent: boolean; summoned: boolean };
  equipment: EquipSlots;
}
