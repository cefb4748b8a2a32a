import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { refreshOpen } from "../doors/doors.ts";
import { findDoor, refused } from "../doors/commands.ts";
import { markDoor } from "../changes.ts";

/** Stops holding a door open: it closes by itself (DOOR-17). Refusals: `UNKNOWN_DOOR`. */
export const releaseDoor: CommandHandler<"releaseDoor"> = (sim, { doorId }): CommandResult => {
  const door = findDoor(sim, doorId);
  if (refused(door)) return door;
  door.heldOpen = false;
  markDoor(sim, door.id);
  refreshOpen(sim);
  return { ok: true };
};
