import type { DungeonConnection } from "@malignus/client-sdk";

/**
 * The spectator bot: watches a dungeon like a real viewer, reading the state and the events
 * it receives and doing nothing else. It counts the events (the runner counts the bytes and
 * patches with a probe).
 * @returns `stop` (unsubscribes) and the live event count.
 */
export function runSpectatorBot(conn: DungeonConnection): { stop: () => void; events: () => number } {
  let events = 0;
  const off = conn.onEvent(() => { events++; });
  return { stop: off, events: () => events };
}
