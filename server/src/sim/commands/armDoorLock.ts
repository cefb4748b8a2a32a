import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { builtPadlock, findDoor, refused } from "../doors/commands.ts";
import { markDoor } from "../changes.ts";

/**
 * "Arm lock" (DOOR-10): the door's built padlock locks it again. Never refused by the walking
 * path rule (DOOR-53, DOOR-54). Arming an armed padlock is accepted and changes nothing.
 * Refusals: `UNKNOWN_DOOR`; `NO_PADLOCK`; `PADLOCK_NOT_BUILT`.
 */
export const armDoorLock: CommandHandler<"armDoorLock"> = (sim, { doorId }): CommandResult => {
  const door = findDoor(sim, doorId);
  if (refused(door)) return door;
  const padlock = builtPadlock(door);
  if (refused(padlock)) return padlock;
  padlock.armed = true;
  markDoor(sim, door.id);
  return { ok: true };
};
