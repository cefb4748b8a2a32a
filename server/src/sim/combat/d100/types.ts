/**
 * The data of one unit under the d100 ruleset, stored on `UnitRecord.d100` in a d100 room
 * (P100 catalogue, ../shared/rules/percentile.md). Durations count the unit's own turns.
 */
import { DEFAULT_MOVE_TILES, DEFAULT_RANGED_RANGE } from "@malignus/shared";

/** P100-PLACE: a class's combat range category (Left open PLACE: one per class, from data). */
export type Placement = "melee" | "ranged" | "magic";
/** P100-DUEL-05/06: the role axis (healer, attacker, defender). */
export type Role = "healer" | "attacker" | "defender";
/** P100-AIR-02: where a unit is (Left open AIR: ground plus three flight levels). */
export type Altitude = "ground" | "low" | "moderate" | "high";
/** The flight levels in order, ground first. */
export const ALTITUDES: readonly Altitude[] = ["ground", "low", "moderate", "high"];
/** P100-WEAPON: what the attacker holds. */
export type WeaponKind = "armed" | "unarmed" | "improvised";
/** How an attack is delivered: a melee blow, a ranged shot or an offensive spell. */
export type AttackMode = "melee" | "ranged" | "magic";
/** P100-FAMILIAR-10, P100-FAMILIAR-11: kinds of familiar. */
export type FamiliarKind = "hunter" | "demon" | "undead" | "elemental" | "other";

/** P100-STATUS-01 to P100-STATUS-17: the status effects. */
export const D100_STATUS_KINDS = [
  "stunned", "silenced", "immobilised", "polymorphed", "immune", "disarmed", "disoriented", "incapacitated",
] as const;
/** One of {@link D100_STATUS_KINDS}. */
export type D100StatusKind = (typeof D100_STATUS_KINDS)[number];
/** A status with the own turns it still lasts (ends when `turnsLeft` reaches 0; -1 = until removed). */
export interface D100Status { kind: D100StatusKind; turnsLeft: number }

/** A spell in the unit's loadout (P100-SPELL-01): `charges` left, passive spells have none (Left open SPELL). */
export interface D100Spell {
  id: string;
  charges: number;
  maxCharges: number;
  passive: boolean;
  /** P100-SPELL-03 (Left open SPELL `reaction`): may be cast outside the caster's turn. */
  reaction?: boolean;
  /** P100-FAMILIAR-05: a spell of a familiar specialisation, which makes its caster a specialist. */
  familiarSpecialisation?: boolean;
}

/** A familiar's own data (P100-FAMILIAR). */
export interface FamiliarInfo { kind: FamiliarKind; ownerId: string }

/** What a duel changed on a duellist, to undo it afterwards (P100-DUEL-21). */
export interface DuelInfo {
  duelId: string;
  opponentId: string;
  normalMaxHp: number;
  mastery: boolean;
  toDeath: boolean;
  /** P100-DUEL-23 bare hands only: the weapon held before the duel, given back after it; absent otherwise. */
  heldWeapon?: WeaponKind;
  /** P100-DUEL-23: the terms both duellists agreed on (no magic, bare hands, allowed weapons), enforced during the duel; absent in older snapshots. */
  terms?: { toDeath: boolean; noMagic: boolean; unarmedOnly: boolean; weaponWhitelist: string[] | null };
}

/** The per-unit d100 data. */
export interface D100Unit {
  hp: number;
  maxHp: number;
  placement: Placement;
  role: Role;
  /** P100-WEAPON-02. */
  monk: boolean;
  /** P100-DEATH-07: trained rescuer (healer role or first-aid ability, Contradiction 2). */
  firstAider: boolean;
  /** What it currently holds (P100-WEAPON, P100-STATUS-13). */
  weapon: WeaponKind;
  /** Whether it carries a melee weapon / a ranged weapon (P100-PLACE-01, P100-PLACE-05). */
  hasMeleeWeapon: boolean;
  hasRangedWeapon: boolean;
  /** Magic classes: carries a secondary weapon (P100-PLACE-11, P100-PLACE-12). */
  hasSecondaryWeapon: boolean;
  /** P100-STATUS-15: where the weapon a disarm tore away lies (`improvised` when it was an everyday object), null when none. */
  droppedWeapon: { x: number; y: number; improvised?: true } | null;
  /** Ranged weapon range in tiles. */
  range: number;
  /** Tiles per normal move (Left open MOVE). */
  moveTiles: number;
  statuses: D100Status[];
  spells: D100Spell[];
  /** P100-STATUS-08: spell ids that cannot be cast again before the unit's next turn. */
  lockedSpells: string[];
  /** P100-FUMBLE-09: extra dodge penalty (fatal mishap), 0 when none. */
  dodgePenalty: number;
  /** P100-PLACE-13/14: standing on a cover tile. */
  inCover: boolean;
  altitude: Altitude;
  /** Flies by itself, or is a flying mount/machine (P100-AIR-01). */
  flyer: boolean;
  /** P100-AIR-14 (Left open AIR `can_charge`). */
  canCharge: boolean;
  /** P100-AIR-22: the mount it rides, or ""; a mount's rider, or "". */
  mountId: string;
  riderId: string;
  /** Goes through the dying phase at 0 HP (Left open DEATH: players, hunter familiars, named NPCs). */
  dyingPhase: boolean;
  /** P100-DEATH-10: the player accepts the character's death. */
  acceptsDeath: boolean;
  dying: boolean;
  stabilised: boolean;
  dead: boolean;
  /** P100-DEATH-10 to P100-DEATH-12: gravely wounded instead of dead. */
  traumatised: boolean;
  familiar: FamiliarInfo | null;
  /** P100-FAMILIAR-03/05: the owner is a familiar specialist. */
  familiarSpecialist: boolean;
  duel: DuelInfo | null;
  /** P100-MASS: the swarm it belongs to in its current encounter ("encounterId/kind"), or "". */
  swarm: string;
  /** P100-MASS (Left open MASS): the encounter round its swarm last acted in (the swarm acts once a round). */
  swarmRound: number;
  /** P100-BASE-01: owed a surprise extra attack at the start of its encounter. */
  surprise: boolean;
  /** P100-AIR-20 (issue 8): a keeper's flyer flying back to its perch (its home tile) after a fight, to land there; absent otherwise. */
  toPerch?: boolean;
}

/** A fresh d100 unit with the catalogue's defaults; `over` replaces fields. */
export function makeD100Unit(over: Partial<D100Unit> = {}): D100Unit {
  return {
    hp: 100, maxHp: 100, placement: "melee", role: "attacker", monk: false, firstAider: false,
    weapon: "armed", hasMeleeWeapon: true, hasRangedWeapon: false, hasSecondaryWeapon: false, droppedWeapon: null,
    range: DEFAULT_RANGED_RANGE, moveTiles: DEFAULT_MOVE_TILES, statuses: [], spells: [], lockedSpells: [], dodgePenalty: 0, inCover: false,
    altitude: "ground", flyer: false, canCharge: false, mountId: "", riderId: "", dyingPhase: true,
    acceptsDeath: true, dying: false, stabilised: false, dead: false, traumatised: false,
    familiar: null, familiarSpecialist: false, duel: null, swarm: "", swarmRound: 0, surprise: false,
    ...over,
  };
}
