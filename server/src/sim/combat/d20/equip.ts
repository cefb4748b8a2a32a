/** D20-EQUIP-02 to D20-EQUIP-07: the equipment slots and how many items each holds. */
export const SLOT_CAPACITY = { head: 1, body: 1, feet: 1, jewellery: 2, mainHand: 1, offHand: 1 } as const;
/** A slot name. */
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
