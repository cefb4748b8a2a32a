/**
 * Door records kept in `SimState` (DOOR rules). Plain JSON-safe data; the logic lives in the
 * other files of this folder.
 */

/**
 * A padlock on a door (DOOR-07 to DOOR-10). It is a construction site until `built`: minions
 * haul its metal and a Trapping minion builds it, like a trap part (TRAP-28 to TRAP-31).
 */
export interface PadlockRecord {
  built: boolean;
  /** An armed, built padlock locks its door (DOOR-07, DOOR-08). */
  armed: boolean;
  /** Metal delivered to the site (see PADLOCK_METAL). */
  metalDelivered: number;
  /** Ticks of construction work done (see PADLOCK_BUILD_WORK_TICKS). */
  workDone: number;
}

/** A door standing on a `+` tile (DOOR rules). */
export interface DoorRecord {
  id: string;
  x: number;
  y: number;
  /** True while the door stands open right now (derived each tick from the fields below and who stands in it). */
  open: boolean;
  /** The keeper's "Hold door open" (DOOR-18). */
  heldOpen: boolean;
  /** True while the trigger it is wired to is active (DOOR-20, DOOR-21, DOOR-26, DOOR-27). */
  triggered: boolean;
  padlock: PadlockRecord | null;
  /** Forced by adventurers: stays open, padlock disarmed, until a Chores minion repairs it (DOOR-45 to DOOR-48). */
  brokenIn: boolean;
  /** Ticks of Chores work done on the repair of a broken-in door. */
  repairWork: number;
  /** The trigger part ids on this door's cable network (at most one, TRAP-15); refreshed when the wiring changes. */
  triggerIds: string[];
}

/** How a party forces one locked door (DOOR-34 to DOOR-44). */
export interface ForcingRecord {
  partyId: string;
  doorId: string;
  /** The method being tried now. */
  method: "pick" | "bash";
  /** The first method chosen (DOOR-38, DOOR-41, DOOR-42). */
  firstMethod: "pick" | "bash";
  /** Failed rolls with the current method (DOOR-43). */
  failures: number;
  /** True once the party switched to the other method (DOOR-43). */
  switched: boolean;
  /** The member sent to force the door (DOOR-39), or "" when none is left. */
  forcerId: string;
  /** Tick the forcer's next roll resolves at; -1 until it stands at the door. */
  nextRollTick: number;
  /** The party gave up on the door (DOOR-44). */
  gaveUp: boolean;
}

/** What parties and factions learned about doors. Keys are `partyId:doorId`. */
export interface DoorMemory {
  /** Detour rolls, one per party per door (DOOR-03 proposal): true = the party detours. */
  detours: Record<string, boolean>;
  /** Forcing attempts per party per door. */
  forcing: Record<string, ForcingRecord>;
  /** Factions whose Cartographer escaped alive: their next party never detours (DOOR-06). */
  cartographerFactions: string[];
  /** Parties that never detour (the next party of a Cartographer's faction, DOOR-06). */
  noDetourParties: string[];
  /** Parties already checked against `cartographerFactions`. */
  seenParties: string[];
  /** Cartographers whose escape was already counted. */
  countedCartographers: string[];
  /** Parties that gave up on a door and have no route left: they leave the map (DOOR-44 proposal). */
  leavingParties: string[];
}
