import { ADVENTURER_CLASSES, CLASS_MOUNT_SIZE, D20_CLASS_KITS, D20_CLASS_SPELLS, D20_KIT_WEAPONS, EXTRA_DEFENCE_STAMINA, SPECIES, type SpeciesId } from "@malignus/shared";
import { emptySlots, equip } from "./equip.ts";
import type { Simulation } from "../../simulation.ts";
import type { PartyRecord, UnitRecord } from "../../state.ts";
import { addUnit, presentUnits, setActivity, setTarget } from "../../world/units.ts";
import { speciesFields } from "../creatures.ts";
import { encounterOf } from "../encounters/book.ts";
import { d20Of } from "./sheet.ts";
import { placeUnit } from "../../world/unitIndex.ts";
import { markUnit } from "../../changes.ts";

/**
 * Mounts and class spells in live `d20` rooms (issue 7, d20finish). The adventurer classes whose
 * data bring a mount (shared/src/data/invasions.ts `companion.role === "mount"`: the Skyrider's
 * griffon) bring it as a d20 mount (D20-MOUNT-01, D20-MOUNT-14, D20-MOUNT-15), and a few classes
 * know d20 spells ({@link D20_CLASS_SPELLS}). Familiars are a d100 notion and do not come in d20.
 */

/** Gives `unit` its class's d20 spells and pools ({@link D20_CLASS_SPELLS}); nothing for other classes or units. */
export function learnClassSpells(unit: UnitRecord): void {
  const c = unit.kind === "adventurer" ? D20_CLASS_SPELLS[unit.adventurerClass] : undefined;
  if (!c) return;
  const d = d20Of(unit);
  d.spells = c.spells.map((s) => ({ ...s }));
  d.mana = c.mana;
  d.stamina = c.stamina;
}

/**
 * Gives an adventurer its class kit ({@link D20_CLASS_KITS}; nothing for other classes or units):
 * its kit weapons in the main and off hand (the hand slots refilled through `equip`, D20-EQUIP;
 * D20-ATTACK-23 the Skyrider's spear, D20-ATTACK-30 and D20-ATTACK-33 the Rogue's shortsword and
 * thrown dagger), its two-weapon technique from its level (D20-ATTACK-34), its second attack in
 * the Attack action from its level (D20-MOVE-11, D20-MOVE-12), its reaction abilities
 * (D20-FLOW-37), its Stamina, turned into its extra defences at {@link EXTRA_DEFENCE_STAMINA} each
 * (D20-ACTION-26), and its attack bonus (D20-ATTACK-04).
 */
export function learnClassKit(unit: UnitRecord): void {
  const k = unit.kind === "adventurer" ? D20_CLASS_KITS[unit.adventurerClass] : undefined;
  if (!k) return;
  const d = d20Of(unit);
  if (k.mainHand || k.offHand) {
    const slots = emptySlots();
    for (const s of ["head", "body", "feet", "jewellery"] as const) slots[s] = [...d.equipment[s]];
    if (k.mainHand) { d.weapon = D20_KIT_WEAPONS[k.mainHand]; equip(slots, { id: `weapon:${k.mainHand}`, slot: "mainHand" }); } else slots.mainHand = [...d.equipment.mainHand];
    if (k.offHand) { d.offHand = D20_KIT_WEAPONS[k.offHand]; equip(slots, { id: `weapon:${k.offHand}`, slot: "offHand" }); }
    d.equipment = slots;
  }
  d.twoWeaponStyle = k.twoWeaponStyleFromLevel !== undefined && unit.level >= k.twoWeaponStyleFromLevel;
  if (k.extraAttackFromLevel !== undefined && unit.level >= k.extraAttackFromLevel) d.attacksPerAction = 2; // D20-MOVE-11
  if (k.reactions) d.reactionAbilities = [...k.reactions];
  d.stamina += k.stamina ?? 0;
  // D20-ACTION-26: the skill turns Stamina into extra defences, EXTRA_DEFENCE_STAMINA each, up to its count.
  for (let i = 0; i < (k.extraDefences ?? 0) && d.stamina >= EXTRA_DEFENCE_STAMINA; i++) { d.stamina -= EXTRA_DEFENCE_STAMINA; d.extraDefences += 1; }
  if (k.attackBonus) d.attackBonus = k.attackBonus;
}

