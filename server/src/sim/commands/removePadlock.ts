import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { findDoor, refused } from "../doors/commands.ts";
import { markDoor } from "../changes.ts";

/**
 * Removes a door's padlock, built or a site: the door is a normal door again; delivered metal
 * goes back to the stock. Refusals: `UNKNOWN_DOOR`; `NO_PADLOCK`.
 */
export const removePadlock: CommandHandler<"removePadlock"> = (sim, { doorId }): CommandResult => {
  const door = findDoor(sim, doorId);
  if (refused(door)) return door;
  if (!door.padlock) return { ok: false, code: "NO_PADLOCK", reason: `door ${doorId} has no padlock` };
  sim.state.metal += door.padlock.metalDelivered;
  door.padlock = null;
  markDoor(sim, door.id);
  return { ok: true };
};
