import { matchMaker, type Room } from "@colyseus/core";
import { DUNGEON_ROOM, EVENT_MESSAGE, type ServerShuttingDownEvent } from "@malignus/shared";

/**
 * SIGTERM and Ctrl-C (issue 16 part 4): before the rooms are disposed (each saves its dungeon:
 * the last snapshot after every queued input, then `resting`, its lease freed), every client of
 * every room of this process is told a `serverShuttingDown` event (audience: everyone, see
 * shared/src/events.ts), then closed with code 4001; the SDK then resumes its seat on the server
 * that runs the dungeon next (client-sdk/src/resume.ts).
 */

/** The `reason` of a {@link notifyShutdown} event when none is given. */
export const DEFAULT_SHUTDOWN_REASON = "the server is shutting down";

/** What a room exposes to the notice: its simulation's tick (dungeon rooms). */
interface TickingRoom { simulation?: { tick: number } }

/**
 * Sends `{ type: "serverShuttingDown", tick, reason }` (as an `event` message) to every client of
 * every dungeon room of this process.
 * @param reason a sentence for people, e.g. "SIGTERM: the server is being redeployed".
 * @returns how many rooms were told.
 */
export async function notifyShutdown(reason: string = DEFAULT_SHUTDOWN_REASON): Promise<number> {
  const caches = await matchMaker.query({ name: DUNGEON_ROOM, processId: matchMaker.processId });
  let told = 0;
  for (const cache of caches) {
    const room = matchMaker.getLocalRoomById(cache.roomId) as (Room & TickingRoom) | undefined;
    if (!room) continue;
    const event: ServerShuttingDownEvent = { type: "serverShuttingDown", tick: room.simulation?.tick ?? 0, reason };
    // Its audience is everyone (EVENT_AUDIENCE): every client of the room hears it.
    room.broadcast(EVENT_MESSAGE, event);
    told++;
  }
  return told;
}
