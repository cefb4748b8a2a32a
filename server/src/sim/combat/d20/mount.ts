import { D20, FALL_DAMAGE_PER_TILE, FLYING_HEIGHT, STAY_MOUNTED_DC } from "@malignus/shared";
import type { Simulation } from "../../simulation.ts";
import type { UnitRecord } from "../../state.ts";
import { isWalkable } from "../../world/grid.ts";
import { isActive } from "../../world/units.ts";
import type { Defence } from "./attack.ts";
import type { Dice } from "./dice.ts";
import { modeOf, spaceSide } from "./movement.ts";
import { d20Of } from "./sheet.ts";
import { sizeDiff, type Size } from "./size.ts";
import { addStatus, hasStatus, removeStatus } from "./statuses.ts";
import { placeUnit } from "../../world/unitIndex.ts";

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

/** D20-MOUNT-11 (Left open: per metre of height, 1 from a mount on the ground): fall damage, HP. */
export function fallDamage(heightTiles: number): number {
  return Math.max(1, heightTiles) * FALL_DAMAGE_PER_TILE;
}

/** D20-MOUNT-11: the height a rider falls from off `mount`, tiles: {@link FLYING_HEIGHT} from a flying mount, else 0. */
export function riderHeight(mount: UnitRecord): number {
  return modeOf(d20Of(mount)) === "fly" ? FLYING_HEIGHT : 0;
}

/** D20-MOUNT-10 (Left open): with no stay-mounted roll made, bad luck is a separate d20 roll of 1. */
export function badLuckRoll(dice: Dice): boolean {
  return dice.die(D20) === 1;
}

/**
 * D20-MOUNT-06, D20-MOUNT-09 (Left open: "within 1 m" of a mount is a tile at distance 1 of its
 * space, as for a dismount, reach.ts `dismountSpots`): where a rider thrown off `mount` lands: the
 * first walkable tile of the ring around the mount's whole space (a Large mount covers 2 × 2
 * tiles, D20-SIZE-01), starting north of its top-left tile and going clockwise, that no part of
 * another active creature's space covers; null when there is none (the rider stays on the mount's
 * tile). Never a tile of the mount's own space.
 */
export function landingSpot(sim: Simulation, rider: UnitRecord, mount: UnitRecord): { x: number; y: number } | null {
  const s = mount.d20 ? spaceSide(mount) : 1;
  const { x: x0, y: y0 } = mount;
  const ring: { x: number; y: number }[] = [];
  for (let x = x0; x <= x0 + s; x++) ring.push({ x, y: y0 - 1 }); // north row, west to east, then the north-east corner
  for (let y = y0; y <= y0 + s; y++) ring.push({ x: x0 + s, y }); // east column, down to the south-east corner
  for (let x = x0 + s - 1; x >= x0 - 1; x--) ring.push({ x, y: y0 + s }); // south row, east to west, to the south-west corner
  for (let y = y0 + s - 1; y >= y0 - 1; y--) ring.push({ x: x0 - 1, y }); // west column, up to the north-west corner
  const covered = (p: { x: number; y: number }) => Object.values(sim.state.units).some((u) => {
    if (u === rider || u === mount || !isActive(u)) return false;
    const side = u.d20 ? spaceSide(u) : 1;
    return p.x >= u.x && p.y >= u.y && p.x < u.x + side && p.y < u.y + side;
  });
  return ring.find((p) => isWalkable(sim.state.map, p.x, p.y) && !covered(p)) ?? null;
}

/**
 * D20-MOUNT-05 to D20-MOUNT-07, D20-MOUNT-10: a rider knocked prone (D20-MOUNT-07) or whose mount
 * is moved against its will (D20-MOUNT-05) rolls to stay mounted ({@link stayMountedRoll}, one
 * d20). Kept: it stays in the saddle, not prone (Left open). Failed: it is unseated (`mountChanged`
 * with `mounted: false`) and lands prone on the first free walkable tile around the mount's space,
 * north first, clockwise ({@link landingSpot}), or on the mount's tile when there is none (D20-MOUNT-06). The caller
 * deals the fall damage ({@link fallDamage} of `fallTiles`, D20-MOUNT-11) when `badLuck`.
 * @returns null when `rider` rides nothing, else the outcome.
 */
export function unseatRoll(sim: Simulation, rider: UnitRecord): { stays: boolean; badLuck: boolean; fallTiles: number } | null {
  const r = d20Of(rider);
  const mount = r.riding ? sim.state.units[r.riding.mountId] : undefined;
  if (!mount) return null;
  const roll = stayMountedRoll(sim.rng, r.abilities.agility);
  if (roll.stays) { removeStatus(r.statuses, "prone"); return { stays: true, badLuck: false, fallTiles: 0 }; }
  const fallTiles = riderHeight(mount);
  r.riding = null;
  d20Of(mount).riderId = "";
  const spot = landingSpot(sim, rider, mount);
  if (spot) { placeUnit(sim, rider, spot.x, spot.y); }
  if (!hasStatus(r.statuses, "prone")) addStatus(r.statuses, "prone", mount.id, -1);
  sim.emit({ type: "mountChanged", riderId: rider.id, mountId: mount.id, mounted: false });
  return { stays: false, badLuck: roll.badLuck, fallTiles };
}

/** D20-MOUNT-12 to D20-MOUNT-15: a mount is controlled only if trained and not intelligent or summoned. */
export function isControlled(trained: boolean, intelligent: boolean, summoned: boolean, riderWantsControl: boolean): boolean {
  return riderWantsControl && trained && !intelligent && !summoned;
}

/** D20-MOUNT-18 (Left open source defect): a controlled mount's turn actions; Dodge is its only defence ({@link mountDefences}). */
export const CONTROLLED_MOUNT_ACTIONS = ["dash", "disengage"] as const;

/**
 * D20-MOUNT-18 (Left open source defect: Dodge is a reaction in these rules, not an action): the
 * defences `unit` may react with when attacked: a mount its rider controls only Dodges; every
 * other creature may use any (`undefined`: no restriction, attack.ts `chooseDefence`).
 */
export function mountDefences(sim: Simulation, unit: UnitRecord): readonly Defence[] | undefined {
  const riderId = d20Of(unit).riderId;
  const rider = riderId ? sim.state.units[riderId] : undefined;
  return rider && d20Of(rider).riding?.controlled ? ["dodge"] : undefined;
}
