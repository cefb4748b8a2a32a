import type { CommandResult } from "@malignus/shared";
import type { CommandHandler } from "./index.ts";
import { setTile } from "../doors/doors.ts";
import { markWiringChanged } from "../traps/network.ts";
import { findDoor, refused } from "../doors/commands.ts";
import { walkingPathRefusal, wouldCutWalkingPath } from "../doors/walkingPath.ts";
import { markDoor } from "../changes.ts";

/**
 * Removes a door: its tile becomes plain floor; metal delivered to its padlock goes back to the
 * stock. Refusals: `UNKNOWN_DOOR`; `WOULD_CUT_WALKING_PATH` (DOOR-49; never in practice, floor
 * is walkable).
 */
export const removeDoor: CommandHandler<"removeDoor"> = (sim, { doorId }): CommandResult => {
  const door = findDoor(sim, doorId);
  if (refused(door)) return door;
  if (wouldCutWalkingPath(sim, [{ x: door.x, y: door.y, tile: "." }])) return walkingPathRefusal(`removing door ${doorId}`);
  sim.state.metal += door.padlock?.metalDelivered ?? 0;
  setTile(sim.state.map, door.x, door.y, ".");
  delete sim.state.doors[doorId];
  markDoor(sim, doorId);
  markWiringChanged(sim);
  return { ok: true };
};
