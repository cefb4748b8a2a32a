/** The actions of a turn (D20-ACTION-05 to D20-ACTION-45). */
export const ACTION_KINDS = ["attack", "cast", "technique", "dash", "disengage", "help", "ready", "search", "useObject", "hide", "reload", "perceive", "firstAid", "escape"] as const;
/** One of {@link ACTION_KINDS}. */
export type ActionKind = (typeof ACTION_KINDS)[number];

/**
 * D20-ACTION-06, 08, 19, 22, 37, 41, 45, D20-HP-29 (first aid uses the action),
 * D20-ATTACK-43 (escaping a grapple uses the action) and Left open (Search is full, perceiving an
 * unseen target is a demi-action): whether each action is a full action or a demi-action. Dash and
 * Disengage are not listed: full actions (D20-ACTION-12, D20-ACTION-15) that also take the
 * demi-action and lock the turn (D20-ACTION-11, D20-ACTION-14), {@link spendAction} spends them
 * by that rule alone.
 */
export const ACTION_COST: Readonly<Record<Exclude<ActionKind, "dash" | "disengage">, "full" | "demi">> = {
  attack: "full", cast: "full", technique: "full", help: "full",
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
    // D20-ACTION-12, D20-ACTION-15: full actions; D20-ACTION-11, D20-ACTION-14: and nothing else that turn.
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

/** The `readied` status detail of a move response (D20-ACTION-33): this prefix, then the path's tiles. */
const READY_MOVE_PREFIX = "move:";

/**
 * D20-ACTION-33: the `readied` status detail that holds an extra move as the response: the path's
 * tiles (tile coordinates) as "x,y" joined by ";", after the prefix "move:".
 */
export function readyMoveDetail(path: readonly { x: number; y: number }[]): string {
  return READY_MOVE_PREFIX + path.map((t) => `${t.x},${t.y}`).join(";");
}

/**
 * D20-ACTION-33: the path (tiles) of a readied move response held in a `readied` status detail
 * ({@link readyMoveDetail}), or null when the readied response is an attack or a spell.
 */
export function readyMovePath(detail: string | undefined): { x: number; y: number }[] | null {
  if (!detail?.startsWith(READY_MOVE_PREFIX)) return null;
  return detail.slice(READY_MOVE_PREFIX.length).split(";").map((t) => {
    const [x, y] = t.split(",").map(Number);
    return { x: x!, y: y! };
  });
}
