import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { findDoor, refused } from "../doors/commands.ts";
import { markDoor } from "../changes.ts";

/**
 * Puts a padlock construction site on a door (DOOR-07, TRAP-28): minions haul its metal
 * (PADLOCK_METAL) and a Trapping minion builds it; once built it is armed (DOOR-08) and locks
 * the door. Refusals: `UNKNOWN_DOOR`; `PADLOCK_EXISTS`.
 */
export const buildPadlock: CommandHandler<"buildPadlock"> = (sim, { doorId }): CommandResult => {
  const door = findDoor(sim, doorId);
  if (refused(door)) return door;
  if (door.padlock) return { ok: false, code: "PADLOCK_EXISTS", reason: `door ${doorId} already has a padlock` };
  door.padlock = { built: false, armed: false, metalDelivered: 0, workDone: 0 };
  markDoor(sim, door.id);
  return { ok: true };
};
