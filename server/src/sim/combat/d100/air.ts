import type { TurnState, TurnRefusal } from "./turns.ts";
import { spendAction } from "./turns.ts";
import { CHARGE_MIN_TILES } from "@malignus/shared";
import { ALTITUDES, type Altitude, type AttackMode, type D100Unit } from "./types.ts";

/** P100-AIR-01: aerial rules apply once any combatant flies or rides a flyer. */
export function isAerialFight(units: readonly D100Unit[]): boolean {
  return units.some((u) => u.altitude !== "ground");
}

/** Why an aerial action is refused. */
export type AirRefusal = TurnRefusal | "notAFlyer" | "alreadyFlying" | "notLow" | "onGround" | "mounted" | "notMounted" | "mountFlying" | "limit" | "cannotMove";

/**
 * P100-AIR-20 (Left open AIR): taking off costs the whole turn and puts the flyer at low height.
 */
export function takeOff(u: D100Unit, ts: TurnState): AirRefusal | null {
  if (!u.flyer) return "notAFlyer";
  if (u.altitude !== "ground") return "alreadyFlying";
  return spendAction(ts, "fullTurn") ?? ((u.altitude = "low"), null);
}

/** P100-AIR-20 (Left open AIR): landing costs the whole turn and is only possible from low height. */
export function land(u: D100Unit, ts: TurnState): AirRefusal | null {
  if (u.altitude === "ground") return "onGround";
  if (u.altitude !== "low") return "notLow";
  return spendAction(ts, "fullTurn") ?? ((u.altitude = "ground"), null);
}

/**
 * P100-AIR-21: climbing or dropping one flight level (low ↔ moderate ↔ high) costs the movement
 * action; the main action stays available.
 */
export function changeHeight(u: D100Unit, ts: TurnState, dir: 1 | -1): AirRefusal | null {
  if (u.altitude === "ground") return "onGround";
  const i = ALTITUDES.indexOf(u.altitude) + dir;
  if (i < 1 || i >= ALTITUDES.length) return "limit";
  return spendAction(ts, "move") ?? ((u.altitude = ALTITUDES[i] as Altitude), null);
}

/**
 * P100-AIR-20: mounting costs the whole turn; the mount must be on the ground. The rider then
 * flies with it (P100-AIR-22: their lives are linked from then on).
 */
export function mount(rider: D100Unit, riderId: string, mountUnit: D100Unit, mountId: string, ts: TurnState): AirRefusal | null {
  if (rider.mountId) return "mounted";
  if (mountUnit.altitude !== "ground") return "mountFlying";
  const r = spendAction(ts, "fullTurn");
  if (r) return r;
  rider.mountId = mountId;
  mountUnit.riderId = riderId;
  return null;
}

/** P100-AIR-20: dismounting costs the whole turn; the mount must have landed. */
export function dismount(rider: D100Unit, mountUnit: D100Unit, ts: TurnState): AirRefusal | null {
  if (!rider.mountId) return "notMounted";
  if (mountUnit.altitude !== "ground") return "mountFlying";
  const r = spendAction(ts, "fullTurn");
  if (r) return r;
  rider.mountId = "";
  return null;
}

/**
 * P100-AIR-22 (Left open AIR): rider and mount share one HP pool, the rider's: the unit whose HP a
 * hit on `u` removes.
 */
export function hpPool(u: D100Unit, lookup: (id: string) => D100Unit | undefined): D100Unit {
  if (u.riderId) return lookup(u.riderId) ?? u;
  return u;
}

/**
 * P100-AIR-14 (Left open AIR): a charge needs a creature able to charge, a flyer target at the
 * same height, and at least 2 tiles moved straight at it this turn.
 */
export function canChargeAt(a: D100Unit, t: D100Unit, straightTiles: number): boolean {
  return a.canCharge && a.altitude !== "ground" && a.altitude === t.altitude && straightTiles >= CHARGE_MIN_TILES;
}

/**
 * P100-AIR-24, P100-AIR-25: a ranged or magic attack from moderate or high height ignores ground
 * obstacles for line of sight; only cover (P100-PLACE-13) still protects its targets.
 */
export function ignoresGroundObstacles(a: D100Unit, mode: AttackMode): boolean {
  return mode !== "melee" && (a.altitude === "moderate" || a.altitude === "high");
}
