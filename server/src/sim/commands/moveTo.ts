import type { CommandHandler } from "./index.ts";
import { orderPlayerMove } from "../invasions/playerMoves.ts";

/**
 * An adventurer player's walk order (`moveTo`, actor an adventurer seat): its unit walks to tile
 * (x, y) out of combat and stays there (invasions/playerMoves.ts `orderPlayerMove`, which lists
 * the refusals). Only adventurer seats may send it (the gate refuses keepers).
 */
export const moveTo: CommandHandler<"moveTo"> = (sim, command, actor) => {
  if (actor.kind !== "adventurer") return { ok: false, code: "NOT_ALLOWED_FOR_ROLE", reason: "only adventurer players move their adventurer" };
  return orderPlayerMove(sim, actor.unitId, { x: command.x, y: command.y });
};
