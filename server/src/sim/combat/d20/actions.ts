/** The actions of a turn (D20-ACTION-05 to D20-ACTION-45). */
export const ACTION_KINDS = ["attack", "cast", "technique", "dash", "disengage", "help", "ready", "search", "useObject", "hide", "reload", "perceive", "firstAid", "escape"] as const;
/** One of {@link ACTION_KINDS}. */
export type ActionKind = (typeof ACTION_KINDS)[number];

/**
 * D20-ACTION-06, 08, 12, 15, 19, 22, 37, 41, 45, D20-HP-29 (first aid uses the action),
 * D20-ATTACK-43 (escaping a grapple uses the action) and Left open (Search is full, perceiving an
 * unseen target is a demi-action): whether each action is a full action or a demi-action.
 */
export const ACTION_COST: Readonly<Record<ActionKind, "full" | "demi">> = {
  attack: "full", cast: "full", technique: "full", dash: "full", disengage: "full", help: "full",
  ready: "full", search: "full", useObject: "demi", hide: "demi", reload: "demi", perceive: "demi",
  firstAid: "full", escape: "full",
};

/**
 * What is left of a creature's turn. Left open (D20-ACTION, actions per turn): one full action,
 * one demi-action, the movement value and one free object interaction per turn; the full action
 * may be spent on a demi-action instead; nothing carries over.
 */
export interface TurnBudget {
  full: boolean;
  demi: boolean;
  /** Remaining movement, in the current mode (exact, fractions allowed; Left open D20-MOVE). */
  movement: number;
  freeInteraction: boolean;
  /** D20-ACTION-11, D20-ACTION-14 (Left open: literal): after Dash or Disengage no other action. */
  locked: boolean;
  /** D20-ACTION-13: moves provoke no opportunity attacks this turn. */
  disengaged: boolean;
}

/** A fresh turn for a creature with `movement` (already times its mode's factor). */
export function newTurn(movement: number): TurnBudget {
  return { full: true, demi: true, movement, freeInteraction: true, locked: false, disengaged: false };
}

/**
 * Spends an action from the budget: a full action uses `full`; a demi-action uses `demi`, or
 * `full` when the demi-action is already spent. D20-ACTION-11, D20-ACTION-14: Dash and Disengage
 * need every action unspent and lock the rest of the turn.
 * @returns null when spent, otherwise the refusal reason (the budget is unchanged).
 */
export function spendAction(b: TurnBudget, kind: ActionKind): string | null {
  if (b.locked) return "no other action after Dash or Disengage (D20-ACTION-11, D20-ACTION-14)";
  if (kind === "dash" || kind === "disengage") {
    if (!b.full || !b.demi) return "Dash and Disengage allow no other action that turn (D20-ACTION-11, D20-ACTION-14)";
    b.full = false; b.demi = false; b.locked = true;
    if (kind === "disengage") b.disengaged = true;
    return null;
  }
  if (ACTION_COST[kind] === "full") {
    if (!b.full) return "the full action is spent (D20-ACTION-03)";
    b.full = false;
    return null;
  }
  if (b.demi) { b.demi = false; return null; }
  if (b.full) { b.full = false; return null; }
  return "no action left for a demi-action (D20-ACTION-04)";
}

/**
 * D20-FLOW-31, D20-FLOW-32, D20-ACTION-21 (Left open): the first object interaction of a turn is
 * free; a second needs Use an Object (a demi-action). Objects flagged as needing care
 * (`needsAction`, D20-FLOW-33: options.ts `USE_OBJECT_NEEDS_ACTION`) always need Use an Object.
 * Played by the `useObject` step.
 * @returns null when allowed (and spent), otherwise the refusal reason.
 */
export function interact(b: TurnBudget, needsAction = false): string | null {
  if (!needsAction && b.freeInteraction) { b.freeInteraction = false; return null; }
  return spendAction(b, "useObject");
}


/**
 * Left open (D20-ACTION, Ready): the triggers a readied reaction may wait for.
 */
export const READY_TRIGGERS = ["entersTile", "entersReach", "attacks", "casts", "comesIntoView"] as const;
/** One of {@link READY_TRIGGERS}. */
export type ReadyTrigger = (typeof READY_TRIGGERS)[number];
