import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { refreshOpen } from "../doors/doors.ts";
import { findDoor, refused } from "../doors/commands.ts";
import { markDoor } from "../changes.ts";

/**
 * "Hold door open" (DOOR-18): the door stays open (while its trigger, if any, is inactive:
 * DOOR-21). Holding a door open does not unlock it (DOOR-32). Refusals: `UNKNOWN_DOOR`.
 */
export const holdDoorOpen: CommandHandler<"holdDoorOpen"> = (sim, { doorId }): CommandResult => {
  const door = findDoor(sim, doorId);
  if (refused(door)) return door;
  door.heldOpen = true;
  markDoor(sim, door.id);
  refreshOpen(sim);
  return { ok: true };
};
