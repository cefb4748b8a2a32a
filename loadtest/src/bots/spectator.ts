import type { DungeonConnection } from "@malignus/client-sdk";
import type { TrafficCounters } from "./probe.ts";

/** Traffic a spectator received while an invasion was on (between invasionStarted and invasionEnded). */
export interface InvasionTraffic { seconds: number; bytes: number; invasions: number }

/**
 * The spectator bot: watches a dungeon like a real viewer, reading the state and the events
 * it receives and doing nothing else. It counts the events and, with the client's traffic
 * `probe`, the bytes received while an invasion is on (the "mid-fight" bandwidth).
 * @returns `stop` (unsubscribes and closes an open invasion interval), the event count and the invasion traffic.
 */
export function runSpectatorBot(conn: DungeonConnection, probe?: TrafficCounters): { stop: () => void; events: () => number; invasion: () => InvasionTraffic } {
  let events = 0;
  const fight: InvasionTraffic = { seconds: 0, bytes: 0, invasions: 0 };
  let open: { t0: number; bytes0: number } | null = null;
  const close = () => {
    if (!open || !probe) return;
    fight.seconds += (performance.now() - open.t0) / 1000;
    fight.bytes += probe.bytes - open.bytes0;
    open = null;
  };
  const off = conn.onEvent((event) => {
    events++;
    if (!probe) return;
    if (event.type === "invasionStarted" && !open) { open = { t0: performance.now(), bytes0: probe.bytes }; fight.invasions++; }
    else if (event.type === "invasionEnded") close();
  });
  return { stop: () => { close(); off(); }, events: () => events, invasion: () => fight };
}
