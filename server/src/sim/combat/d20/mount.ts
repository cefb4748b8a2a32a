import { D20, STAY_MOUNTED_DC } from "@malignus/shared";
import type { Dice } from "./dice.ts";
import { sizeDiff, type Size } from "./size.ts";

/** D20-MOUNT-01, D20-MOUNT-14: may `mount` carry `rider`? Willing and at least one size larger; `controlled` also needs trained. */
export function canServeAsMount(rider: Size, mount: Size, willing: boolean): boolean {
  return willing && sizeDiff(mount, rider) >= 1;
}

/** D20-MOUNT-03: mounting or dismounting costs half the movement value (9 → 4.5). */
export function mountCost(movementValue: number): number {
  return movementValue / 2;
}

/**
 * D20-MOUNT-02 to D20-MOUNT-04 (Left open: once per turn): may the creature mount or dismount now?
 * The mount within 1 tile, remaining ≥ half the movement value, movement value > 0.
 */
export function canMountNow(movementValue: number, remaining: number, distance: number, alreadyThisTurn: boolean): boolean {
  return !alreadyThisTurn && distance <= 1 && movementValue > 0 && remaining >= mountCost(movementValue);
}

/**
 * D20-MOUNT-05 to D20-MOUNT-07, D20-MOUNT-10 (Left open): the roll to stay mounted when moved
 * against its will or knocked prone: 1d20 + Agility must reach {@link STAY_MOUNTED_DC}. A natural 1
 * is bad luck: the rider also takes fall damage.
 */
export function stayMountedRoll(dice: Dice, agility: number): { stays: boolean; natural: number; badLuck: boolean } {
  const natural = dice.die(D20);
  const stays = natural + agility >= STAY_MOUNTED_DC;
  return { stays, natural, badLuck: !stays && natural === 1 };
}

/** D20-MOUNT-11 (Left open: per metre of height, 1 from a mount on the ground): fall damage. */
export function fallDamage(heightTiles: number): number {
  return Math.max(1, heightTiles);
}

/** D20-MOUNT-12 to D20-MOUNT-15: a mount is controlled only if trained and not intelligent or summoned. */
export function isControlled(trained: boolean, intelligent: boolean, summoned: boolean, riderWantsControl: boolean): boolean {
  return riderWantsControl && trained && !intelligent && !summoned;
}

/** D20-MOUNT-18 (Left open source defect): a controlled mount's turn actions; Dodge is its only defence. */
export const CONTROLLED_MOUNT_ACTIONS = ["dash", "disengage"] as const;

/** D20-MOUNT-22: the creatures an opportunity attack provoked by a ridden mount may target. */
export function opportunityTargets(mountId: string, riderId: string): string[] {
  return [mountId, riderId];
}
