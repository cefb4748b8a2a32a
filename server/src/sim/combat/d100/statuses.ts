import { D100_DEFAULT_STATUS_TURNS } from "@malignus/shared";
import type { D100StatusKind, D100Unit } from "./types.ts";

/**
 * P100-STATUS-12, Left open STATUS: the control effects immunity blocks (and suspends while it lasts).
 * "incapacitated" (P100-FUMBLE-10) is a mishap, not a control effect, so immunity does not block it.
 */
export const CONTROL_EFFECTS: readonly D100StatusKind[] = [
  "stunned", "silenced", "immobilised", "polymorphed", "disarmed", "disoriented",
];


/**
 * True when the status is in force. While the unit is immune, control effects already in place are
 * suspended (Left open STATUS), so they read as absent.
 */
export function hasStatus(u: D100Unit, kind: D100StatusKind): boolean {
  if (!u.statuses.some((s) => s.kind === kind)) return false;
  if (kind !== "immune" && CONTROL_EFFECTS.includes(kind) && u.statuses.some((s) => s.kind === "immune")) return false;
  return true;
}

/**
 * Applies a status (P100-STATUS-01 to 17). An immune unit ignores new control effects
 * (P100-STATUS-12); an existing status has its duration refreshed, never stacked (Left open STATUS).
 * Disarming also drops the weapon (see {@link disarm}).
 * @returns whether the status took hold.
 */
export function addStatus(u: D100Unit, kind: D100StatusKind, turns = D100_DEFAULT_STATUS_TURNS): boolean {
  if (CONTROL_EFFECTS.includes(kind) && hasStatus(u, "immune")) return false;
  const s = u.statuses.find((r) => r.kind === kind);
  if (s) s.turnsLeft = turns;
  else u.statuses.push({ kind, turnsLeft: turns });
  return true;
}

/** Removes a status. */
export function removeStatus(u: D100Unit, kind: D100StatusKind): void {
  u.statuses = u.statuses.filter((s) => s.kind !== kind);
}

/**
 * The end of the unit's own turn: every status with a duration counts down and those at 0 end;
 * the fatal-failure dodge penalty ends with the incapacitated turn (Left open FUMBLE).
 */
export function endOwnTurn(u: D100Unit): void {
  for (const s of u.statuses) if (s.turnsLeft > 0) s.turnsLeft -= 1;
  const wasIncapacitated = u.statuses.some((s) => s.kind === "incapacitated" && s.turnsLeft === 0);
  u.statuses = u.statuses.filter((s) => s.turnsLeft !== 0);
  if (wasIncapacitated) u.dodgePenalty = 0;
}

/** Out of the fight for acting: dead, dying (coma or stabilised), or gravely wounded (P100-DEATH-01, 14). */
export function isDown(u: D100Unit): boolean {
  return u.dead || u.dying || u.traumatised;
}

/**
 * Can take a turn at all: P100-STATUS-01 (stunned), P100-FUMBLE-10 (incapacitated), and not down.
 * A mount whose rider is on the ground cannot act either (P100-AIR-23, companionTurn.ts).
 */
export function canAct(u: D100Unit): boolean {
  return !isDown(u) && !hasStatus(u, "stunned") && !hasStatus(u, "incapacitated");
}

/**
 * Can make a defensive roll (P100-BASE-10): not stunned (P100-STATUS-02) and not dying
 * (Left open BASE). Polymorphed and disoriented units still defend (Left open STATUS).
 */
export function canDefend(u: D100Unit): boolean {
  return !u.dead && !u.dying && !hasStatus(u, "stunned");
}

/** Can attack, offensive spells included: P100-STATUS-10 (polymorph), P100-STATUS-16 (disorientation). */
export function canAttack(u: D100Unit): boolean {
  return canAct(u) && !hasStatus(u, "polymorphed") && !hasStatus(u, "disoriented");
}

/** Can move: P100-STATUS-05 (immobilised), P100-STATUS-17 (disoriented), and stunned units cannot. */
export function canMove(u: D100Unit): boolean {
  return canAct(u) && !hasStatus(u, "immobilised") && !hasStatus(u, "disoriented");
}

/** Can cast a non-passive spell: P100-STATUS-03 (silence). */
export function canCast(u: D100Unit): boolean {
  return canAct(u) && !hasStatus(u, "silenced");
}

/**
 * Can speak: neither silenced (P100-STATUS-04) nor stunned. Speech's only game effect is a duel's
 * spoken terms (duels.ts `duelRefusal`, docs/rules-decisions.md "Speech").
 */
export function canSpeak(u: D100Unit): boolean {
  return !hasStatus(u, "silenced") && !hasStatus(u, "stunned");
}

/**
 * Can counter-attack or make an opportunity attack (Left open FUMBLE, MOVE): conscious, not
 * stunned, polymorphed or disoriented.
 */
export function canReact(u: D100Unit): boolean {
  return !isDown(u) && !hasStatus(u, "stunned") && !hasStatus(u, "polymorphed") && !hasStatus(u, "disoriented");
}

/**
 * Disarms the unit standing on tile (x, y): P100-STATUS-13 it loses its weapon, armed or
 * improvised, and fights unarmed (P100-STATUS-14), P100-STATUS-15 the weapon lies on that tile. An immune unit is not
 * disarmed (P100-STATUS-12). A monk fights on as if armed (P100-WEAPON-02).
 * @returns whether it was disarmed.
 */
export function disarm(u: D100Unit, x: number, y: number, turns = -1): boolean {
  if (u.weapon === "unarmed" || !addStatus(u, "disarmed", turns)) return false;
  // An improvised weapon (a peasant's pitchfork) is torn away too, and comes back improvised (P100-WEAPON-04/05).
  u.droppedWeapon = u.weapon === "improvised" ? { x, y, improvised: true } : { x, y };
  u.weapon = "unarmed";
  return true;
}

/**
 * Picks the dropped weapon back up (Left open STATUS: a main action, standing on its tile).
 * @returns false (nothing changed) when the unit is not on the weapon's tile.
 */
export function pickUpWeapon(u: D100Unit, x: number, y: number): boolean {
  if (!u.droppedWeapon || u.droppedWeapon.x !== x || u.droppedWeapon.y !== y) return false;
  u.weapon = u.droppedWeapon.improvised ? "improvised" : "armed";
  u.droppedWeapon = null;
  removeStatus(u, "disarmed");
  return true;
}
