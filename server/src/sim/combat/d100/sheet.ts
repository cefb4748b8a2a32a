import { SPECIES, type SpeciesData } from "@malignus/shared";
import type { UnitRecord } from "../../state.ts";
import { D100_COUNTERSPELL, D100_HP, D100_LOADOUTS, D100_MELEE_SIDEARM_CLASSES, D100_SIDEARM_CLASSES, DEFAULT_MOVE_TILES, DEFAULT_RANGED_RANGE } from "@malignus/shared";
import { makeD100Unit, type D100Unit, type Placement, type Role } from "./types.ts";

/** Left open DUEL (role axis): adventurer classes that are defenders or healers; every other unit is an attacker. */
export const CLASS_ROLE: Readonly<Record<string, Role>> = { Warrior: "defender", Doorbreaker: "defender", Priest: "healer" };
/** Left open PLACE: adventurer classes of the magic category; ranged gear makes a ranged class, the rest are melee. */
export const MAGIC_CLASSES: readonly string[] = ["Priest"];
/**
 * P100-WEAPON-02 (Left open WEAPON: who is a monk): classes and species fighting unarmed as if
 * armed; no adventurer class is one, the troll's fists are its weapons (1..100 damage).
 */
export const MONK_CLASSES: readonly string[] = ["troll"];
/** Left open WEAPON: gear names that are everyday objects, so improvised weapons (P100-WEAPON-04). */
export const IMPROVISED_WEAPONS: readonly string[] = ["pitchfork", "broom", "stool", "shovel"];
/** Left open AIR: creature species that fly (besides those the species table marks `flyer`, e.g. the gargoyle). */
export const FLYING_SPECIES: readonly string[] = ["bat", "harpy", "dragon", "wyvern", "gargoyle"];
/** Left open AIR (`can_charge`): flying species with the physical abilities to charge (P100-AIR-14). */
export const CHARGING_SPECIES: readonly string[] = ["dragon", "wyvern"];
/** Left open SPELL: the healing spell of healer-role classes (one charge, P100-SPELL-01, P100-SPELL-05). */
export const HEAL_SPELL = "heal";
/** Left open SPELL: the Master's one chosen spell, offensive (`OFFENSIVE_SPELLS` of the d100 table). */
export const MASTER_SPELL_ID = "shadowBolt";
/** Left open DEATH: the healing trait that makes a trained rescuer (P100-DEATH-07). */
export const FIRST_AID_TRAIT = "Healing";

function placementOf(unit: UnitRecord): Placement {
  if (MAGIC_CLASSES.includes(unit.adventurerClass)) return "magic";
  return unit.gear.ranged ? "ranged" : "melee";
}

/**
 * The d100 data of a unit from its shared fields (kind, class, species, gear, traits), with the
 * defaults above. Adventurers and the Master go through the dying phase (player-side and named
 * characters, Left open DEATH); minions and creatures die at 0 HP.
 */
export function sheetFor(unit: UnitRecord): D100Unit {
  const role: Role = unit.kind === "adventurer" ? (CLASS_ROLE[unit.adventurerClass] ?? "attacker") : "attacker";
  const hp = unit.kind === "adventurer"
    ? (unit.adventurerClass === "Peasant" ? D100_HP.peasant : D100_HP[role])
    : unit.species === "troll" ? D100_HP.troll : unit.species === "kobold" ? D100_HP.kobold
      : unit.species === "gargoyle" ? D100_HP.gargoyle : D100_HP[unit.kind];
  const fists = unit.gear.weapon === "fists";
  const flyer = FLYING_SPECIES.includes(unit.species) || (SPECIES as Record<string, SpeciesData>)[unit.species]?.flyer === true;
  return makeD100Unit({
    hp, maxHp: hp, role, placement: placementOf(unit),
    monk: MONK_CLASSES.includes(unit.kind === "adventurer" ? unit.adventurerClass : unit.species),
    firstAider: role === "healer" || unit.traits.includes(FIRST_AID_TRAIT),
    weapon: fists ? "unarmed" : IMPROVISED_WEAPONS.includes(unit.gear.weapon) ? "improvised" : "armed",
    hasMeleeWeapon: (!fists && !unit.gear.ranged) || (unit.kind === "adventurer" && D100_MELEE_SIDEARM_CLASSES.includes(unit.adventurerClass)), // P100-PLACE-07/08
    hasRangedWeapon: unit.gear.ranged || (unit.kind === "adventurer" && D100_SIDEARM_CLASSES.includes(unit.adventurerClass)), // P100-PLACE-03/04
    hasSecondaryWeapon: MAGIC_CLASSES.includes(unit.adventurerClass) && !fists,
    range: DEFAULT_RANGED_RANGE, moveTiles: DEFAULT_MOVE_TILES,
    flyer, altitude: "ground", canCharge: CHARGING_SPECIES.includes(unit.species),
    dyingPhase: unit.kind === "adventurer" || unit.kind === "master",
    acceptsDeath: unit.kind !== "adventurer", // Left open DEATH: players refuse death by default; NPCs always die
    spells: [
      ...(role === "healer" ? [{ id: HEAL_SPELL, charges: 1, maxCharges: 1, passive: false }]
        : unit.kind === "master" ? [{ id: MASTER_SPELL_ID, charges: 1, maxCharges: 1, passive: false }] : []), // Left open SPELL: the Master's offensive spell (spells.ts)
      ...loadoutOf(unit),
    ],
  });
}

/**
 * Left open SPELL (loadouts from class data): the spells and abilities `D100_LOADOUTS` (data/d100.ts)
 * gives the unit's class (adventurers) or species (creatures), one charge each (P100-SPELL-05);
 * the counterspell is a reaction (P100-SPELL-03).
 */
function loadoutOf(unit: UnitRecord): D100Unit["spells"] {
  const ids = D100_LOADOUTS[unit.kind === "adventurer" ? unit.adventurerClass : unit.species] ?? [];
  return ids.map((id) => ({ id, charges: 1, maxCharges: 1, passive: false, ...(id === D100_COUNTERSPELL.id ? { reaction: true } : {}) }));
}

/**
 * The unit's d100 data, created from {@link sheetFor} on first use (units made before the
 * ruleset's `initUnit` ran, or older snapshots). A unit the shared rules marked dead (a killing
 * blow, CMB-47) is dead here too.
 */
export function d100Of(unit: UnitRecord): D100Unit {
  if (!unit.d100) unit.d100 = sheetFor(unit);
  if (unit.activity === "dead" && !unit.d100.dead) { unit.d100.dead = true; unit.d100.dying = false; }
  return unit.d100;
}
