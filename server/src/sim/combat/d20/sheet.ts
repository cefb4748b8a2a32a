import type { UnitRecord } from "../../state.ts";
import {
  ARMOUR_AC, D20_SPECIES_REACH, D20_SPECIES_TRAITS, D20_WEAPONS, DEFAULT_MOVEMENT, type D20Traits, HP_PER_LEVEL, SHEET_BY_KIND, SPECIES, TROLL_HP, WEAPONS, type SpeciesData, type SpeciesId,
} from "@malignus/shared";
import { slotsFromGear } from "./equip.ts";
import { SHARED_TO_D20_DAMAGE } from "./damage.ts";
import type { D20Unit, D20Weapon } from "./types.ts";

/**
 * The d20 weapon a unit's shared gear stands for (`D20_WEAPONS` of the d20 table: its dice, range
 * and properties). Its damage type is the shared weapon table's (`WEAPONS`, read through
 * {@link SHARED_TO_D20_DAMAGE}): bites, spears, daggers and pitchforks pierce (D20-DAMAGE-12),
 * fists, clubs, staves, maces, hammers and slings bludgeon (D20-DAMAGE-11), swords, axes and
 * claws slash (D20-DAMAGE-20). A melee weapon of a species with a longer natural reach
 * (`D20_SPECIES_REACH`, D20-ATTACK-22: the troll's 2 tiles) reaches that far.
 */
export function weaponFor(unit: UnitRecord): D20Weapon {
  const w = unit.gear.ranged ? D20_WEAPONS.bow : unit.gear.weapon === "fists" ? D20_WEAPONS.unarmed : unit.gear.blunt ? D20_WEAPONS.mace : D20_WEAPONS.sword;
  const shared = Object.hasOwn(WEAPONS, unit.gear.weapon) ? WEAPONS[unit.gear.weapon as keyof typeof WEAPONS] : undefined;
  const damageType = shared ? SHARED_TO_D20_DAMAGE[shared.damageType] : w.damageType;
  const reach = !w.ranged && Object.hasOwn(D20_SPECIES_REACH, unit.species) ? D20_SPECIES_REACH[unit.species]! : w.reach;
  return reach > w.reach || damageType !== w.damageType ? { ...w, reach: Math.max(reach, w.reach), damageType } : w;
}

/**
 * The unit's d20 traits (`D20_SPECIES_TRAITS` of the d20 table: a creature's by its species, the
 * Master's and minions' by their kind); an empty object when it has none.
 */
export function traitsOf(unit: UnitRecord): D20Traits {
  const key = unit.kind === "creature" ? unit.species : unit.kind;
  return Object.hasOwn(D20_SPECIES_TRAITS, key) ? (D20_SPECIES_TRAITS[key] as D20Traits) : NO_TRAITS;
}
const NO_TRAITS: D20Traits = {};

/** The species table's row for a creature unit (shared/src/data/creatures.ts), or undefined. */
function speciesData(unit: UnitRecord): SpeciesData | undefined {
  return unit.kind === "creature" && Object.hasOwn(SPECIES, unit.species) ? SPECIES[unit.species as SpeciesId] : undefined;
}

/**
 * A d20 sheet for a unit from its shared fields (kind, species, level, stats, gear): HP and AC
 * by kind ({@link SHEET_BY_KIND}), Strength = Combat stat, Agility = half Combat + half Tracking,
 * Perception = Tracking, Habilité = Craft, weapon skill = half the level; equipment slots from
 * the gear (D20-EQUIP, `slotsFromGear`); then its traits ({@link traitsOf}): its weapon's type and
 * magical flag, resistances, vulnerabilities, Contre, element, spells and pools.
 */
export function sheetFor(unit: UnitRecord): D20Unit {
  const base = SHEET_BY_KIND[unit.kind];
  const tr = traitsOf(unit);
  const gearWeapon = weaponFor(unit);
  const weapon = tr.damageType || tr.magicalWeapon ? { ...gearWeapon, damageType: tr.damageType ?? gearWeapon.damageType, magical: tr.magicalWeapon === true || gearWeapon.magical } : gearWeapon;
  const maxHp = unit.species === "troll" ? TROLL_HP : base.hp + (unit.kind === "adventurer" ? HP_PER_LEVEL * Math.max(1, unit.level) : 0);
  const s = unit.stats;
  return {
    hp: maxHp,
    maxHp,
    ac: base.ac + (ARMOUR_AC[unit.gear.armour] ?? 0),
    movement: DEFAULT_MOVEMENT,
    abilities: {
      strength: s.combat, agility: Math.floor((s.combat + s.tracking) / 2), constitution: Math.floor(s.block / 2),
      mental: 0, contre: tr.contre ?? 0, perception: s.tracking, reflexion: 0, habilite: s.craft, furtivite: 0,
    },
    skills: { vigilance: 0, discretion: 0, medecine: 0, weapon: Math.floor(unit.level / 2) },
    size: speciesData(unit)?.size ?? (unit.species === "troll" ? "large" : "medium"),
    weapon,
    offHand: null,
    attacksPerAction: 1,
    extraDefences: 0,
    twoWeaponStyle: false,
    resistances: [...(tr.resistances ?? [])],
    vulnerabilities: [...(tr.vulnerabilities ?? [])],
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
    mana: tr.mana ?? 0,
    stamina: tr.stamina ?? 0,
    spells: (tr.spells ?? []).map((sp) => ({ ...sp })),
    element: tr.element ?? "",
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
