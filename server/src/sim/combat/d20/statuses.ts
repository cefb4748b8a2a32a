import { BLEEDING_MEDICINE_DC, BLINDED_RANGE, D20_STATUS_KINDS, D20_STATUS_TURNS, type D20StatusKind } from "@malignus/shared";

/** D20-STATUS and the statuses of other sections kept in one registry (`D20_STATUS_KINDS` of the d20 table). */
export const STATUS_KINDS = D20_STATUS_KINDS;
/** One of {@link STATUS_KINDS}. */
export type StatusKind = D20StatusKind;

/**
 * A status on a creature. `turnsLeft` counts the creature's own turn ends still to come
 * (-1 = until removed). `sourceId` is who inflicted it (terror's source, enrage's target, grappler).
 */
export interface StatusRecord {
  kind: StatusKind;
  turnsLeft: number;
  sourceId: string;
  /** A number the status carries: the Hide total for "hidden" (D20-ACTION-38). */
  value?: number;
  /** What the status is about: the enemy a "helped" attack is against (D20-ACTION-18). */
  detail?: string;
}

/**
 * Statuses that end when their holder's (or their source's) next turn starts (Left open
 * D20-ACTION: Reload, Ready, Help): "reloading" and "readied" on the creature itself.
 */
export const ENDS_AT_OWN_TURN_START: readonly StatusKind[] = ["reloading", "readied"];


/** True when the creature has the status. */
export function hasStatus(statuses: readonly StatusRecord[], kind: StatusKind): boolean {
  return statuses.some((s) => s.kind === kind);
}

/**
 * D20-STATUS-01: inflicts a status; one the creature already has refreshes its duration
 * instead of stacking (Left open D20-STATUS).
 */
export function addStatus(statuses: StatusRecord[], kind: StatusKind, sourceId = "", turns = D20_STATUS_TURNS[kind]): void {
  const s = statuses.find((r) => r.kind === kind);
  if (s) { s.turnsLeft = turns; s.sourceId = sourceId; return; }
  statuses.push({ kind, turnsLeft: turns, sourceId });
}

/** Removes a status; returns whether it was there. */
export function removeStatus(statuses: StatusRecord[], kind: StatusKind): boolean {
  const i = statuses.findIndex((s) => s.kind === kind);
  if (i < 0) return false;
  statuses.splice(i, 1);
  return true;
}

/** Counts down timed statuses at the end of the creature's turn and drops the expired ones. */
export function endOfTurnStatuses(statuses: StatusRecord[]): void {
  for (const s of statuses) if (s.turnsLeft > 0) s.turnsLeft -= 1;
  for (let i = statuses.length - 1; i >= 0; i--) if ((statuses[i] as StatusRecord).turnsLeft === 0) statuses.splice(i, 1);
}

/**
 * D20-STATUS-02, D20-STATUS-03 and Left open: a paralysed (bound) creature cannot act, move or
 * react; it is incapable of acting (D20-ATTACK-40). An unconscious one neither.
 */
export function isIncapacitated(statuses: readonly StatusRecord[], unconscious: boolean): boolean {
  return unconscious || hasStatus(statuses, "paralysed");
}

/** D20-STATUS-02/03 and D20-FLOW-13: can take an action this turn. */
export function canAct(statuses: readonly StatusRecord[], unconscious: boolean): boolean {
  return !isIncapacitated(statuses, unconscious) && !hasStatus(statuses, "surprised");
}

/**
 * D20-STATUS-05 (rooted), D20-FLOW-12 (surprised), grappled (Left open D20-ATTACK: movement 0):
 * can spend its own movement this turn.
 */
// D20-FLOW-12: `surprised` is checked once, in canAct; turn.ts skips a surprised creature's turn before
// any move, so this path only repeats it for callers outside the turn (issue 17, docs/audits/s11-double.md)
export function canMove(statuses: readonly StatusRecord[], unconscious: boolean): boolean {
  return canAct(statuses, unconscious) && !hasStatus(statuses, "rooted") && !hasStatus(statuses, "grappled");
}

/** D20-FLOW-14, D20-ACTION-44 and Left open (paralysed, unconscious): can use a reaction now. */
export function canReact(statuses: readonly StatusRecord[], unconscious: boolean, reactionUsed: boolean): boolean {
  return !reactionUsed && canAct(statuses, unconscious) && !hasStatus(statuses, "reloading");
}

/** D20-STATUS-04: a silenced creature cannot use magic (spells, magic items, magical skills). */
export function canUseMagic(statuses: readonly StatusRecord[]): boolean {
  return !hasStatus(statuses, "silenced");
}

/** D20-STATUS-06: the farthest a creature can target, given its normal reach/range. */
export function targetingLimit(statuses: readonly StatusRecord[], range: number): number {
  return hasStatus(statuses, "blinded") ? Math.min(range, BLINDED_RANGE) : range;
}

/** How bleeding is treated (D20-STATUS-11 to D20-STATUS-13). */
export type BleedingTreatment = "healingPotion" | "bandage" | "medicalTools" | "medicineSkill";

/**
 * D20-STATUS-11 to D20-STATUS-13: bandages and medical tools stop bleeding; a healing potion does
 * not; the Medicine skill alone needs an Habilité (Médecine) roll total ≥ `BLEEDING_MEDICINE_DC` (10, Left open).
 * @returns whether the bleeding stopped (it is removed).
 */
export function treatBleeding(statuses: StatusRecord[], how: BleedingTreatment, medicineTotal = 0): boolean {
  if (!hasStatus(statuses, "bleeding")) return false;
  const cured = how === "bandage" || how === "medicalTools" || (how === "medicineSkill" && medicineTotal >= BLEEDING_MEDICINE_DC);
  if (cured) removeStatus(statuses, "bleeding");
  return cured;
}
