import type { CommandHandler } from "./index.ts";
import { orderPlayerMove } from "../invasions/playerMoves.ts";

/**
 * An adventurer player's walk order: its unit `unitId` walks to tile (x, y) out of combat and
 * stays there (invasions/playerMoves.ts `orderPlayerMove`, which lists the refusals). The room
 * sends it for an adventurer seat's `moveTo`; keepers may not.
 */
export const moveAdventurer: CommandHandler<"moveAdventurer"> = (sim, command) =>
  orderPlayerMove(sim, command.unitId, { x: command.x, y: command.y });
