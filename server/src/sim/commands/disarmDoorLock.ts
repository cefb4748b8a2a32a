import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { builtPadlock, findDoor, refused } from "../doors/commands.ts";
import { markDoor } from "../changes.ts";

/**
 * "Disarm lock" (DOOR-09): the door becomes a normal, unlocked door; the padlock stays on it.
 * Refusals: `UNKNOWN_DOOR`; `NO_PADLOCK`; `PADLOCK_NOT_BUILT`.
 */
export const disarmDoorLock: CommandHandler<"disarmDoorLock"> = (sim, { doorId }): CommandResult => {
  const door = findDoor(sim, doorId);
  if (refused(door)) return door;
  const padlock = builtPadlock(door);
  if (refused(padlock)) return padlock;
  padlock.armed = false;
  markDoor(sim, door.id);
  return { ok: true };
};