/**
 * A new party in a d20 room (the ruleset's `partyArrived`): each member learns its class spells,
 * and each member whose class has a mount gets it on its tile, of its faction and party,
 * `companionOf` the member, {@link CLASS_MOUNT_SIZE}, willing and trained, the member riding it
 * in control from the start (Left open D20-MOUNT, as d100's P100-AIR-22 choice).
 * @returns the mounts added, in member order.
 */
export function d20PartyArrived(sim: Simulation, party: PartyRecord): UnitRecord[] {
  const out: UnitRecord[] = [];
  for (const id of [...party.memberIds]) {
    const owner = sim.state.units[id];
    if (!owner) continue;
    learnClassSpells(owner);
    learnClassKit(owner);
    const c = ADVENTURER_CLASSES[owner.adventurerClass]?.companion;
    if (!c || c.role !== "mount" || !(c.species in SPECIES)) continue;
    const species = c.species as SpeciesId;
    const m = addUnit(sim, {
      ...speciesFields(species), name: `${SPECIES[species].name} of ${owner.name}`, x: owner.x, y: owner.y,
      faction: owner.faction, partyId: party.id, activity: owner.activity, companionOf: owner.id,
    });
    const md = d20Of(m);
    md.size = CLASS_MOUNT_SIZE;
    md.mountTraits = { willing: true, trained: true, intelligent: false, summoned: false };
    md.riderId = owner.id;
    d20Of(owner).riding = { mountId: m.id, controlled: true };
    out.push(m);
  }
  return out;
}

/**
 * Every tick (d20 rooms, the encounter rules' `everyTick`), out of fights (Left open D20-MOUNT,
 * server choice): a class mount whose owner left the map, died or was captured leaves too
 * (`escaped`); a mount its owner rides stays on the owner's tile; one its owner got off in a fight
 * takes its rider back once both are out of fights (`mountChanged`), the owner standing; a rider
 * out of action (0 HP, unconscious, carried) is off its mount, which stays where it is.
 */
export function stepD20Mounts(sim: Simulation): void {
  for (const m of presentUnits(sim)) {
    if (!m.companionOf || !m.d20 || encounterOf(sim, m.id)) continue;
    const owner = sim.state.units[m.companionOf];
    if (m.activity === "left" || m.activity === "dead" || m.activity === "captured" || m.d20.dead) continue;
    if (!owner || owner.activity === "left" || owner.activity === "dead" || owner.activity === "captured") {
      if (owner && d20Of(owner).riding?.mountId === m.id) d20Of(owner).riding = null;
      m.d20.riderId = "";
      setActivity(sim, m, "left");
      m.walk = null;
      setTarget(sim, m, "");
      sim.emit({ type: "escaped", unitId: m.id });
      continue;
    }
    if (encounterOf(sim, owner.id)) continue;
    const od = d20Of(owner);
    const ownerUp = od.hp > 0 && owner.activity !== "unconscious" && !owner.carriedBy;
    if (!ownerUp) {
      // A rider out of action (at 0 HP, unconscious, carried off) is off its mount, which stays where it is (D20-MOUNT-09).
      if (m.d20.riderId === owner.id) { m.d20.riderId = ""; if (od.riding?.mountId === m.id) od.riding = null; }
      continue;
    }
    if (m.d20.riderId === "" && !od.riding && m.d20.hp > 0) {
      m.d20.riderId = owner.id;
      od.riding = { mountId: m.id, controlled: true };
      sim.emit({ type: "mountChanged", riderId: owner.id, mountId: m.id, mounted: true });
    }
    if (m.d20.riderId === owner.id) {
      placeUnit(sim, m, owner.x, owner.y); m.facing = owner.facing; markUnit(sim, m); m.walk = null;
      setActivity(sim, m, owner.activity === "fighting" ? "idle" : owner.activity);
    }
  }
}
