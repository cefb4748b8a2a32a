import { SLOT_CAPACITY } from "@malignus/shared";
import type { Gear } from "../../state.ts";

/** A slot name (D20-EQUIP-02 to D20-EQUIP-07: `SLOT_CAPACITY` of the d20 table). */
export type Slot = keyof typeof SLOT_CAPACITY;

/** An equippable item; `twoHanded` takes both hand slots (Left open D20-EQUIP). */
export interface EquipItem { id: string; slot: Slot; twoHanded?: boolean }

/** What a character has equipped, item ids per slot. */
export type EquipSlots = Record<Slot, string[]>;

/** An empty set of slots. */
export function emptySlots(): EquipSlots {
  return { head: [], body: [], feet: [], jewellery: [], mainHand: [], offHand: [] };
}

/** D20-EQUIP-01: total active items at most: 7 (1+1+1+2+1+1). */
export const MAX_ACTIVE_ITEMS = Object.values(SLOT_CAPACITY).reduce((a, b) => a + b, 0);

/**
 * D20-EQUIP-01 to D20-EQUIP-07: equips `item` if its slot has room (two-handed items need both
 * hand slots free).
 * @returns a refusal reason, or null when equipped (and `slots` updated).
 */
export function equip(slots: EquipSlots, item: EquipItem): string | null {
  if (new Set(Object.values(slots).flat()).size >= MAX_ACTIVE_ITEMS) return `at most ${MAX_ACTIVE_ITEMS} active items (D20-EQUIP-01)`;
  if (item.twoHanded) {
    if (slots.mainHand.length > 0 || slots.offHand.length > 0) return "both hands must be free for a two-handed item";
    slots.mainHand.push(item.id);
    slots.offHand.push(item.id);
    return null;
  }
  if (slots[item.slot].length >= SLOT_CAPACITY[item.slot]) return `the ${item.slot} slot is full`;
  slots[item.slot].push(item.id);
  return null;
}

/** Left open (D20-EQUIP, grappling D20-ATTACK-38): a free hand is an empty main- or off-hand slot. */
export function hasFreeHand(slots: EquipSlots): boolean {
  return slots.mainHand.length === 0 || slots.offHand.length === 0;
}

/** Left open (D20-EQUIP): in combat only hand items may be swapped (an object interaction); head, body, feet and jewellery may not. */
export function swappableInCombat(slot: Slot): boolean {
  return slot === "mainHand" || slot === "offHand";
}

/** Left open (D20-EQUIP, item data): natural weapons, held in no slot. */
export const NATURAL_WEAPONS: readonly string[] = ["fists", "bite", "claws"];
/** Left open (D20-EQUIP, item data): the shared gear's weapons that take both hands (main and off hand). */
export const TWO_HANDED_WEAPONS: readonly string[] = ["bow", "maul", "pitchfork"];

/**
 * D20-EQUIP-02, D20-EQUIP-03, D20-EQUIP-06, D20-EQUIP-07: the items a unit's shared gear stands
 * for: its weapon in the main hand (both hands when in {@link TWO_HANDED_WEAPONS}, none when
 * natural), its armour in the body slot (none for "none"), a helm (rating above 0) in the head slot.
 * Item ids: "weapon:NAME", "armour:KIND", "helm".
 */
export function itemsFromGear(gear: Gear): EquipItem[] {
  const items: EquipItem[] = [];
  if (!NATURAL_WEAPONS.includes(gear.weapon)) items.push({ id: `weapon:${gear.weapon}`, slot: "mainHand", twoHanded: TWO_HANDED_WEAPONS.includes(gear.weapon) });
  if (gear.armour !== "none") items.push({ id: `armour:${gear.armour}`, slot: "body" });
  if (gear.helm > 0) items.push({ id: "helm", slot: "head" });
  return items;
}

/**
 * D20-EQUIP-01 to D20-EQUIP-07: the slots of a d20 sheet, filled from the unit's gear
 * ({@link itemsFromGear}, each through {@link equip}; gear never holds more than the slots allow).
 */
export function slotsFromGear(gear: Gear): EquipSlots {
  const slots = emptySlots();
  for (const item of itemsFromGear(gear)) equip(slots, item);
  return slots;
}
