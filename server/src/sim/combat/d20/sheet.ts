import type { UnitRecord } from "../../state.ts";
import { SPECIES, type SpeciesData, type SpeciesId } from "@malignus/shared";
import { slotsFromGear } from "./equip.ts";
import { DEFAULT_REACH, UNARMED_DAMAGE } from "./attack.ts";
import type { D20Unit, D20Weapon } from "./types.ts";

/** D20-FLOW-28 (sheet not in the chapter; server default): every unit's walking movement, tiles per turn. */
export const DEFAULT_MOVEMENT = 6;

/** Server defaults for sheets the chapter does not give: base HP and AC by unit kind. */
export const SHEET_BY_KIND: Readonly<Record<UnitRecord["kind"], { hp: number; ac: number }>> = {
  master: { hp: 40, ac: 15 },
  minion: { hp: 10, ac: 11 },
  creature: { hp: 16, ac: 12 },
  adventurer: { hp: 8, ac: 12 },
};
/** Adventurers gain this many HP per level. */
export const HP_PER_LEVEL = 4;
/** Trolls (the species that never dies at once in malignus) get this many HP. */
export const TROLL_HP = 30;
/** AC from body armour (Left open D20-EQUIP: shield and armour values come from item data). */
export const ARMOUR_AC: Readonly<Record<string, number>> = { none: 0, cloth: 1, leather: 1, chainmail: 3, plate: 5 };

/** Weapons the shared gear maps to (Left open D20-ATTACK-24: unarmed deals 1 bludgeoning). */
export const WEAPONS: Readonly<Record<"unarmed" | "mace" | "sword" | "bow", D20Weapon>> = {
  unarmed: { name: "unarmed", damage: UNARMED_DAMAGE, damageType: "bludgeoning", ranged: false, reach: DEFAULT_REACH, range: [1, 1], light: true, finesse: false, reload: false, magical: false },
  mace: { name: "mace", damage: "1d6", damageType: "bludgeoning", ranged: false, reach: DEFAULT_REACH, range: [1, 1], light: false, finesse: false, reload: false, magical: false },
  sword: { name: "longsword", damage: "1d8", damageType: "slashing", ranged: false, reach: DEFAULT_REACH, range: [1, 1], light: false, finesse: false, reload: false, magical: false },
  bow: { name: "shortbow", damage: "1d6", damageType: "piercing", ranged: true, reach: DEFAULT_REACH, range: [2, 16], light: false, finesse: false, reload: false, magical: false },
};

/** The d20 weapon a unit's shared gear stands for. */
export function weaponFor(unit: UnitRecord): D20Weapon {
  if (unit.gear.ranged) return WEAPONS.bow;
  if (unit.gear.weapon === "fists") return WEAPONS.unarmed;
  return unit.gear.blunt ? WEAPONS.mace : WEAPONS.sword;
}

/** The species table's row for a creature unit (shared/src/data/creatures.ts), or undefined. */
function speciesData(unit: UnitRecord): SpeciesData | undefined {
  return unit.kind === "creature" && Object.hasOwn(SPECIES, unit.species) ? SPECIES[unit.species as SpeciesId] : undefined;
}

/**
 * A d20 sheet for a unit from its shared fields (kind, species, level, stats, gear): HP and AC
 * by kind ({@link SHEET_BY_KIND}), Strength = Combat stat, Agility = half Combat + half Tracking,
 * Perception = Tracking, Habilité = Craft, weapon skill = half the level; equipment slots from
 * the gear (D20-EQUIP, `slotsFromGear`).
 */
export function sheetFor(unit: UnitRecord): D20Unit {
  const base = SHEET_BY_KIND[unit.kind];
  const maxHp = unit.species === "troll" ? TROLL_HP : base.hp + (unit.kind === "adventurer" ? HP_PER_LEVEL * Math.max(1, unit.level) : 0);
  const s = unit.stats;
  return {
    hp: maxHp,
    maxHp,
    ac: base.ac + (ARMOUR_AC[unit.gear.armour] ?? 0),
    movement: DEFAULT_MOVEMENT,
    abilities: {
      strength: s.combat, agility: Math.floor((s.combat + s.tracking) / 2), constitution: Math.floor(s.block / 2),
      mental: 0, contre: 0, perception: s.tracking, reflexion: 0, habilite: s.craft, furtivite: 0,
    },
    skills: { vigilance: 0, discretion: 0, medecine: 0, weapon: Math.floor(unit.level / 2) },
    size: speciesData(unit)?.size ?? (unit.species === "troll" ? "large" : "medium"),
    weapon: weaponFor(unit),
    offHand: null,
    attacksPerAction: 1,
    extraDefences: 0,
    twoWeaponStyle: false,
    resistances: [],
    vulnerabilities: [],
    statuses: [],
    dots: [],
    deathSaves: { successes: 0, failures: 0 },
    stable: false,
    stableTurns: 0,
    dead: false,
    reactionUsed: false,
    swimmer: speciesData(unit)?.swimmer === true, // D20-MOVE-19 (species table)
    flyer: speciesData(unit)?.flyer === true, // Left open D20-MOVE: only species with a flying ability fly
    mode: "walk",
    mana: 0,
    stamina: 0,
    spells: [],
    element: "",
    riding: null,
    riderId: "",
    mountTraits: { willing: false, trained: false, intelligent: unit.kind !== "creature", summoned: false },
    equipment: slotsFromGear(unit.gear),
  };
}

/**
 * The unit's d20 data, created from {@link sheetFor} on first use (units made before the
 * ruleset's `initUnit` ran, or restored from older snapshots). A unit the shared rules marked
 * dead (a killing blow, CMB-47) is dead here too.
 */
export function d20Of(unit: UnitRecord): D20Unit {
  if (!unit.d20) unit.d20 = sheetFor(unit);
  if (unit.activity === "dead" && !unit.d20.dead) { unit.d20.dead = true; unit.d20.hp = 0; }
  return unit.d20;
}
